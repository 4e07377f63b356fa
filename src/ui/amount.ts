/** Amounts as the player reads them. */

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
