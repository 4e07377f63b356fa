/**
 * The support console's API: roles enforced by the hall (agents search and open sessions, leads
 * also manage accounts and read the audit trail), the audit trail of every search, session opened,
 * log downloaded and timeline fork (filtered by account, player and date, paged), and the sign-in
 * guard (the human challenge past a few failures, then the lockout with the wait). The hall's clock is the test's, so time moves without waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHall, type RunningHall } from '../../server/hall'
import { SIGN_IN_CHALLENGE_AFTER, SIGN_IN_LOCKOUT } from '../../server/support/accounts'
import { ADDRESS_CHALLENGE_AFTER, ADDRESS_FAILURES } from '../../server/support/routes'
import { callHall, control, player, visitor } from './support'
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

    // The lead reads the trail: the agent's entries, newest first, each naming the session and the
    // player (the upload is filed under the player who sent it, whatever names its log carries);
    // the attempts at a lead's route are there too.
    const byAgent = await api<{ entries: Entry[]; total: number }>('audit?account=Agent.Audit', { token: lead })
    expect(byAgent.status).toBe(200)
    expect(byAgent.body.entries.map((e) => e.action)).toEqual([...Array<string>(6).fill('refused'), 'timeline.forked', 'log.downloaded', 'session.opened', 'search', 'signed-in'])
    expect(byAgent.body.entries.slice(0, 6).map((e) => `${String(e.detail['method'])} ${String(e.detail['path'])}`)).toEqual([
      'POST /support/api/accounts/support/reset-password',
      'POST /support/api/accounts/agent.audit/role',
      'POST /support/api/accounts/support/disable',
      'POST /support/api/accounts',
      'GET /support/api/accounts',
      'GET /support/api/audit',
    ])
    const work = byAgent.body.entries.slice(6)
    for (const e of work.slice(0, 3)) expect(e).toMatchObject({ account: 'agent.audit', reference, playerId, usernames: ['audited1'] })
    expect(work[0]?.detail).toEqual({ seq: 2 })
    expect(work[2]?.at).toBe(new Date(t0 + 1000).toISOString())
    expect(work[3]).toMatchObject({ action: 'search', playerId, detail: { criteria: { playerId }, found: 1 } })

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
    const page4 = await api<{ entries: Entry[]; total: number; page: number }>('audit?account=agent.audit&pageSize=2&page=4', { token: lead })
    const page6 = await api<{ entries: Entry[]; total: number; page: number }>('audit?account=agent.audit&pageSize=2&page=6', { token: lead })
    expect([page4.body.total, page4.body.entries.map((e) => e.action)]).toEqual([11, ['timeline.forked', 'log.downloaded']])
    expect([page6.body.page, page6.body.entries.map((e) => e.action)]).toEqual([6, ['signed-in']])

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

interface Shown {
  readonly key: string
  readonly image: string
}
/** The answer to a challenge the console was given, read off its image (through the test hall's control surface). */
const solved = async (c: Shown | undefined): Promise<{ captchaKey: string; captcha: string }> => {
  if (c === undefined) throw new Error('no challenge was given')
  expect(c.image).toMatch(/^data:image\/svg\+xml;base64,/)
  const { answer } = (await control(hall.url, 'challenge-answer', { key: c.key })) as { answer: string }
  return { captchaKey: c.key, captcha: answer }
}
const misread = async (c: Shown | undefined) => {
  const right = await solved(c)
  return { ...right, captcha: right.captcha === '0000' ? '0001' : '0000' }
}
const attempt = (username: string, password: string, answer: { captchaKey: string; captcha: string } | Record<string, never> = {}) =>
  api<{ token: string; role: string; challenge: Shown; retryAfter: number }>('login', { body: { username, password, ...answer } })

