import { useState } from 'react'
import { api, type Me } from './api'

/** The console's sign-in; the hall's reason shows when it refuses (wrong password, locked, disabled). */
export const Login = ({ onIn }: { onIn: (me: Me) => void }) => {
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  return (
    <main className="sc-login">
      <h1>Lobby support console</h1>
      <form
        aria-label="Sign in"
        onSubmit={(e) => {
          e.preventDefault()
          setBusy(true)
          void api('login', { username, password })
            .then(async (r) => {
              if (!r.body.ok) return setError(r.body.error ?? 'sign-in failed')
              const me = await api<Me>('me')
              if (me.body.ok) onIn(me.body as Me)
              else setError(me.body.error ?? 'sign-in failed')
            })
            .finally(() => setBusy(false))
        }}
      >
        <label>
          Username <input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" autoCapitalize="none" required />
        </label>
        <label>
          Password <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required />
        </label>
        <button type="submit" disabled={busy}>
          Sign in
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
