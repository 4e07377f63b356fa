/**
 * The operator's console, promotions and content (marketing; docs/operations-players-content.md):
 * an activity turned off leaves the event centre and a signed-in player's socket is told
 * (activeDetails); its dates and tier amounts edited; a batch of discount codes made, one turned
 * off (it no longer redeems); a notice and a marquee line published (the player's socket told,
 * message/new), one scheduled (out only when due), one withdrawn; web push refused while the site
 * has it off; banners replaced; each change audited ops.content.* with who.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeCategory, redActive } from '../../schemas/hall/calls/active'
import { discountCodes } from '../../schemas/hall/calls/codes'
import { marquee } from '../../schemas/hall/calls/site'
import { messageList } from '../../schemas/hall/calls/message'
import { Schema } from 'effect'
import { startHall, type RunningHall } from '../../server/hall'
import { startPostgres, type Server } from './embedded-postgres'
import { connectSocket } from './socket-client'
import { callHall, control, player, visitor, type Caller } from './support'

/** The hall's clock: the tests move it (a scheduled message comes due without waiting). */
let clock = Date.now()

/** The same checks on PGlite and on a PostgreSQL server. */
const suite = (name: string, start: () => Promise<RunningHall>) =>
  describe(name, () => {
    let hall: RunningHall
    beforeAll(async () => {
      hall = await start()
    }, 120_000)
    afterAll(() => hall.close())

    interface Answer<T> {
      readonly status: number
      readonly body: T & { ok: boolean; error?: string }
    }

    const api = async <T = Record<string, unknown>>(path: string, token: string, body?: unknown): Promise<Answer<T>> => {
      const res = await fetch(`${hall.url}/support/api/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      return { status: res.status, body: (await res.json()) as Answer<T>['body'] }
    }

    const signIn = async (username: string, password: string): Promise<string> => {
      const res = await fetch(`${hall.url}/support/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) })
      return ((await res.json()) as { token: string }).token
    }

    const decode = <S extends Schema.Top & { readonly DecodingServices: never }>(s: S, v: unknown): S['Type'] => Schema.decodeUnknownSync(s)(v)

    const ok = async (caller: Caller, path: string, params: unknown): Promise<unknown> => {
      const a = await callHall(hall.url, caller, 'POST', path, params, { timestamp: clock })
      expect(a.envelope.code, a.envelope.msg).toBe(1)
      return a.envelope.data
    }

    let lead = ''
    let marketing = ''
    let p: Caller
    beforeAll(async () => {
      lead = await signIn('support', 'support-dev')
      const added = await api<{ password: string }>('accounts', lead, { username: 'mkt.content', role: 'marketing' })
      marketing = await signIn('mkt.content', added.body.password)
      const made = (await control(hall.url, 'new-player', { prefix: 'opsmkt' })) as { username: string; password: string }
      const site = await visitor(hall.url)
      p = player('001', await ok(site, '/home/login', { username: made.username, password: made.password }))
    })

    interface Activity {
      readonly id: number
      readonly template: string
      readonly status: number
      readonly start: string
      readonly end: string
      readonly tiers: ReadonlyArray<{ id: number; need: string; value: string }>
    }

    const listed = async (): Promise<number[]> => decode(activeCategory.response, await ok(p, '/active/category', {})).list.flatMap((c) => c.activeList.map((a) => a.activeId))

    describe('promotions and content', () => {
      it('turns an activity off and on: the event centre follows, the signed-in player is told, the audit trail says who', async () => {
        const socket = connectSocket(hall.url, p.token, '001')
        await socket.opened
        const activities = await api<{ activities: Activity[] }>('ops/activities?site=001', marketing)
        expect(activities.status, activities.body.error).toBe(200)
        const a = activities.body.activities.find((x) => x.status === 1 && x.tiers.length > 0)
        expect(a).toBeDefined()
        const id = a?.id ?? 0
        expect(await listed()).toContain(id)

        const off = await api<{ told: number }>(`ops/activities/${id}/switch`, marketing, { siteCode: '001', on: false })
        expect(off.status, off.body.error).toBe(200)
        expect(off.body.told).toBe(1)
        const told = await socket.until((f) => f.type === 'notice' && f.content.type === 'activeDetails')
        expect(told[0]).toMatchObject({ content: { type: 'activeDetails', data: { activeId: id } } })
        expect(await listed()).not.toContain(id)
        expect((await api<{ activities: Activity[] }>('ops/activities?site=001', marketing)).body.activities.find((x) => x.id === id)?.status).toBe(3)

        await api(`ops/activities/${id}/switch`, marketing, { siteCode: '001', on: true })
        expect(await listed()).toContain(id)
        const trail = await api<{ entries: Array<{ account: string; action: string; detail: { activeId?: number } }> }>('audit?account=mkt.content&pageSize=50', lead)
        expect(trail.body.entries.filter((e) => e.action.startsWith('ops.content.activity')).map((e) => [e.action, e.detail.activeId])).toEqual([
          ['ops.content.activity.on', id],
          ['ops.content.activity.off', id],
        ])
        await socket.close()
      })

      it('turns a red-packet activity off and on: the player is offered it no more, then again, and is told each time', async () => {
        // A player of its own: no notice of the other tests waits in their outbox.
        const made = (await control(hall.url, 'new-player', { prefix: 'opsred' })) as { username: string; password: string }
        const q = player('001', await ok(await visitor(hall.url), '/home/login', { username: made.username, password: made.password }))
        const socket = connectSocket(hall.url, q.token, '001')
        await socket.opened
        const started = await control(hall.url, 'red-activity', { amount: '2', packets: 1, title: 'Ops rain' })
        const id = started['activeId'] as number
        const offered = async () => decode(redActive.response, await ok(q, '/active/redactive', {})).list.filter((a) => a.status === 1).map((a) => a.activeid)
        expect(await offered()).toContain(id)
        const listedReds = await api<{ activities: Array<{ id: number; status: number; title: string }> }>('ops/red-activities?site=001', marketing)
        expect(listedReds.body.activities.find((a) => a.id === id)).toMatchObject({ status: 1, title: 'Ops rain' })
        const off = await api<{ told: number }>(`ops/red-activities/${id}/switch`, marketing, { siteCode: '001', on: false })
        expect([off.status, off.body.told]).toEqual([200, 2])
        expect(await offered()).not.toContain(id)
        expect((await api(`ops/red-activities/${id}/switch`, marketing, { siteCode: '001', on: true })).status).toBe(200)
        expect(await offered()).toContain(id)
        expect((await api('ops/red-activities/1/switch', marketing, { siteCode: '001', on: true })).status).toBe(404)
        const told = await socket.until((f) => f.type === 'notice' && f.content.type === 'activeDetails' && (f.content.data as { activeId?: number }).activeId === id, 2)
        expect(told).toHaveLength(2)
        await socket.close()
      })

      it("edits an activity's dates and tier amounts, all or nothing", async () => {
        const a = (await api<{ activities: Activity[] }>('ops/activities?site=001', marketing)).body.activities.find((x) => x.tiers.length > 0)
        const id = a?.id ?? 0
        const tier = a?.tiers[0]
        const end = '2031-06-30T00:00:00Z'
        const edited = await api<{ activity: Activity }>(`ops/activities/${id}`, marketing, { siteCode: '001', end, tiers: [{ id: tier?.id, value: '77.5' }] })
        expect(edited.status, edited.body.error).toBe(200)
        expect(edited.body.activity.end).toBe(end)
        expect(edited.body.activity.tiers[0]).toMatchObject({ id: tier?.id, need: tier?.need, value: '77.5' })
        const refused = await api(`ops/activities/${id}`, marketing, { siteCode: '001', end: '2000-01-01T00:00:00Z', tiers: [{ id: tier?.id, value: '1' }] })
        expect(refused.status).toBe(400)
        const after = (await api<{ activities: Activity[] }>('ops/activities?site=001', marketing)).body.activities.find((x) => x.id === id)
        expect([after?.end, after?.tiers[0]?.value]).toEqual([end, '77.5'])
        expect((await api(`ops/activities/${id}`, marketing, { siteCode: '001', tiers: [{ id: 1, value: '1' }] })).status).toBe(400)
        expect((await api('ops/activities/1', marketing, { siteCode: '001', end })).status).toBe(404)
      })

      it('makes a batch of discount codes; a code turned off no longer redeems', async () => {
        const made = await api<{ codes: string[] }>('ops/discount-codes', marketing, { siteCode: '001', prefix: 'SPRING', count: 3, amount: '5', maxUses: 10 })
        expect(made.status, made.body.error).toBe(200)
        expect(made.body.codes).toHaveLength(3)
        for (const c of made.body.codes) expect(c).toMatch(/^SPRING[A-Z2-9]{8}$/)
        const [first, second] = made.body.codes
        const listedCodes = await api<{ codes: Array<{ code: string; active: boolean; amount: string }> }>('ops/discount-codes?site=001', marketing)
        expect(listedCodes.body.codes.filter((c) => made.body.codes.includes(c.code)).map((c) => [c.amount, c.active])).toEqual([['5', true], ['5', true], ['5', true]])
        expect((await api(`ops/discount-codes/${second}/off`, marketing, { siteCode: '001' })).status).toBe(200)
        expect(await ok(p, '/active/useDiscountCode', { code: first })).toMatchObject({ amount: '5' })
        const refused = await callHall(hall.url, p, 'POST', '/active/useDiscountCode', { code: second }, { timestamp: clock })
        expect(refused.envelope.code).toBe(discountCodes.unknown)
      })

      it('publishes a notice and a marquee line to the signed-in player, schedules one, withdraws one', async () => {
        const socket = connectSocket(hall.url, p.token, '001')
        await socket.opened
        const notice = await api<{ message: { id: string; state: string; messageId: string } }>('ops/messages', marketing, { siteCode: '001', type: 1, title: 'Maintenance tonight', content: 'From 02:00 to 03:00 UTC.' })
        expect(notice.status, notice.body.error).toBe(200)
        expect(notice.body.message.state).toBe('published')
        const line = await api<{ message: { id: string; messageId: string } }>('ops/messages', marketing, { siteCode: '001', type: 3, content: 'Double points all weekend' })
        await socket.until((f) => f.type === 'notice' && f.content.type === 'message/new', 2)
        expect(socket.notices().filter((n) => n.content.type === 'message/new').map((n) => n.content.data)).toEqual([
          { id: Number(notice.body.message.messageId), type: 1 },
          { id: Number(line.body.message.messageId), type: 3 },
        ])
        expect(decode(messageList.response, await ok(p, '/message/list', { type: 1, page: 1 })).records.map((m) => m.title)).toContain('Maintenance tonight')
        expect(decode(marquee.response, await ok(p, '/message/marquee', {})).list.map((m) => m.content)).toContain('Double points all weekend')

        // Scheduled an hour ahead: not out until then; the list published it once due.
        const later = await api<{ message: { id: string; state: string } }>('ops/messages', marketing, { siteCode: '001', type: 2, title: 'Summer cup', content: 'Starts in an hour.', publishAt: clock + 3_600_000 })
        expect(later.body.message.state).toBe('scheduled')
        expect(decode(messageList.response, await ok(p, '/message/list', { type: 2, page: 1 })).records.map((m) => m.title)).not.toContain('Summer cup')
        clock += 3_600_000
        const messages = await api<{ messages: Array<{ id: string; state: string }> }>('ops/messages?site=001', marketing)
        expect(messages.body.messages.find((m) => m.id === later.body.message.id)?.state).toBe('published')
        expect(decode(messageList.response, await ok(p, '/message/list', { type: 2, page: 1 })).records.map((m) => m.title)).toContain('Summer cup')

        // Withdrawn: gone from the marquee, the player told again.
        const withdrawn = await api<{ message: { state: string } }>(`ops/messages/${line.body.message.id}/withdraw`, marketing, { siteCode: '001' })
        expect(withdrawn.body.message.state).toBe('withdrawn')
        expect(decode(marquee.response, await ok(p, '/message/marquee', {})).list.map((m) => m.content)).not.toContain('Double points all weekend')
        await socket.until((f) => f.type === 'notice' && f.content.type === 'message/new', 4)
        expect((await api('ops/messages/99999999/withdraw', marketing, { siteCode: '001' })).status).toBe(404)
        await socket.close()
      })

      it('refuses a web push while the site has it off; replaces the banners', async () => {
        const push = await api('ops/push', marketing, { siteCode: '001', title: 'Hello', body: 'A new game is in the lobby' })
        expect([push.status, push.body.error]).toEqual([409, 'web push is switched off on site 001'])
        const before = await api<{ banners: Array<{ title: string }> }>('ops/banners?site=001', marketing)
        expect(before.body.banners.length).toBeGreaterThan(0)
        const set = await api<{ banners: Array<{ title: string; locationType: number }> }>('ops/banners', marketing, {
          siteCode: '001', banners: [{ title: 'Summer cup', subtitle: 'Play for the trophy', colourFrom: '#123456', colourTo: '#654321', locationType: 3 }],
        })
        expect(set.status, set.body.error).toBe(200)
        expect(set.body.banners.map((b) => [b.title, b.locationType])).toEqual([['Summer cup', 3]])
        expect((await api('ops/banners', marketing, { siteCode: '001', banners: [{ title: 'x', locationType: 3, colourFrom: 'red' }] })).status).toBe(400)
      })
    })
  })

suite('promotions and content on PGlite', () => startHall({ port: 0, dataDir: 'memory', mode: 'test', now: () => clock, log: () => undefined }))

const dir = mkdtempSync(join(tmpdir(), 'lobby-ops-content-postgres-'))
let server: Server | undefined
suite('promotions and content on a PostgreSQL server', async () => {
  server = await startPostgres(dir)
  const admin = new pg.Client(server.url('postgres'))
  await admin.connect()
  try {
    await admin.query('CREATE DATABASE lobby_ops_content')
  } finally {
    await admin.end()
  }
  return startHall({ port: 0, databaseUrl: server.url('lobby_ops_content'), mode: 'test', now: () => clock, log: () => undefined })
})
afterAll(async () => {
  try {
    await server?.stop()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 20_000)
