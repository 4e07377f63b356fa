import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pointsActor, spinActor, wheelInfoActor, wheelTasksActor, type WheelTask } from '../../../actors/wheel'
import { useCommand, usePagedList, useQuery, useSend } from '../../system-react'
import { MoneyText } from '../../ui/MoneyText'
import { InfiniteList } from '../../ui/paged/InfiniteList'
import { PagedTable } from '../../ui/paged/PagedTable'
import { DESKTOP_QUERY, useMedia } from '../../ui/useMedia'
import { useSessionView } from '../shell/session-view'
import { labelAt, landingAngle, prizeAtAngle, slicePath } from './angle'
import './wheel.css'

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'
const R = 150

/** A task's line: what it needs and the chances it gives. */
export const TaskLine = ({ task, unit }: { task: WheelTask; unit: 'spins' | 'draws' }) => {
  const { t } = useTranslation('wheel')
  return (
    <li className={`play__task play__task--${task.status}`}>
      <span>{t(task.condition === 1 ? 'task.deposit' : 'task.bet', { need: task.need })}</span>
      <span>{t(`task.${unit}`, { count: task.spins })}</span>
      <progress className="play__meter" max={100} value={Math.min(100, (Number(task.done) / Math.max(Number(task.need), 1e-9)) * 100)} aria-label={t('task.progress', { done: task.done, need: task.need })} />
      <span className="play__state">{t(`task.status.${task.status}`)}</span>
    </li>
  )
}

/**
 * A lucky wheel (activity types 2, 20) on the event centre's detail page: the wheel with its
 * prizes, the spin button with the spins left, the tasks and points that earn spins, the points
 * record and the winners. A spin asks the hall; the wheel turns to the prize the hall answered
 * (landingAngle, a pure function of the answer) and the result shows when it stops; with reduced
 * motion it stands at the prize at once. The balance is the wallet's (the spin's answer reports it).
 */
