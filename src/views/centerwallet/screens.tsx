import { centerwalletDomain } from '../../../actors/centerwallet/domain'
import { lazyNamed } from '../routing/lazy-view'
import { defineScreens } from '../routing/screens'

const CenterWalletPage = lazyNamed(() => import('./CenterWalletPage'), 'CenterWalletPage')

/** The centre wallet. */
export const centerwalletScreens = defineScreens(centerwalletDomain, { pages: { centerWallet: () => <CenterWalletPage /> } })
