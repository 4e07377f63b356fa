import { payDomain } from '../../../actors/pay/domain'
import { lazyNamed } from '../routing/lazy-view'
import { defineScreens } from '../routing/screens'

const PayPopup = lazyNamed(() => import('./PayPopup'), 'PayPopup')
const DiscountCodePopup = lazyNamed(() => import('./DiscountCodePopup'), 'DiscountCodePopup')

/** Deposits: the pay popup and the discount code. */
export const payScreens = defineScreens(payDomain, { popups: { pay: PayPopup, discountCode: DiscountCodePopup } })
