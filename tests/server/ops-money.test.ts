/**
 * The operator's console, money (server/support/ops-money.ts, docs/operations.md): finance only
 * (agents, leads and marketing 403 and audited, no sign-in 401); the withdrawal queue and an
 * order's page; approve, refuse with a reason the player sees, mark paid with the payout's
 * reference, with four-eyes above the site's second-approval amount (two different accounts, the
 * same one twice counting once); deposits confirmed, rejected or settled by hand once; every
 * decision in the audit trail with who and why; the same decision sent 20 times at once pays once;
 * every balance equal to its ledger afterwards. The same suite runs on PGlite and on a real
 * PostgreSQL server (./embedded-postgres.ts), where transactions really run side by side.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHash } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { depositSignText } from '../../schemas/hall/calls/pay'
import { startHall, type RunningHall } from '../../server/hall'
import { startPostgres, type Server } from './embedded-postgres'
import { callHall, control, player, visitor, type Caller } from './support'

interface Answer<T = Record<string, unknown>> {
  readonly status: number
  readonly body: T & { ok: boolean; error?: string }
}

interface Balance {
  readonly currency: string
  readonly balance: string
  readonly ledgerSum: string
}

interface OrderView {
  readonly order: { order_no: string; status: number; reason: string; amount: string; payout_reference: string }
  readonly player: { id: string; username: string }
  readonly balances: ReadonlyArray<Balance>
  readonly ledger: ReadonlyArray<{ kind: string; amount: string }>
  readonly deposits: ReadonlyArray<{ orderNo: string; status: number }>
  readonly rounds: ReadonlyArray<{ bet: string }>
  readonly withdrawals: ReadonlyArray<{ orderNo: string }>
  readonly rules: { turnover: ReadonlyArray<{ source: string; needBet: string }>; feeRate: string | null; secondApprovalOver: string }
  readonly approvals: ReadonlyArray<{ account: string; reason: string }>
}

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex')

/** The whole suite against one hall. */
const suite = (name: string, start: () => Promise<RunningHall>) =>
  describe(name, () => {
    let hall: RunningHall
    let site: Caller
    let n = 0
    const tokens: Record<string, string> = {}
    beforeAll(async () => {
      hall = await start()
      site = await visitor(hall.url, '001')
      const lead = await signIn('support', 'support-dev')
      tokens['lead'] = lead
      for (const [username, role] of [['fin.ana', 'finance'], ['fin.bruno', 'finance'], ['agent.carla', 'agent'], ['mkt.dora', 'marketing']] as const) {
        const added = await api<{ password: string }>('accounts', { token: lead, body: { username, role } })
        expect(added.status, added.body.error).toBe(200)
        tokens[username] = await signIn(username, added.body.password)
      }
    }, 120_000)
    afterAll(() => hall.close())

    const api = async <T = Record<string, unknown>>(path: string, o: { token?: string; body?: unknown } = {}): Promise<Answer<T>> => {
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
    const as = (who: string) => (path: string, body?: unknown) => api<Record<string, unknown>>(`ops/${path}`, { token: tokens[who] ?? '', ...(body === undefined ? {} : { body }) })
    const ana = as('fin.ana')
    const bruno = as('fin.bruno')

    const post = (caller: Caller, path: string, params: unknown) => callHall(hall.url, caller, 'POST', path, params)

    /** A player with a phone, the withdraw password 123456, a bank card and `credit` in the balance. */
    const payee = async (credit: string) => {
      n += 1
      const username = `opsm${name.length}x${String(n).padStart(3, '0')}`
      const reg = await post(site, '/home/register', { username, password: 'abc12345' })
      expect(reg.envelope.code, reg.envelope.msg).toBe(1)
      const caller = player('001', reg.envelope.data)
      const phone = `55534${String(n).padStart(5, '0')}`
      expect((await post(caller, '/user/security/createsms', { phone })).envelope.code).toBe(1)
      const sent = await control(hall.url, 'last-code', { username })
      expect((await post(caller, '/user/security/modifyphone', { phone, code: sent['code'] })).envelope.code).toBe(1)
      expect((await post(caller, '/user/security/modifywithdrawpass', { newPass: '123456' })).envelope.code).toBe(1)
      const card = await post(caller, '/certify/bindcard', { bank_code: 'CHASE', card_no: `41112222${String(3333_0000 + n)}`, holder: 'ANA SILVA' })
      expect(card.envelope.code, card.envelope.msg).toBe(1)
      if (credit !== '0') await control(hall.url, 'credit', { username, amount: credit })
      const depositKey = ((await control(hall.url, 'site-config', { siteCode: '001' }))['config'] as { depositKey: string }).depositKey
      return { caller, username, accountId: (card.envelope.data as { id: number }).id, depositKey, playerId: (reg.envelope.data as { userIdx: string }).userIdx }
    }
    type Payee = Awaited<ReturnType<typeof payee>>

    let requests = 0
    const withdraw = async (p: Payee, amount: string): Promise<string> => {
      requests += 1
      const a = await post(p.caller, '/certify/cach', { account_id: p.accountId, amount, withdraw_pass: '123456', request_id: `ops-${name.length}-${requests}` })
      expect(a.envelope.code, a.envelope.msg).toBe(1)
      return (a.envelope.data as { order: { order_no: string } }).order.order_no
    }
    const deposit = async (p: Payee, channel: number, amount: string): Promise<{ order_no: string; pay_url: string }> => {
      requests += 1
      const request_id = `dep-${name.length}-${requests}-${Date.now()}`
      const a = await post(p.caller, '/pay/offlineOrderV3', { channel_id: channel, amount, request_id, sign: md5(depositSignText({ channel_id: channel, amount, request_id }, p.depositKey)) })
      expect(a.envelope.code, a.envelope.msg).toBe(1)
      return a.envelope.data as { order_no: string; pay_url: string }
    }
    const gold = async (p: Payee): Promise<string> => ((await post(p.caller, '/gameapi/RefreshGold', { os_type: 3 })).envelope.data as { game_gold: string }).game_gold
    const view = async (orderNo: string): Promise<OrderView> => {
      const r = await ana(`withdrawals/${orderNo}`)
      expect(r.status, r.body.error).toBe(200)
      return r.body as unknown as OrderView
    }
    const ledgerHolds = (v: OrderView) => {
      expect(v.balances.length).toBeGreaterThan(0)
      for (const b of v.balances) expect(Number(b.ledgerSum), `${b.currency} ${b.balance} vs ledger ${b.ledgerSum}`).toBe(Number(b.balance))
    }
    const audit = async (player: string) =>
      (await api<{ entries: Array<{ account: string; action: string; reference: string | null; detail: Record<string, unknown> }> }>(`audit?player=${player}&pageSize=200`, { token: tokens['lead'] ?? '' })).body.entries
        .filter((e) => e.action.startsWith('ops.') && e.action !== 'ops.withdraw.opened')
        .reverse()

    it('answers finance only: agents, leads and marketing get 403 (audited) on every route, no sign-in 401', async () => {
      const routes: ReadonlyArray<[string, unknown]> = [
        ['withdrawals', undefined],
        ['withdrawals/123', undefined],
        ['withdrawals/123/approve', {}],
        ['withdrawals/123/refuse', { reason: 'x' }],
        ['withdrawals/123/paid', { payoutReference: 'x' }],
        ['deposits?state=waiting', undefined],
        ['deposits/123/confirm', {}],
        ['deposits/123/reject', { reason: 'x' }],
        ['deposits/123/settle', { reference: 'x' }],
      ]
      for (const who of ['lead', 'agent.carla', 'mkt.dora']) {
        for (const [path, body] of routes) expect((await as(who)(path, body)).status, `${who} ${path}`).toBe(403)
      }
      for (const [path, body] of routes) expect((await api(`ops/${path}`, body === undefined ? {} : { body })).status, `anonymous ${path}`).toBe(401)
      for (const [path, body] of routes) expect((await ana(path, body)).status, `finance ${path}`).not.toBe(403)
      const refusals = (await api<{ entries: Array<{ account: string; action: string; detail: { path: string } }> }>('audit?account=agent.carla&pageSize=200', { token: tokens['lead'] ?? '' })).body.entries
      expect(refusals.filter((e) => e.action === 'refused' && e.detail.path.startsWith('/support/api/ops/')).length).toBe(routes.length)
    })

    it('four-eyes above the site amount: two different finance accounts approve, then it is paid once; the player and the audit trail see each step', async () => {
      expect(await control(hall.url, 'withdraw-settings', { siteCode: '001', secondApprovalOver: '150' })).toMatchObject({ ok: true, settings: { secondApprovalOver: '150' } })
      const p = await payee('500')
      // A bonus to bet twice before it can be withdrawn: a rule the order's page shows.
      expect(await control(hall.url, 'credit', { username: p.username, amount: '50', turnover: { multiple: '2', source: 'bonus', title: 'Welcome bonus' } })).toMatchObject({ ok: true })
      const orderNo = await withdraw(p, '200')
      expect(await gold(p)).toBe('350.00')

      const queue = await ana(`withdrawals?state=pending&min=200&max=200&site=001`)
      expect(queue.status).toBe(200)
      expect((queue.body['orders'] as Array<{ orderNo: string; approvalsNeeded: number; username: string }>).find((o) => o.orderNo === orderNo)).toMatchObject({ approvalsNeeded: 2, username: p.username })
      expect(((await ana(`withdrawals?state=pending&olderThanMinutes=600`)).body['orders'] as Array<{ orderNo: string }>).map((o) => o.orderNo)).not.toContain(orderNo)
      expect(((await ana(`withdrawals?min=201`)).body['orders'] as Array<{ orderNo: string }>).map((o) => o.orderNo)).not.toContain(orderNo)
      expect((await ana('withdrawals?state=nope')).status).toBe(400)

      const before = await view(orderNo)
      expect(before.order).toMatchObject({ status: 0, amount: '200' })
      expect(before.rules.secondApprovalOver).toBe('150')
      expect(before.rules.feeRate).toBe('1')
      expect(before.rules.turnover).toEqual([expect.objectContaining({ source: 'bonus', title: 'Welcome bonus', amount: '50', needBet: '100', doneBet: '0' })])
      expect(before.ledger.map((e) => e.kind)).toContain('withdraw-hold')
      ledgerHolds(before)

      const first = await ana(`withdrawals/${orderNo}/approve`, { reason: 'documents checked' })
      expect(first.body).toMatchObject({ ok: true, changed: true, status: 1, approvalsNeeded: 2 })
      // The same account again does not count twice; paying needs the second account.
      expect((await ana(`withdrawals/${orderNo}/approve`, {})).body).toMatchObject({ ok: true, changed: false, status: 1 })
      const early = await ana(`withdrawals/${orderNo}/paid`, { payoutReference: 'BANK-1' })
      expect(early.status).toBe(409)
      expect(early.body.error).toContain('fin.ana')
      expect((await bruno(`withdrawals/${orderNo}/approve`, { reason: 'second look' })).body).toMatchObject({ changed: true, approvals: [{ account: 'fin.ana' }, { account: 'fin.bruno' }] })
      expect((await bruno(`withdrawals/${orderNo}/paid`, {})).status).toBe(400)
      expect((await bruno(`withdrawals/${orderNo}/paid`, { payoutReference: 'BANK-777' })).body).toMatchObject({ ok: true, changed: true, status: 2, balance: '350.00' })
      expect((await bruno(`withdrawals/${orderNo}/paid`, { payoutReference: 'BANK-777' })).body).toMatchObject({ ok: true, changed: false, status: 2 })
      expect((await ana(`withdrawals/${orderNo}/paid`, { payoutReference: 'OTHER' })).status).toBe(409)
      expect((await ana(`withdrawals/${orderNo}/refuse`, { reason: 'late' })).status).toBe(409)

      const after = await view(orderNo)
      // The approvals' notes are finance's own: the player's order carries no reason.
      expect(after.order).toMatchObject({ status: 2, payout_reference: 'BANK-777', reason: '' })
      expect(after.approvals.map((a) => [a.account, a.reason])).toEqual([['fin.ana', 'documents checked'], ['fin.bruno', 'second look']])
      ledgerHolds(after)
      expect(after.ledger.filter((e) => e.kind === 'withdraw-paid').length).toBe(1)
      const info = await post(p.caller, '/certify/orderInfo', { order_no: orderNo })
      expect(info.envelope.data).toMatchObject({ status: 2, steps: [{ status: 0 }, { status: 1 }, { status: 2 }] })
      expect(await gold(p)).toBe('350.00')

      const trail = await audit(p.playerId)
      expect(trail.map((e) => [e.account, e.action, e.detail['orderNo']])).toEqual([
        ['fin.ana', 'ops.withdraw.approved', orderNo],
        ['fin.bruno', 'ops.withdraw.approved', orderNo],
        ['fin.bruno', 'ops.withdraw.paid', orderNo],
      ])
      expect(trail.map((e) => e.detail['reason'] ?? e.detail['payoutReference'])).toEqual(['documents checked', 'second look', 'BANK-777'])

      // At or below the amount one approval is enough.
      const small = await withdraw(p, '100')
      expect((await ana(`withdrawals/${small}/approve`, {})).body).toMatchObject({ approvalsNeeded: 1, status: 1 })
      expect((await ana(`withdrawals/${small}/paid`, { payoutReference: 'BANK-778' })).body).toMatchObject({ status: 2 })
      await control(hall.url, 'withdraw-settings', { siteCode: '001', secondApprovalOver: '10000' })
    })

    it('refuses with a reason the player reads, and the held amount comes back', async () => {
      const p = await payee('300')
      const orderNo = await withdraw(p, '120')
      expect(await gold(p)).toBe('180.00')
      expect((await ana(`withdrawals/${orderNo}/refuse`, {})).status).toBe(400)
      expect((await ana(`withdrawals/${orderNo}/refuse`, { reason: 'The account name does not match yours' })).body).toMatchObject({ ok: true, changed: true, status: 3, balance: '300.00' })
      expect((await ana(`withdrawals/${orderNo}/refuse`, { reason: 'The account name does not match yours' })).body).toMatchObject({ ok: true, changed: false })
      expect((await ana(`withdrawals/${orderNo}/approve`, {})).status).toBe(409)
      const info = await post(p.caller, '/certify/orderInfo', { order_no: orderNo })
      expect(info.envelope.data).toMatchObject({ status: 3, reason: 'The account name does not match yours' })
      expect(await gold(p)).toBe('300.00')
      ledgerHolds(await view(orderNo))
      expect((await audit(p.playerId)).map((e) => [e.account, e.action, e.detail['reason']])).toEqual([['fin.ana', 'ops.withdraw.refused', 'The account name does not match yours']])
      expect((await ana('withdrawals/99999/approve', {})).status).toBe(404)
    })

    it('the same approval or payout sent 20 times at once counts and pays once', async () => {
      await control(hall.url, 'withdraw-settings', { siteCode: '001', secondApprovalOver: '50' })
      const p = await payee('400')
      const orderNo = await withdraw(p, '100')
      const approvals = await Promise.all(Array.from({ length: 20 }, () => ana(`withdrawals/${orderNo}/approve`, { reason: 'fine' })))
      expect(approvals.every((a) => a.status === 200)).toBe(true)
      expect(approvals.filter((a) => a.body['changed'] === true).length).toBe(1)
      const seconds = await Promise.all(Array.from({ length: 20 }, () => bruno(`withdrawals/${orderNo}/approve`, {})))
      expect(seconds.filter((a) => a.body['changed'] === true).length).toBe(1)
      const payouts = await Promise.all(Array.from({ length: 20 }, () => bruno(`withdrawals/${orderNo}/paid`, { payoutReference: 'BULK-1' })))
      expect(payouts.every((a) => a.status === 200)).toBe(true)
      expect(payouts.filter((a) => a.body['changed'] === true).length).toBe(1)
      const v = await view(orderNo)
      expect(v.approvals.map((a) => a.account)).toEqual(['fin.ana', 'fin.bruno'])
      expect(v.ledger.filter((e) => e.kind === 'withdraw-paid').length).toBe(1)
      ledgerHolds(v)
      expect(await gold(p)).toBe('300.00')
      expect((await audit(p.playerId)).map((e) => e.action)).toEqual(['ops.withdraw.approved', 'ops.withdraw.approved', 'ops.withdraw.paid'])
      await control(hall.url, 'withdraw-settings', { siteCode: '001', secondApprovalOver: '10000' })
    })

    it('confirms an offline transfer and a crypto deposit, rejects one with its reason, each once; 20 confirmations at once credit once', async () => {
      const p = await payee('50')
      // An order of the player's before the deposits: its page shows the balances and the ledger afterwards.
      const earlier = await withdraw(p, '10')
      const transfer = await deposit(p, 201, '500')
      expect((await post(p.caller, '/pay/transferConfirm', { order_no: transfer.order_no, payer_name: 'ANA SILVA' })).envelope.code).toBe(1)
      const coin = await deposit(p, 301, '20')
      const rejected = await deposit(p, 201, '70')
      const waiting = await ana('deposits?state=waiting')
      const listed = (waiting.body['deposits'] as Array<{ orderNo: string; status: number; payerName: string; kind: string }>).filter((d) => [transfer.order_no, coin.order_no, rejected.order_no].includes(d.orderNo))
      expect(listed.map((d) => [d.orderNo, d.kind, d.status])).toEqual([
        [transfer.order_no, 'offline', 5],
        [coin.order_no, 'crypto', 0],
        [rejected.order_no, 'offline', 0],
      ])

      const confirms = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? ana : bruno)(`deposits/${transfer.order_no}/confirm`, {})))
      expect(confirms.filter((r) => r.status === 200 && r.body['changed'] === true).length).toBe(1)
      // The repeats, whoever sends them, answer the order as it is and say who confirmed it.
      expect(confirms.every((r) => r.status === 200)).toBe(true)
      expect(new Set(confirms.map((r) => r.body['decidedBy'])).size).toBe(1)
      expect(await gold(p)).toBe('555.00')
      expect((await ana(`deposits/${transfer.order_no}/reject`, { reason: 'x' })).status).toBe(409)
      expect((await ana(`deposits/${coin.order_no}/confirm`, {})).body).toMatchObject({ ok: true, changed: true, status: 1 })
      expect((await ana(`deposits/${rejected.order_no}/reject`, {})).status).toBe(400)
      expect((await bruno(`deposits/${rejected.order_no}/reject`, { reason: 'No transfer arrived' })).body).toMatchObject({ changed: true, status: 2 })
      expect((await bruno(`deposits/${rejected.order_no}/confirm`, {})).status).toBe(409)
      const records = await post(p.caller, '/pay/orderInfo', { order_no: rejected.order_no })
      expect(records.envelope.data).toMatchObject({ status: 2 })

      const decided = (await ana('deposits?state=decided')).body['deposits'] as Array<{ orderNo: string; decision: { action: string; account: string; reason: string } }>
      expect(decided.find((d) => d.orderNo === rejected.order_no)?.decision).toMatchObject({ action: 'rejected', account: 'fin.bruno', reason: 'No transfer arrived' })
      const seen = await view(earlier)
      ledgerHolds(seen)
      expect(seen.deposits.filter((d) => d.status === 1).length).toBe(2)
      expect(seen.ledger.filter((e) => e.kind === 'deposit').length).toBe(2)
      expect((await audit(p.playerId)).map((e) => [e.action, e.detail['orderNo']])).toEqual([
        ['ops.deposit.confirmed', transfer.order_no],
        ['ops.deposit.confirmed', coin.order_no],
        ['ops.deposit.rejected', rejected.order_no],
      ])
    })

    it("settles an online order its provider never confirmed, by its reference, at most once", async () => {
      const p = await payee('50')
      const earlier = await withdraw(p, '10')
      const online = await deposit(p, 101, '100')
      const ref = online.pay_url.split('/').at(-1) ?? ''
      const listed = (await ana('deposits?state=online')).body['deposits'] as Array<{ orderNo: string }>
      expect(listed.map((d) => d.orderNo)).toContain(online.order_no)
      expect((await ana(`deposits/${online.order_no}/confirm`, {})).status).toBe(409)
      expect((await ana(`deposits/${online.order_no}/settle`, {})).status).toBe(400)
      expect((await ana(`deposits/${online.order_no}/settle`, { reference: 'wrong' })).status).toBe(409)
      const settles = await Promise.all(Array.from({ length: 20 }, () => ana(`deposits/${online.order_no}/settle`, { reference: ref })))
      expect(settles.every((r) => r.status === 200)).toBe(true)
      expect(settles.filter((r) => r.body['changed'] === true).length).toBe(1)
      // 100 less the fee of 2 plus the bonus of 10.
      expect(await gold(p)).toBe('148.00')
      // The provider's late callback changes nothing.
      expect(await control(hall.url, 'pay-order', { orderNo: online.order_no, outcome: 'paid' })).toMatchObject({ changed: false })
      expect(await gold(p)).toBe('148.00')
      ledgerHolds(await view(earlier))
      expect((await audit(p.playerId)).map((e) => [e.account, e.action, e.detail['reference']])).toEqual([['fin.ana', 'ops.deposit.settled', ref]])
    })
  })

suite('the money routes on PGlite', () => startHall({ port: 0, dataDir: 'memory', mode: 'test', log: () => undefined }))

const dir = mkdtempSync(join(tmpdir(), 'lobby-ops-money-postgres-'))
let server: Server | undefined
suite('the money routes on a PostgreSQL server', async () => {
  server = await startPostgres(dir)
  const admin = new pg.Client(server.url('postgres'))
  await admin.connect()
  try {
    await admin.query('CREATE DATABASE lobby_ops_money')
  } finally {
    await admin.end()
  }
  return startHall({ port: 0, databaseUrl: server.url('lobby_ops_money'), mode: 'test', log: () => undefined })
})
afterAll(async () => {
  try {
    await server?.stop()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 20_000)
