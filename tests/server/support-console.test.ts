/**
 * The support console's API: roles enforced by the hall (agents search and open sessions, leads
 * also manage accounts and read the audit trail), the audit trail of every search, session opened,
 * log downloaded and timeline fork (filtered by account, player and date, paged), and the sign-in
 * lockout. The hall's clock is the test's, so time moves without waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHall, type RunningHall } from '../../server/hall'
import { SIGN_IN_LOCKOUT } from '../../server/support/accounts'
import { ADDRESS_FAILURES } from '../../server/support/routes'
import { callHall, player, visitor } from './support'
import { sessionLog, uploadLog } from './uploads'

const DAY = 24 * 60 * 60 * 1000

let clock = Date.now()
let hall: RunningHall
beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', now: () => clock, log: () => undefined })
}, 60_000)
afterAll(() => hall.close())

interface Answer<T = Record<string, unknown>> {
  readonly status: number
  readonly body: T & { ok: boolean; error?: string }
  readonly headers: Headers
}

const api = async <T = Record<string, unknown>>(path: string, o: { token?: string; method?: string; body?: unknown } = {}): Promise<Answer<T>> => {
  const res = await fetch(`${hall.url}/support/api/${path}`, {
    method: o.method ?? (o.body === undefined ? 'GET' : 'POST'),
    headers: { ...(o.token === undefined ? {} : { authorization: `Bearer ${o.token}` }), 'content-type': 'application/json' },
    ...(o.body === undefined ? {} : { body: JSON.stringify(o.body) }),
  })
  return { status: res.status, body: (await res.json()) as Answer<T>['body'], headers: res.headers }
}

const signIn = (username: string, password: string) => api<{ token: string; role: string }>('login', { body: { username, password } })
const tokenOf = async (username: string, password: string): Promise<string> => {
  const r = await signIn(username, password)
  expect(r.status, r.body.error).toBe(200)
  return r.body.token
}

interface Entry {
  readonly at: string
  readonly account: string
  readonly action: string
  readonly reference: string | null
  readonly playerId: string | null
  readonly usernames: string[]
  readonly detail: Record<string, unknown>
}

describe('roles and the audit trail', () => {
  it('lets an agent search, open, download and fork; keeps the audit trail and accounts to leads; records each with who, when and which session', async () => {
    const t0 = clock
    let lead = await tokenOf('support', 'support-dev')

    // A player uploads a session (as signed in: the upload carries the player id).
    const site = await visitor(hall.url)
    const reg = await callHall(hall.url, site, 'POST', '/home/register', { username: 'audited1', password: 'audited1pw' }, { timestamp: clock })
    expect(reg.envelope.code).toBe(1)
    const playerId = (reg.envelope.data as { userIdx: string }).userIdx
    const reference = await uploadLog(hall.url, player('001', reg.envelope.data), sessionLog('Audited1'), { timestamp: clock })

    // The lead adds an agent; the password is generated and shown once.
    const added = await api<{ password: string; account: { username: string; role: string } }>('accounts', { token: lead, body: { username: 'Agent.Audit', role: 'agent' } })
    expect(added.status).toBe(200)
    expect(added.body.account).toMatchObject({ username: 'agent.audit', role: 'agent' })
    expect(added.body.password).toMatch(/^[0-9a-z]{5}(-[0-9a-z]{5}){3}$/)
    const agent = await tokenOf('agent.audit', added.body.password)
    expect((await api('me', { token: agent })).body).toMatchObject({ username: 'agent.audit', role: 'agent', retentionDays: 30 })

    // The agent's work: a search by player id, the session opened in the timeline, the log downloaded, a fork.
    const found = await api<{ sessions: Array<{ reference: string }> }>(`sessions?playerId=${playerId}`, { token: agent })
    expect(found.body.sessions.map((s) => s.reference)).toEqual([reference])
    clock += 1000
    expect((await fetch(`${hall.url}/support/api/sessions/${reference}/log?for=timeline`, { headers: { authorization: `Bearer ${agent}` } })).status).toBe(200)
    clock += 1000
    expect((await fetch(`${hall.url}/support/api/sessions/${reference}/log`, { headers: { authorization: `Bearer ${agent}` } })).status).toBe(200)
    clock += 1000
    expect((await api(`sessions/${reference}/forks`, { token: agent, body: { seq: 2 } })).status).toBe(200)
    expect((await api(`sessions/${reference}/forks`, { token: agent, body: {} })).status).toBe(400)

    // What an agent may not do, refused by the hall whatever the console shows.
    expect((await api('audit', { token: agent })).status).toBe(403)
    expect((await api('accounts', { token: agent })).status).toBe(403)
    expect((await api('accounts', { token: agent, body: { username: 'sneaky', role: 'lead' } })).status).toBe(403)
    expect((await api('accounts/support/disable', { token: agent, body: {} })).status).toBe(403)
    expect((await api('accounts/agent.audit/role', { token: agent, body: { role: 'lead' } })).status).toBe(403)
    expect((await api('accounts/support/reset-password', { token: agent, body: {} })).status).toBe(403)

    // Two days later (a new sign-in: they last 12 hours), another search by the lead, for the player's username.
    clock = t0 + 2 * DAY
    expect((await api('me', { token: lead })).status).toBe(401)
    lead = await tokenOf('support', 'support-dev')
    await api('sessions?username=audited1', { token: lead })

    // The lead reads the trail: the agent's entries, newest first, each naming the session and the player.
    const byAgent = await api<{ entries: Entry[]; total: number }>('audit?account=Agent.Audit', { token: lead })
    expect(byAgent.status).toBe(200)
    expect(byAgent.body.entries.map((e) => e.action)).toEqual(['timeline.forked', 'log.downloaded', 'session.opened', 'search', 'signed-in'])
    for (const e of byAgent.body.entries.slice(0, 3)) expect(e).toMatchObject({ account: 'agent.audit', reference, playerId, usernames: ['Audited1'] })
    expect(byAgent.body.entries[0]?.detail).toEqual({ seq: 2 })
    expect(byAgent.body.entries[2]?.at).toBe(new Date(t0 + 1000).toISOString())
    expect(byAgent.body.entries[3]).toMatchObject({ action: 'search', playerId, detail: { criteria: { playerId }, found: 1 } })

    // By player: the player id or any of their usernames, whoever looked.
    const byPlayer = await api<{ entries: Entry[] }>(`audit?player=${playerId}`, { token: lead })
    expect(byPlayer.body.entries.map((e) => `${e.account} ${e.action}`)).toEqual([
      'agent.audit timeline.forked',
      'agent.audit log.downloaded',
      'agent.audit session.opened',
      'agent.audit search',
    ])
    const byName = await api<{ entries: Entry[] }>('audit?player=AUDITED1', { token: lead })
    expect(byName.body.entries.map((e) => `${e.account} ${e.action}`)).toEqual([
      'support search',
      'agent.audit timeline.forked',
      'agent.audit log.downloaded',
      'agent.audit session.opened',
    ])

    // By date: the first day only, then from the second day.
    const firstDay = await api<{ entries: Entry[] }>(`audit?player=audited1&from=${t0 - DAY}&to=${t0 + DAY}`, { token: lead })
    expect(firstDay.body.entries.map((e) => e.action)).toEqual(['timeline.forked', 'log.downloaded', 'session.opened'])
    const later = await api<{ entries: Entry[] }>(`audit?player=audited1&from=${new Date(t0 + DAY).toISOString()}`, { token: lead })
    expect(later.body.entries.map((e) => `${e.account} ${e.action}`)).toEqual(['support search'])

    // Paged: two at a time, with the total.
    const page1 = await api<{ entries: Entry[]; total: number; page: number }>('audit?account=agent.audit&pageSize=2', { token: lead })
    const page3 = await api<{ entries: Entry[]; total: number; page: number }>('audit?account=agent.audit&pageSize=2&page=3', { token: lead })
    expect([page1.body.total, page1.body.entries.map((e) => e.action)]).toEqual([5, ['timeline.forked', 'log.downloaded']])
    expect([page3.body.page, page3.body.entries.map((e) => e.action)]).toEqual([3, ['signed-in']])

    // Account management is a lead's, and is audited too; a lead cannot lock everyone out.
    expect((await api('accounts/support/disable', { token: lead, body: {} })).body.error).toBe('you cannot disable your own account')
    expect((await api('accounts/support/role', { token: lead, body: { role: 'agent' } })).body.error).toBe('you cannot change your own role')
    expect((await api('accounts/support/reset-password', { token: lead, body: {} })).status).toBe(400)
    expect((await api('accounts', { token: lead, body: { username: 'agent.audit' } })).body.error).toContain('exists already')
    expect((await api('accounts', { token: lead, body: { username: 'x' } })).body.error).toContain('is not a support username')
    const listed = await api<{ accounts: Array<{ username: string; role: string; disabled: boolean }> }>('accounts', { token: lead })
    expect(listed.body.accounts.map((a) => [a.username, a.role, a.disabled])).toEqual([
      ['agent.audit', 'agent', false],
      ['support', 'lead', false],
    ])
    expect((await api('accounts/agent.audit/disable', { token: lead, body: {} })).status).toBe(200)
    // The agent's sign-in ends with the next request.
    expect((await api('sessions', { token: agent })).status).toBe(401)
    expect((await signIn('agent.audit', added.body.password)).status).toBe(403)
    const changes = await api<{ entries: Entry[] }>('audit?account=support', { token: lead })
    expect(changes.body.entries.filter((e) => e.action.startsWith('account.')).map((e) => [e.action, e.detail['username']])).toEqual([
      ['account.disabled', 'agent.audit'],
      ['account.added', 'agent.audit'],
    ])

    // Enabled again with a new password: the old one no longer works.
    expect((await api('accounts/agent.audit/enable', { token: lead, body: {} })).status).toBe(200)
    const reset = await api<{ password: string }>('accounts/agent.audit/reset-password', { token: lead, body: {} })
    expect((await signIn('agent.audit', added.body.password)).status).toBe(401)
    expect((await signIn('agent.audit', reset.body.password)).status).toBe(200)
  })
})

describe('sign-in attempts are limited', () => {
  it('locks a username after repeated failures, even for the right password, doubling; the lock ends on the hall clock', async () => {
    // A day on: the failures of the test before no longer count against this address.
    clock += DAY
    const lead = await tokenOf('support', 'support-dev')
    const password = (await api<{ password: string }>('accounts', { token: lead, body: { username: 'locked.agent' } })).body.password
    for (let i = 1; i < SIGN_IN_LOCKOUT.freeFailures; i++) expect((await signIn('locked.agent', 'wrong-password')).status).toBe(401)
    const locking = await signIn('Locked.Agent', 'wrong-password')
    expect([locking.status, locking.headers.get('retry-after'), locking.body.error]).toEqual([
      429,
      '60',
      'wrong username or password; too many failed sign-ins for this username: try again in 60 s',
    ])
    // The right password is not even checked while locked.
    const refused = await signIn('locked.agent', password)
    expect([refused.status, refused.body.error]).toEqual([429, 'too many failed sign-ins for this username: try again in 60 s'])
    clock += 30_000
    expect((await signIn('locked.agent', password)).headers.get('retry-after')).toBe('30')

    // A minute later it signs in, which clears the failures.
    clock += 31_000
    expect((await signIn('locked.agent', password)).status).toBe(200)
    for (let i = 1; i < SIGN_IN_LOCKOUT.freeFailures; i++) expect((await signIn('locked.agent', 'wrong-password')).status).toBe(401)

    // Failures in a row without a success: each lock is twice the last.
    expect((await signIn('locked.agent', 'wrong-password')).headers.get('retry-after')).toBe('60')
    clock += 61_000
    expect((await signIn('locked.agent', 'wrong-password')).headers.get('retry-after')).toBe('120')

    // An unknown username is counted and answered exactly the same way.
    for (let i = 1; i < SIGN_IN_LOCKOUT.freeFailures; i++) expect((await signIn('nobody.here', 'wrong-password')).body.error).toBe('wrong username or password')
    expect((await signIn('nobody.here', 'wrong-password')).status).toBe(429)

    // Failed sign-ins are in the audit trail.
    const trail = await api<{ entries: Entry[] }>('audit?account=nobody.here', { token: lead })
    expect(trail.body.entries.map((e) => [e.action, e.detail['reason']])).toContainEqual(['sign-in.refused', 'wrong'])
  })

  it('refuses an address that keeps failing with many usernames', async () => {
    clock += DAY
    for (let i = 0; i < ADDRESS_FAILURES; i++) expect((await signIn(`spray-${i}`, 'wrong-password')).status).toBe(401)
    const refused = await signIn('support', 'support-dev')
    expect([refused.status, refused.body.error]).toEqual([429, 'too many failed sign-ins from this address: try again in 900 s'])
    clock += 15 * 60_000
    expect((await signIn('support', 'support-dev')).status).toBe(200)
  })
})
