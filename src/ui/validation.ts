/**
 * The form rules of spec §5 (schemas/validation.ts, the one module the lobby's forms and the
 * hall's checks share), and the parameters of the money messages in the interface language.
 */
import { LIMITS, type MoneyKind } from '../../schemas/validation'
import { formatAmount } from './amount'

export * from '../../schemas/validation'

/**
 * The values a money message interpolates: the decimals of its kind, its min and its max, in the
 * interface language's digits when `language` is given ('5,000.00').
 */
export const moneyParams = (opts: { kind?: MoneyKind; min?: string; max?: string } = {}, language?: string) => {
  const shown = (v: string | undefined) => (v === undefined ? '' : language === undefined ? v : formatAmount(v, language))
  return { decimals: LIMITS.moneyDecimals[opts.kind ?? 'fiat'], min: shown(opts.min), max: shown(opts.max) }
}

/** Spec §5 payment password: exactly 6 digits (the withdraw forms check it before they submit). */
export const PIN_PATTERN = /^\d{6}$/

/**
 * What a command's form checks before it submits, by command id: an i18n key of the domain's
 * namespace when the payload is refused (nothing is sent; the form shows it as the command's
 * `formError`), else null. Secrets (a PIN, a code, a password) are checked here, in the view,
 * where they are text: the command's actor gets them as Secrets it cannot read.
 */
export const COMMAND_CHECKS: Readonly<Record<string, (payload: Readonly<Record<string, unknown>>) => string | null>> = {
  withdrawCash: (p) => pinCheck(p['withdraw_pass']),
  deleteAccount: (p) => pinCheck(p['withdraw_pass']),
  verifyWithdrawPass: (p) => pinCheck(p['withdrawPass']),
}

const pinCheck = (pin: unknown): string | null => (typeof pin === 'string' && PIN_PATTERN.test(pin) ? null : 'errors.pinDigits')
