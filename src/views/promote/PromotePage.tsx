import { useEffect, useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  promoteBindingActor, promoteChannelActor, promoteDetailsActor, promoteLinkActor, promoteModeActor, promotePeriodsActor, promoteReceiveActor, promoteSummaryActor,
  promoteTeamActor, type CommissionPeriod, type PromoteSummary, type TeamMember,
} from '../../../actors/promote'
import type { siteMachine } from '../../../actors/site'
import type { SnapshotFrom } from 'xstate'
import { useActor, useCommand, usePagedList, useQuery, useSend } from '../../system-react'
import { CopyButton } from '../../ui/CopyButton'
import { MoneyText } from '../../ui/MoneyText'
import { InfiniteList } from '../../ui/paged/InfiniteList'
import { PagedTable } from '../../ui/paged/PagedTable'
import type { Column } from '../../ui/paged/types'
import { DESKTOP_QUERY, useMedia } from '../../ui/useMedia'
import { PageFrame } from '../pages/PageFrame'
import { QrCode } from '../postlogin/QrCode'
import { useNavigate } from '../routing/nav-hooks'
import '../records/records.css'
import './promote.css'

/** The link types a player can share (spec §4): home 2, register 4, test-register 3, event 5. */
const LINK_TYPES = [2, 4, 3, 5] as const
type LinkType = (typeof LINK_TYPES)[number]

/** The hall's link (`/?id=…`) on this lobby's origin. */
const absolute = (url: string): string => {
  try {
    return new URL(url, window.location.origin).toString()
  } catch {
    return url
  }
}

/**
 * The promote screen (screens §2 /home/promote, private; docs/hall-protocol.md "Agents and
 * promotion"): the player's invite link per link type with its QR code, copy and share; the agent
 * mode's rules as the hall applies them; the commission of the open period so far and the closed
 * periods' commissions with one Receive button (the header balance moves at once from the hall's
 * answer); the team by level with their deposits and bets; the closed periods; the ways to the
 * proxy transfer and the transfer records.
 */
/** Whether the site's hall reads the agent mode and binding by their own calls (hall profile `promote: 'calls'`; docs/hall.md "Hall profile"). */
const selectPromoteCalls = (s: SnapshotFrom<typeof siteMachine>): boolean => s.context.config?.hallProfile?.promote === 'calls'

export const PromotePage = () => {
  const { t } = useTranslation('promote')
  const shell = useTranslation().t
  const send = useSend()
  const navigate = useNavigate()
  const summary = useQuery(promoteSummaryActor)
  const receive = useCommand(promoteReceiveActor)
  const byCalls = useActor('site', selectPromoteCalls)
  useEffect(() => {
    send(byCalls ? { type: 'promote.opened', calls: true } : { type: 'promote.opened' })
    return () => send({ type: 'command.reset', command: promoteReceiveActor.id })
  }, [send, byCalls])
  const s = summary.data
  const busy = receive.view.status === 'submitting'
  const outcome = receive.view.status === 'succeeded' ? receive.view.result : null
  return (
    <PageFrame title={shell('route.promote')}>
      <div className="promote">
        <InviteLink />
        {s === null ? (
          summary.status === 'failed' ? (
            <p role="alert">
              {t('failed')}{' '}
              <button type="button" className="button button--ghost button--small" onClick={() => send({ type: 'query.refreshRequested', query: promoteSummaryActor.id })}>{t('retry')}</button>
            </p>
          ) : <p>{t('loading')}</p>
        ) : (
          <>
            <section className="promote__card" aria-labelledby="promote-receivable">
              <div>
                <p id="promote-receivable" className="promote__label">{t('receivable')}</p>
                <p className="promote__total" data-testid="promote-receivable"><MoneyText value={s.receivable} currency={s.currency} /></p>
                <p className="promote__meta">{t('openSoFar', { from: s.open.from })} <MoneyText value={s.open.amount} currency={s.currency} /></p>
                <p className="promote__meta">{t('receivedTotal')} <MoneyText value={s.received} currency={s.currency} /></p>
              </div>
              <div className="promote__actions">
                <button type="button" className="button button--primary button--small" disabled={Number(s.receivable) <= 0 || busy} onClick={() => receive.submit({})}>
                  {t('receive')}
                </button>
              </div>
            </section>
            {receive.view.formError !== null && <p className="field__error" role="alert">{t(receive.view.formError)}</p>}
            {outcome !== null && <p role="status" className="promote__received">{t('received', { amount: outcome.amount })}</p>}
            <nav className="promote__links" aria-label={t('transfers')}>
              <button type="button" className="button button--ghost button--small" onClick={() => navigate('proxyTransfer')}>{shell('route.proxyTransfer')}</button>
              <button type="button" className="button button--ghost button--small" onClick={() => navigate('myTransferRecord')}>{shell('route.myTransferRecord')}</button>
            </nav>
            <Binding />
            <InviteEvent currency={s.currency} />
            <Rules summary={s} />
            <Team summary={s} />
            <Periods currency={s.currency} />
          </>
        )}
      </div>
    </PageFrame>
  )
}

