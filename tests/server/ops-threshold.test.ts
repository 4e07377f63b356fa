/**
 * The site's second-approval amount in the operator's console (server/support/ops-money.ts,
 * docs/operations.md): finance only (agents, leads and marketing 403, no sign-in 401); read it,
 * set it with a reason, and the change is in the audit trail as `ops.withdraw.threshold-set` with
 * who, the old and the new amount and why; a bad amount, no reason or an unknown site is refused
 * and changes nothing; the four-eyes rule follows the new amount at once. The same suite runs on
 * PGlite and on a real PostgreSQL server (./embedded-postgres.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHall, type RunningHall } from '../../server/hall'
import { startPostgres, type Server } from './embedded-postgres'
import { callHall, control, player, visitor, type Caller } from './support'

interface Answer<T = Record<string, unknown>> {
  readonly status: number
  readonly body: T & { ok: boolean; error?: string }
}

interface Threshold {
  readonly siteCode: string
  readonly currency: string
  readonly secondApprovalOver: string
  readonly before?: string
}

interface AuditRow {
  readonly account: string
  readonly action: string
  readonly siteCode: string | null
  readonly detail: Record<string, unknown>
}

const suite = (name: string, start: () => Promise<RunningHall>) =>
  describe(name, () => {
    let hall: RunningHall
    let site: Caller
    const tokens: Record<string, string> = {}
    beforeAll(async () => {
      hall = await start()
      site = await visitor(hall.url, '001')
      tokens['lead'] = await signIn('support', 'support-dev')
      for (const [username, role] of [['fin.eva', 'finance'], ['agent.gil', 'agent'], ['mkt.ines', 'marketing']] as const) {
        const added = await api<{ password: string }>('accounts', { token: tokens['lead'], body: { username, role } })
        expect(added.status, added.body.error).toBe(200)
        tokens[username] = await signIn(username, added.body.password)
      }
    }, 120_000)
    afterAll(() => hall.close())

    const api = async <T = Record<string, unknown>>(path: string, o: { token?: string | undefined; body?: unknown } = {}): Promise<Answer<T>> => {
      const res = await fetch(`${hall.url}/support/api/${path}`, {
        method: o.body === undefined ? 'GET' : 'POST',
        headers: { ...(o.token === undefined ? {} : { authorization: `Bearer ${o.token}` }), 'content-type': 'application/json' },
        ...(o.body === undefined ? {} : { body: JSON.stringify(o.body) }),
      })
      return { status: res.status, body: (await res.json()) as Answer<T>['body'] }
    }
    const signIn = async (username: string, password: string): Promise<string> => {
      const r = await api<{ token: string }>('login', { body: { username, password } })
      expect(r.status, r.body.error).toBe(200)
      return r.body.token
    }
    const as = (who: string) => (path: string, body?: unknown) => api<Threshold>(`ops/${path}`, { token: tokens[who] ?? '', ...(body === undefined ? {} : { body }) })
    const eva = as('fin.eva')
    const changes = async (): Promise<ReadonlyArray<AuditRow>> =>
      (await api<{ entries: AuditRow[] }>('audit?account=fin.eva&pageSize=200', { token: tokens['lead'] })).body.entries.filter((e) => e.action === 'ops.withdraw.threshold-set').reverse()

    const post = (caller: Caller, path: string, params: unknown) => callHall(hall.url, caller, 'POST', path, params)
    let n = 0
    /** A player of site 001 with a phone, a bank card, the withdraw password 123456 and 1000 in the balance, who asks to withdraw `amount`. */
    const orderOf = async (amount: string): Promise<string> => {
      n += 1
      const username = `thr${name.length}x${String(n).padStart(3, '0')}`
      const reg = await post(site, '/home/register', { username, password: 'abc12345' })
      expect(reg.envelope.code, reg.envelope.msg).toBe(1)
      const caller = player('001', reg.envelope.data)
      const phone = `55536${name.length}${String(n).padStart(4, '0')}`
      expect((await post(caller, '/user/security/createsms', { phone })).envelope.code).toBe(1)
      const sent = await control(hall.url, 'last-code', { username })
      expect((await post(caller, '/user/security/modifyphone', { phone, code: sent['code'] })).envelope.code).toBe(1)
      expect((await post(caller, '/user/security/modifywithdrawpass', { newPass: '123456' })).envelope.code).toBe(1)
      const card = await post(caller, '/certify/bindcard', { bank_code: 'CHASE', card_no: `41113333${String(4444_0000 + name.length * 100 + n)}`, holder: 'EVA SOUZA' })
      expect(card.envelope.code, card.envelope.msg).toBe(1)
      await control(hall.url, 'credit', { username, amount: '1000' })
      const a = await post(caller, '/certify/cach', { account_id: (card.envelope.data as { id: number }).id, amount, withdraw_pass: '123456', request_id: `thr-${name.length}-${n}` })
      expect(a.envelope.code, a.envelope.msg).toBe(1)
      return (a.envelope.data as { order: { order_no: string } }).order.order_no
    }
    const needed = async (orderNo: string): Promise<unknown> => ((await eva(`withdrawals/${orderNo}`)).body as unknown as { approvalsNeeded: number }).approvalsNeeded

    it('answers finance only: agents, leads and marketing get 403, no sign-in 401', async () => {
      const routes: ReadonlyArray<[string, unknown]> = [
        ['withdraw-threshold?site=001', undefined],
        ['withdraw-threshold', { site: '001', amount: '1', reason: 'not allowed' }],
      ]
      for (const who of ['lead', 'agent.gil', 'mkt.ines']) for (const [path, body] of routes) expect((await as(who)(path, body)).status, `${who} ${path}`).toBe(403)
      for (const [path, body] of routes) expect((await api(`ops/${path}`, body === undefined ? {} : { body })).status, `anonymous ${path}`).toBe(401)
      expect((await eva('withdraw-threshold?site=001')).body).toMatchObject({ ok: true, siteCode: '001', secondApprovalOver: '10000' })
      expect(await changes()).toEqual([])
    })

    it('sets the amount with a reason: the answer, a new read and the audit trail say who, old, new and why; four-eyes follows it', async () => {
      const read = await eva('withdraw-threshold?site=001')
      expect(read.status, read.body.error).toBe(200)
      const currency = read.body.currency
      expect(currency).toMatch(/^[A-Z]{3,5}$/)

      const set = await eva('withdraw-threshold', { site: '001', amount: '150.50', reason: 'fraud wave: review more by two' })
      expect(set.status, set.body.error).toBe(200)
      expect(set.body).toMatchObject({ ok: true, siteCode: '001', currency, secondApprovalOver: '150.5', before: '10000' })
      expect((await eva('withdraw-threshold?site=001')).body).toMatchObject({ secondApprovalOver: '150.5' })
      expect(await control(hall.url, 'withdraw-settings', { siteCode: '001' })).toMatchObject({ settings: { secondApprovalOver: '150.5' } })
      const over = await orderOf('200')
      expect(await needed(over)).toBe(2)

      const back = await eva('withdraw-threshold', { site: ' 001 ', amount: '250', reason: 'wave over' })
      expect(back.body).toMatchObject({ ok: true, secondApprovalOver: '250', before: '150.5' })
      expect(await needed(over)).toBe(1)
      expect(await needed(await orderOf('250'))).toBe(1)
      expect(await needed(await orderOf('250.01'))).toBe(2)

      expect((await changes()).map((e) => [e.account, e.siteCode, e.detail])).toEqual([
        ['fin.eva', '001', { siteCode: '001', before: '10000', after: '150.5', currency, reason: 'fraud wave: review more by two' }],
        ['fin.eva', '001', { siteCode: '001', before: '150.5', after: '250', currency, reason: 'wave over' }],
      ])
    })

    it('refuses a bad amount, a missing reason or an unknown site, changing nothing', async () => {
      const before = (await eva('withdraw-threshold?site=001')).body.secondApprovalOver
      const audited = (await changes()).length
      for (const amount of ['', '-1', 'abc', '1e5', '1.12345678901', 5]) {
        const r = await eva('withdraw-threshold', { site: '001', amount, reason: 'typo' })
        expect(r.status, String(amount)).toBe(400)
        expect(r.body.ok).toBe(false)
      }
      expect((await eva('withdraw-threshold', { site: '001', amount: '100' })).status).toBe(400)
      expect((await eva('withdraw-threshold', { site: '001', amount: '100', reason: '   ' })).status).toBe(400)
      expect((await eva('withdraw-threshold', { site: '001', amount: '100', reason: 'x'.repeat(501) })).status).toBe(400)
      expect((await eva('withdraw-threshold', { site: 'nope', amount: '100', reason: 'no site' })).status).toBe(404)
      expect((await eva('withdraw-threshold?site=nope')).status).toBe(404)
      expect((await eva('withdraw-threshold')).status).toBe(404)
      expect((await eva('withdraw-threshold?site=001')).body.secondApprovalOver).toBe(before)
      expect((await changes()).length).toBe(audited)
    })
  })

suite('the second-approval amount on PGlite', () => startHall({ port: 0, dataDir: 'memory', mode: 'test', log: () => undefined }))

const dir = mkdtempSync(join(tmpdir(), 'lobby-ops-threshold-postgres-'))
let server: Server | undefined
suite('the second-approval amount on a PostgreSQL server', async () => {
  server = await startPostgres(dir)
  const admin = new pg.Client(server.url('postgres'))
  await admin.connect()
  try {
    await admin.query('CREATE DATABASE lobby_ops_threshold')
  } finally {
    await admin.end()
  }
  return startHall({ port: 0, databaseUrl: server.url('lobby_ops_threshold'), mode: 'test', log: () => undefined })
})
afterAll(async () => {
  try {
    await server?.stop()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
