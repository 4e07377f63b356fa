import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { selectSiteCode } from '../../../actors/site'
import {
  anyTaskReceivable, goOf, progressOf, taskBoxActor, taskBoxesActor, taskGroupsActor, taskListActor, taskReceiveActor, taskReceiveAllActor,
  type TaskGo, type TaskItem, type VitalityBox,
} from '../../../actors/tasks'
import { useActor, useCommand, useQuery, useSend } from '../../system-react'
import { Badge } from '../../ui/Badge'
import { Modal } from '../../ui/Modal'
import { MoneyText } from '../../ui/MoneyText'
import { PageFrame } from '../pages/PageFrame'
import { useNavigate } from '../routing/nav-hooks'
import './tasks.css'

/** Carries out a task's 'go' (actors/tasks goOf): a route, a global popup, the music library or an external address. */
const useGo = (): ((go: TaskGo) => void) => {
  const send = useSend()
  const navigate = useNavigate()
  return (go) => {
    switch (go.kind) {
      case 'route':
        return navigate(go.name, go.query === undefined ? {} : { query: go.query })
      case 'popup':
        return send({ type: 'popup.openRequested', popup: go.popup })
      case 'music':
        return send({ type: 'music.libraryOpened' })
      case 'url':
        window.open(go.url, '_blank', 'noopener')
        return
      case 'none':
        return
    }
  }
}

/** Whether a task shows its figures (a recharge or bet amount) rather than done / not done. */
const hasAmounts = (t: TaskItem): boolean => t.condition > 0

/**
 * The task centre (spec screens §2 global popup task and /home/event/task; calls §7.10): the
 * groups (newcomer, daily) with their receivable counts; the day's vitality and its boxes, each
 * opened once its need is reached; the group's tasks, each with its reward, vitality, progress and
 * state, a 'go' that takes the player where it is done (closing the popup first), or its receive;
 * receive-all, enabled while a prize waits. Every state and amount is the hall's.
 */
