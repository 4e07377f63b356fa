import type { DateFilter, StateFilter } from '../../schemas/hall/calls/common'
import {
  getPayChooseBank,
  getPayOrderFee,
  getSiteCurrencyExchangeRate,
  offlineOrderV3,
  payOrderInfo,
  payListV4,
  payOrderListV3,
  payPlatformListV3,
  payTypeV4,
  transferCancel,
  transferConfirm,
  type Bank,
  type DepositOrder,
  type ExchangeRate,
  type PayOrderFee,
  type PayPlatform,
} from '../../schemas/hall/calls/pay'
import { checkCodePhoneNumber, isShowDiscount, useDiscountCode } from '../../schemas/hall/calls/active'
import type { Received } from '../../schemas/hall/calls/common'
import { commandActor, pagedActor, queryActor, queryView, type QueryContext, type QueryView } from '../kit'
import type { ActorSpec } from '../spec'
import { PAY_CHANNELS_ID, payChannelsMachine } from './channels.machine'

/**
 * Deposits (screens §2 the pay popup, calls §7.5): what the lobby keeps of them, each a piece of
 * the kit.
 *
 * - `paychannels`: the deposit methods with their channels of every currency the site offers
 *   (payplatformlistV3, or payListV4 and payTypeV4 where the site's hall profile says `payList:
 *   'v4'`; channels.machine.ts), asked when the pay popup opens.
 * - `deposit`: the order the player makes (offlineOrderV3, signed by the form); the order's answer
 *   says how to pay it. The amount codes of the hall are shown in the form, not in a modal.
 * - `payorder`: the order the popup shows, asked again (orderInfo) whenever the socket says an
 *   order moved (pay/orderProgress), so its state follows the hall's without a reload.
 * - `transferconfirm`, `transfercancel`: the player's word on an offline transfer.
 * - `payrecords`: the deposit records (orderListV3) with the date and state filters.
 *
 * The money itself is the wallet actor's: a paid order's payOrderSuccess carries the balance and
 * the wallet takes it (actors/wallet), and the toasts actor tells the player.
 */

/** The form's messages for the hall's amount and order codes (keys of the `pay` namespace). */
export const PAY_INLINE_CODES = {
  invalidAmount: 'error.amount',
  belowMin: 'error.min',
  aboveMax: 'error.max',
  channelUnavailable: 'error.channel',
  payerNameRequired: 'error.payerName',
  orderState: 'error.orderState',
}

/** The deposit methods with their channels, in the variant of the site's hall profile (channels.machine.ts). */
export const payChannelsActor = {
  id: PAY_CHANNELS_ID,
  machine: payChannelsMachine,
  consumes: [
    'app.started', 'site.ready', 'session.loggedIn', 'session.loggedOut', 'popup.openRequested', 'socket.opened',
    'query.refreshRequested', 'hall.responded', 'hall.failed',
  ],
  view: (snapshot: { value: unknown; context: QueryContext<unknown, unknown> }): QueryView<ReadonlyArray<PayPlatform>> => queryView<ReadonlyArray<PayPlatform>>(snapshot),
  handles: [
    { call: payPlatformListV3.name, codes: [], by: PAY_CHANNELS_ID },
    { call: payListV4.name, codes: [], by: PAY_CHANNELS_ID },
    { call: payTypeV4.name, codes: [], by: PAY_CHANNELS_ID },
  ],
} as const satisfies ActorSpec & { view: unknown }

/** What the typed amount costs and earns on the chosen channel (getPayOrderFee); the latest amount wins. */
export const payFeeActor = queryActor({
  id: 'payfee',
  call: getPayOrderFee,
  audience: 'signedIn',
  fetchOn: { 'pay.amountChosen': { payload: (e) => ({ channel_id: e.channelId, amount: e.amount }) } },
  payload: { channel_id: 1, amount: '0' },
  select: (d): PayOrderFee => d,
})

/** The banks of a channel that lets the player choose one (getPayChooseBank). */
export const payBanksActor = queryActor({
  id: 'paybanks',
  call: getPayChooseBank,
  audience: 'signedIn',
  fetchOn: { 'pay.channelChosen': { when: (e) => e.chooseBank, payload: (e) => ({ channel_id: e.channelId }) } },
  payload: { channel_id: 1 },
  select: (d, _previous): { readonly banks: ReadonlyArray<Bank> } => ({ banks: d.list }),
})