/**
 * The site's invite-friends event (/active/promote_details) as it stands for the player: the reward
 * per friend, the friends invited and those who deposited, what was received and is to receive,
 * and the way to the event's page, where its rewards are received. Nothing when the site runs no
 * such event or it could not be read (the rest of the screen does not depend on it).
 */
const InviteEvent = ({ currency }: { readonly currency: string }) => {
  const { t } = useTranslation('promote')
  const navigate = useNavigate()
  const d = useQuery(promoteDetailsActor).data
  if (d === null) return null
  const figures: ReadonlyArray<readonly [string, ReactNode]> = [
    [t('inviteEvent.perFriend'), <MoneyText value={d.rewardPerFriend} currency={currency} />],
    [t('inviteEvent.invited'), d.inviteCount],
    [t('inviteEvent.valid'), d.validCount],
    [t('inviteEvent.received'), <MoneyText value={d.received} currency={currency} />],
    [t('inviteEvent.receivable'), <MoneyText value={d.receivable} currency={currency} />],
  ]
  return (
    <section className="promote__event" aria-labelledby="promote-event">
      <h2 id="promote-event" className="section-title">{t('inviteEvent.title')}</h2>
      <dl className="promote__figures">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="promote__actions promote__actions--start">
        <button type="button" className="button button--ghost button--small" onClick={() => navigate('eventDetail', { params: { template: d.template, eventId: String(d.activeId) } })}>
          {t('inviteEvent.open')}
        </button>
      </div>
    </section>
  )
}

/** The invite link of the chosen link type: the link, copy, share, and its QR code. */
const InviteLink = () => {
  const { t } = useTranslation('promote')
  const send = useSend()
  const link = useQuery(promoteLinkActor)
  const [type, setType] = useState<LinkType>(2)
  const choose = (linkType: LinkType) => {
    setType(linkType)
    send({ type: 'promote.linkTypeChosen', linkType })
  }
  const url = link.data === null || link.data.linkType !== type ? null : absolute(link.data.url)
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function'
  return (
    <section className="promote__invite" aria-labelledby="promote-invite">
      <h2 id="promote-invite" className="section-title">{t('invite.title')}</h2>
      <div className="promote__types" role="group" aria-label={t('invite.type')}>
        {LINK_TYPES.map((lt) => (
          <button key={lt} type="button" className="button button--small button--ghost" aria-pressed={type === lt} onClick={() => choose(lt)}>
            {t(`linkType.${lt}`)}
          </button>
        ))}
      </div>
      {url === null ? (
        link.status === 'failed' ? <p role="alert">{t('invite.failed')}</p> : <p>{t('loading')}</p>
      ) : (
        <div className="promote__link">
          <QrCode text={url} label={t('invite.qr')} size={148} />
          <div className="promote__link-text">
            <p className="promote__label">{t('invite.link')}</p>
            <p className="promote__url" data-testid="invite-url">{url}</p>
            <p className="promote__meta">{t('invite.code', { code: link.data?.inviteCode ?? '' })}</p>
            <div className="promote__actions promote__actions--start">
              <CopyButton text={url} label={t('invite.copy')} />
              {canShare && (
                <button type="button" className="button button--ghost button--small" onClick={() => void navigator.share({ title: t('invite.shareTitle'), text: t('invite.shareText'), url }).catch(() => undefined)}>
                  {t('invite.share')}
                </button>
              )}
            </div>
          </div>
        </div>
      )}
    </section>
  )
}

/**
 * The agent and channel the player is bound to (/promote/getIpBindInfo, and the channel's
 * configuration by /promote/getChannelInfo), read only on a site whose hall profile says
 * `promote: 'calls'`: nothing elsewhere, or before it is read.
 */
const Binding = () => {
  const { t } = useTranslation('promote')
  const binding = useQuery(promoteBindingActor).data
  const channel = useQuery(promoteChannelActor).data
  if (binding === null) return null
  return (
    <section className="promote__binding" aria-labelledby="promote-binding">
      <h2 id="promote-binding" className="section-title">{t('binding.title')}</h2>
      {binding.bound === 0 ? (
        <p>{t('binding.none')}</p>
      ) : (
        <>
          {binding.agentName !== '' && <p>{t('binding.agent', { agent: binding.agentName })}</p>}
          {channel !== null && channel.channelId === binding.channelId && <p>{t('binding.channel', { channel: channel.channelName })}</p>}
        </>
      )}
    </section>
  )
}

