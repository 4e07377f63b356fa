/**
 * The pure rules of money on screen (spec §5): what a money input lets through as it is typed,
 * and how a balance text shrinks above 12 characters. Whether an amount may be sent is
 * `moneyError` in validation.ts.
 */
import { LIMITS, type MoneyKind } from './validation'

export type { MoneyKind }

/**
 * Whether a money input may hold `value` as typed: digits with at most one decimal point (a
 * trailing point while typing is fine), at most 2 decimals for fiat and 10 for crypto, at most
 * 12 digits without a point and 15 characters with one. The empty input is allowed.
 */
export const moneyTypable = (value: string, kind: MoneyKind): boolean => {
  if (!new RegExp(`^\\d*(\\.\\d{0,${LIMITS.moneyDecimals[kind]}})?$`).test(value)) return false
  return value.length <= (value.includes('.') ? LIMITS.moneyLength.withPoint : LIMITS.moneyLength.whole)
}

/**
 * What a keystroke or a paste makes of a money input: spaces are dropped, a decimal comma (as
 * pt, de, es, fr ... write it) becomes a point, a comma beside a point is a thousands separator and
 * goes, and a leading point gets its 0. Returns the new value, or null when the input refuses it
 * (the field keeps what it had).
 */
export const moneyKeystroke = (typed: string, kind: MoneyKind): string | null => {
  let v = typed.replace(/\s/g, '')
  v = v.includes('.') ? v.replace(/,/g, '') : v.replace(/,/g, '.')
  if (v.startsWith('.')) v = `0${v}`
  return moneyTypable(v, kind) ? v : null
}

/** The length above which a balance text shrinks (spec §5). */
export const MONEY_TEXT_FIT = 12
/** The smallest a balance text gets, so a very long amount stays readable. */
export const MONEY_TEXT_MIN_SCALE = 0.5

/**
 * The font scale of a balance text of `length` characters: 1 up to 12 characters, then in
 * proportion (13 characters take 12/13 of the size), never under half.
 */
export const moneyTextScale = (length: number): number =>
  length <= MONEY_TEXT_FIT ? 1 : Math.max(MONEY_TEXT_MIN_SCALE, MONEY_TEXT_FIT / length)

/**
 * An amount in the interface language ('1234.5' → '1,234.50' in English, '1.234,50' in
 * German), with at least 2 decimals and as many as it has (a crypto amount keeps its 10);
 * anything that is not a plain decimal comes back as it was.
 */
export const formatAmount = (amount: string, language: string): string => {
  const v = amount.trim()
  if (!/^-?\d+(\.\d+)?$/.test(v)) return amount
  const decimals = Math.max(2, v.split('.')[1]?.length ?? 0)
  try {
    const format = new Intl.NumberFormat(language.replace('_', '-'), { minimumFractionDigits: 2, maximumFractionDigits: decimals })
    // A decimal string is formatted exactly (Intl.NumberFormat v3), a crypto amount loses no digit.
    return format.format(v as Intl.StringNumericLiteral)
  } catch {
    return Number(v).toFixed(2)
  }
}
