/**
 * The operator's console, players (finance; docs/operations-players-content.md): search by
 * username, id, phone and e-mail; a player's page (balances beside their ledger, the ledger's
 * filters, sessions); freeze that really stops the player (sign-in and money calls refused with the
 * catalogue's codes), unfreeze, the red-packet blacklist, ending sign-ins (the old keys refused at
 * once), resetting two-step; each action audited with who and why.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionCodes, signInCodes } from '../../schemas/hall/calls/codes'
import { startHall, type RunningHall } from '../../server/hall'
import { startPostgres, type Server } from './embedded-postgres'
import { callHall, control, player, visitor, type Caller } from './support'

/** The same checks on PGlite and on a PostgreSQL server (the search's SQL runs on both). */
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
      const b = (await res.json()) as { token: string }
      return b.token
    }

    /** A new console account of this role, signed in. */
    const accountOf = async (lead: string, username: string, role: string): Promise<string> => {
      const added = await api<{ password: string }>('accounts', lead, { username, role })
      expect(added.status, added.body.error).toBe(200)
      return signIn(username, added.body.password)
    }

    interface Player {
      readonly id: string
      readonly username: string
      readonly siteCode: string
      readonly userStatus: number
      readonly status: string
      readonly twoStep: boolean
      readonly redPacketBlacklisted: boolean
    }

    interface Page {
      readonly player: Player
      readonly vip: { level: number }
      readonly balances: ReadonlyArray<{ currency: string; balance: string; ledger: string; equal: boolean }>
      readonly ledger: { entries: ReadonlyArray<{ kind: string; amount: string }>; total: number; kinds: ReadonlyArray<string> }
      readonly sessions: ReadonlyArray<{ reference: string }>
    }

    const code = (a: { envelope: { code: number } }): number => a.envelope.code

    let lead = ''
    let finance = ''
    beforeAll(async () => {
      lead = await signIn('support', 'support-dev')
      finance = await accountOf(lead, 'fin.players', 'finance')
    })

    /** A registered player with a phone and e-mail, some money and a live sign-in. */
    const newPlayer = async (prefix: string): Promise<{ caller: Caller; login: { userkey: string }; username: string; password: string; id: string; site: Caller }> => {
      const made = (await control(hall.url, 'new-player', { prefix, balance: '120.5', mobile_phone: `55${Date.now() % 1e9}`, email: `${prefix}@example.com` })) as { username: string; password: string }
      const site = await visitor(hall.url)
      const login = await callHall(hall.url, site, 'POST', '/home/login', { username: made.username, password: made.password })
      expect(code(login)).toBe(1)
      const data = login.envelope.data as { userIdx: string; userkey: string }
      return { caller: player('001', data), login: data, username: made.username, password: made.password, id: data.userIdx, site }
    }

    describe('players', () => {
      it('finds a player by username, id, phone and e-mail, and shows balances beside the ledger, the ledger filtered and the sessions', async () => {
        const p = await newPlayer('opsfind')
        const byName = await api<{ players: Player[] }>(`ops/players?q=${p.username.toUpperCase()}`, finance)
        expect(byName.status).toBe(200)
        expect(byName.body.players.map((x) => x.id)).toEqual([p.id])
        expect((await api<{ players: Player[] }>(`ops/players?q=${p.id}`, finance)).body.players.map((x) => x.id)).toContain(p.id)
        expect((await api<{ players: Player[] }>(`ops/players?q=OPSFIND@example.com`, finance)).body.players.map((x) => x.id)).toEqual([p.id])
        const page = await api<Page>(`ops/players/${p.id}`, finance)
        expect(page.status).toBe(200)
        expect(page.body.player).toMatchObject({ username: p.username, status: 'normal' })
        expect(page.body.vip.level).toBeGreaterThanOrEqual(0)
        expect(page.body.balances).toEqual([{ currency: 'USD', balance: '120.5', ledger: '120.5', equal: true }])
        expect(page.body.ledger.entries.map((e) => [e.kind, e.amount])).toEqual([['control', '120.5']])
        expect(page.body.ledger.kinds).toEqual(['control'])
        expect((await api<Page>(`ops/players/${p.id}?kind=bet`, finance)).body.ledger.total).toBe(0)
        expect((await api<Page>(`ops/players/${p.id}?to=2001-01-01`, finance)).body.ledger.total).toBe(0)
        expect(page.body.sessions).toEqual([])
        expect((await api('ops/players/999999999999', finance)).status).toBe(404)
      })

      it('freezes a player: sign-in refused as frozen, the live session refused at once; unfreezes; every action audited with who and why', async () => {
        const p = await newPlayer('opsfreeze')
        expect(code(await callHall(hall.url, p.caller, 'POST', '/pay/orderListV3', {}))).toBe(1)
        expect((await api(`ops/players/${p.id}/freeze`, finance, {})).status).toBe(400)
        const frozen = await api<{ player: Player }>(`ops/players/${p.id}/freeze`, finance, { reason: 'chargeback under review' })
        expect(frozen.status, frozen.body.error).toBe(200)
        expect(frozen.body.player).toMatchObject({ userStatus: 2, status: 'frozen' })
        expect(code(await callHall(hall.url, p.caller, 'POST', '/pay/orderListV3', {}))).toBe(sessionCodes.tokenExpired)
        expect(code(await callHall(hall.url, p.site, 'POST', '/home/login', { username: p.username, password: p.password }))).toBe(signInCodes.accountFrozen)
        expect(code(await callHall(hall.url, p.site, 'POST', '/home/fastlogin', { token: '', userkey: p.login.userkey }))).toBe(signInCodes.loginError)

        const thawed = await api<{ player: Player }>(`ops/players/${p.id}/unfreeze`, finance, { reason: 'review closed' })
        expect(thawed.body.player).toMatchObject({ userStatus: 1, status: 'normal' })
        expect(code(await callHall(hall.url, p.site, 'POST', '/home/login', { username: p.username, password: p.password }))).toBe(1)
        expect((await api(`ops/players/${p.id}/unfreeze`, finance, { reason: 'again' })).status).toBe(409)

        const trail = await api<{ entries: Array<{ account: string; action: string; playerId: string; detail: { reason?: string } }> }>(`audit?player=${p.id}&pageSize=20`, lead)
        const mine = trail.body.entries.filter((e) => e.action.startsWith('ops.player.') && e.action !== 'ops.player.opened')
        expect(mine.map((e) => [e.account, e.action, e.detail.reason])).toEqual([
          ['fin.players', 'ops.player.unfreeze', 'review closed'],
          ['fin.players', 'ops.player.freeze', 'chargeback under review'],
        ])
      })

      it('ends every sign-in at once: the token and the fast-login key stop working, a new sign-in works', async () => {
        const p = await newPlayer('opsend')
        const ended = await api(`ops/players/${p.id}/end-sign-ins`, finance, { reason: 'lost phone' })
        expect(ended.status, ended.body.error).toBe(200)
        expect(code(await callHall(hall.url, p.caller, 'POST', '/pay/orderListV3', {}))).toBe(sessionCodes.tokenExpired)
        expect(code(await callHall(hall.url, p.site, 'POST', '/home/fastlogin', { token: '', userkey: p.login.userkey }))).toBe(signInCodes.loginError)
        expect(code(await callHall(hall.url, p.site, 'POST', '/home/login', { username: p.username, password: p.password }))).toBe(1)
      })

      it('keeps a player out of red packets and lets them back; resets two-step only when bound', async () => {
        const p = await newPlayer('opsred')
        expect((await api(`ops/players/${p.id}/redpacket-blacklist`, finance, { reason: 'abuse' })).status).toBe(400)
        // A rain offered to this player only: listed and taken as long as they are not on the blacklist.
        const rain = await control(hall.url, 'red-activity', { amount: '2', packets: 2, players: [p.username] })
        expect(rain).toMatchObject({ ok: true })
        const offered = async () => {
          const a = await callHall(hall.url, p.caller, 'POST', '/active/redactive', {})
          expect(code(a)).toBe(1)
          return (a.envelope as unknown as { data: { list: Array<{ activeid: number }> } }).data.list.map((x) => x.activeid)
        }
        const grab = (redId: number) => callHall(hall.url, p.caller, 'POST', '/active/getred', { activeId: rain['activeId'], redId, requestDeviceType: 4 })
        expect(await offered()).toContain(rain['activeId'])
        const on = await api<{ player: Player }>(`ops/players/${p.id}/redpacket-blacklist`, finance, { on: true, reason: 'packet farming' })
        expect(on.body.player.redPacketBlacklisted).toBe(true)
        expect(await offered()).toEqual([])
        expect(code(await grab(1))).toBe(signInCodes.accountFrozen)
        const off = await api<{ player: Player }>(`ops/players/${p.id}/redpacket-blacklist`, finance, { on: false, reason: 'appeal granted' })
        expect(off.body.player.redPacketBlacklisted).toBe(false)
        expect(await offered()).toContain(rain['activeId'])
        expect(code(await grab(1))).toBe(1)
        expect((await api(`ops/players/${p.id}/reset-two-step`, finance, { reason: 'new phone, id checked' })).status).toBe(409)
      })
    })
  })

suite('players on PGlite', () => startHall({ port: 0, dataDir: 'memory', mode: 'test', log: () => undefined }))

const dir = mkdtempSync(join(tmpdir(), 'lobby-ops-players-postgres-'))
let server: Server | undefined
suite('players on a PostgreSQL server', async () => {
  server = await startPostgres(dir)
  const admin = new pg.Client(server.url('postgres'))
  await admin.connect()
  try {
    await admin.query('CREATE DATABASE lobby_ops_players')
  } finally {
    await admin.end()
  }
  return startHall({ port: 0, databaseUrl: server.url('lobby_ops_players'), mode: 'test', log: () => undefined })
})
afterAll(async () => {
  try {
    await server?.stop()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 20_000)
