import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { selectIsLoggedIn, selectUsername } from '../../../actors/session'
import { feedbackImageActor, feedbackReadActor, feedbacksActor, feedbackSubmitActor, feedbackTextProblem, type Feedback, type FeedbackType } from '../../../actors/feedback'
import {
  FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_IMAGE_TYPES, FEEDBACK_MAX_CHARS, FEEDBACK_TYPES, type FeedbackImageType,
} from '../../../schemas/hall/calls/feedback'
import { useActor, useCommand, usePagedList, useQuery, useSend } from '../../system-react'
import { Badge } from '../../ui/Badge'
import { Modal } from '../../ui/Modal'
import { InfiniteList } from '../../ui/paged/InfiniteList'
import { PagedTable } from '../../ui/paged/PagedTable'
import type { Column } from '../../ui/paged/types'
import { DESKTOP_QUERY, useMedia } from '../../ui/useMedia'
import { FileUpload } from '../../ui/FileUpload'
import type { FileChoice, ReadFile } from '../../ui/file-upload'
import { SendDiagnostics } from '../diagnostics'
import { PageFrame } from '../pages/PageFrame'
import './feedback.css'

/** A screenshot chosen for sending. */
type Shot = ReadFile<FeedbackImageType>

/** The words of what is wrong with a chosen screenshot (keys of the feedback namespace). */
const IMAGE_PROBLEM = { type: 'error.imageType', size: 'error.imageSize' } as const

/**
 * Feedback (screens §2 /home/feedback; the hall's designed calls, docs/hall-protocol.md
 * "Feedback"): the form (a type, the text with its count, an optional screenshot, each checked
 * before sending and again by the hall), the player's earlier feedback with the operator's replies
 * (an unread reply marked until the player opens it), and the 'send diagnostics' entry. Texts and
 * replies are shown as text, never as markup.
 */
export const FeedbackPage = () => {
  const { t } = useTranslation('feedback')
  return (
    <PageFrame title={t('title')}>
      <div className="feedback">
        <FeedbackForm />
        <FeedbackList />
        <SendDiagnostics from="feedback" />
      </div>
    </PageFrame>
  )
}

export const FeedbackForm = () => {
  const { t } = useTranslation('feedback')
  const submit = useCommand(feedbackSubmitActor)
  const [type, setType] = useState<FeedbackType>(1)
  const [content, setContent] = useState('')
  const [shot, setShot] = useState<Shot | null>(null)
  const [textError, setTextError] = useState<string | null>(null)
  const [imageError, setImageError] = useState<string | null>(null)
  const [fileKey, setFileKey] = useState(0)
  const ids = { type: useId(), text: useId(), count: useId(), textError: useId(), image: useId() }
  const { reset } = submit
  useEffect(() => reset(), [reset])
  const status = submit.view.status
  // A feedback that went through starts a new one.
  useEffect(() => {
    if (status !== 'succeeded') return
    setContent('')
    setShot(null)
    setFileKey((k) => k + 1)
  }, [status])
  const formError = submit.view.formError
  const shownTextError = textError ?? (formError !== null && formError !== 'error.image' && formError !== 'error.tooMany' ? t(formError, { min: 10, max: FEEDBACK_MAX_CHARS }) : null)
  const shownImageError = imageError ?? (formError === 'error.image' ? t(formError) : null)
  const chars = [...content].length
  const send = () => {
    const problem = feedbackTextProblem(content)
    setTextError(problem === null ? null : t(problem, { min: 10, max: FEEDBACK_MAX_CHARS }))
    if (problem !== null || imageError !== null) return
    submit.submit({ type, content: content.trim(), ...(shot === null ? {} : { image: shot }) })
  }
  const choose = (choice: FileChoice<FeedbackImageType>) => {
    if (choice.kind === 'read') return setShot(choice.file)
    setShot(null)
    if (choice.kind === 'reading') return setImageError(null)
    setImageError(choice.kind === 'refused' ? t(IMAGE_PROBLEM[choice.problem], { kb: FEEDBACK_IMAGE_MAX_BYTES / 1024 }) : null)
  }
  return (
    <section className="feedback__form card" aria-labelledby="feedback-form-title">
      <h2 id="feedback-form-title" className="section-title">{t('form.title')}</h2>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          send()
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={ids.type}>{t('form.type')}</label>
          <select id={ids.type} className="field__input feedback__input" value={type} onChange={(e) => setType(Number(e.target.value) as FeedbackType)}>
            {FEEDBACK_TYPES.map((x) => <option key={x} value={x}>{t(`type.${x}`)}</option>)}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.text}>{t('form.content')}</label>
          <textarea
            id={ids.text}
            className="field__input feedback__input feedback__text"
            value={content}
            rows={5}
            placeholder={t('form.placeholder', { min: 10, max: FEEDBACK_MAX_CHARS })}
            aria-invalid={shownTextError !== null}
            aria-describedby={`${ids.count}${shownTextError === null ? '' : ` ${ids.textError}`}`}
            onChange={(e) => {
              setContent(e.target.value)
              setTextError(null)
            }}
          />
          <p id={ids.count} className={`feedback__count${chars > FEEDBACK_MAX_CHARS ? ' feedback__count--over' : ''}`}>{t('form.count', { count: chars, max: FEEDBACK_MAX_CHARS })}</p>
          {shownTextError !== null && <p id={ids.textError} className="field__error" role="alert">{shownTextError}</p>}
        </div>
        <FileUpload
          id={ids.image}
          label={t('form.image')}
          hint={t('form.imageHint', { kb: FEEDBACK_IMAGE_MAX_BYTES / 1024 })}
          types={FEEDBACK_IMAGE_TYPES}
          maxBytes={FEEDBACK_IMAGE_MAX_BYTES}
          nameMax={200}
          error={shownImageError}
          onChoose={choose}
          resetKey={fileKey}
          inputClassName="field__input feedback__input"
          hintClassName="feedback__muted"
        />
        {formError === 'error.tooMany' && <p className="field__error" role="alert">{t('error.tooMany')}</p>}
        {status === 'succeeded' && <p className="feedback__sent" role="status">{t('form.sent')}</p>}
        <button type="submit" className="button button--primary" disabled={status === 'submitting'}>
          {status === 'submitting' ? t('form.sending') : t('form.send')}
        </button>
      </form>
    </section>
  )
}

