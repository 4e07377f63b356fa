/**
 * The spec's 25 currencies (issue 45): what the reference hall seeds (server/seed.ts, migration
 * 264) and how the lobby writes an amount of each (`formatMoney`, src/ui/amount.ts). Fiat amounts
 * have 2 decimals and crypto amounts up to 10 (spec §5, money input). A currency counted in
 * thousands (IDRK: thousands of rupiah) shows its amounts with a 'K' after them, and names its
 * market currency (IDR) as `marketCode`.
 */

export interface CurrencyFormat {
  readonly code: string
  /** 1 fiat, 2 crypto (CurrencyInfo.currencyType). */
  readonly type: 1 | 2
  /** The currency's name (CurrencyInfo.currencyDisplay). */
  readonly display: string
  /** The symbol written before an amount (CurrencyInfo.currencySign). */
  readonly sign: string
  /** Decimals the hall keeps: 2 fiat, 10 crypto. */
  readonly scale: 2 | 10
  /** The market currency (CurrencyInfo.marketCurrencyCode): the code itself but for a currency counted in thousands. */
  readonly marketCode: string
  /** How many market units one unit is (1000 for IDRK; absent: 1). */
  readonly thousands?: true
}

const fiat = (code: string, display: string, sign: string, marketCode = code): CurrencyFormat => ({ code, type: 1, display, sign, scale: 2, marketCode })
const crypto = (code: string, display: string, sign: string): CurrencyFormat => ({ code, type: 2, display, sign, scale: 10, marketCode: code })

export const CURRENCY_FORMATS: ReadonlyArray<CurrencyFormat> = [
  fiat('USD', 'US Dollar', '$'),
  fiat('EUR', 'Euro', '€'),
  fiat('BRL', 'Real', 'R$'),
  fiat('CNY', '人民币', '¥'),
  fiat('INR', 'Indian Rupee', '₹'),
  fiat('PHP', 'Philippine Peso', '₱'),
  fiat('THB', 'Thai Baht', '฿'),
  fiat('VND', 'Vietnamese Dong', '₫'),
  fiat('AED', 'UAE Dirham', 'AED'),
  fiat('AUD', 'Australian Dollar', 'A$'),
  fiat('BDT', 'Bangladeshi Taka', '৳'),
  fiat('GBP', 'Pound Sterling', '£'),
  fiat('HKD', 'Hong Kong Dollar', 'HK$'),
  fiat('IDR', 'Indonesian Rupiah', 'Rp'),
  { ...fiat('IDRK', 'Indonesian Rupiah (thousands)', 'Rp', 'IDR'), thousands: true },
  fiat('JPY', 'Japanese Yen', '¥'),
  fiat('KHR', 'Cambodian Riel', '៛'),
  fiat('KRW', 'South Korean Won', '₩'),
  fiat('MMK', 'Myanmar Kyat', 'K'),
  fiat('MXN', 'Mexican Peso', 'MX$'),
  fiat('RUB', 'Russian Ruble', '₽'),
  crypto('USDT', 'Tether', '₮'),
  crypto('USDC', 'USD Coin', 'USDC'),
  crypto('BTC', 'Bitcoin', '₿'),
  crypto('ETH', 'Ether', 'Ξ'),
]

/** The format of a currency code, or undefined for a code outside the spec's 25. */
export const currencyFormatOf = (code: string): CurrencyFormat | undefined => CURRENCY_FORMATS.find((c) => c.code === code)
