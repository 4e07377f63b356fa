/**
 * The hall's money core (docs/money.md): the ledger's kinds and their categories, the only writer
 * of balances (credit, debit), the one amount check and the once-per-request-id helper.
 */
export { ALL_KINDS, LEDGER_KINDS, categorySql, isLedgerKind, kindIn, kindsWhere, type KindCategories, type LedgerKind } from './kinds'
export { adjust, credit, debit, lockWallet, type WalletKey } from './ledger'
export { amountProblem, checkAmount, decimalsOf, type AmountProblem, type AmountRules } from './amount'
export { oncePerRequest, type OnceRequest, type RequestTable } from './once'