/** The site's exchange rates into the player's currency (a deposit in another currency is credited at them). */
export const payRatesActor = queryActor({
  id: 'payrates',
  call: getSiteCurrencyExchangeRate,
  audience: 'signedIn',
  fetchOn: { 'popup.openRequested': { when: (e) => e.popup === 'pay' } },
  payload: {},
  select: (d): ReadonlyArray<ExchangeRate> => d.list,
})

export const depositActor = commandActor({
  id: 'deposit',
  call: offlineOrderV3,
  audience: 'signedIn',
  select: (d): DepositOrder => d,
  codes: PAY_INLINE_CODES,
  modal: ['orderNotFound', 'badSign', 'requestReused'],
})

export const payOrderActor = queryActor({
  id: 'payorder',
  call: payOrderInfo,
  audience: 'signedIn',
  fetchOn: {
    'pay.orderOpened': { payload: (e) => ({ order_no: e.orderNo }) },
    'realtime.payOrderProgressed': { payload: (e) => ({ order_no: e.data.orderNo }) },
    'realtime.payOrderSucceeded': { payload: (e) => ({ order_no: e.data.orderNo }) },
  },
  payload: { order_no: '0' },
  select: (d): DepositOrder => d,
})

export const transferConfirmActor = commandActor({
  id: 'transferconfirm',
  call: transferConfirm,
  modal: ['orderNotFound', 'badSign', 'requestReused'],
  audience: 'signedIn',
  select: (d): DepositOrder => d,
  codes: PAY_INLINE_CODES,
})

export const transferCancelActor = commandActor({
  id: 'transfercancel',
  call: transferCancel,
  modal: ['orderNotFound', 'badSign', 'requestReused'],
  audience: 'signedIn',
  select: (d): DepositOrder => d,
  codes: PAY_INLINE_CODES,
})

export const payRecordsActor = pagedActor({
  id: 'payrecords',
  call: payOrderListV3,
  audience: 'signedIn',
  request: (q) => ({
    current: q.page,
    size: q.size,
    dateType: (typeof q.condition['dateType'] === 'number' ? q.condition['dateType'] : 0) as DateFilter,
    ...(typeof q.condition['startDate'] === 'string' ? { startDate: q.condition['startDate'] } : {}),
    ...(typeof q.condition['endDate'] === 'string' ? { endDate: q.condition['endDate'] } : {}),
    ...(typeof q.condition['state'] === 'number' ? { state: q.condition['state'] as StateFilter } : {}),
  }),
  read: (d) => ({ rows: d.records, total: d.total }),
  refetchOn: ['realtime.payOrderProgressed', 'realtime.payOrderSucceeded'],
  retryOn: ['socket.opened'],
})

/** Discount-code codes the popup shows itself (keys of the `pay` namespace). */
export const DISCOUNT_INLINE_CODES = {
  unknown: 'discount.error.unknown',
  phoneRequired: 'discount.error.phone',
  alreadyUsed: 'discount.error.used',
  exhausted: 'discount.error.exhausted',
}

/** Whether the site runs a discount-code activity (the pay popup then offers the code): asked when the pay popup opens. */
export const discountShowActor = queryActor({
  id: 'discountshow',
  call: isShowDiscount,
  audience: 'signedIn',
  fetchOn: { 'popup.openRequested': { when: (e) => e.popup === 'pay' } },
  payload: {},
  select: (d): boolean => d.show === 1,
})

/** Whether the player has the bound phone a code may need: asked when the discount-code popup opens. */
export const codePhoneActor = queryActor({
  id: 'codephone',
  call: checkCodePhoneNumber,
  audience: 'signedIn',
  fetchOn: { 'popup.openRequested': { when: (e) => e.popup === 'discountCode' } },
  payload: {},
})

/** Redeems a discount code; the answer's balance goes to the wallet. */
export const discountActor = commandActor({
  id: 'useDiscountCode',
  call: useDiscountCode,
  audience: 'signedIn',
  select: (d): Received => d,
  announce: (r) => [{ type: 'wallet.balanceReported', balance: r.game_gold, source: 'reward' }],
  codes: DISCOUNT_INLINE_CODES,
})

export { firstDepositActor, firstDepositMachine, opensDownloadApp } from './firstdeposit'
export type { FirstDepositContext } from './firstdeposit'

export type { DepositOrder, PayChannel, PayPlatform } from '../../schemas/hall/calls/pay'
