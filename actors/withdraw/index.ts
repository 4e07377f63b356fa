import type { LobbyEvent } from '../../schemas/events'
import type { Condition } from '../../schemas/events'
import type { DateFilter, StateFilter } from '../../schemas/hall/calls/common'
import {
  auditDetail, auditRecordPageList, bankInfo, bindCard, bindCrypto, cryptoList, deleteAccount, getWithdrawFee, setDefaultAccount,
  walletQuery, withdrawalChannelClosedQuery, withdrawCash, withdrawInfo, withdrawOrderInfo, withdrawRecord,
} from '../../schemas/hall/calls/withdraw'
import { bindAlipay, bindUserWallet, uploadPay } from '../../schemas/hall/calls/withdraw'
import { verifyWithdrawPass } from '../../schemas/hall/calls/security'
import { walletDownloadUrl } from '../../schemas/hall/calls/site'
import { ewalletList, type EWallet } from '../../schemas/hall/calls/withdraw-own'
import { commandActor, pagedActor, queryActor, type PageQuery } from '../kit'
import type { AuditDetail, CryptoNetwork, Wallet, WithdrawInfo, WithdrawOrder } from '../../schemas/hall/calls/withdraw'
import type { Bank } from '../../schemas/hall/calls/pay'

/**
 * Money out (screens §2 /home/withdraw with its tabs, /home/withdraw/withdraw-details/{orderId},
 * /home/withdraw/audit-details/{id}; calls §7.6). Queries of a real player read the withdraw page
 * (balance, withdrawable, what the audits hold, channels, accounts), the closed-channel notice, the
 * banks and the crypto networks when the page opens; paged lists keep the withdraw and audit
 * records; commands submit a withdrawal, bind and delete accounts, choose the default and ask a
 * fee. A withdrawal's answer carries the balance after the hold, which goes to the wallet; the
 * socket's progress of an order reads the page, the records and the open details again, so the
 * balance and the status change at once. Commands are named after their calls, so the recorder
 * redacts their payloads (the withdraw password) with the call's request schema.
 */

/** Socket notices of a withdrawal that moved on. */
const ORDER_MOVED = ['realtime.withdrawOrderProgressed', 'realtime.withdrawOrderSucceeded'] as const

/** The withdraw page: balance, withdrawable, audits' need, channels and accounts; its balance goes to the wallet. */
export const withdrawInfoActor = queryActor({
  id: 'withdrawinfo',
  call: withdrawInfo,
  audience: 'real',
  fetchOn: { 'withdraw.opened': true, 'realtime.withdrawOrderProgressed': true, 'realtime.withdrawOrderSucceeded': true },
  payload: {},
  retryOn: ['socket.opened'],
  select: (d: WithdrawInfo): WithdrawInfo => d,
  announce: (d): ReadonlyArray<LobbyEvent> => [{ type: 'wallet.balanceReported', balance: d.game_gold, source: 'withdraw' }],
})

/** The player's wallets per currency: balance, what pending withdrawals hold, what can be withdrawn. */
export const walletsActor = queryActor({
  id: 'withdrawwallets',
  call: walletQuery,
  audience: 'real',
  fetchOn: { 'withdraw.opened': true, 'realtime.withdrawOrderProgressed': true, 'realtime.withdrawOrderSucceeded': true },
  payload: {},
  select: (d: { readonly list: ReadonlyArray<Wallet> }): ReadonlyArray<Wallet> => d.list,
})

/**
 * Where to get the wallet app a wallet-app account is bound in (calls §7.3 /pay/wallet/downloadUrl,
 * device_type 1), read when such a binding is shown; '' when the site names none.
 */
export const walletAppActor = queryActor({
  id: 'walletapp',
  call: walletDownloadUrl,
  audience: 'real',
  fetchOn: { 'withdraw.walletAppShown': true },
  payload: { device_type: 1 },
  select: (d: { readonly url: string }): string => d.url,
})

/** Whether the site closed withdrawals (shown before the player types anything). '' is the site the lobby runs on. */
export const withdrawClosedActor = queryActor({
  id: 'withdrawclosed',
  call: withdrawalChannelClosedQuery,
  audience: 'real',
  fetchOn: { 'withdraw.opened': true },
  payload: { siteCode: '' },
  select: (d: { closed: 0 | 1; kinds: ReadonlyArray<string>; message: string }) => d,
})