export const WheelPanel = ({ activeId }: { readonly activeId: number }) => {
  const { t } = useTranslation('wheel')
  const send = useSend()
  const session = useSessionView()
  const desktop = useMedia(DESKTOP_QUERY)
  const reduced = useMedia(REDUCED_MOTION)
  const info = useQuery(wheelInfoActor)
  const tasks = useQuery(wheelTasksActor)
  const spin = useCommand(spinActor)
  const points = usePagedList(pointsActor, { activeId })
  useEffect(() => {
    send({ type: 'wheel.opened', activeId, kind: 'wheel' })
  }, [send, activeId])
  const data = info.data !== null && info.data.activeId === activeId ? info.data : null
  const prizes = data?.prizes ?? []
  // The last spin's answer, when it is of this wheel (a prize of another wheel is not shown here).
  const answered = spin.view.status === 'succeeded' ? spin.view.result : null
  const result = answered !== null && prizes.some((p) => p.prizeId === answered.prizeId) ? answered : null
  // The spins shown on this page: a result already there when it opened stands at its prize.
  const seen = useRef<string | null>(result?.drawId ?? null)
  const [turn, setTurn] = useState(result === null ? 0 : 1)
  const [landed, setLanded] = useState(true)
  useEffect(() => {
    if (result === null || result.drawId === seen.current) return
    seen.current = result.drawId
    setTurn((n) => n + 1)
    setLanded(reduced)
  }, [result, reduced])
  const angle = result === null ? 0 : landingAngle(result.index, prizes.length, turn)
  const spinning = spin.view.status === 'submitting' || !landed
  const spinsLeft = data?.spins ?? 0
  const onSpin = () => {
    if (!session.real) {
      send({ type: 'popup.openRequested', popup: session.guest ? 'register' : 'login' })
      return
    }
    spin.submit({ activeId, requestDeviceType: desktop ? 3 : 4 })
  }
  if (data === null) return <p>{info.status === 'failed' ? t('failed') : t('loading')}</p>
  return (
    <section className="play" aria-labelledby="wheel-title">
      <h2 id="wheel-title" className="section-title">{t('wheel.title')}</h2>
      <div className="wheel">
        <span className="wheel__pointer" aria-hidden="true" />
        <svg
          className={`wheel__disc${reduced ? '' : ' wheel__disc--animated'}`}
          viewBox={`0 0 ${2 * R} ${2 * R}`}
          role="img"
          aria-label={t('wheel.label', { count: prizes.length })}
          data-angle={angle}
          data-landed={result === null || !landed ? '' : String(prizeAtAngle(angle, prizes.length))}
          style={{ transform: `rotate(${angle}deg)` }}
          onTransitionEnd={() => setLanded(true)}
        >
          {prizes.map((p, i) => {
            const l = labelAt(i, prizes.length, R)
            return (
              <g key={p.prizeId}>
                <path d={slicePath(i, prizes.length, R)} className={`wheel__slice wheel__slice--${i % 2}`} />
                <text x={l.x} y={l.y} className={`wheel__text wheel__text--${i % 2}`} transform={`rotate(${l.rotate} ${l.x} ${l.y})`} textAnchor="middle" dominantBaseline="middle">
                  {Number(p.amount) > 0 ? p.amount : t('wheel.tryAgain')}
                </text>
              </g>
            )
          })}
        </svg>
      </div>
      <ul className="wheel__prizes" aria-label={t('wheel.prizes')}>
        {prizes.map((p) => <li key={p.prizeId}>{Number(p.amount) > 0 ? <MoneyText value={p.amount} /> : t('wheel.tryAgain')}</li>)}
      </ul>
      <div className="play__bar">
        <button type="button" className="button button--primary" disabled={spinning || (session.real && spinsLeft === 0)} onClick={onSpin}>
          {t('wheel.spin')}
        </button>
        <span className="play__chances">{t('wheel.spinsLeft', { count: spinsLeft })}</span>
      </div>
      {spin.view.formError !== null && <p className="field__error" role="alert">{t(spin.view.formError)}</p>}
      <p role="status" className="play__result">
        {result !== null && landed ? (Number(result.amount) > 0 ? t('wheel.won', { amount: result.amount, prize: result.title }) : t('wheel.noPrize')) : ''}
      </p>
      <p className="play__points">{Number(data.pointsPerSpin) > 0 ? t('wheel.points', { points: data.points, per: data.pointsPerSpin }) : null}</p>
      {session.real && (tasks.data?.list.length ?? 0) > 0 && (
        <section aria-labelledby="wheel-tasks">
          <h3 id="wheel-tasks" className="section-title">{t('tasks')}</h3>
          <ul className="play__tasks" role="list">
            {tasks.data?.list.map((task) => <TaskLine key={task.taskId} task={task} unit="spins" />)}
          </ul>
        </section>
      )}
      {session.real && Number(data.pointsPerSpin) > 0 && (
        <section aria-labelledby="wheel-points">
          <h3 id="wheel-points" className="section-title">{t('wheel.pointsRecord')}</h3>
          {desktop ? (
            <PagedTable
              caption={t('wheel.pointsRecord')}
              columns={[
                { key: 'time', header: t('time'), cell: (r) => r.createdAt },
                { key: 'game', header: t('game'), cell: (r) => r.title },
                { key: 'points', header: t('points'), cell: (r) => r.integral },
              ]}
              view={points.view}
              intents={points.intents}
              rowKey={(r) => r.id}
              empty={t('wheel.noPoints')}
            />
          ) : (
            <InfiniteList
              label={t('wheel.pointsRecord')}
              view={points.view}
              intents={points.intents}
              rowKey={(r) => r.id}
              empty={t('wheel.noPoints')}
              render={(r) => <div className="play__log"><span>{r.title}</span> <span>+{r.integral}</span> <span className="events__meta">{r.createdAt}</span></div>}
            />
          )}
        </section>
      )}
      {data.winners.length > 0 && (
        <section aria-labelledby="wheel-winners">
          <h3 id="wheel-winners" className="section-title">{t('winners')}</h3>
          <ul className="play__winners" role="list">
            {data.winners.map((w, i) => (
              <li key={`${w.username}-${w.time}-${i}`}>{w.username} · <MoneyText value={w.amount} /> · <span className="events__meta">{w.time}</span></li>
            ))}
          </ul>
        </section>
      )}
    </section>
  )
}
