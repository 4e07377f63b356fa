import { useTranslation } from 'react-i18next'
import { selectCurrency } from '../../../actors/session'
import { useActor } from '../../system-react'
import { formatAmount } from '../../ui/amount'

/**
 * The currency row of /home/setting for a registered player (docs/decisions.md, "The currency
 * setting of a registered player"): the account's currency is the wallet's, fixed by the hall
 * (updateGuestCurrency is a trial account's only), so the row shows it with how amounts are
 * written, which follows the interface language chosen in the row above.
 */
export const AccountCurrencyRow = () => {
  const { t, i18n } = useTranslation('account')
  const currency = useActor('session', selectCurrency)
  return (
    <li className="settings__row">
      <span className="settings__name">{t('setting.currency')}</span>
      <span className="settings__value" data-testid="setting-currency">
        {currency} · {formatAmount('1234.5', i18n.language)}
      </span>
      <span className="settings__hint">{t('setting.currencyFixed')}</span>
    </li>
  )
}