/** The banks a card can be bound at, in the player's currency. */
export const banksActor = queryActor({
  id: 'withdrawbanks',
  call: bankInfo,
  audience: 'real',
  fetchOn: { 'withdraw.opened': { when: (_e, c) => c.data === null } },
  payload: {},
  select: (d: { readonly list: ReadonlyArray<Bank> }): ReadonlyArray<Bank> => d.list,
})

/** The coins and networks a crypto address can be bound on. */
export const cryptoNetworksActor = queryActor({
  id: 'withdrawnetworks',
  call: cryptoList,
  audience: 'real',
  fetchOn: { 'withdraw.opened': { when: (_e, c) => c.data === null } },
  payload: {},
  select: (d: { readonly list: ReadonlyArray<CryptoNetwork> }): ReadonlyArray<CryptoNetwork> => d.list,
})

/** A withdrawal's details, read when its page opens and again when the socket says it moved on. */
export const withdrawOrderActor = queryActor({
  id: 'withdraworder',
  call: withdrawOrderInfo,
  audience: 'real',
  fetchOn: {
    'withdraw.detailsOpened': { payload: (e) => ({ order_no: e.orderNo }) },
    'realtime.withdrawOrderProgressed': { when: (e, c) => c.payload?.order_no === e.data.orderNo, payload: (e) => ({ order_no: e.data.orderNo }) },
    'realtime.withdrawOrderSucceeded': { when: (e, c) => c.payload?.order_no === e.data.orderNo, payload: (e) => ({ order_no: e.data.orderNo }) },
  },
  payload: { order_no: '0' },
  select: (d: WithdrawOrder): WithdrawOrder => d,
})

/** A turnover audit's details, read when its page opens. */
export const auditActor = queryActor({
  id: 'withdrawaudit',
  call: auditDetail,
  audience: 'real',
  fetchOn: { 'withdraw.auditOpened': { payload: (e) => ({ auditId: e.auditId }) } },
  payload: { auditId: '0' },
  select: (d: AuditDetail): AuditDetail => d,
})

/** The date and state filters of a record list's condition (default: everything). */
const filters = (q: PageQuery) => {
  const c: Condition = q.condition
  const dateType = (typeof c['dateType'] === 'number' ? c['dateType'] : -1) as DateFilter
  return {
    current: q.page,
    size: q.size,
    dateType,
    ...(typeof c['state'] === 'number' ? { state: c['state'] as StateFilter } : {}),
  }
}

/** The player's withdrawals, newest first; a socket notice of an order reads them again. */
export const withdrawRecordsActor = pagedActor({
  id: 'withdrawrecords',
  call: withdrawRecord,
  audience: 'real',
  request: filters,
  read: (d) => ({ rows: d.records, total: d.total }),
  refetchOn: ORDER_MOVED,
  retryOn: ['socket.opened'],
})

/** The player's turnover audits, newest first. */
export const auditRecordsActor = pagedActor({
  id: 'auditrecords',
  call: auditRecordPageList,
  audience: 'real',
  request: filters,
  read: (d) => ({ rows: d.records, total: d.total }),
  retryOn: ['socket.opened'],
})

/** Withdraw codes the form shows beside its fields, with their keys in the withdraw namespace. */
export const WITHDRAW_FORM_CODES = {
  badPin: 'errors.pinDigits',
  wrongPin: 'errors.wrongPin',
  noPin: 'errors.noPin',
  aboveWithdrawable: 'errors.aboveWithdrawable',
  belowMin: 'errors.belowMin',
  aboveMax: 'errors.aboveMax',
  closed: 'errors.closed',
  dailyLimit: 'errors.dailyLimit',
  needSms: 'errors.needSms',
  noAccount: 'errors.noAccount',
  badAmount: 'errors.badAmount',
  badProof: 'errors.badProof',
  pinLocked: 'errors.pinLocked',
  needProof: 'errors.needProof',
  noCode: 'errors.noCode',
  wrongCode: 'errors.wrongCode',
  bindWithdraw: 'errors.bindFirst',
}

