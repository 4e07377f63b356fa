import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { anyVipReceivable, userVipActor, vipDetailsActor, vipReceiveActor, type VipReward } from '../../../actors/vip'
import { useActor, useCommand, useQuery, useSend } from '../../system-react'
import { MoneyText } from '../../ui/MoneyText'
import { sanitizeOperatorHtml } from '../../ui/sanitize'
import { PageFrame } from '../pages/PageFrame'
import { useNavigate } from '../routing/nav-hooks'
import './vip.css'

/** A total's share of its need in percent, 0 to 100 (a need of 0 is met). */
const percent = (amount: string, need: string): number => {
  const n = Number(need)
  if (!(n > 0)) return 100
  return Math.max(0, Math.min(100, Math.floor((Number(amount) / n) * 100)))
}

/** The site's VIP switch: null until the site's settings are known. */
const useVipSwitch = (): boolean | null =>
  useActor('site', (s) => (s.context.sysInfo === null ? null : s.context.sysInfo['vip_status'] === 'open'))

/**
 * The VIP screen (spec screens §2 /home/vip, private; §3 VIP settings and rewards; §4 reward and
 * card statuses; §6 VIP needs vip_status open): the player's level, the progress bars of deposit
 * and bet to the next level, the reward cards (promotion gifts of the levels reached and the next
 * one, the current level's day, week and month bonuses) with their status and receive, receive-all
 * (enabled if any card is receivable) with a link to the reward records, the ladder with each
 * level's needs and rewards, and the rules. A site that does not run VIP sends the player home.
 */
