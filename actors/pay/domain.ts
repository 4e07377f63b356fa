import { defineDomain } from '../domain'
import { payEvents } from '../../schemas/events/pay'
import { payChannelsActor, depositActor, payOrderActor, transferConfirmActor, transferCancelActor, payRecordsActor, discountShowActor, codePhoneActor, discountActor, firstDepositActor, payFeeActor, payRatesActor, payBanksActor } from '.'

/** The pay domain (docs/architecture.md, "How a domain is registered"). */
export const payDomain = defineDomain({
  name: 'pay',
  actors: [payChannelsActor, depositActor, payOrderActor, transferConfirmActor, transferCancelActor, payRecordsActor, discountShowActor, codePhoneActor, discountActor, firstDepositActor, payFeeActor, payRatesActor, payBanksActor],
  events: payEvents,
  popups: ['pay', 'discountCode'],
  namespaces: ['pay'],
})
