import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { SOCKET_PATH } from '../../schemas/events/socket'
import { DepositOrder, PayCode, depositSignText, getPayOrderFee, payOrderListV3, payPlatformListV3 } from '../../schemas/hall/calls/pay'
import { openDb } from '../../server/db'
import { startHall } from '../../server/hall'
import { callHall, control, player, visitor } from './support'
import type { Caller, Hall } from './support'

const md5 = (s: string): string => createHash('md5').update(s, 'utf8').digest('hex')

const dataDir = mkdtempSync(join(tmpdir(), 'lobby-pay-'))
let hall: Hall
let n = 0
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

interface Player {
  readonly caller: Caller
  readonly username: string
  readonly siteCode: string
  readonly depositKey: string
  readonly token: string
}

const newPlayer = async (url: string, siteCode = '001'): Promise<Player> => {
  n += 1
  const site = await visitor(url, siteCode)
  const username = `payer${String(n).padStart(4, '0')}`
  const reg = await callHall(url, site, 'POST', '/home/register', { username, password: 'abc12345' })
  expect(reg.envelope.code, reg.envelope.msg).toBe(1)
  const config = (await control(url, 'site-config', { siteCode }))['config'] as { depositKey: string }
  const caller = player(siteCode, reg.envelope.data)
  return { caller, username, siteCode, depositKey: config.depositKey, token: caller.token }
}

const post = (url: string, p: Player, path: string, params: unknown) => callHall(url, p.caller, 'POST', path, params)

const decode = <S extends Schema.Top>(schema: S, data: unknown): S['Type'] => Schema.decodeUnknownSync(schema as unknown as Schema.Codec<S['Type']>)(data)

let requests = 0
const order = async (url: string, p: Player, channel_id: number, amount: string, o: { requestId?: string; sign?: string } = {}) => {
  requests += 1
  const request_id = o.requestId ?? `req-${Date.now()}-${requests}`
  const sign = o.sign ?? md5(depositSignText({ channel_id, amount, request_id }, p.depositKey))
  return post(url, p, '/pay/offlineOrderV3', { channel_id, amount, request_id, sign })
}

const placed = async (url: string, p: Player, channel: number, amount: string): Promise<DepositOrder> => {
  const a = await order(url, p, channel, amount)
  expect(a.envelope.code, a.envelope.msg).toBe(1)
  return decode(DepositOrder, a.envelope.data)
}

const balance = async (url: string, p: Player): Promise<string> => {
  const a = await post(url, p, '/gameapi/RefreshGold', { os_type: 3 })
  expect(a.envelope.code, a.envelope.msg).toBe(1)
  return (a.envelope.data as { game_gold: string }).game_gold
}

/** The provider page's own button: POST the outcome to the order's pay_url. */
const providerSays = async (url: string, o: DepositOrder, outcome: 'paid' | 'failed' | 'abandon'): Promise<string> => {
  const res = await fetch(`${url}${o.pay_url}`, { method: 'POST', body: new URLSearchParams({ outcome }) })
  expect(res.status).toBe(200)
  return res.text()
}

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir, mode: 'test' })
}, 60_000)

