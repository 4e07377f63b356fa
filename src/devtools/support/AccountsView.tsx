import { useCallback, useEffect, useState } from 'react'
import { api, type Account, type Me, type SupportRole } from './api'
import { useConsole } from './i18n'
import { Cell, Row, Table } from './Table'

const ROLES: ReadonlyArray<SupportRole> = ['agent', 'lead', 'finance', 'marketing']
const HEAD = ['username', 'role', 'status', 'created', 'lastSignIn', 'actions'] as const

/**
 * The support accounts (leads only; the hall answers 403 to an agent): add one with a generated
 * password shown once, disable or enable, reset a password, change a role. Every change is in the
 * audit trail; the hall refuses to leave no enabled lead.
 */
export const AccountsView = ({ me, onOut }: { me: Me; onOut: () => void }) => {
  const { t, dateTime } = useConsole()
  const [accounts, setAccounts] = useState<ReadonlyArray<Account> | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [username, setUsername] = useState('')
  const [role, setRole] = useState<SupportRole>('agent')
  const [secret, setSecret] = useState<{ username: string; password: string } | null>(null)
  const [done, setDone] = useState<string | null>(null)

  const load = useCallback(async () => {
    const r = await api<{ accounts: Account[] }>('accounts')
    if (r.status === 401) return onOut()
    if (!r.body.ok) return setError(r.status === 403 ? t('accounts.leadOnly', { why: r.body.error ?? t('refused') }) : (r.body.error ?? t('accounts.failed')))
    setError(null)
    setAccounts(r.body.accounts ?? [])
  }, [onOut, t])
  useEffect(() => {
    void load()
  }, [load])

  /** Runs a change; its outcome (or the hall's reason) shows, and the list is read again. */
  const change = async (path: string, body: unknown, said: string, who: string) => {
    setSecret(null)
    setDone(null)
    const r = await api<{ password: string; account: Account }>(path, body)
    if (r.status === 401) return onOut()
    if (!r.body.ok) return setError(r.body.error ?? t('accounts.refused'))
    setError(null)
    setDone(said)
    if (typeof r.body.password === 'string') setSecret({ username: r.body.account?.username ?? who, password: r.body.password })
    await load()
  }
  const of = (u: string) => `accounts/${encodeURIComponent(u)}`

  return (
    <main className="sc-page">
      <h1>{t('accounts.title')}</h1>
      <p className="sc-note">{t('accounts.note')}</p>
      <form
        aria-label={t('accounts.add')}
        className="sc-form"
        onSubmit={(e) => {
          e.preventDefault()
          void change('accounts', { username, role }, t('accounts.added', { username: username.trim().toLowerCase() }), username).then(() => setUsername(''))
        }}
      >
        <label>
          {t('accounts.col.username')} <input value={username} onChange={(e) => setUsername(e.target.value)} autoCapitalize="none" autoComplete="off" required />
        </label>
        <label>
          {t('accounts.col.role')}{' '}
          <select value={role} onChange={(e) => setRole(e.target.value as SupportRole)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`role.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">{t('accounts.addSubmit')}</button>
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
            {t('accounts.secret', { username: secret.username })} <code>{secret.password}</code>
          </p>
        )}
      </div>
      {accounts === null ? null : (
        <Table label={t('accounts.table')} head={HEAD.map((h) => t(`accounts.col.${h}`))}>
          {accounts.map((a) => (
            <Row key={a.username} className={a.disabled ? 'sc-row--disabled' : ''}>
              <Cell label={t('accounts.col.username')}>{a.username}</Cell>
              <Cell label={t('accounts.col.role')}>{t(`role.${a.role}`)}</Cell>
              <Cell label={t('accounts.col.status')}>{a.disabled ? t('accounts.disabledAt', { at: dateTime(a.disabledAt) }) : t('accounts.enabled')}</Cell>
              <Cell label={t('accounts.col.created')}>{dateTime(a.createdAt)}</Cell>
              <Cell label={t('accounts.col.lastSignIn')}>{dateTime(a.lastSignInAt)}</Cell>
              <Cell label={t('accounts.col.actions')}>
                <div className="sc-actions">
                  {a.username === me.username ? (
                    <span>{t('accounts.you')}</span>
                  ) : (
                    <>
                      {a.disabled ? (
                        <button type="button" onClick={() => void change(`${of(a.username)}/enable`, {}, t('accounts.enabledDone', { username: a.username }), a.username)} aria-label={t('accounts.enableLabel', { username: a.username })}>
                          {t('accounts.enable')}
                        </button>
                      ) : (
                        <button type="button" onClick={() => void change(`${of(a.username)}/disable`, {}, t('accounts.disabledDone', { username: a.username }), a.username)} aria-label={t('accounts.disableLabel', { username: a.username })}>
                          {t('accounts.disable')}
                        </button>
                      )}
                      <button
                        type="button"
                        onClick={() => void change(`${of(a.username)}/reset-password`, {}, t('accounts.resetDone', { username: a.username }), a.username)}
                        aria-label={t('accounts.resetLabel', { username: a.username })}
                      >
                        {t('accounts.reset')}
                      </button>
                      <button
                        type="button"
                        onClick={() => void change(`${of(a.username)}/role`, { role: a.role === 'lead' ? 'agent' : 'lead' }, t(a.role === 'lead' ? 'accounts.nowAgent' : 'accounts.nowLead', { username: a.username }), a.username)}
                        aria-label={t(a.role === 'lead' ? 'accounts.makeAgentLabel' : 'accounts.makeLeadLabel', { username: a.username })}
                      >
                        {t(a.role === 'lead' ? 'accounts.makeAgent' : 'accounts.makeLead')}
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