const FeedbackList = () => {
  const { t } = useTranslation('feedback')
  const send = useSend()
  const desktop = useMedia(DESKTOP_QUERY)
  // The list is the signed-in player's: opened before a sign-in (a page opened by its address), it is asked once they are in.
  const player = useActor('session', (s) => (selectIsLoggedIn(s) ? selectUsername(s) : null))
  const { view, intents } = usePagedList(feedbacksActor, { player: player ?? '' })
  const [openId, setOpenId] = useState<number | null>(null)
  const opened = view.rows.find((r) => r.id === openId) ?? null
  const unread = view.rows.filter((r) => r.reply_read === 0).length
  const open = (f: Feedback) => (
    <button type="button" className="feedback__open" onClick={() => setOpenId(f.id)} aria-label={t(f.reply === '' ? 'openNoReply' : f.reply_read === 0 ? 'openUnread' : 'openRead', { type: t(`type.${f.type}`), time: f.createdAt })}>
      <span className="feedback__type">{t(`type.${f.type}`)}</span>
      <span className="feedback__excerpt">{f.content}</span>
    </button>
  )
  const replyState = (f: Feedback) =>
    f.reply === '' ? <span className="feedback__muted">{t('reply.none')}</span> : f.reply_read === 0 ? <span className="feedback__new">{t('reply.new')}</span> : <span>{t('reply.read')}</span>
  const columns: ReadonlyArray<Column<Feedback>> = [
    { key: 'feedback', header: t('column.feedback'), cell: open },
    { key: 'time', header: t('column.time'), cell: (f) => f.createdAt },
    { key: 'reply', header: t('column.reply'), cell: replyState },
  ]
  return (
    <section className="feedback__mine" aria-labelledby="feedback-mine-title">
      <div className="feedback__bar">
        <h2 id="feedback-mine-title" className="section-title">
          {t('mine')} {unread > 0 && <Badge count={unread} label={t('unread', { count: unread })} />}
        </h2>
        <button type="button" className="button button--ghost button--small" disabled={view.status === 'loading'} onClick={() => send({ type: 'feedback.refreshRequested' })}>
          {t('refresh')}
        </button>
      </div>
      {desktop ? (
        <PagedTable caption={t('mine')} columns={columns} view={view} intents={intents} rowKey={(f) => String(f.id)} empty={t('empty')} />
      ) : (
        <InfiniteList
          label={t('mine')}
          view={view}
          intents={intents}
          rowKey={(f) => String(f.id)}
          empty={t('empty')}
          render={(f) => (
            <div className="feedback__card">
              {open(f)}
              <span className="feedback__time">{f.createdAt}</span>
              {replyState(f)}
            </div>
          )}
        />
      )}
      {opened !== null && <FeedbackDialog feedback={opened} onClose={() => setOpenId(null)} />}
    </section>
  )
}

/** One feedback, opened: its text, its screenshot on request, the reply (read on opening, once). */
const FeedbackDialog = ({ feedback, onClose }: { feedback: Feedback; onClose: () => void }) => {
  const { t } = useTranslation('feedback')
  const send = useSend()
  const read = useCommand(feedbackReadActor)
  const image = useQuery(feedbackImageActor)
  const imageOf = useActor('feedbackimage', (s) => (s.context.payload as { readonly id?: number } | null)?.id ?? null)
  const [showImage, setShowImage] = useState(false)
  const { submit: markRead } = read
  const unread = feedback.reply !== '' && feedback.reply_read === 0
  useEffect(() => {
    if (unread) markRead({ ids: [feedback.id] })
  }, [markRead, feedback.id, unread])
  const shown = showImage && imageOf === feedback.id && image.status === 'ready' ? image.data : null
  return (
    <Modal open title={t(`type.${feedback.type}`)} onClose={onClose} showCloseButton closeLabel={t('close')} className="feedback__dialog">
      <p className="feedback__time">{t('sentAt', { time: feedback.createdAt })}</p>
      <p className="feedback__content">{feedback.content}</p>
      {feedback.has_image === 1 && (
        showImage ? (
          shown !== null ? <img className="feedback__image" src={shown.src} alt={t('imageAlt')} /> : image.status === 'failed' ? <p role="alert">{t('imageFailed')}</p> : <p role="status">{t('loading')}</p>
        ) : (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => {
              setShowImage(true)
              send({ type: 'feedback.imageOpened', id: feedback.id })
            }}
          >
            {t('showImage')}
          </button>
        )
      )}
      <h3 className="feedback__reply-title">{t('reply.title')}</h3>
      {feedback.reply === '' ? (
        <p className="feedback__muted">{t('reply.waiting')}</p>
      ) : (
        <>
          <p className="feedback__time">{feedback.repliedAt}</p>
          <p className="feedback__content feedback__reply">{feedback.reply}</p>
        </>
      )}
    </Modal>
  )
}
