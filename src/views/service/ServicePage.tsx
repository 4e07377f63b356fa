import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { opensInFrame, selectServiceDue, staffActor, webTransActor, type OnlineCustomer } from '../../../actors/service'
import { selectServiceDirect } from '../../../actors/site'
import { selectQuery } from '../../../actors/nav'
import { useActor, useQuery, useSend } from '../../system-react'
import { Icon } from '../../ui/Icon'
import { Modal } from '../../ui/Modal'
import { sanitizeOperatorHtml } from '../../ui/sanitize'
import { PageFrame } from '../pages/PageFrame'
import './service.css'

const NO_AGENTS: ReadonlyArray<OnlineCustomer> = []

/** Opens an agent outside the lobby: a new window that cannot reach back into the lobby. */
const openOutside = (url: string): void => {
  window.open(url, '_blank', 'noopener,noreferrer')
}

/**
 * Customer service (screens §2 /home/service; §3 customer service): the site's online agents,
 * each opened in the lobby's modal iframe (openType 1) or in a new window; the operator's embed
 * markup (customerCode) shown sanitized; the common questions in the interface language
 * (getWebTrans). With questionListDisplay 1 the page goes straight to the first online agent and
 * shows no common questions (spec §2); that agent, or the one the menu chose, opens after the
 * customer-service delay of 500 ms (the serviceopen actor).
 */
export const ServicePage = () => {
  const { t, i18n } = useTranslation('service')
  const send = useSend()
  const direct = useActor('site', selectServiceDirect)
  // ?agent=<n>: the agent the menu's popover chose (openType 1 opens here, in the frame).
  const chosen = useActor('nav', selectQuery)['agent']
  const staff = useQuery(staffActor)
  const questions = useQuery(webTransActor)
  const [framed, setFramed] = useState<OnlineCustomer | null>(null)
  const agents = staff.data ?? NO_AGENTS
  useEffect(() => {
    send({ type: 'service.opened', language: i18n.language })
  }, [send, i18n.language])
  const open = (agent: OnlineCustomer) => (opensInFrame(agent) ? setFramed(agent) : openOutside(agent.customerUrl))
  // questionListDisplay 1: straight to the first online agent, once the agents are known; an agent
  // the menu chose, in its place.
  const wentStraight = useRef(false)
  const picked = chosen === undefined ? undefined : agents[Number(chosen)]
  const openedPick = useRef<string | null>(null)
  useEffect(() => {
    if (picked === undefined || chosen === undefined || openedPick.current === chosen || staff.status !== 'ready') return
    openedPick.current = chosen
    wentStraight.current = true
    send({ type: 'service.agentChosen', index: Number(chosen) })
  }, [picked, chosen, staff.status, send])
  const first = agents[0]
  useEffect(() => {
    if (!direct || wentStraight.current || first === undefined || staff.status !== 'ready') return
    wentStraight.current = true
    send({ type: 'service.agentChosen', index: 0 })
  }, [direct, first, staff.status, send])
  // The agent the page chose opens after the customer-service delay (the serviceopen actor), once.
  const due = useActor('serviceopen', selectServiceDue)
  const openedDue = useRef(due?.n ?? 0)
  useEffect(() => {
    if (due === null || due.n === openedDue.current) return
    openedDue.current = due.n
    const agent = agents[due.index]
    if (agent === undefined) return
    if (opensInFrame(agent)) setFramed(agent)
    else openOutside(agent.customerUrl)
  }, [due, agents])
  return (
    <PageFrame title={t('title')}>
      <div className="service">
        <section aria-labelledby="service-agents">
          <h2 id="service-agents" className="section-title">{t('agents')}</h2>
          {staff.status === 'failed' ? (
            <p role="alert">
              {t('failed')}{' '}
              <button type="button" className="button button--ghost button--small" onClick={() => send({ type: 'query.refreshRequested', query: 'staff' })}>{t('retry')}</button>
            </p>
          ) : agents.length === 0 ? (
            <p>{staff.status === 'ready' ? t('offline') : t('loading')}</p>
          ) : (
            <ul className="service__agents" role="list">
              {agents.map((a) => (
                <li key={`${a.customerName}-${a.customerUrl}`} className="service__agent card">
                  <Icon name="headset" className="service__icon" />
                  <div className="service__who">
                    <strong>{a.customerName}</strong>
                    {a.customerCode !== '' && <div className="service__code" dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(a.customerCode) }} />}
                  </div>
                  <button type="button" className="button button--primary button--small" onClick={() => open(a)} aria-label={t(opensInFrame(a) ? 'chatWith' : 'chatOutside', { name: a.customerName })}>
                    {t(opensInFrame(a) ? 'chat' : 'openOutside')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        {!direct && (questions.data ?? []).length > 0 && (
          <section aria-labelledby="service-questions">
            <h2 id="service-questions" className="section-title">{t('questions')}</h2>
            <div className="service__questions">
              {(questions.data ?? []).map((q) => (
                <details key={q.transName} className="service__question">
                  <summary>{q.transName}</summary>
                  <p>{q.transContent}</p>
                </details>
              ))}
            </div>
          </section>
        )}
      </div>
      {framed !== null && (
        <Modal open title={framed.customerName} onClose={() => setFramed(null)} showCloseButton closeLabel={t('close')} className="service__dialog">
          <iframe className="service__frame" src={framed.customerUrl} title={t('chatFrame', { name: framed.customerName })} sandbox="allow-scripts allow-forms allow-same-origin allow-popups" />
        </Modal>
      )}
    </PageFrame>
  )
}
