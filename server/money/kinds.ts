/**
 * The ledger's kinds: every wallet entry the hall writes has one of these, and each kind carries
 * its categories, so no report groups kinds by their spelling:
 * - `movement`: what the account details and the personal statement show it as (records);
 * - `receipt`: the source a received reward is listed under (the rewards' receive records), or
 *   null when the entry is no reward received (a positive entry of such a kind only is one);
 * - `vip`: whether it counts as a deposit towards the VIP ladder.
 * A new kind is one line here; the compiler then asks for its categories.
 */
import type { MovementKind } from '../../schemas/hall/calls/records'
import type { ReceiveSource } from '../../schemas/hall/calls/rewards-own'

/** What a kind counts as in the reports. */
export interface KindCategories {
  readonly movement: Exclude<MovementKind, 'all'>
  readonly receipt: ReceiveSource | null
  readonly vip: 'deposit' | null
}

const kind = (movement: KindCategories['movement'], receipt: ReceiveSource | null = null, vip: 'deposit' | null = null): KindCategories => ({ movement, receipt, vip })

/** Every ledger kind and its categories. */
export const LEDGER_KINDS = {
  /** The demo player's opening balance (seed.ts). */
  seed: kind('other'),
  /** Money put in by the control surface (dev and test halls). */
  control: kind('deposit', null, 'deposit'),
  deposit: kind('deposit', null, 'deposit'),
  /** A deposit's own bonus (the channel's bonus rate): a deposit's part, not a reward received. */
  'bonus-deposit': kind('bonus'),
  'bonus-discount': kind('bonus', 'discount'),
  'withdraw-hold': kind('withdraw'),
  'withdraw-release': kind('withdraw'),
  'withdraw-paid': kind('withdraw'),
  'game-bet': kind('bet'),
  'game-win': kind('win'),
  newcomer: kind('bonus', 'newcomer'),
  redpacket: kind('bonus', 'redpacket'),
  'bonus-message': kind('bonus', 'message'),
  'bonus-task': kind('bonus', 'task'),
  'bonus-vitality': kind('bonus', 'task'),
  'bonus-vip': kind('bonus', 'vip'),
  'bonus-rebate': kind('bonus', 'rebate'),
  'bonus-activity': kind('bonus', 'activity'),
  'bonus-agent': kind('bonus', 'other'),
  'activity-lucky': kind('bonus', 'activity'),
  'activity-quiz': kind('bonus', 'activity'),
  'activity-guess-stake': kind('bonus', 'activity'),
  'activity-guess-win': kind('bonus', 'activity'),
  'activity-guess-refund': kind('bonus', 'activity'),
  'agent-transfer-out': kind('transfer'),
  'agent-transfer-in': kind('transfer'),
  'transfer-yuebao-in': kind('transfer'),
  'transfer-yuebao-out': kind('transfer'),
  'interest-yuebao': kind('interest'),
  'transfer-invest-in': kind('transfer'),
  'transfer-invest-out': kind('transfer'),
  'interest-invest': kind('interest'),
  /** A trial account's balance given up when it is bound to a third-party account. */
  'trial-forfeit': kind('other'),
} as const satisfies Readonly<Record<string, KindCategories>>

/** A ledger kind: no entry is written with any other. */
export type LedgerKind = keyof typeof LEDGER_KINDS

/** Every ledger kind, in the order above. */
export const ALL_KINDS: ReadonlyArray<LedgerKind> = Object.keys(LEDGER_KINDS).filter((k): k is LedgerKind => k in LEDGER_KINDS)

/** Whether a stored kind is one of the union (a row written before a kind was retired is not). */
export const isLedgerKind = (k: string): k is LedgerKind => Object.hasOwn(LEDGER_KINDS, k)

/** The kinds whose category `of` has the value `is`. */
export const kindsWhere = <C extends keyof KindCategories>(of: C, is: KindCategories[C]): ReadonlyArray<LedgerKind> =>
  ALL_KINDS.filter((k) => LEDGER_KINDS[k][of] === is)

// Kinds go into SQL as literals (they are this module's constants, never input): refuse any that
// would need quoting.
for (const k of ALL_KINDS) if (!/^[a-z][a-z-]*$/.test(k)) throw new Error(`ledger kind ${k} must be lower-case letters and dashes`)

const list = (kinds: ReadonlyArray<LedgerKind>): string => (kinds.length === 0 ? 'NULL' : kinds.map((k) => `'${k}'`).join(', '))

/** SQL: whether `column` holds one of the kinds. */
export const kindIn = (kinds: ReadonlyArray<LedgerKind>, column = 'kind'): string => `${column} IN (${list(kinds)})`

/**
 * SQL: the category `of` of the kind in `column`, as text ('other' for a kind outside the union
 * or without the category).
 */
export const categorySql = (of: 'movement' | 'receipt', column = 'kind'): string => {
  const values = [...new Set(ALL_KINDS.map((k) => LEDGER_KINDS[k][of]))].filter((v): v is NonNullable<typeof v> => v !== null && v !== 'other')
  return `CASE ${values.map((v) => `WHEN ${kindIn(kindsWhere(of, v), column)} THEN '${v}'`).join(' ')} ELSE 'other' END`
}
