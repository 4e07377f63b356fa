/** Amounts as the player reads them. */
import { currencyFormatOf } from '../../schemas/currencies'

/**
 * An amount in the interface language ('1234.5' → '1,234.50' in English, '1.234,50' in
 * German), with at least 2 decimals and as many as it has (a crypto amount keeps its 10), or at
 * most `maxDecimals` when given (rounded); anything that is not a plain decimal comes back as it
 * was.
 */
export const formatAmount = (amount: string, language: string, maxDecimals?: number): string => {
  const v = amount.trim()
  if (!/^-?\d+(\.\d+)?$/.test(v)) return amount
  const decimals = maxDecimals ?? Math.max(2, v.split('.')[1]?.length ?? 0)
  try {
    const format = new Intl.NumberFormat(language.replace('_', '-'), { minimumFractionDigits: Math.min(2, decimals), maximumFractionDigits: decimals })
    // A decimal string is formatted exactly (Intl.NumberFormat v3): a crypto amount loses no digit.
    return format.format(v as Intl.StringNumericLiteral)
  } catch {
    return Number(v).toFixed(Math.min(2, decimals))
  }
}

const DECIMAL = /^-?\d+(\.\d+)?$/

/**
 * An amount of a currency in the interface language with that currency's decimals (spec §5: 2
 * for fiat, rounded; as many as it has for crypto, up to 10), and 'K' after the amount of a
 * currency counted in thousands (IDRK): '1,234.50', '0.00012345', '12.50K'. A code outside the
 * spec's 25 currencies (schemas/currencies.ts) formats as `formatAmount` does; text that is not
 * an amount comes back as it was.
 */
export const formatCurrencyAmount = (amount: string, currency: string, language: string): string => {
  const format = currencyFormatOf(currency)
  if (format === undefined || !DECIMAL.test(amount.trim())) return formatAmount(amount, language)
  const text = formatAmount(amount, language, format.scale)
  return format.thousands === true ? `${text}K` : text
}

/**
 * An amount as money: the currency's sign, then the amount as `formatCurrencyAmount` writes it
 * ('$1,234.50', 'R$1.234,50' in Portuguese, '₮0.00012345', 'Rp12.50K'); a sign that is a code
 * ('AED', 'USDC') is set apart by a space ('AED 10.00'), and a minus goes before the sign
 * ('-$5.00'). A code outside the 25, or text that is not an amount, comes back without a sign.
 */
export const formatMoney = (amount: string, currency: string, language: string): string => {
  const format = currencyFormatOf(currency)
  const text = formatCurrencyAmount(amount, currency, language)
  if (format === undefined || !DECIMAL.test(amount.trim())) return text
  const negative = amount.trim().startsWith('-')
  const sign = /^\p{Lu}{3,}$/u.test(format.sign) ? `${format.sign} ` : format.sign
  return `${negative ? '-' : ''}${sign}${negative ? text.replace(/^[-\u2212]/, '') : text}`
}
