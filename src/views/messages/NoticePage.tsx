import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { unreadActor } from '../../../actors/badges'
import {
  messageDeleteActor, messageReadActor, messageReadAllActor, messageReceiveActor, noticesActor, type Notice, type NoticeType,
} from '../../../actors/messages'
import { selectQuery } from '../../../actors/nav'
import { useActor, useCommand, usePagedList, useQuery } from '../../system-react'
import { Badge } from '../../ui/Badge'
import { Tabs, buttonTab } from '../../ui/Tabs'
import { Modal } from '../../ui/Modal'
import { MoneyText } from '../../ui/MoneyText'
import { InfiniteList } from '../../ui/paged/InfiniteList'
import { PagedTable } from '../../ui/paged/PagedTable'
import type { Column } from '../../ui/paged/types'
import { sanitizeOperatorHtml } from '../../ui/sanitize'
import { DESKTOP_QUERY, useMedia } from '../../ui/useMedia'
import { PageFrame } from '../pages/PageFrame'
import { useNavigate } from '../routing/nav-hooks'
import './messages.css'

/** The message centre's tabs by the spec's noticeType (notice 1, announcement 2). */
const TABS = [
  { type: 1, key: 'notice', label: 'tab.notice' },
  { type: 2, key: 'announcement', label: 'tab.announcement' },
] as const

/** The tab a noticeType query names (notice when it names none). */
const typeOf = (query: string | undefined): 1 | 2 => (query === '2' ? 2 : 1)

/**
 * The message centre (screens §2 /home/notice with noticeType; §3 notice store; §9 notices 5 a
 * page): notices and announcements as tabs with their unread counts, 5 a page (a table with its
 * pager on the web, cards that load on scrolling on a phone), read all, and each message opened
 * in a dialog that marks it read, shows its sanitized content, receives its award and deletes it.
 * Every count follows at once: the commands announce `messages.changed`, on which the list and the
 * unread counts read again.
 */
export const NoticePage = () => {
  const { t } = useTranslation('messages')
  const navigate = useNavigate()
  const type = typeOf(useActor('nav', selectQuery)['noticeType'])
  const unread = useQuery(unreadActor).data
  const unreadOf = (t: NoticeType): number => (t === 1 ? unread?.notice : t === 2 ? unread?.announcement : 0) ?? 0
  const desktop = useMedia(DESKTOP_QUERY)
  const { view, intents } = usePagedList(noticesActor, { type })
  const readAll = useCommand(messageReadAllActor)
  const [openId, setOpenId] = useState<number | null>(null)
  const opened = view.rows.find((r) => r.id === openId) ?? null

  const title = (n: Notice) => (
    <button type="button" className="messages__open" onClick={() => setOpenId(n.id)} aria-label={t(n.isRead === 1 ? 'openRead' : 'openUnread', { title: n.title })}>
      {n.isRead === 0 && <span className="messages__dot" aria-hidden="true" />}
      <span className={n.isRead === 0 ? 'messages__title messages__title--unread' : 'messages__title'}>{n.title}</span>
    </button>
  )
  const award = (n: Notice) => (n.awardStatus === -1 ? null : (
    <span className="messages__award">
      <MoneyText value={n.award} /> · {t(`award.${n.awardStatus}`)}
    </span>
  ))
  const columns: ReadonlyArray<Column<Notice>> = [
    { key: 'title', header: t('column.title'), cell: title },
    { key: 'time', header: t('column.time'), cell: (n) => n.createdAt },
    { key: 'award', header: t('column.award'), cell: (n) => award(n) ?? '—' },
  ]
  const caption = t(type === 1 ? 'tab.notice' : 'tab.announcement')
  return (
    <PageFrame title={t('title')}>
      <div className="messages">
        <Tabs
          label={t('title')}
          className="messages__tabs"
          items={TABS.map((x) => ({ key: x.type, label: t(x.label), extra: <Badge count={unreadOf(x.type)} label={t('unread', { count: unreadOf(x.type) })} /> }))}
          selected={type}
          onSelect={(x) => {
            setOpenId(null)
            navigate('notice', { query: { noticeType: String(x) }, replace: true })
          }}
          tabClassName={buttonTab}
          wrapList={(list) => (
            <div className="messages__bar">
              {list}
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={unreadOf(type) === 0 || readAll.view.status === 'submitting'}
                onClick={() => readAll.submit({ type })}
              >
                {t('readAll')}
              </button>
            </div>
          )}
        >
          {desktop ? (
            <PagedTable caption={caption} columns={columns} view={view} intents={intents} rowKey={(n) => String(n.id)} empty={t('empty')} />
          ) : (
            <InfiniteList
              label={caption}
              view={view}
              intents={intents}
              rowKey={(n) => String(n.id)}
              empty={t('empty')}
              render={(n) => (
                <div className="messages__card">
                  {title(n)}
                  <span className="messages__time">{n.createdAt}</span>
                  {award(n)}
                </div>
              )}
            />
          )}
        </Tabs>
      </div>
      {opened !== null && <NoticeDialog notice={opened} onClose={() => setOpenId(null)} />}
    </PageFrame>
  )
}

/**
 * One message, opened: read on opening (once, when it was unread), its content sanitized (operator
 * HTML: no script, handler or javascript: link survives), its award received here, deleted here
 * (the hall keeps a message whose award is still to receive, so the button waits for it).
 */
const NoticeDialog = ({ notice, onClose }: { notice: Notice; onClose: () => void }) => {
  const { t } = useTranslation('messages')
  const { t: auth } = useTranslation('auth')
  const read = useCommand(messageReadActor)
  const remove = useCommand(messageDeleteActor)
  const receive = useCommand(messageReceiveActor)
  const { submit: markRead } = read
  const { reset: resetReceive } = receive
  const unread = notice.isRead === 0
  useEffect(() => {
    if (unread) markRead({ ids: [notice.id] })
  }, [markRead, notice.id, unread])
  useEffect(() => resetReceive, [resetReceive, notice.id])
  const receivable = notice.awardStatus === 0
  return (
    <Modal open title={notice.title} onClose={onClose} showCloseButton closeLabel={auth('close')} className="messages__dialog">
      <p className="messages__time">{notice.createdAt}</p>
      <div className="messages__content" dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(notice.content) }} />
      {notice.awardStatus !== -1 && (
        <p className="messages__award">
          {t('awardOf')} <MoneyText value={notice.award} /> · {t(`award.${notice.awardStatus}`)}
        </p>
      )}
      {receive.view.formError !== null && <p className="field__error" role="alert">{t(receive.view.formError)}</p>}
      {receive.view.status === 'succeeded' && receive.view.result !== null && (
        <p role="status">{Number(receive.view.result.amount) > 0 ? t('received', { amount: receive.view.result.amount }) : t('receivedBefore')}</p>
      )}
      <div className="messages__actions">
        {receivable && (
          <button type="button" className="button button--primary" disabled={receive.view.status === 'submitting'} onClick={() => receive.submit({ id: notice.id })}>
            {t('receive')}
          </button>
        )}
        <button
          type="button"
          className="button button--ghost"
          disabled={receivable || remove.view.status === 'submitting'}
          title={receivable ? t('deleteAfterAward') : undefined}
          onClick={() => {
            remove.submit({ ids: [notice.id] })
            onClose()
          }}
        >
          {t('delete')}
        </button>
      </div>
    </Modal>
  )
}
