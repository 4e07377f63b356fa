import { promotionDomain } from '../../../actors/promotion/domain'
import { lazyNamed } from '../routing/lazy-view'
import { defineScreens } from '../routing/screens'

const PromoteGamePage = lazyNamed(() => import('./PromoteGamePage'), 'PromoteGamePage')

/** The promotion's game page. */
export const promotionScreens = defineScreens(promotionDomain, { pages: { promoteGame: () => <PromoteGamePage /> } })
