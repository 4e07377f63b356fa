import { yuebaoDomain } from '../../../actors/yuebao/domain'
import { lazyNamed } from '../routing/lazy-view'
import { defineScreens } from '../routing/screens'

const YuebaoPage = lazyNamed(() => import('./YuebaoPage'), 'YuebaoPage')
const YuebaoIntroPopup = lazyNamed(() => import('./YuebaoIntro'), 'YuebaoIntroPopup')

/** Savings: its page and the introduction shown once. */
export const yuebaoScreens = defineScreens(yuebaoDomain, {
  pages: { yuebao: () => <YuebaoPage /> },
  popups: { yuebaoIntro: YuebaoIntroPopup },
})
