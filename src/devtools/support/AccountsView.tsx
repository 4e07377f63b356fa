import { useCallback, useEffect, useState } from 'react'
import { api, utc, type Account, type Me, type SupportRole } from './api'
import { Cell, Row, Table } from './Table'

/**
 * The support accounts (leads only; the hall answers 403 to an agent): add one with a generated
 * password shown once, disable or enable, reset a password, change a role. Every change is in the
 * audit trail; the hall refuses to leave no enabled lead.
 */
export const AccountsView = ({ me, onOut }: { me: Me; onOut: () => void }) => {
  const [accounts, setAccounts] = useState<ReadonlyArray<Account> | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [username, setUsername] = useState('')
  const [role, setRole] = useState<SupportRole>('agent')
  const [secret, setSecret] = useState<{ username: string; password: string } | null>(null)
  const [done, setDone] = useState<string | null>(null)

  const load = useCallback(async () => {
    const r = await api<{ accounts: Account[] }>('accounts')
    if (r.status === 401) return onOut()
    if (!r.body.ok) return setError(r.status === 403 ? `Only a support lead can manage accounts (${r.body.error ?? 'refused'}).` : (r.body.error ?? 'the accounts could not be read'))
    setError(null)
    setAccounts(r.body.accounts ?? [])
  }, [onOut])
  useEffect(() => {
    void load()
  }, [load])

  /** Runs a change; its outcome (or the hall's reason) shows, and the list is read again. */
  const change = async (path: string, body: unknown, said: string, who: string) => {
    setSecret(null)
    setDone(null)
    const r = await api<{ password: string; account: Account }>(path, body)
    if (r.status === 401) return onOut()
    if (!r.body.ok) return setError(r.body.error ?? 'the change was refused')
    setError(null)
    setDone(said)
    if (typeof r.body.password === 'string') setSecret({ username: r.body.account?.username ?? who, password: r.body.password })
    await load()
  }
  const of = (u: string) => `accounts/${encodeURIComponent(u)}`

  return (
    <main className="sc-page">
      <h1>Support accounts</h1>
      <p className="sc-note">Agents search and open sessions. Leads also manage accounts and read the audit trail.</p>
      <form
        aria-label="Add an account"
        className="sc-form"
        onSubmit={(e) => {
          e.preventDefault()
          void change('accounts', { username, role }, `Added ${username.trim().toLowerCase()}`, username).then(() => setUsername(''))
        }}
      >
        <label>
          Username <input value={username} onChange={(e) => setUsername(e.target.value)} autoCapitalize="none" autoComplete="off" required />
        </label>
        <label>
          Role{' '}
          <select value={role} onChange={(e) => setRole(e.target.value as SupportRole)}>
            <option value="agent">agent</option>
            <option value="lead">lead</option>
            <option value="finance">finance</option>
            <option value="marketing">marketing</option>
          </select>
        </label>
        <button type="submit">Add account</button>
      </form>
      {error === null ? null : (
        <p role="alert" className="sc-error">
          {error}
        </p>
      )}
      <div role="status" className="sc-note">
        {done === null ? null : <p>{done}.</p>}
        {secret === null ? null : (
          <p className="sc-secret">
            Password for {secret.username} (shown once, hand it over privately): <code>{secret.password}</code>
          </p>
        )}
      </div>
      {accounts === null ? null : (
        <Table label="Accounts" head={['Username', 'Role', 'Status', 'Created (UTC)', 'Last sign-in (UTC)', 'Actions']}>
          {accounts.map((a) => (
            <Row key={a.username} className={a.disabled ? 'sc-row--disabled' : ''}>
              <Cell label="Username">{a.username}</Cell>
              <Cell label="Role">{a.role}</Cell>
              <Cell label="Status">{a.disabled ? `disabled ${utc(a.disabledAt)}` : 'enabled'}</Cell>
              <Cell label="Created (UTC)">{utc(a.createdAt)}</Cell>
              <Cell label="Last sign-in (UTC)">{utc(a.lastSignInAt)}</Cell>
              <Cell label="Actions">
                <div className="sc-actions">
                  {a.username === me.username ? (
                    <span>(you: change your own account with another lead or the support-accounts command)</span>
                  ) : (
                    <>
                      {a.disabled ? (
                        <button type="button" onClick={() => void change(`${of(a.username)}/enable`, {}, `Enabled ${a.username}`, a.username)} aria-label={`Enable ${a.username}`}>
                          Enable
                        </button>
                      ) : (
                        <button type="button" onClick={() => void change(`${of(a.username)}/disable`, {}, `Disabled ${a.username}`, a.username)} aria-label={`Disable ${a.username}`}>
                          Disable
                        </button>
                      )}
                      <button
                        type="button"
                        onClick={() => void change(`${of(a.username)}/reset-password`, {}, `New password for ${a.username}`, a.username)}
                        aria-label={`Reset password of ${a.username}`}
                      >
                        Reset password
                      </button>
                      <button
                        type="button"
                        onClick={() => void change(`${of(a.username)}/role`, { role: a.role === 'lead' ? 'agent' : 'lead' }, `${a.username} is now ${a.role === 'lead' ? 'an agent' : 'a lead'}`, a.username)}
                        aria-label={`Make ${a.role === 'lead' ? 'agent' : 'lead'}: ${a.username}`}
                      >
                        {a.role === 'lead' ? 'Make agent' : 'Make lead'}
                      </button>
                    </>
                  )}
                </div>
              </Cell>
            </Row>
          ))}
        </Table>
      )}
    </main>
  )
}
