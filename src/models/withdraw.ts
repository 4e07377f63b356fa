/**
 * The withdraw page's rules (screens §2 /home/withdraw; calls §7.6), apart from React: which tab
 * the query opens, which account and channel a withdrawal goes through, its bounds, when the fee
 * is asked, what is checked before the hall and which field shows which message, and the checks
 * of the binding forms. Pure functions of the queries' data and what the player typed; the views
 * in src/views/withdraw draw them and send the commands.
 */
import type { CryptoNetwork, WithdrawAccount, WithdrawChannel, WithdrawInfo } from '../../schemas/hall/calls/withdraw'
import type { EWallet } from '../../schemas/hall/calls/withdraw-own'
import { LIMITS, compareMoney, moneyError, type MoneyKind } from '../../schemas/validation'

/** The page's tabs (the query's `tab`; 3003 sends the player to bankCard). */
export const WITHDRAW_TABS = ['withdraw', 'bankCard', 'ewallet', 'crypto', 'records', 'audit'] as const
export type WithdrawTab = (typeof WITHDRAW_TABS)[number]

/** The tab the query names (the withdrawal when it names none or another). */
export const withdrawTabOf = (tab: string | undefined): WithdrawTab => WITHDRAW_TABS.find((x) => x === tab) ?? 'withdraw'

/** Proofs the hall takes: png, jpeg or webp images of at most 512 KB (uploadpay). */
export const PROOF_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
export type ProofType = (typeof PROOF_TYPES)[number]
export const PROOF_MAX_BYTES = 512 * 1024

/** The label of an account: its bank, coin or wallet and its masked number. */
export const accountLabel = (a: WithdrawAccount): string => `${a.name}${a.network === '' ? '' : ` (${a.network})`} · ${a.account_no}`

/** The smaller of two amounts (decimal strings, compared as decimals). */
export const lesserMoney = (a: string, b: string): string => (compareMoney(a, b) <= 0 ? a : b)

/** What a withdrawal goes through: the account, its kind's channel, the amount's bounds, whether it can go at all. */
export interface WithdrawRoute {
  readonly account: WithdrawAccount | null
  readonly channel: WithdrawChannel | null
  readonly kind: MoneyKind
  readonly min: string | undefined
  /** The channel's maximum or what can be withdrawn, whichever is less. */
  readonly max: string | undefined
  /** The site or the channel closed withdrawals. */
  readonly closed: boolean
  readonly needProof: boolean
}

/**
 * The route of a withdrawal: the account chosen, else the default one, else the first; the
 * channel of its kind; the bounds; closed when the site's notice or the channel says so.
 */
export const withdrawRoute = (info: WithdrawInfo, siteClosed: boolean, chosenId: number | null): WithdrawRoute => {
  const account = info.accounts.find((a) => a.id === chosenId) ?? info.accounts.find((a) => a.is_default === 1) ?? info.accounts[0] ?? null
  const channel = account === null ? null : (info.channels.find((c) => c.kind === account.kind) ?? null)
  return {
    account,
    channel,
    kind: info.currency_type === 2 ? 'crypto' : 'fiat',
    min: channel?.min_amount,
    max: channel === null ? undefined : lesserMoney(channel.max_amount, info.withdrawable),
    closed: siteClosed || channel?.closed === 1,
    needProof: channel?.need_proof === 1,
  }
}

/** The bounds of the amount, for moneyError and its message. */
export const amountBounds = (r: WithdrawRoute): { kind: MoneyKind; min?: string; max?: string } => ({
  kind: r.kind,
  ...(r.min === undefined ? {} : { min: r.min }),
  ...(r.max === undefined ? {} : { max: r.max }),
})

/** The quick amount the field offers: the most that can go, when something can. */
export const quickAmounts = (r: WithdrawRoute): ReadonlyArray<string> => (r.max === undefined || compareMoney(r.max, '0') <= 0 ? [] : [r.max])

/** What the audits still hold back: a bet is still needed. */
export const auditHolds = (info: WithdrawInfo): boolean => compareMoney(info.audit_need, '0') > 0

/**
 * The fee's key: the account, a valid amount and the speed. A fee is asked once per key (one ask
 * at a time); none while the amount is not a valid one.
 */
export const feeKey = (r: WithdrawRoute, amount: string, speed: 1 | 2): string | null =>
  r.account === null || moneyError(amount, amountBounds(r)) !== null ? null : `${r.account.id}|${amount}|${speed}`

/** The form's fields that show a message. */
export type WithdrawField = 'amount' | 'pin' | 'sms' | 'proof'

const AT_PIN: ReadonlySet<string> = new Set(['errors.pinDigits', 'errors.wrongPin', 'errors.noPin'])
const AT_SMS: ReadonlySet<string> = new Set(['errors.needSms', 'errors.wrongCode', 'errors.noCode'])
const AT_PROOF: ReadonlySet<string> = new Set(['errors.needProof', 'errors.badProof'])

/**
 * Whether the hall's answer (a key of the withdraw namespace) shows at a field: the password's
 * and the code's at theirs, the proof's at the proof and the amount, every other at the amount.
 */
