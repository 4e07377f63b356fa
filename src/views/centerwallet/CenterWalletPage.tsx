import { useTranslation } from 'react-i18next'
import { balanceListActor, recallActor } from '../../../actors/centerwallet'
import { useActor, useQuery, useSend } from '../../system-react'
import { PageFrame } from '../pages/PageFrame'
import { formatMoney } from '../shell/Header'
import { useSessionView } from '../shell/session-view'
import '../pay/pay.css'

/**
 * The central wallet (screens §2 /home/center-wallet): the lobby balance (the wallet actor's),
 * each game provider's balance (getBalanceList) and the transfer of everything back to the
 * central wallet (RefreshGold). A 9527 answer (central wallet insufficient balance) is said on
 * the page, not in a modal.
 */
export const CenterWalletPage = () => {
  const { t, i18n } = useTranslation('pay')
  const { t: shell } = useTranslation('shell')
  const send = useSend()
  const session = useSessionView()
  const list = useQuery(balanceListActor)
  const recall = useActor('recall', recallActor.view)
  const money = (amount: string | number) => formatMoney(Number(amount), i18n.language)
  const held = (list.data ?? []).filter((p) => Number(p.balance) > 0)
  return (
    <PageFrame title={shell('route.centerWallet')}>
      <div className="center">
        <section className="center__main" aria-labelledby="center-main">
          <h2 id="center-main" className="center__label">{t('center.main')}</h2>
          <p className="center__amount">
            {session.inGame ? t('center.inGame') : session.balance === null ? '—' : `${money(session.balance)} ${session.currency}`}
          </p>
          <button
            type="button"
            className="button button--primary"
            disabled={recall.status === 'submitting'}
            onClick={() => send({ type: 'command.submitted', command: 'recall', payload: { os_type: 3 } })}
          >
            {t('center.recall')}
          </button>
          <p role="status" aria-live="polite" className="pay__note">
            {recall.formError !== null ? t(recall.formError) : recall.status === 'succeeded' ? t('center.recalled') : ''}
          </p>
        </section>
        <h2 className="center__label">{t('center.platforms')}</h2>
        {list.status === 'failed' ? (
          <div>
            <p role="alert">{t('loadFailed')}</p>
            <button type="button" className="button button--ghost" onClick={() => send({ type: 'query.refreshRequested', query: 'balancelist' })}>{t('retry')}</button>
          </div>
        ) : list.data === null ? (
          <p role="status">{t('loading')}</p>
        ) : (
          <ul className="center__list" aria-label={t('center.platforms')}>
            {list.data.map((p) => (
              <li key={p.platformId} className={`center__platform${Number(p.balance) > 0 ? ' center__platform--held' : ''}`}>
                <span>{p.platformName ?? String(p.platformId)}</span>
                <strong>{money(p.balance)}</strong>
              </li>
            ))}
          </ul>
        )}
        {held.length === 0 && list.data !== null && <p className="pay__note">{t('center.allCentral')}</p>}
      </div>
    </PageFrame>
  )
}