/** The agent mode's rules: its name (by /promote/getAgentMode where the site's hall profile says so), each rate in words, the formula and the period. */
const Rules = ({ summary: s }: { summary: PromoteSummary }) => {
  const { t } = useTranslation('promote')
  const mode = useQuery(promoteModeActor).data ?? s.agentMode
  return (
    <section aria-labelledby="promote-rules">
      <h2 id="promote-rules" className="section-title">{t('rules.title', { mode: t(`mode.${mode}`) })}</h2>
      <ul className="promote__rules">
        {s.rates.map((r) => (
          <li key={`${r.level}-${r.basis}`}>{t(`rules.${r.basis}`, { level: r.level, rate: r.rate })}</li>
        ))}
        {s.agentMode === 30004 && <li>{t('rules.deeper')}</li>}
        <li>{t('rules.cent')}</li>
        <li>{t('rules.period')}</li>
      </ul>
    </section>
  )
}

/** The team by level: the counts, a level filter, and every member's deposits and bets. */
const Team = ({ summary: s }: { summary: PromoteSummary }) => {
  const { t } = useTranslation('promote')
  const desktop = useMedia(DESKTOP_QUERY)
  const [level, setLevel] = useState(0)
  const levelId = useId()
  const { view, intents } = usePagedList(promoteTeamActor, { level })
  const caption = t('team.title')
  const columns: ReadonlyArray<Column<TeamMember>> = [
    { key: 'username', header: t('team.username'), cell: (m) => m.username },
    { key: 'level', header: t('team.level'), cell: (m) => t('team.levelN', { level: m.level }) },
    { key: 'registered', header: t('team.registered'), cell: (m) => m.registeredAt },
    { key: 'deposits', header: t('team.deposits'), cell: (m) => <MoneyText value={m.deposits} />, align: 'end' },
    { key: 'bets', header: t('team.bets'), cell: (m) => <MoneyText value={m.bets} />, align: 'end' },
  ]
  return (
    <section aria-labelledby="promote-team" className="records">
      <h2 id="promote-team" className="section-title">{caption}</h2>
      <ul className="promote__levels">
        {s.team.map((l) => (
          <li key={l.level}><span>{t('team.levelN', { level: l.level })}</span> <strong>{l.count}</strong></li>
        ))}
      </ul>
      <div className="records__filters">
        <span className="paged__field">
          <label htmlFor={levelId}>{t('team.level')}</label>
          <select id={levelId} value={level} onChange={(e) => setLevel(Number(e.target.value))}>
            <option value={0}>{t('team.allLevels')}</option>
            {s.team.map((l) => <option key={l.level} value={l.level}>{t('team.levelN', { level: l.level })}</option>)}
          </select>
        </span>
      </div>
      {desktop ? (
        <PagedTable caption={caption} columns={columns} view={view} intents={intents} rowKey={(m) => m.userId} empty={t('team.empty')} />
      ) : (
        <InfiniteList
          label={caption}
          view={view}
          intents={intents}
          rowKey={(m) => m.userId}
          empty={t('team.empty')}
          render={(m) => (
            <div className="records__card">
              <strong>{m.username}</strong>
              <span>{t('team.levelN', { level: m.level })}</span>
              <span>{t('team.deposits')}: <MoneyText value={m.deposits} /></span>
              <span>{t('team.bets')}: <MoneyText value={m.bets} /></span>
              <span className="records__muted">{m.registeredAt}</span>
            </div>
          )}
        />
      )}
    </section>
  )
}

/** The closed periods: window, commission and whether it was received. */
const Periods = ({ currency }: { currency: string }) => {
  const { t } = useTranslation('promote')
  const desktop = useMedia(DESKTOP_QUERY)
  const { view, intents } = usePagedList(promotePeriodsActor, {})
  const caption = t('periods.title')
  const status = (p: CommissionPeriod) => t(`periods.status${p.status}`)
  const columns: ReadonlyArray<Column<CommissionPeriod>> = [
    { key: 'from', header: t('periods.from'), cell: (p) => p.from },
    { key: 'to', header: t('periods.to'), cell: (p) => p.to },
    { key: 'amount', header: t('periods.amount'), cell: (p) => <MoneyText value={p.amount} currency={currency} />, align: 'end' },
    { key: 'status', header: t('periods.status'), cell: status },
  ]
  return (
    <section aria-labelledby="promote-periods" className="records">
      <h2 id="promote-periods" className="section-title">{caption}</h2>
      {desktop ? (
        <PagedTable caption={caption} columns={columns} view={view} intents={intents} rowKey={(p) => p.id} empty={t('periods.empty')} />
      ) : (
        <InfiniteList
          label={caption}
          view={view}
          intents={intents}
          rowKey={(p) => p.id}
          empty={t('periods.empty')}
          render={(p) => (
            <div className="records__card">
              <strong><MoneyText value={p.amount} currency={currency} /></strong>
              <span>{status(p)}</span>
              <span className="records__muted">{p.from} – {p.to}</span>
            </div>
          )}
        />
      )}
    </section>
  )
}
