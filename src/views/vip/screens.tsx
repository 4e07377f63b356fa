import { vipDomain } from '../../../actors/vip/domain'
import { lazyNamed } from '../routing/lazy-view'
import { defineScreens } from '../routing/screens'

const VipPage = lazyNamed(() => import('./VipPage'), 'VipPage')

/** The VIP page. */
export const vipScreens = defineScreens(vipDomain, { pages: { vip: () => <VipPage /> } })
