import { describe, expect, it } from 'vitest'
import { CURRENCY_FORMATS, currencyFormatOf } from '../../../schemas/currencies'
import { formatCurrencyAmount, formatMoney } from '../../../src/ui/amount'

/**
 * The spec's 25 currencies (issue 45) and how each writes an amount (spec §5: 2 decimals fiat,
 * up to 10 crypto): the sign, the decimals, the 'K' of a currency counted in thousands.
 */
const EXPECTED: Readonly<Record<string, { readonly money: string; readonly small: string }>> = {
  USD: { money: '$1,234,567.89', small: '$0.12' },
  EUR: { money: '€1,234,567.89', small: '€0.12' },
  BRL: { money: 'R$1,234,567.89', small: 'R$0.12' },
  CNY: { money: '¥1,234,567.89', small: '¥0.12' },
  INR: { money: '₹1,234,567.89', small: '₹0.12' },
  PHP: { money: '₱1,234,567.89', small: '₱0.12' },
  THB: { money: '฿1,234,567.89', small: '฿0.12' },
  VND: { money: '₫1,234,567.89', small: '₫0.12' },
  AED: { money: 'AED 1,234,567.89', small: 'AED 0.12' },
  AUD: { money: 'A$1,234,567.89', small: 'A$0.12' },
  BDT: { money: '৳1,234,567.89', small: '৳0.12' },
  GBP: { money: '£1,234,567.89', small: '£0.12' },
  HKD: { money: 'HK$1,234,567.89', small: 'HK$0.12' },
  IDR: { money: 'Rp1,234,567.89', small: 'Rp0.12' },
  IDRK: { money: 'Rp1,234,567.89K', small: 'Rp0.12K' },
  JPY: { money: '¥1,234,567.89', small: '¥0.12' },
  KHR: { money: '៛1,234,567.89', small: '៛0.12' },
  KRW: { money: '₩1,234,567.89', small: '₩0.12' },
  MMK: { money: 'K1,234,567.89', small: 'K0.12' },
  MXN: { money: 'MX$1,234,567.89', small: 'MX$0.12' },
  RUB: { money: '₽1,234,567.89', small: '₽0.12' },
  USDT: { money: '₮1,234,567.891', small: '₮0.1234567891' },
  USDC: { money: 'USDC 1,234,567.891', small: 'USDC 0.1234567891' },
  BTC: { money: '₿1,234,567.891', small: '₿0.1234567891' },
  ETH: { money: 'Ξ1,234,567.891', small: 'Ξ0.1234567891' },
}

describe('the 25 currencies', () => {
  it('are the spec\'s 25, each once, fiat with 2 decimals and crypto with 10', () => {
    expect(CURRENCY_FORMATS.map((c) => c.code).sort()).toEqual(Object.keys(EXPECTED).sort())
    expect(CURRENCY_FORMATS).toHaveLength(25)
    for (const c of CURRENCY_FORMATS) expect(c.scale, c.code).toBe(c.type === 1 ? 2 : 10)
    expect(CURRENCY_FORMATS.filter((c) => c.type === 2).map((c) => c.code)).toEqual(['USDT', 'USDC', 'BTC', 'ETH'])
    expect(currencyFormatOf('IDRK')).toMatchObject({ marketCode: 'IDR', thousands: true })
    for (const c of CURRENCY_FORMATS.filter((f) => f.code !== 'IDRK')) expect(c.marketCode).toBe(c.code)
  })

  it.each(Object.entries(EXPECTED))('%s writes an amount with its sign and decimals', (code, expected) => {
    // Fiat rounds to 2 decimals; crypto keeps what it has, up to 10.
    expect(formatMoney('1234567.891', code, 'en_US')).toBe(expected.money)
    expect(formatMoney('0.123456789123', code, 'en_US')).toBe(expected.small)
    expect(formatMoney('-5', code, 'en_US')).toBe(`-${expected.small.replace(/0\.\d+/, '5.00')}`)
  })

  it("writes the interface language's separators", () => {
    expect(formatMoney('1234.5', 'BRL', 'pt_BR')).toBe('R$1.234,50')
    expect(formatCurrencyAmount('1234.5', 'EUR', 'de_DE')).toBe('1.234,50')
    expect(formatCurrencyAmount('1234.5', 'IDRK', 'id_ID')).toBe('1.234,50K')
    expect(formatCurrencyAmount('0.5', 'BTC', 'en_US')).toBe('0.50')
  })

  it('leaves text that is not an amount, and codes outside the 25, without a sign', () => {
    expect(formatMoney('—', 'USD', 'en_US')).toBe('—')
    expect(formatMoney('1234.5', 'XYZ', 'en_US')).toBe('1,234.50')
  })
})
