import type { CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { formatAmount, formatCurrencyAmount } from './amount'
import { moneyTextScale } from './money'
import './controls.css'

/**
 * An amount as text (a balance, a total): in the interface language's digits and separators,
 * with its currency and that currency's decimals (formatCurrencyAmount: 2 fiat, up to 10 crypto, 'K'
 * after a currency counted in thousands), shrinking its font above 12 characters so a long balance stays on its line
 * (spec §5). Text that is not an amount ('—', 'In game') shows as it is.
 */
export const MoneyText = ({ value, currency, className }: { value: string; currency?: string; className?: string }) => {
  const { i18n } = useTranslation()
  const text = currency === undefined || currency === '' ? formatAmount(value, i18n.language) : formatCurrencyAmount(value, currency, i18n.language)
  const scale = moneyTextScale(text.length)
  const style = { '--money-scale': scale } as CSSProperties
  return (
    <span className={`money-text${className === undefined ? '' : ` ${className}`}`} style={style} data-shrunk={scale < 1 || undefined}>
      {currency !== undefined && currency !== '' && <span className="money-text__currency">{currency} </span>}
      <span className="money-text__amount">{text}</span>
    </span>
  )
}
