/**
 * The pay popup's rules (screens §2 global popup pay; calls §7.5), apart from React: the choice of
 * currency, method and channel, the amount's bounds, which fee quote belongs to what is typed, the
 * exchange rate shown, the deposit's signed request, and which answer about an order is the
 * freshest. `quoteFlow` is the pause in typing before a fee quote is asked.
 */
import MD5 from 'crypto-js/md5'
import { assign, emit, setup } from 'xstate'
import type { DepositOrder, ExchangeRate, PayChannel, PayOrderFee, PayPlatform } from '../../schemas/hall/calls/pay'
import { depositSignText } from '../../schemas/hall/calls/pay'
import { compareMoney, moneyError, type MoneyKind } from '../../schemas/validation'

/** The popup's tabs. */
export const PAY_TABS = ['deposit', 'records'] as const
export type PayTab = (typeof PAY_TABS)[number]

/** What the player chose: a currency, a method type and a channel id (null: the first). */
export interface PayChoice {
  readonly currency: string
  readonly methodType: number | null
  readonly channelId: number | null
}

/** The currencies the site offers deposits in, in the order of its methods. */
export const payCurrencies = (platforms: ReadonlyArray<PayPlatform>): ReadonlyArray<string> => [...new Set(platforms.map((p) => p.currency))]

/** The methods of the chosen currency, the chosen one (else the first) and its chosen channel (else the first). */
export const payChosen = (platforms: ReadonlyArray<PayPlatform>, choice: PayChoice) => {
  const methods = platforms.filter((p) => p.currency === choice.currency)
  const method = methods.find((m) => m.type === choice.methodType) ?? methods[0]
  const channel: PayChannel | undefined = method?.channels.find((c) => c.id === choice.channelId) ?? method?.channels[0]
  return { methods, method, channel }
}

/** The amount's bounds on a channel (none before a channel is known). */
export const payBounds = (channel: PayChannel | undefined): { kind?: MoneyKind; min?: string; max?: string } =>
  channel === undefined ? {} : { kind: channel.kind === 'crypto' ? 'crypto' : 'fiat', min: channel.min_amount, max: channel.max_amount }

/** The amount's problem (a key of the auth namespace), or null. */
export const payAmountProblem = (amount: string, channel: PayChannel | undefined): string | null => moneyError(amount, payBounds(channel))

/** The fee quote of what is typed: the hall's answer for this amount (compared as decimals) when the amount is valid, else none. */
export const quoteFor = (fee: PayOrderFee | null, amount: string, channel: PayChannel | undefined): PayOrderFee | null =>
  fee !== null && channel !== undefined && payAmountProblem(amount, channel) === null && compareMoney(fee.amount, amount) === 0 ? fee : null

/** The exchange rate shown when the channel's currency is not the wallet's. */
export const rateFor = (channel: PayChannel | undefined, walletCurrency: string, rates: ReadonlyArray<ExchangeRate> | null): ExchangeRate | undefined =>
  channel === undefined || channel.currency === walletCurrency ? undefined : rates?.find((r) => r.currency === channel.currency)

/** A rate above zero (a method's bonus badge, an order's fee or bonus line). */
export const positive = (amount: string): boolean => compareMoney(amount, '0') > 0

/**
 * The deposit's request: the channel, the amount, the request id (the hall answers a repeated id
 * with the same order), the channel's currency, the bank when the channel lets the player choose
 * one, and the MD5 signature with the site's deposit key (depositSignText).
 */
export const depositRequest = (channel: PayChannel, amount: string, requestId: string, bank: string, depositKey: string) => {
  const payload = { channel_id: channel.id, amount, request_id: requestId, currency: channel.currency }
  const extra = channel.choose_bank === 1 && bank !== '' ? { bank_code: bank } : {}
  return { ...payload, ...extra, sign: MD5(depositSignText(payload, depositKey)).toString() }
}

/** How far an order has gone: a later answer never shows an earlier state. */
const rank = (o: DepositOrder): number => (o.status === 0 ? 0 : o.status === 5 ? 1 : 2)

/** The freshest of the answers about one order. */
export const freshest = (order: DepositOrder, others: ReadonlyArray<DepositOrder | null>): DepositOrder =>
  others.reduce<DepositOrder>((best, o) => (o !== null && o.order_no === best.order_no && rank(o) >= rank(best) ? o : best), order)

/** The pause in typing before a fee quote is asked (ms). */
export const QUOTE_PAUSE = 300

/**
 * The fee quote's pause: each valid amount typed on a channel (TYPED) waits QUOTE_PAUSE ms, and
 * only the last one typed before a pause is asked (`quote` emitted); an invalid amount (CLEARED)
 * asks none. Run by the view with the browser's clock (tests use a simulated one).
 */
export const quoteFlow = setup({
  types: {
    context: {} as { readonly channelId: number; readonly amount: string },
    events: {} as { readonly type: 'TYPED'; readonly channelId: number; readonly amount: string } | { readonly type: 'CLEARED' },
    emitted: {} as { readonly type: 'quote'; readonly channelId: number; readonly amount: string },
  },
  actions: {
    keep: assign(({ event }) => (event.type === 'TYPED' ? { channelId: event.channelId, amount: event.amount } : {})),
    ask: emit(({ context }) => ({ type: 'quote' as const, channelId: context.channelId, amount: context.amount })),
  },
  delays: { pause: QUOTE_PAUSE },
}).createMachine({
  id: 'payQuote',
  initial: 'idle',
  context: { channelId: 0, amount: '' },
  on: {
    TYPED: { target: '.waiting', actions: 'keep', reenter: true },
    CLEARED: '.idle',
  },
  states: {
    idle: {},
    waiting: { after: { pause: { target: 'idle', actions: 'ask' } } },
  },
})