export const TaskCentre = ({ beforeGo }: { beforeGo?: () => void }) => {
  const { t } = useTranslation('tasks')
  const send = useSend()
  const go = useGo()
  const siteCode = useActor('site', selectSiteCode)
  const [template, setTemplate] = useState('newcomer')
  const groups = useQuery(taskGroupsActor)
  const list = useQuery(taskListActor)
  const boxes = useQuery(taskBoxesActor)
  const receive = useCommand(taskReceiveActor)
  const receiveAll = useCommand(taskReceiveAllActor)
  const openBox = useCommand(taskBoxActor)
  useEffect(() => {
    send({ type: 'tasks.opened', template: 'newcomer', siteCode })
  }, [send, siteCode])
  // Leaving the task centre forgets the last receipts.
  useEffect(
    () => () => {
      for (const id of [taskReceiveActor.id, taskReceiveAllActor.id, taskBoxActor.id]) send({ type: 'command.reset', command: id })
    },
    [send],
  )
  const choose = (next: string) => {
    setTemplate(next)
    send({ type: 'tasks.groupChosen', template: next })
  }
  const commands = [receive, receiveAll, openBox]
  // One receipt is shown at a time: a new one forgets the others'.
  const only = <P,>(c: { readonly submit: (p: P) => void }, payload: P) => {
    for (const other of commands) if (other !== c) other.reset()
    c.submit(payload)
  }
  const busy = commands.some((c) => c.view.status === 'submitting')
  const last = commands.find((c) => c.view.status === 'succeeded')
  const outcome = last?.view.status === 'succeeded' ? last.view.result : null
  const formError = commands.map((c) => c.view.formError).find((e) => e !== null) ?? null
  const tasks = list.data ?? []
  const doGo = (task: TaskItem) => {
    beforeGo?.()
    go(goOf(task))
  }
  const boxName = (b: VitalityBox): string => t('box', { need: b.need })

  if (groups.data === null && list.data === null) {
    return groups.status === 'failed' || list.status === 'failed' ? (
      <p role="alert">
        {t('failed')}{' '}
        <button type="button" className="button button--ghost button--small" onClick={() => {
          send({ type: 'query.refreshRequested', query: taskGroupsActor.id })
          send({ type: 'query.refreshRequested', query: taskListActor.id })
          send({ type: 'query.refreshRequested', query: taskBoxesActor.id })
        }}>{t('retry')}</button>
      </p>
    ) : <p className="tasks__meta">{t('loading')}</p>
  }
  return (
    <div className="tasks">
      {groups.data !== null && (
        <div className="tasks__groups" role="group" aria-label={t('groups')}>
          {groups.data.map((g) => (
            <button
              key={g.template}
              type="button"
              className={`button button--small ${g.template === template ? 'button--primary' : 'button--ghost'}`}
              aria-pressed={g.template === template}
              onClick={() => choose(g.template)}
            >
              {g.title}
              {g.receivable > 0 && <Badge count={g.receivable} label={t('waiting', { n: g.receivable })} />}
            </button>
          ))}
        </div>
      )}
      {boxes.data !== null && boxes.data.boxes.length > 0 && (
        <section className="tasks__vitality" aria-labelledby="tasks-boxes">
          <div className="tasks__head">
            <h3 id="tasks-boxes" className="tasks__heading">{t('boxes')}</h3>
            <span className="tasks__points">{t('vitality', { vitality: boxes.data.vitality })}</span>
          </div>
          <progress
            className="tasks__meter"
            aria-label={t('vitalityBar')}
            max={Math.max(...boxes.data.boxes.map((b) => b.need))}
            value={Math.min(boxes.data.vitality, Math.max(...boxes.data.boxes.map((b) => b.need)))}
          />
          <ul className="tasks__boxes" role="list">
            {boxes.data.boxes.map((b) => (
              <li key={b.boxId} className={`tasks__box tasks__box--${b.status}`} aria-label={boxName(b)}>
                <span className="tasks__box-name">{boxName(b)}</span>
                <span className="tasks__reward"><MoneyText value={b.reward} /></span>
                <span className="tasks__status">{t(`boxStatus.${b.status}`, { defaultValue: t(`status.${b.status}`) })}</span>
                {b.status === 0 && (
                  <button type="button" className="button button--primary button--small" disabled={busy} aria-label={t('openBox', { need: b.need })} onClick={() => only(openBox, { boxId: b.boxId })}>
                    {t('open')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="tasks-list">
        <div className="tasks__head">
          <h3 id="tasks-list" className="tasks__heading">{groups.data?.find((g) => g.template === template)?.title ?? t('title')}</h3>
          <button
            type="button"
            className="button button--primary button--small"
            disabled={!anyTaskReceivable(tasks) || busy}
            onClick={() => only(receiveAll, { template })}
          >
            {t('receiveAll')}
          </button>
        </div>
        {formError !== null && <p className="field__error" role="alert">{t(formError)}</p>}
        {outcome !== null && <p role="status" className="tasks__received">{t('received', { amount: outcome.amount })}</p>}
        {list.data !== null && tasks.length === 0 && <p className="tasks__meta">{t('empty')}</p>}
        <ul className="tasks__list" role="list" aria-busy={list.status === 'loading'}>
          {tasks.map((task) => (
            <li key={task.taskId} className={`tasks__item tasks__item--${task.status}`} aria-label={task.title}>
              <span className="tasks__name">{task.title}</span>
              <span className="tasks__reward">
                <MoneyText value={task.reward} />
                {task.vitality > 0 && <span className="tasks__meta"> {t('points', { points: task.vitality })}</span>}
              </span>
              <progress className="tasks__meter" aria-label={t('progressOf', { task: task.title })} max={100} value={progressOf(task)} />
              <span className="tasks__status">
                <span>{t(`status.${task.status}`)}</span>
                {hasAmounts(task) && (
                  <span className="tasks__figures"> · <MoneyText value={task.done} /> / <MoneyText value={task.need} /></span>
                )}
              </span>
              {task.status === 0 && (
                <button type="button" className="button button--primary button--small" disabled={busy} aria-label={t('receiveOne', { task: task.title })} onClick={() => only(receive, { taskId: task.taskId })}>
                  {t('receive')}
                </button>
              )}
              {task.status === 3 && goOf(task).kind !== 'none' && (
                <button type="button" className="button button--ghost button--small" aria-label={t('goTo', { task: task.title })} onClick={() => doGo(task)}>
                  {t('go')}
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

/** The global task popup (spec screens §2): the task centre in a dialog; a task's 'go' closes it first. */
export const TaskPopup = ({ open, showCloseButton, fullScreen, onClose }: { open: boolean; showCloseButton: boolean; fullScreen: boolean; onClose: (() => void) | undefined }) => {
  const { t } = useTranslation('tasks')
  const { t: shell } = useTranslation()
  return (
    <Modal open={open} title={t('title')} onClose={onClose} showCloseButton={showCloseButton} closeLabel={shell('close')} fullScreen={fullScreen} className="tasks-popup">
      <TaskCentre {...(onClose === undefined ? {} : { beforeGo: onClose })} />
    </Modal>
  )
}

/** /home/event/task (private): the task centre as a page. */
export const TaskPage = () => {
  const { t } = useTranslation('tasks')
  return (
    <PageFrame title={t('title')}>
      <TaskCentre />
    </PageFrame>
  )
}
