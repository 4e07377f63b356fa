import { useTranslation } from 'react-i18next'
import { selectSavings, selectSavingsEntry, selectSavingsRate } from '../../../actors/wallet'
import { useActor } from '../../system-react'
import { Icon } from '../../ui/Icon'
import { useNavigate } from '../routing/nav-hooks'
import { formatAmount } from '../../ui/money'

/** Whether the savings entries show (switch on, or a principal above 0), and the year rate for the badge: the wallet's. */
export const useSavingsEntry = (): { readonly shown: boolean; readonly yearRate: string | null; readonly principal: string | null } => ({
  shown: useActor('wallet', selectSavingsEntry),
  yearRate: useActor('wallet', selectSavingsRate),
  principal: useActor('wallet', selectSavings),
})

/**
 * The header's savings entry (spec §2: yuebao, hidden when there is no principal and the switch is
 * off): the savings balance beside its name on the web, an icon button on a phone; it opens the
 * savings page.
 */
export const SavingsHeaderEntry = ({ desktop }: { desktop: boolean }) => {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const { shown, principal } = useSavingsEntry()
  if (!shown) return null
  return desktop ? (
    <button type="button" className="button button--ghost header__savings" onClick={() => navigate('yuebao')}>
      <Icon name="vault" />
      {t('route.yuebao')}
      {principal !== null && <span className="header__savings-amount">{formatAmount(principal, i18n.language)}</span>}
    </button>
  ) : (
    <button type="button" className="icon-button header__savings" aria-label={t('route.yuebao')} onClick={() => navigate('yuebao')}>
      <Icon name="vault" />
    </button>
  )
}