/** The withdrawal (cach): its answer's balance after the hold goes to the wallet at once. */
export const withdrawCashCommand = commandActor({
  id: 'withdrawCash',
  call: withdrawCash,
  modal: ['badAddress', 'badCard', 'badName', 'badCpf', 'needPhone', 'noOrder', 'noAudit', 'accountTaken', 'badTicket'],
  audience: 'real',
  announce: (r): ReadonlyArray<LobbyEvent> => [{ type: 'wallet.balanceReported', balance: r.game_gold, source: 'withdraw' }],
  codes: WITHDRAW_FORM_CODES,
})

/** The withdraw password's refusals, shown beside the PIN field. */
const PIN_FORM_CODES = { badPin: 'errors.pinDigits', wrongPin: 'errors.wrongPin', noPin: 'errors.noPin', pinLocked: 'errors.pinLocked' } as const

/** Account codes the binding forms show beside their fields. */
export const ACCOUNT_FORM_CODES = {
  ...PIN_FORM_CODES,
  noAccount: 'errors.noAccount',
  badAddress: 'errors.badAddress',
  badCard: 'errors.badCard',
  badName: 'errors.badName',
  badCpf: 'errors.badCpf',
  needPhone: 'errors.needPhone',
  accountTaken: 'errors.accountTaken',
}

export const bindCardCommand = commandActor({ id: 'bindCard', call: bindCard, modal: ['badTicket'], audience: 'real', codes: ACCOUNT_FORM_CODES })
export const bindCryptoCommand = commandActor({ id: 'bindCrypto', call: bindCrypto, modal: ['badTicket'], audience: 'real', codes: ACCOUNT_FORM_CODES })
export const deleteAccountCommand = commandActor({
  id: 'deleteAccount',
  call: deleteAccount,
  audience: 'real',
  select: (_d, p) => p.id,
  codes: { ...PIN_FORM_CODES, noAccount: 'errors.noAccount' },
})
export const setDefaultCommand = commandActor({ id: 'setDefaultAccount', call: setDefaultAccount, modal: ['noAccount'], audience: 'real', select: (d) => d.list })

/** The fee of an amount to an account, asked while the player types (its refusals are the form's, no modal). */
export const withdrawFeeCommand = commandActor({
  id: 'getWithdrawFee',
  call: getWithdrawFee,
  modal: ['belowMin', 'aboveMax', 'aboveWithdrawable'],
  audience: 'real',
  codes: { noAccount: 'errors.noAccount', closed: 'errors.closed', badAmount: 'errors.badAmount' },
})

/** The e-wallets and wallet apps of the player's currency, with the pattern of their accounts. */
export const eWalletsActor = queryActor({
  id: 'withdrawewallets',
  call: ewalletList,
  audience: 'real',
  fetchOn: { 'withdraw.opened': { when: (_e, c) => c.data === null } },
  payload: {},
  select: (d: { readonly list: ReadonlyArray<EWallet> }): ReadonlyArray<EWallet> => d.list,
})

/** E-wallet bindings: a refusal of the account (1311) is the e-wallet's own message. */
const EWALLET_FORM_CODES = { ...ACCOUNT_FORM_CODES, badCard: 'errors.badEwallet', badTicket: 'errors.badTicket' }

/** The withdraw password's check before an e-wallet is bound: its ticket goes with the binding. */
export const verifyPinCommand = commandActor({
  id: 'verifyWithdrawPass',
  call: verifyWithdrawPass,
  audience: 'real',
  select: (d) => d.verifyToken,
  codes: PIN_FORM_CODES,
})
export const bindEwalletCommand = commandActor({ id: 'bindAlipay', call: bindAlipay, audience: 'real', codes: EWALLET_FORM_CODES })
export const bindWalletAppCommand = commandActor({ id: 'bindUserWallet', call: bindUserWallet, audience: 'real', codes: EWALLET_FORM_CODES })

/** A proof of a withdrawal (a channel that asks one): the hall keeps the image and answers its url for cach. */
export const uploadProofCommand = commandActor({
  id: 'uploadPay',
  call: uploadPay,
  modal: ['noOrder'],
  audience: 'real',
  select: (d) => d.url,
  codes: { badProof: 'errors.badProof' },
})

export type { EWallet } from '../../schemas/hall/calls/withdraw-own'
export type { AuditDetail, AuditRecord, CryptoNetwork, WithdrawAccount, WithdrawChannel, WithdrawInfo, WithdrawOrder } from '../../schemas/hall/calls/withdraw'
