import { useState } from 'react'
import { api, type Me } from './api'
import { useConsole } from './i18n'
import { LanguageSwitch } from './LanguageSwitch'

/** A human challenge the hall gave with a refusal: its key and the image of its digits (never the digits). */
interface Shown {
  readonly key: string
  readonly image: string
}

/** What the login answers besides ok and error. */
interface Refusal {
  /** The next attempt must carry this challenge's digits (docs/timeline.md "Support accounts"). */
  readonly challenge: Shown
}

/**
 * The console's sign-in; the hall's reason shows when it refuses (wrong password, the human check,
 * locked with the wait, disabled). After a few failures the hall sends an image of digits with its
 * refusal: it is shown with a field for the digits, sent with the next attempt; 'New image' asks
 * the hall for another (one expires after 5 minutes, or after a lock's wait).
 */
export const Login = ({ onIn }: { onIn: (me: Me) => void }) => {
  const { t } = useConsole()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [challenge, setChallenge] = useState<Shown | null>(null)
  const [digits, setDigits] = useState('')
  const another = () => {
    setBusy(true)
    void api<Refusal>('challenge', {})
      .then((r) => {
        if (r.body.ok && r.body.challenge !== undefined) setChallenge(r.body.challenge)
        else setError(r.body.error ?? t('login.noImage'))
        setDigits('')
      })
      .finally(() => setBusy(false))
  }
  return (
    <main className="sc-login">
      <LanguageSwitch />
      <h1>{t('login.title')}</h1>
      <form
        aria-label={t('login.form')}
        onSubmit={(e) => {
          e.preventDefault()
          setBusy(true)
          void api<Refusal>('login', { username, password, ...(challenge === null ? {} : { captchaKey: challenge.key, captcha: digits }) })
            .then(async (r) => {
              setDigits('')
              if (!r.body.ok) {
                // A challenge is answered once: the refusal brings the next one, if one is needed.
                setChallenge(r.body.challenge ?? null)
                return setError(r.body.error ?? t('login.failed'))
              }
              const me = await api<Me>('me')
              if (me.body.ok) onIn(me.body as Me)
              else setError(me.body.error ?? t('login.failed'))
            })
            .finally(() => setBusy(false))
        }}
      >
        <label>
          {t('login.username')} <input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" autoCapitalize="none" required />
        </label>
        <label>
          {t('login.password')} <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required />
        </label>
        {challenge === null ? null : (
          <fieldset className="sc-challenge">
            <legend>{t('login.check')}</legend>
            <img src={challenge.image} alt={t('login.checkImage')} width={160} height={56} />
            <label>
              {t('login.digits')}
              <input
                value={digits}
                onChange={(e) => setDigits(e.target.value.replace(/\D/g, '').slice(0, 4))}
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                required
              />
            </label>
            <button type="button" onClick={another} disabled={busy}>
              {t('login.newImage')}
            </button>
          </fieldset>
        )}
        <button type="submit" disabled={busy}>
          {t('login.submit')}
        </button>
        {error === null ? null : (
          <p role="alert" className="sc-error">
            {error}
          </p>
        )}
      </form>
    </main>
  )
}
