import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { exchangeActor, extractActor, extractAllActor, wheelTasksActor, wordsActor } from '../../../actors/wheel'
import { useCommand, useQuery, useSend } from '../../system-react'
import { MoneyText } from '../../ui/MoneyText'
import { DESKTOP_QUERY, useMedia } from '../../ui/useMedia'
import { useSessionView } from '../shell/session-view'
import { TaskLine } from './WheelPanel'
import './wheel.css'

/**
 * A word collection (activity type 18) on the event centre's detail page: the words with how many
 * the player holds, draw one or all (the hall draws), the sets with their reward and an exchange
 * button when one of each word is held, the tasks that earn draws. The balance is the wallet's.
 */
export const WordsPanel = ({ activeId }: { readonly activeId: number }) => {
  const { t } = useTranslation('wheel')
  const send = useSend()
  const session = useSessionView()
  const desktop = useMedia(DESKTOP_QUERY)
  const words = useQuery(wordsActor)
  const tasks = useQuery(wheelTasksActor)
  const extract = useCommand(extractActor)
  const extractAll = useCommand(extractAllActor)
  const exchange = useCommand(exchangeActor)
  useEffect(() => {
    send({ type: 'wheel.opened', activeId, kind: 'words' })
  }, [send, activeId])
  if (!session.real) {
    return (
      <p>
        <button type="button" className="button button--primary" onClick={() => send({ type: 'popup.openRequested', popup: session.guest ? 'register' : 'login' })}>
          {t('words.signIn')}
        </button>
      </p>
    )
  }
  const d = words.data !== null && words.data.activeId === activeId ? words.data : null
  if (d === null) return <p>{words.status === 'failed' ? t('failed') : t('loading')}</p>
  const device = desktop ? 3 : 4
  const busy = extract.view.status === 'submitting' || extractAll.view.status === 'submitting' || exchange.view.status === 'submitting'
  const drawn = extractAll.view.status === 'succeeded' ? extractAll.view.result : extract.view.status === 'succeeded' ? extract.view.result : null
  const problem = extract.view.formError ?? extractAll.view.formError ?? exchange.view.formError
  return (
    <section className="play" aria-labelledby="words-title">
      <h2 id="words-title" className="section-title">{t('words.title')}</h2>
      <ul className="words" aria-label={t('words.collected')}>
        {d.words.map((w) => (
          <li key={w.wordId} className={`words__card${w.count > 0 ? ' words__card--held' : ''}`} aria-label={t('words.held', { word: w.word, count: w.count })}>
            <span className="words__letter" aria-hidden="true">{w.word}</span>
            <span className="words__count" aria-hidden="true">×{w.count}</span>
          </li>
        ))}
      </ul>
      <div className="play__bar">
        <button type="button" className="button button--primary" disabled={busy || d.chances === 0} onClick={() => extract.submit({ activeId, requestDeviceType: device })}>
          {t('words.draw')}
        </button>
        <button type="button" className="button button--ghost" disabled={busy || d.chances === 0} onClick={() => extractAll.submit({ activeId, requestDeviceType: device })}>
          {t('words.drawAll')}
        </button>
        <span className="play__chances">{t('words.chances', { count: d.chances })}</span>
      </div>
      {problem !== null && <p className="field__error" role="alert">{t(problem)}</p>}
      <p role="status" className="play__result">
        {exchange.view.status === 'succeeded' && exchange.view.result !== null
          ? t('words.exchanged', { amount: exchange.view.result.amount })
          : drawn !== null ? t('words.drawn', { words: drawn.cards.map((c) => c.word).join(' ') }) : ''}
      </p>
      <ul className="play__sets" role="list">
        {d.groups.map((g) => (
          <li key={g.groupId} className="play__set">
            <span className="play__set-name">{g.title}</span>
            <MoneyText value={g.amount} />
            <button
              type="button"
              className="button button--primary button--small"
              disabled={busy || !g.complete}
              aria-label={t('words.exchangeSet', { set: g.title })}
              onClick={() => exchange.submit({ activeId, groupId: g.groupId, requestDeviceType: device })}
            >
              {t('words.exchange')}
            </button>
          </li>
        ))}
      </ul>
      {(tasks.data?.list.length ?? 0) > 0 && (
        <section aria-labelledby="words-tasks">
          <h3 id="words-tasks" className="section-title">{t('tasks')}</h3>
          <ul className="play__tasks" role="list">
            {tasks.data?.list.map((task) => <TaskLine key={task.taskId} task={task} unit="draws" />)}
          </ul>
        </section>
      )}
    </section>
  )
}