export const formErrorAt = (formError: string | null, field: WithdrawField): boolean => {
  if (formError === null) return false
  switch (field) {
    case 'pin':
      return AT_PIN.has(formError)
    case 'sms':
      return AT_SMS.has(formError)
    case 'proof':
      return AT_PROOF.has(formError)
    case 'amount':
      return !AT_PIN.has(formError) && !AT_SMS.has(formError)
  }
}

/** What the player typed for a withdrawal. */
export interface WithdrawInput {
  readonly amount: string
  readonly speed: 1 | 2
  readonly pin: string
  readonly smsCode: string
  /** The uploaded proof's address, when the channel needs one and it was uploaded. */
  readonly proofUrl: string | null
}

/** The checks before the hall: the amount's key (auth namespace), whether the proof is missing. The SMS code is CodeInput's. */
export interface WithdrawCheck {
  readonly amount: string | null
  readonly proofMissing: boolean
}

export const checkWithdraw = (r: WithdrawRoute, input: WithdrawInput): WithdrawCheck => ({
  amount: moneyError(input.amount, amountBounds(r)),
  proofMissing: r.needProof && input.proofUrl === null,
})

/** The withdrawal's request (withdrawCash), with the request id that makes a resubmission pay once. */
export const withdrawRequest = (info: WithdrawInfo, r: WithdrawRoute, input: WithdrawInput, requestId: string) =>
  r.account === null
    ? null
    : {
        account_id: r.account.id,
        amount: input.amount,
        withdraw_pass: input.pin,
        request_id: requestId,
        speed: input.speed,
        ...(info.need_sms === 1 ? { sms_code: input.smsCode } : {}),
        ...(input.proofUrl === null ? {} : { proof_url: input.proofUrl }),
      }

/** A problem of a binding form: a key of the withdraw namespace, or of the auth namespace's rules (with the field it names). */
export type BindProblem = { readonly ns: 'withdraw'; readonly key: string } | { readonly ns: 'auth'; readonly key: string; readonly item?: 'holder' }

/** The holder's name: required, at most the real name's length. */
const holderProblem = (name: string): BindProblem | null =>
  name === '' ? { ns: 'auth', key: 'validation.required', item: 'holder' } : name.length > LIMITS.realNameMax ? { ns: 'auth', key: 'validation.realNameLength' } : null

/** A card as typed: digits and spaces, at most 36. */
export const typedCardNo = (v: string): string => v.replace(/[^\d ]/g, '').slice(0, 36)

/** A CPF as typed: digits, at most its length. */
export const typedCpf = (v: string): string => v.replace(/\D/g, '').slice(0, LIMITS.cpfMax)

/** The bank card's check (spec §5 real name and CPF rules) and its request; the bank is the chosen one or the first. */
export const checkCard = (input: { bank: string; firstBank: string; cardNo: string; holder: string; cpf: string; brazil: boolean }):
  | { readonly problem: BindProblem }
  | { readonly request: { bank_code: string; card_no: string; holder: string; cpf?: string } }
  | null => {
  const code = input.bank === '' ? input.firstBank : input.bank
  if (code === '') return null
  const digits = input.cardNo.replace(/\s+/g, '')
  const holder = input.holder.trim()
  const problem: BindProblem | null =
    !/^\d{6,30}$/.test(digits) ? { ns: 'withdraw', key: 'errors.badCard' }
    : (holderProblem(holder) ?? (input.brazil && input.cpf !== '' && !/^\d{1,11}$/.test(input.cpf) ? { ns: 'auth', key: 'validation.cpf' } : null))
  if (problem !== null) return { problem }
  return { request: { bank_code: code, card_no: digits, holder, ...(input.brazil && input.cpf !== '' ? { cpf: input.cpf } : {}) } }
}

/** A network's key in the network list. */
export const networkKey = (n: Pick<CryptoNetwork, 'currency' | 'network'>): string => `${n.currency}/${n.network}`

/** The crypto address's check against its network's pattern, and its request. */
export const checkAddress = (network: CryptoNetwork, address: string):
  | { readonly problem: BindProblem }
  | { readonly request: { currency: string; network: string; address: string } } => {
  const a = address.trim()
  return new RegExp(network.address_pattern).test(a)
    ? { request: { currency: network.currency, network: network.network, address: a } }
    : { problem: { ns: 'withdraw', key: 'errors.badAddress' } }
}

/** An e-wallet or wallet-app binding, before the withdraw password's ticket. */
export interface WalletBinding {
  readonly kind: EWallet['kind']
  readonly wallet_code: string
  readonly account_no: string
  readonly holder: string
}

/** The e-wallet's check (its account pattern, the holder) and the binding it asks for. */
export const checkWallet = (wallet: EWallet, accountNo: string, holder: string): { readonly problem: BindProblem } | { readonly binding: WalletBinding } => {
  const no = accountNo.trim()
  const name = holder.trim()
  const problem = !new RegExp(wallet.account_pattern).test(no) ? ({ ns: 'withdraw', key: 'errors.badEwallet' } as const) : holderProblem(name)
  return problem !== null ? { problem } : { binding: { kind: wallet.kind, wallet_code: wallet.code, account_no: no, holder: name } }
}
