import { useTranslation } from 'react-i18next'
import { selectSavings, selectSavingsEntry, selectSavingsRate } from '../../../actors/wallet'
import { useActor } from '../../system-react'
import { Icon } from '../../ui/Icon'
import { useNavigate } from '../routing/nav-hooks'
import { formatAmount } from '../../ui/amount'

/** Whether the savings entries show (switch on, or a principal above 0), and the year rate for the badge: the wallet's. */
export const useSavingsEntry = (): { readonly shown: boolean; readonly yearRate: string | null; readonly principal: string | null } => ({
  shown: useActor('wallet', selectSavingsEntry),
  yearRate: useActor('wallet', selectSavingsRate),
  principal: useActor('wallet', selectSavings),
})

/**
 * The header's savings entry on the web (spec §2: yuebao, hidden when there is no principal and
 * the switch is off): its name and the savings balance; it opens the savings page. On a phone the
 * header has no room for it: the drawer's system menu holds it (with the year-rate badge), like
 * the header's other secondary tools.
 */
export const SavingsHeaderEntry = () => {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const { shown, principal } = useSavingsEntry()
  if (!shown) return null
  return (
    <button type="button" className="button button--ghost header__savings" onClick={() => navigate('yuebao')}>
      <Icon name="vault" />
      {t('route.yuebao')}
      {principal !== null && <span className="header__savings-amount">{formatAmount(principal, i18n.language)}</span>}
    </button>
  )
}
