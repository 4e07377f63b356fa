import { useId, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { CODE_LENGTHS, codeFits, missedChallenge, selectCodeSend, type CodeSendView, type VerifyError } from '../../actors/verify'
import type { VerifyChannel, VerifyScene } from '../../schemas/events/verify'
import { useActor, useSend } from '../system-react'
import { selectGeetestSecondsLeft } from '../../actors/geetest'
import { ChallengeDialog } from './ChallengeDialog'
import { PasteButton } from './CopyButton'
import { FieldError, idRefs } from './FieldError'
import { pinDigits } from './PinInput'
import './field.css'
import './controls.css'

const SELECTORS = { phone: selectCodeSend('phone'), email: selectCodeSend('email') } as const

/** Where a channel's code send stands (the verify actor's). */
export const useCodeSend = (channel: VerifyChannel): CodeSendView => useActor('verify', SELECTORS[channel])

/**
 * The verification code field (spec §4 verification code, §5): the labelled code input (digits,
 * the channel's length: SMS 4, email 5) with a paste button, and its send button: "Send code",
 * locked while the send is in flight (and without a target, spec §5), then "Resend in N s" for
 * the 60 s countdown; "Code sent" once the hall sent it to this target; the human challenge
 * (1119: the image's 4 digits) when the hall demands it; the refusal while the geetest
 * restriction lasts. `check` validates the target before a send (it shows its own message) and
 * returns whether to send. The form checks the code with `useCodeProblem` and shows the message
 * as `error`, tied to the input.
 */
export const CodeInput = ({
  channel,
  target,
  check,
  label,
  value,
  onChange,
  error = null,
  scene,
  username,
}: {
  channel: VerifyChannel
  target: string
  /** A send before sign-in: 'reset' for the recovery of `username`, 'login' for the SMS login. */
  scene?: VerifyScene
  username?: string
  check: () => boolean
  label: string
  value: string
  onChange: (code: string) => void
  error?: string | null
}) => {
  const { t } = useTranslation('verify')
  const send = useSend()
  const view = useCodeSend(channel)
  const sendError = useErrorText(view.error)
  const id = useId()
  const length = CODE_LENGTHS[channel]
  const press = () => {
    if (check()) send({ type: 'verify.codeSendRequested', channel, target, ...(scene === undefined ? {} : { scene }), ...(username === undefined ? {} : { username }) })
  }
  const sendLabel = view.countdown > 0 ? t('resendIn', { seconds: view.countdown }) : view.sending ? t('sending') : t('sendCode')
  return (
    <div className="code-send">
      <div className={`field${error !== null ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <div className="code-send__row">
          <div className="field__row code-send__input">
            <input
              id={id}
              className="field__input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={length}
              value={value}
              onChange={(e) => onChange(pinDigits(e.target.value, length))}
              aria-invalid={error !== null ? true : undefined}
              aria-describedby={idRefs(error !== null ? `${id}-error` : null)}
            />
            <PasteButton label={t('paste')} onPaste={(text) => onChange(pinDigits(text, length))} />
          </div>
          <button type="button" className="button button--ghost" disabled={!view.canSend || target.trim() === ''} aria-busy={view.sending} onClick={press}>
            {sendLabel}
          </button>
        </div>
        <FieldError id={`${id}-error`} error={error} />
      </div>
      {view.requested && view.target === target.trim() && (
        <p className="code-send__sent" role="status">
          {t('sent')}
        </p>
      )}
      {sendError !== null && (
        <p className="code-send__error" role="alert">
          {sendError}
        </p>
      )}
      {view.challenge !== null &&
        (view.challenge.shown !== null && (view.challenge.shown.kind ?? 'image') !== 'image' ? (
          <ChallengeDialog
            challenge={view.challenge.shown}
            onAnswer={(answer) => send({ type: 'verify.challengeAnswered', channel, answer })}
            onRenew={() => send({ type: 'verify.challengeRenewed', channel })}
            onCancel={() => send({ type: 'verify.challengeCancelled', channel })}
            error={sendError}
          />
        ) : (
          <Challenge channel={channel} image={view.challenge.image} />
        ))}
    </div>
  )
}

/** The text of a send's error: the geetest restriction with its seconds, the network, or the hall's message and code. */
const useErrorText = (error: VerifyError | null): string | null => {
  const { t } = useTranslation('verify')
  const seconds = useActor('geetest', selectGeetestSecondsLeft)
  if (error === null) return null
  if (error.reason === 'restricted') return seconds > 0 ? t('error.restricted', { seconds }) : null
  if (error.reason === 'network') return t('error.network')
  // Too many sends (2010): the wait, in the player's language (the message ends with its seconds).
  const wait = error.code === 2010 ? /(\d+) s$/.exec(error.message) : null
  if (wait !== null) return t('error.limited', { ns: 'signin', seconds: Number(wait[1]) })
  // A wrong challenge answer, the first of a round (2011): a generic message beside the new challenge.
  if (missedChallenge(error.code)) return t('error.challengeMissed', { ns: 'signin' })
  return `${error.message} (${error.code})`
}

/** The human challenge the hall demanded (1119): the image's 4 digits, then the send again. */
const Challenge = ({ channel, image }: { channel: VerifyChannel; image: string | null }) => {
  const { t } = useTranslation('verify')
  const send = useSend()
  const [answer, setAnswer] = useState('')
  const [invalid, setInvalid] = useState(false)
  const submit = () => {
    if (!codeFits('image', answer)) return setInvalid(true)
    setInvalid(false)
    setAnswer('')
    send({ type: 'verify.challengeAnswered', channel, answer })
  }
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter answers the challenge, not the form around it.
    if (e.key === 'Enter') {
      e.preventDefault()
      submit()
    }
  }
  return (
    <div className="code-send__challenge" role="group" aria-label={t('challenge.title')}>
      <p>{t('challenge.prompt')}</p>
      {image === null ? <p role="status">{t('challenge.loading')}</p> : <img className="code-send__image" src={image} alt={t('challenge.image')} />}
      <label className="code-send__field">
        <span>{t('challenge.answer')}</span>
        <input
          inputMode="numeric"
          autoComplete="off"
          maxLength={CODE_LENGTHS.image}
          value={answer}
          aria-invalid={invalid || undefined}
          onKeyDown={onKey}
          onChange={(e) => setAnswer(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTHS.image))}
        />
      </label>
      {invalid && (
        <p className="code-send__error" role="alert">
          {t('error.answer', { length: CODE_LENGTHS.image })}
        </p>
      )}
      <div className="code-send__row">
        <button type="button" className="button button--primary button--small" disabled={image === null} onClick={submit}>
          {t('challenge.submit')}
        </button>
        <button type="button" className="button button--ghost button--small" disabled={image === null} onClick={() => send({ type: 'verify.challengeRenewed', channel })}>
          {t('challenge.renew')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => send({ type: 'verify.challengeCancelled', channel })}>
          {t('challenge.cancel')}
        </button>
      </div>
    </div>
  )
}

/** The message for a code that does not fit its channel (spec §5: SMS 4 digits, email 5), or for no code requested yet. */
export const useCodeProblem = (channel: VerifyChannel) => {
  const { t } = useTranslation('verify')
  const view = useCodeSend(channel)
  return (target: string, code: string): string | null => {
    if (!view.requested || view.target !== target.trim()) return t('error.needRequest')
    if (!codeFits(channel, code)) return t('error.code', { length: CODE_LENGTHS[channel] })
    return null
  }
}