export const VipPage = () => {
  const { t } = useTranslation('vip')
  const send = useSend()
  const navigate = useNavigate()
  const open = useVipSwitch()
  const details = useQuery(vipDetailsActor)
  const user = useQuery(userVipActor)
  const receive = useCommand(vipReceiveActor)
  useEffect(() => {
    if (open === true) send({ type: 'vip.opened' })
    if (open === false) navigate('game', { replace: true })
  }, [send, navigate, open])
  // Leaving the page forgets the last receipt.
  useEffect(() => () => send({ type: 'command.reset', command: vipReceiveActor.id }), [send])
  const v = user.data
  const busy = receive.view.status === 'submitting'
  const outcome = receive.view.status === 'succeeded' ? receive.view.result : null
  const cardName = (r: VipReward): string => t(`reward.${r.type}`, { level: r.vip })
  if (open !== true) return <PageFrame title={t('title')}><p>{open === null ? t('loading') : t('closed')}</p></PageFrame>
  return (
    <PageFrame title={t('title')}>
      <div className="vip">
        {v === null ? (
          user.status === 'failed' ? (
            <p role="alert">
              {t('failed')}{' '}
              <button type="button" className="button button--ghost button--small" onClick={() => send({ type: 'query.refreshRequested', query: 'vipuser' })}>{t('retry')}</button>
            </p>
          ) : <p>{t('loading')}</p>
        ) : (
          <>
            <section className="vip__card" aria-labelledby="vip-level">
              <h2 id="vip-level" className="vip__level" data-level={v.vip}>{t('level', { level: v.vip })}</h2>
              {v.next_vip === null ? (
                <p className="vip__meta">{t('top')}</p>
              ) : (
                <>
                  <p className="vip__meta">{t('toNext', { level: v.next_vip })}</p>
                  <div className="vip__bar">
                    <span id="vip-deposit">{t('deposit')}</span>
                    <span className="vip__figures"><MoneyText value={v.user_deposit} /> / <MoneyText value={v.next_vip_deposit} /></span>
                    <progress aria-labelledby="vip-deposit" max={100} value={percent(v.user_deposit, v.next_vip_deposit)} className="vip__meter" />
                  </div>
                  <div className="vip__bar">
                    <span id="vip-bet">{t('bet')}</span>
                    <span className="vip__figures"><MoneyText value={v.user_validbet} /> / <MoneyText value={v.next_vip_validbet} /></span>
                    <progress aria-labelledby="vip-bet" max={100} value={percent(v.user_validbet, v.next_vip_validbet)} className="vip__meter" />
                  </div>
                </>
              )}
            </section>
            <section aria-labelledby="vip-rewards">
              <div className="vip__head">
                <h2 id="vip-rewards" className="section-title">{t('rewards')}</h2>
                <div className="vip__actions">
                  <button type="button" className="button button--ghost button--small" onClick={() => navigate('receiveRecords')}>{t('records')}</button>
                  <button
                    type="button"
                    className="button button--primary button--small"
                    disabled={!anyVipReceivable(v.rewards) || busy}
                    onClick={() => receive.submit({ vip: -1 })}
                  >
                    {t('receiveAll')}
                  </button>
                </div>
              </div>
              {receive.view.formError !== null && <p className="field__error" role="alert">{t(receive.view.formError)}</p>}
              {outcome !== null && <p role="status" className="vip__received">{t('received', { amount: outcome.amount, count: outcome.count })}</p>}
              <ul className="vip__cards" role="list">
                {v.rewards.map((r) => (
                  <li key={`${r.type}-${r.vip}`} className={`vip__reward vip__reward--${r.status}`} aria-label={cardName(r)}>
                    <span className="vip__reward-name">{cardName(r)}</span>
                    <span className="vip__reward-amount">{r.status === -1 ? '—' : <MoneyText value={r.amount} />}</span>
                    <span className="vip__status">{t(`status.${r.status}`)}</span>
                    {r.expireTime !== null && r.status === 0 && <span className="vip__meta">{t('until', { time: r.expireTime })}</span>}
                    {r.status === 0 && (
                      <button
                        type="button"
                        className="button button--primary button--small"
                        disabled={busy}
                        aria-label={t('receiveOne', { reward: cardName(r) })}
                        onClick={() => receive.submit({ type: r.type, vip: r.vip })}
                      >
                        {t('receive')}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          </>
        )}
        {details.data !== null && (
          <>
            <section aria-labelledby="vip-ladder">
              <h2 id="vip-ladder" className="section-title">{t('ladder')}</h2>
              <div className="vip__table-wrap" tabIndex={0} role="region" aria-labelledby="vip-ladder">
                <table className="vip__table">
                  <thead>
                    <tr>
                      <th scope="col">{t('col.level')}</th>
                      <th scope="col">{t('col.deposit')}</th>
                      <th scope="col">{t('col.bet')}</th>
                      <th scope="col">{t('col.gift')}</th>
                      <th scope="col">{t('col.day')}</th>
                      <th scope="col">{t('col.week')}</th>
                      <th scope="col">{t('col.month')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {details.data.list.map((l) => (
                      <tr key={l.vip} aria-current={v?.vip === l.vip ? 'true' : undefined} className={v?.vip === l.vip ? 'vip__row--current' : undefined}>
                        <th scope="row"><span className="vip__dot" style={{ background: l.icon_color }} aria-hidden="true" />{t('level', { level: l.vip })}</th>
                        <td><MoneyText value={l.level_up_deposit} /></td>
                        <td><MoneyText value={l.level_up_bet} /></td>
                        <td>{l.vip_gift_status === 1 ? <MoneyText value={l.vip_gift} /> : '—'}</td>
                        <td>{l.day_bonus_status === 1 ? <MoneyText value={l.day_bonus} /> : '—'}</td>
                        <td>{l.week_bonus_status === 1 ? <MoneyText value={l.week_bonus} /> : '—'}</td>
                        <td>{l.month_bonus_status === 1 ? <MoneyText value={l.month_bonus} /> : '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {details.data.keepLevelStatus === 1 && <p className="vip__meta">{t('keepLevel')}</p>}
            </section>
            <section aria-labelledby="vip-rules">
              <h2 id="vip-rules" className="section-title">{t('rules')}</h2>
              <div className="vip__rules" dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(details.data.rule) }} />
            </section>
          </>
        )}
      </div>
    </PageFrame>
  )
}