describe('sign-in attempts are limited', () => {
  it('answers 20 wrong passwords for one username with the challenge, then the limit; the right password with a solved challenge works after the wait', async () => {
    clock += DAY
    const lead = await tokenOf('support', 'support-dev')
    const password = (await api<{ password: string }>('accounts', { token: lead, body: { username: 'guessed.agent' } })).body.password
    const answers = []
    for (let i = 0; i < 20; i++) answers.push(await attempt('guessed.agent', 'wrong-password'))
    const free = SIGN_IN_CHALLENGE_AFTER
    // The free failures; then the challenge is demanded (unsolved, the attempt counts as a failure);
    // at the lock's threshold the username is locked, and refused unchecked while it lasts.
    expect(answers.map((a) => a.status)).toEqual([...Array<number>(SIGN_IN_LOCKOUT.freeFailures - 1).fill(401), ...Array<number>(20 - SIGN_IN_LOCKOUT.freeFailures + 1).fill(429)])
    expect(answers.slice(0, free - 1).map((a) => [a.body.error, a.body.challenge])).toEqual(Array(free - 1).fill(['wrong username or password', undefined]))
    expect(answers[free - 1]!.body.error).toBe('wrong username or password; solve the human check to try again')
    await solved(answers[free - 1]!.body.challenge)
    expect(answers.slice(free, SIGN_IN_LOCKOUT.freeFailures - 1).map((a) => a.body.error)).toEqual(Array(SIGN_IN_LOCKOUT.freeFailures - 1 - free).fill('solve the human check to sign in'))
    const locking = answers[SIGN_IN_LOCKOUT.freeFailures - 1]!
    expect([locking.headers.get('retry-after'), locking.body.error, locking.body.retryAfter]).toEqual(['60', 'solve the human check to sign in; too many failed sign-ins for this username: try again in 60 s', 60])
    expect(answers.at(-1)!.body.error).toBe('too many failed sign-ins for this username: try again in 60 s')
    // While locked even the right password with a solved challenge waits (and the challenge is not spent).
    const last = answers.at(-1)!.body.challenge
    const waited = await attempt('guessed.agent', password, await solved(last))
    expect([waited.status, waited.body.error]).toEqual([429, 'too many failed sign-ins for this username: try again in 60 s'])
    clock += 60_000
    // After the wait the challenge is still asked: without it the right password is refused unchecked.
    const unsolved = await attempt('guessed.agent', password)
    expect([unsolved.status, unsolved.body.error]).toEqual([429, 'solve the human check to sign in; too many failed sign-ins for this username: try again in 120 s'])
    clock += 120_000
    expect((await attempt('guessed.agent', password, await solved(unsolved.body.challenge))).status).toBe(200)
    // The success forgot the failures: a wrong password is an ordinary one again.
    const after = await attempt('guessed.agent', 'wrong-password')
    expect([after.status, after.body.error, after.body.challenge]).toEqual([401, 'wrong username or password', undefined])
  })

  it('locks a username after repeated failures, even for the right password, doubling; a wrong answer to the challenge counts; the lock ends on the hall clock', async () => {
    // A day on: the failures of the test before no longer count against this address.
    clock += DAY
    const lead = await tokenOf('support', 'support-dev')
    const password = (await api<{ password: string }>('accounts', { token: lead, body: { username: 'locked.agent' } })).body.password
    for (let i = 1; i < SIGN_IN_CHALLENGE_AFTER; i++) expect((await attempt('locked.agent', 'wrong-password')).status).toBe(401)
    const challenged = await attempt('Locked.Agent', 'wrong-password')
    // A wrong answer is refused with a new image, the password unchecked; it counts as a failure.
    const missed = await attempt('locked.agent', password, await misread(challenged.body.challenge))
    expect([missed.status, missed.body.error]).toEqual([401, 'the human check was not passed'])
    for (let i = SIGN_IN_CHALLENGE_AFTER + 2; i < SIGN_IN_LOCKOUT.freeFailures; i++) expect((await attempt('locked.agent', 'wrong-password', await solved(missed.body.challenge))).status).toBe(401)
    const locking = await attempt('locked.agent', 'wrong-password', await solved(missed.body.challenge))
    expect([locking.status, locking.headers.get('retry-after'), locking.body.error]).toEqual([
      429,
      '60',
      'wrong username or password; too many failed sign-ins for this username: try again in 60 s',
    ])
    // The right password is not even checked while locked.
    const refused = await attempt('locked.agent', password, await solved(locking.body.challenge))
    expect([refused.status, refused.body.error]).toEqual([429, 'too many failed sign-ins for this username: try again in 60 s'])
    clock += 30_000
    expect((await attempt('locked.agent', password)).headers.get('retry-after')).toBe('30')

    // A minute later it signs in with a solved challenge, which clears the failures.
    clock += 31_000
    expect((await attempt('locked.agent', password, await solved(refused.body.challenge))).status).toBe(200)
    for (let i = 1; i < SIGN_IN_CHALLENGE_AFTER; i++) expect((await attempt('locked.agent', 'wrong-password')).status).toBe(401)
    let next = (await attempt('locked.agent', 'wrong-password')).body.challenge
    for (let i = SIGN_IN_CHALLENGE_AFTER + 1; i < SIGN_IN_LOCKOUT.freeFailures; i++) next = (await attempt('locked.agent', 'wrong-password', await solved(next))).body.challenge

    // Failures in a row without a success: each lock is twice the last.
    const first = await attempt('locked.agent', 'wrong-password', await solved(next))
    expect(first.headers.get('retry-after')).toBe('60')
    clock += 61_000
    expect((await attempt('locked.agent', 'wrong-password', await solved(first.body.challenge))).headers.get('retry-after')).toBe('120')

    // An unknown username is counted and answered exactly the same way (once the address's own
    // failures, past its challenge threshold by now, are forgotten).
    clock += 15 * 60_000 + 1
    for (let i = 1; i < SIGN_IN_CHALLENGE_AFTER; i++) expect((await attempt('nobody.here', 'wrong-password')).body.error).toBe('wrong username or password')
    expect((await attempt('nobody.here', 'wrong-password')).body.error).toBe('wrong username or password; solve the human check to try again')
    expect((await attempt('nobody.here', 'wrong-password')).body.error).toBe('solve the human check to sign in')
    expect((await attempt('nobody.here', 'wrong-password')).status).toBe(429)

    // Failed sign-ins are in the audit trail, with why.
    const trail = await api<{ entries: Entry[] }>('audit?account=nobody.here', { token: lead })
    expect(trail.body.entries.map((e) => [e.action, e.detail['reason']])).toContainEqual(['sign-in.refused', 'wrong'])
    expect(trail.body.entries.map((e) => [e.action, e.detail['reason']])).toContainEqual(['sign-in.refused', 'challenge-needed'])
  })

  it('asks an address that keeps failing with many usernames for the challenge, then refuses it', async () => {
    clock += DAY
    const answers = []
    for (let i = 0; i < ADDRESS_FAILURES; i++) answers.push(await attempt(`spray-${i}`, 'wrong-password'))
    expect(answers.slice(0, -1).map((a) => a.status)).toEqual(Array(ADDRESS_FAILURES - 1).fill(401))
    // Past the address's threshold every username needs the challenge, even one never tried.
    expect(answers[ADDRESS_CHALLENGE_AFTER - 1]!.body.challenge).toBeDefined()
    expect(answers[ADDRESS_CHALLENGE_AFTER]!.body.error).toBe('solve the human check to sign in')
    expect([answers.at(-1)!.status, answers.at(-1)!.body.error]).toEqual([429, 'too many failed sign-ins from this address: try again in 900 s'])
    const refused = await attempt('support', 'support-dev')
    expect([refused.status, refused.body.error]).toEqual([429, 'too many failed sign-ins from this address: try again in 900 s'])
    clock += 15 * 60_000
    expect((await attempt('support', 'support-dev')).status).toBe(200)
  })

  it('gives another image of digits on request, without a sign-in', async () => {
    const another = await api<{ challenge: Shown }>('challenge', { body: {} })
    expect(another.status).toBe(200)
    expect((await solved(another.body.challenge)).captcha).toMatch(/^\d{4}$/)
  })
})