describe('deposits at the reference hall', () => {
  it('offers the channels of the site per currency: card, bank transfer and crypto on 001, PIX on the BRL sites', async () => {
    const p = await newPlayer(hall.url)
    const usd = decode(payPlatformListV3.response, (await post(hall.url, p, '/pay/payplatformlistV3', { payCurrency: 'USD' })).envelope.data).list
    expect(usd.map((m) => m.kind)).toEqual(['fiat', 'offline'])
    expect(usd[0]?.channels.map((c) => c.id)).toEqual([101, 102])
    expect(usd[0]?.bonus_rate).toBe('10')
    const all = decode(payPlatformListV3.response, (await post(hall.url, p, '/pay/payplatformlistV3', {})).envelope.data).list
    expect(all.some((m) => m.kind === 'crypto' && m.currency === 'USDT')).toBe(true)
    const br = await newPlayer(hall.url, '101')
    const brl = decode(payPlatformListV3.response, (await post(hall.url, br, '/pay/payplatformlistV3', { payCurrency: 'BRL' })).envelope.data).list
    expect(brl.map((m) => m.name)).toEqual(['PIX', 'Bank transfer'])
    const fee = decode(getPayOrderFee.response, (await post(hall.url, p, '/pay/getPayOrderFee', { channel_id: 101, amount: '100' })).envelope.data)
    expect(fee).toMatchObject({ amount: '100', fee: '2', bonus: '10', arrive_amount: '108' })
  })

  it('pays an online order on the provider page: the wallet gets amount less fee plus bonus, the socket hears it, a second payment changes nothing', async () => {
    const p = await newPlayer(hall.url)
    const ws = new WebSocket(`${hall.url.replace('http', 'ws')}${SOCKET_PATH}?Token=${p.token}&siteCode=001`)
    const heard: Array<{ type: string; data: Record<string, unknown> }> = []
    ws.on('message', (raw) => {
      const f = JSON.parse((raw as Buffer).toString('utf8')) as { type: string; content?: { type: string; data: Record<string, unknown> } }
      if (f.type === 'notice' && f.content !== undefined) heard.push(f.content)
    })
    await new Promise((resolve) => ws.once('open', resolve))
    const o = await placed(hall.url, p, 101, '100')
    expect(o).toMatchObject({ status: 0, kind: 'fiat', amount: '100', fee: '2', bonus: '10', transfer: null, crypto: null })
    expect(o.pay_url).toMatch(/^\/provider\/pay\/[0-9a-f]{32}$/)
    const page = await (await fetch(`${hall.url}${o.pay_url}`)).text()
    expect(page).toContain('Pay 100 USD')
    expect(await providerSays(hall.url, o, 'paid')).toContain('Payment complete')
    expect(await balance(hall.url, p)).toBe('108.00')
    expect(await providerSays(hall.url, o, 'paid')).toContain('closed')
    expect(await control(hall.url, 'pay-order', { orderNo: o.order_no, outcome: 'paid' })).toMatchObject({ ok: true, changed: false, status: 1 })
    expect(await balance(hall.url, p)).toBe('108.00')
    // The deposit brings its turnover: 98 bet once, the bonus of 10 three times, before it can be withdrawn.
    const info = (await post(hall.url, p, '/certify/withdrawInfo', {})).envelope.data as { withdrawable: string; audit_need: string }
    expect([Number(info.withdrawable), Number(info.audit_need)]).toEqual([0, 128])
    await expect.poll(() => heard.map((h) => h.type)).toEqual(['pay/orderProgress', 'payOrderSuccess'])
    expect(heard[1]?.data).toMatchObject({ orderNo: o.order_no, amount: '108', currency: 'USD', balance: '108.00', isFirst: 1 })
    ws.close()
    const second = await placed(hall.url, p, 102, '50')
    await control(hall.url, 'pay-order', { orderNo: second.order_no, outcome: 'paid' })
    const records = decode(payOrderListV3.response, (await post(hall.url, p, '/pay/orderListV3', { current: 1, size: 10, dateType: 0 })).envelope.data)
    expect(records.records.map((r) => [r.order_no, r.status])).toEqual([[second.order_no, 1], [o.order_no, 1]])
    expect(await balance(hall.url, p)).toBe('160.50')
  })

  it('credits once when the same order is paid many times at once (provider page, callback and control together)', async () => {
    const p = await newPlayer(hall.url)
    const o = await placed(hall.url, p, 101, '200')
    await Promise.all([
      providerSays(hall.url, o, 'paid'),
      providerSays(hall.url, o, 'paid'),
      control(hall.url, 'pay-order', { orderNo: o.order_no, outcome: 'paid' }),
      control(hall.url, 'pay-order', { orderNo: o.order_no, outcome: 'paid' }),
      providerSays(hall.url, o, 'failed'),
    ])
    const info = decode(DepositOrder, (await post(hall.url, p, '/pay/orderInfo', { order_no: o.order_no })).envelope.data)
    expect([1, 2]).toContain(info.status)
    // Paid: 200 - 4 fee + 20 bonus, exactly once; failed first: nothing.
    expect(await balance(hall.url, p)).toBe(info.status === 1 ? '216.00' : '0.00')
  })

  it('refuses a tampered deposit signature and a forged provider callback; nothing is ordered or paid', async () => {
    const p = await newPlayer(hall.url)
    const good = md5(depositSignText({ channel_id: 101, amount: '100', request_id: 'tampered-1' }, p.depositKey))
    const a = await order(hall.url, p, 101, '1000', { requestId: 'tampered-1', sign: good })
    expect(a.envelope.code).toBe(PayCode.badSign)
    const b = await post(hall.url, p, '/pay/offlineOrderV3', { channel_id: 101, amount: '100', request_id: 'unsigned-1' })
    expect(b.envelope.code).toBe(PayCode.badSign)
    const o = await placed(hall.url, p, 101, '100')
    const forged = { order_no: o.order_no, status: 'paid', amount: '100' }
    const res = await fetch(`${hall.url}/provider/notify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...forged, sign: md5(`order_no=${o.order_no}&status=paid&amount=100&key=${p.depositKey}`) }) })
    expect(res.status).toBe(403)
    expect(await balance(hall.url, p)).toBe('0.00')
    const list = decode(payOrderListV3.response, (await post(hall.url, p, '/pay/orderListV3', {})).envelope.data)
    expect(list.records.map((r) => r.status)).toEqual([0])
  })

  it('answers bad amounts with a service code and makes no order', async () => {
    const p = await newPlayer(hall.url)
    const cases: ReadonlyArray<[string, number]> = [
      ['-10', PayCode.invalidAmount],
      ['0', PayCode.invalidAmount],
      ['0.00', PayCode.invalidAmount],
      ['NaN', PayCode.invalidAmount],
      ['', PayCode.invalidAmount],
      ['12.345', PayCode.invalidAmount],
      ['1e20', PayCode.invalidAmount],
      ['100000000000000000000', PayCode.invalidAmount],
      ['5', PayCode.belowMin],
      ['5000.01', PayCode.aboveMax],
      ['999999999999', PayCode.aboveMax],
    ]
    for (const [amount, code] of cases) {
      const a = await order(hall.url, p, 101, amount)
      expect([amount, a.status, a.envelope.code]).toEqual([amount, 200, code])
      const f = await post(hall.url, p, '/pay/getPayOrderFee', { channel_id: 101, amount })
      expect([amount, f.envelope.code]).toEqual([amount, code])
    }
    // Crypto takes up to 10 decimals, not 11.
    expect((await order(hall.url, p, 901, '0.0012345678')).envelope.code).toBe(1)
    expect((await order(hall.url, p, 901, '0.00123456789')).envelope.code).toBe(PayCode.invalidAmount)
    const list = decode(payOrderListV3.response, (await post(hall.url, p, '/pay/orderListV3', {})).envelope.data)
    expect(list.total).toBe(1)
  })

  it('answers the same request id with the same order, and a reused id for another order with a service code', async () => {
    const p = await newPlayer(hall.url)
    const a = decode(DepositOrder, (await order(hall.url, p, 101, '100', { requestId: 'same-request-1' })).envelope.data)
    const b = decode(DepositOrder, (await order(hall.url, p, 101, '100', { requestId: 'same-request-1' })).envelope.data)
    expect(b.order_no).toBe(a.order_no)
    expect((await order(hall.url, p, 101, '200', { requestId: 'same-request-1' })).envelope.code).toBe(PayCode.requestReused)
  })

  it('takes an offline transfer through confirmation to payment, cancels another, and shows crypto address and QR text', async () => {
    const p = await newPlayer(hall.url)
    const banks = (await callHall(hall.url, p.caller, 'GET', '/api/lobby/finance/getPayChooseBank', { channel_id: 201 })).envelope.data as { list: Array<{ bank_code: string }> }
    expect(banks.list.map((b) => b.bank_code)).toEqual(['FLB', 'CHB'])
    const withBank = (bank_code: string) => {
      const request_id = `bank-${bank_code}-${Date.now()}`
      return post(hall.url, p, '/pay/offlineOrderV3', { channel_id: 201, amount: '50', request_id, bank_code, sign: md5(depositSignText({ channel_id: 201, amount: '50', request_id }, p.depositKey)) })
    }
    expect((await withBank('NOPE')).envelope.code).toBe(PayCode.channelUnavailable)
    const banked = await withBank('CHB')
    expect(banked.envelope.code).toBe(1)
    await post(hall.url, p, '/pay/transferCancel', { order_no: (banked.envelope.data as { order_no: string }).order_no })
    const t = await placed(hall.url, p, 201, '500')
    expect(t.transfer).toMatchObject({ bank_name: 'First Lobby Bank', account_no: '4401 2200 7788 1234' })
    expect((await post(hall.url, p, '/pay/transferConfirm', { order_no: t.order_no })).envelope.code).toBe(PayCode.payerNameRequired)
    const confirmed = decode(DepositOrder, (await post(hall.url, p, '/pay/transferConfirm', { order_no: t.order_no, payer_name: 'ANA SILVA' })).envelope.data)
    expect(confirmed.status).toBe(5)
    const pending = decode(payOrderListV3.response, (await post(hall.url, p, '/pay/orderListV3', { state: 10002 })).envelope.data)
    expect(pending.records.map((r) => r.order_no)).toEqual([t.order_no])
    await control(hall.url, 'pay-order', { orderNo: t.order_no, outcome: 'paid' })
    expect(await balance(hall.url, p)).toBe('515.00')
    const c = await placed(hall.url, p, 201, '100')
    expect(decode(DepositOrder, (await post(hall.url, p, '/pay/transferCancel', { order_no: c.order_no })).envelope.data).status).toBe(3)
    expect((await post(hall.url, p, '/pay/transferCancel', { order_no: c.order_no })).envelope.code).toBe(PayCode.orderState)
    expect((await post(hall.url, p, '/pay/transferConfirm', { order_no: c.order_no, payer_name: 'X' })).envelope.code).toBe(PayCode.orderState)
    const k = await placed(hall.url, p, 301, '20')
    expect(k.crypto).toMatchObject({ network: 'TRC20', coin_amount: '20' })
    expect(k.crypto?.qr_code).toBe(`tron:${k.crypto?.address}?amount=20`)
    expect(await control(hall.url, 'pay-order', { orderNo: k.order_no, outcome: 'expired' })).toMatchObject({ status: 4 })
    expect(await control(hall.url, 'pay-order', { orderNo: k.order_no, outcome: 'paid' })).toMatchObject({ status: 4, changed: false })
    const list = async (state: number) => decode(payOrderListV3.response, (await post(hall.url, p, '/pay/orderListV3', { state })).envelope.data).records.map((r) => r.status)
    expect(await list(10001)).toEqual([4, 3, 3])
    expect(await list(10002)).toEqual([])
    expect(await list(10003)).toEqual([1])
    expect(await list(10000)).toEqual([4, 3, 1, 3])
    expect(await balance(hall.url, p)).toBe('515.00')
  })

  it('redeems a discount code once per player, up to its uses, with a bound phone where it asks for one', async () => {
    const a = await newPlayer(hall.url)
    const b = await newPlayer(hall.url)
    expect(await control(hall.url, 'discount-code', { code: 'ONCEONLY7', amount: '7.5', uses: 1 })).toMatchObject({ ok: true })
    expect((await post(hall.url, a, '/active/isShowDiscount', {})).envelope.data).toEqual({ show: 1 })
    const tries = await Promise.all([0, 1, 2].map(() => post(hall.url, a, '/active/useDiscountCode', { code: 'onceonly7' })))
    expect(tries.map((t) => t.envelope.code).sort()).toEqual([1, 1362, 1362])
    expect(tries.find((t) => t.envelope.code === 1)?.envelope.data).toEqual({ amount: '7.5', count: 1, currency: 'USD', game_gold: '7.50' })
    expect(await balance(hall.url, a)).toBe('7.50')
    expect((await post(hall.url, b, '/active/useDiscountCode', { code: 'ONCEONLY7' })).envelope.code).toBe(1363)
    expect((await post(hall.url, b, '/active/useDiscountCode', { code: 'NOSUCHCODE' })).envelope.code).toBe(1360)
    expect((await post(hall.url, b, '/active/checkCodePhoneNumber', {})).envelope.data).toEqual({ bound: 0, mobile_phone: '' })
    expect((await post(hall.url, b, '/active/useDiscountCode', { code: 'PHONE20' })).envelope.code).toBe(1361)
    expect(await balance(hall.url, b)).toBe('0.00')
  })

  it("lists every provider's balance for the central wallet: the money sits at the provider of the game it went into until RefreshGold brings it back", async () => {
    const p = await newPlayer(hall.url)
    await control(hall.url, 'credit', { username: p.username, amount: '40' })
    type List = { list: Array<{ platformId: number; platformName?: string; balance: string }> }
    const list = async () => ((await post(hall.url, p, '/gameapi/getBalanceList', {})).envelope.data as List).list
    const before = await list()
    expect(before.length).toBeGreaterThan(1)
    expect(before.every((x) => x.balance === '0.00' && typeof x.platformName === 'string')).toBe(true)
    expect((await post(hall.url, p, '/gameapi/login', { gameid: 130009, platfromid: 13, user_type: 'formal' })).envelope.code).toBe(1)
    expect((await list()).filter((x) => x.balance !== '0.00')).toEqual([expect.objectContaining({ platformId: 13, balance: '40.00' })])
    expect((await post(hall.url, p, '/gameapi/RefreshGold', { os_type: 3 })).envelope.data).toEqual({ game_gold: '40.00' })
    expect((await list()).every((x) => x.balance === '0.00')).toBe(true)
  })

  it('loses nothing when the hall restarts between the order and its payment; every balance is the sum of its ledger', async () => {
    const p = await newPlayer(hall.url)
    const o = await placed(hall.url, p, 101, '300')
    await hall.close()
    hall = await startHall({ port: 0, dataDir, mode: 'test' })
    // The same session and the same provider page, on the restarted hall.
    expect(await providerSays(hall.url, o, 'paid')).toContain('Payment complete')
    expect(await balance(hall.url, p)).toBe('324.00')
    await hall.close()
    const db = await openDb(dataDir)
    try {
      const drift = await db.query<{ player: string }>(
        `SELECT w.player_id::text AS player FROM wallets w
         LEFT JOIN (SELECT player_id, currency, sum(amount) AS total FROM wallet_entries GROUP BY player_id, currency) e
           ON e.player_id = w.player_id AND e.currency = w.currency
         WHERE w.balance <> coalesce(e.total, 0)`,
      )
      expect(drift.rows).toEqual([])
      const paid = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM deposit_orders WHERE status = 1`)
      const credited = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM wallet_entries WHERE kind = 'deposit'`)
      expect(credited.rows[0]?.n).toBe(paid.rows[0]?.n)
    } finally {
      await db.close()
    }
    hall = await startHall({ port: 0, dataDir, mode: 'test' })
  }, 60_000)
})

afterAll(() => hall.close())
