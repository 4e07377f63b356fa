/**
 * Money-out calls of the hall's own design (docs/hall-protocol.md, "Money out"): the spec's
 * catalogue has bindalipay and bindUserWallet but no call that says which e-wallets and wallet
 * apps a player can bind, so the lobby asks the hall.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { CurrencyCode, ListOf } from './common'

/**
 * An e-wallet (kind 'ewallet', bound by bindalipay) or wallet app (kind 'wallet', bound by
 * bindUserWallet) of a currency: its code (wallet_code of the binding), name, the pattern its
 * account must match (a regular expression, checked by the hall too) and an example account the
 * form shows as a hint.
 */
export const EWallet = Schema.Struct({
  code: Schema.String,
  name: Schema.String,
  kind: Schema.Literals(['ewallet', 'wallet']),
  currency: CurrencyCode,
  account_pattern: Schema.String,
  account_example: Schema.String,
  icon: Schema.String,
})
export type EWallet = typeof EWallet.Type

/** The e-wallets and wallet apps of a currency (default: the player's). */
export const ewalletList = defineCall({
  name: 'ewalletList',
  designed: true,
  area: 'withdraw',
  path: '/certify/ewalletList',
  request: Schema.Struct({ currency: Schema.optional(CurrencyCode) }),
  response: ListOf(EWallet),
})
