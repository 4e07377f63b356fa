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
