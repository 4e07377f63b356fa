/**
 * Savings (yuebao) at the reference hall: the interest formula to the cent on the hall's clock in
 * the site's time zone, moves between the wallet and the savings as ledger transactions that
 * never go below zero (concurrently too), a repeated request that moves once, the site's switch,
 * the records under the spec's filters, and a restart that loses nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Schema } from 'effect'
import { afterAll, describe, expect, it } from 'vitest'
import { accountDetails, yuebaoIndex, yuebaoProfitCount, yuebaoProfitRecord, yuebaoReceive, yuebaoSaveGold, yuebaoTakeoutGold } from '../../schemas/hall/calls'
import { YuebaoCodes } from '../../server/calls/yuebao'
import { startHall } from '../../server/hall'
import { callHall, control, player, visitor } from './support'
import type { Caller } from './support'

const DAY = 24 * 60 * 60 * 1000
const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

/** A hall on a clock the test moves, and calls signed at that clock. */
const clockedHall = async (dataDir = 'memory', start = Date.parse('2026-03-10T18:00:00Z')) => {
  const clock = { now: start }
  const hall = await startHall({ port: 0, dataDir, mode: 'test', now: () => clock.now, sessionTtlMs: 400 * DAY })
  const post = (caller: Caller, path: string, params: unknown) => callHall(hall.url, caller, 'POST', path, params, { timestamp: clock.now })
  const ask = async <S extends Schema.Top>(caller: Caller, path: string, schema: S, params: unknown = {}): Promise<S['Type']> => {
    const a = await post(caller, path, params)
    expect(a.envelope.code, a.envelope.msg).toBe(1)
    return Schema.decodeUnknownSync(schema as unknown as Schema.Codec<S['Type']>)(a.envelope.data)
  }
  let n = 0
  const newPlayer = async (siteCode: string, balance: string) => {
    n += 1
    const username = `saver${String(n).padStart(3, '0')}${siteCode}`
    const site = await visitor(hall.url, siteCode)
    const reg = await post(site, '/home/register', { username, password: 'abc12345' })
    expect(reg.envelope.code, reg.envelope.msg).toBe(1)
    if (balance !== '0') expect(await control(hall.url, 'credit', { username, siteCode, amount: balance })).toMatchObject({ ok: true })
    return { caller: player(siteCode, reg.envelope.data), username }
  }
  return { hall, clock, post, ask, newPlayer }
}

/** Interest of one day in cents: floor(principal × yearRate / 36500) to the cent, in integers. */
const dailyCents = (principalCents: bigint, yearRateE4: bigint): bigint => (principalCents * yearRateE4) / (36500n * 10000n)

const cents = (amount: string): bigint => {
  const [whole = '0', frac = ''] = amount.split('.')
  return BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2))
}

let counter = 0
const rid = (): string => `req-${++counter}`

describe('savings at the reference hall', () => {
  it('pays, for n whole days held at the day end in the site zone, n × floor(principal × yearRate / 36500) to the cent', async () => {
    const { hall, clock, ask, newPlayer } = await clockedHall()
    try {
      // Site 101 keeps the São Paulo calendar (UTC-3): the clock starts at 15:00 there on 10 March.
      expect(await control(hall.url, 'savings-site', { siteCode: '101', switchStatus: 1, yearRate: '5.25' })).toMatchObject({ ok: true })
      const { caller, username } = await newPlayer('101', '5000')
      const saved = await ask(caller, '/yuebao/saveGold', yuebaoSaveGold.response, { amount: '1234.56', request_id: rid() })
      expect(saved).toMatchObject({ amount: '1234.56', principal: '1234.56', curIncome: '0.00', gameGold: '3765.44' })
      const daily = dailyCents(123456n, 52500n)
      expect(daily).toBe(17n) // 1234.56 × 5.25 / 36500 = 0.17757…, rounded down per day
      const income = async () => cents((await ask(caller, '/yuebao/profitCount', yuebaoProfitCount.response)).curIncome)
      // 23:59 the same day: no day end has passed.
      clock.now = Date.parse('2026-03-11T02:59:00Z')
      expect(await income()).toBe(0n)
      // 00:01 local on the 11th (03:01 UTC): one day end.
      clock.now = Date.parse('2026-03-11T03:01:00Z')
      expect(await income()).toBe(daily)
      // Read again the same day: nothing more.
      clock.now = Date.parse('2026-03-11T20:00:00Z')
      expect(await income()).toBe(daily)
      // 00:00:01 local on the 14th: the ends of the 10th to the 13th, four days.
      clock.now = Date.parse('2026-03-14T03:00:01Z')
      const count = await ask(caller, '/yuebao/profitCount', yuebaoProfitCount.response)
      expect(count).toMatchObject({ yesterday: '0.17', curIncome: '0.68', totalIncome: '0.00', yearRate: '5.25' })
      expect(cents(count.curIncome)).toBe(4n * daily)
      // Taking out 1000 leaves 234.56, which earns floor(234.56 × 5.25 / 36500) = 0.03 a day from then.
      await ask(caller, '/yuebao/takeoutGold', yuebaoTakeoutGold.response, { amount: '1000', request_id: rid() })
      const smaller = dailyCents(23456n, 52500n)
      expect(smaller).toBe(3n)
      clock.now = Date.parse('2026-03-20T12:00:00Z') // six more day ends (14th to 19th)
      expect(await income()).toBe(4n * daily + 6n * smaller)
      const index = await ask(caller, '/yuebao/index', yuebaoIndex.response)
      expect(index).toMatchObject({ principal: '234.56', curIncome: '0.86', yearRate: '5.25', nextSettleTime: '2026-03-21 00:00:00' })
      // The control surface moves the savings on by whole days, with the same formula.
      expect(await control(hall.url, 'savings-days', { siteCode: '101', username, days: 3 })).toMatchObject({ ok: true, curIncome: '0.95' })
    } finally {
      await hall.close()
    }
  }, 60_000)

  it('pays n days of interest to the cent for principals and rates where rounding matters', async () => {
    const { hall, ask, newPlayer } = await clockedHall()
    try {
      const cases: ReadonlyArray<[string, string, number]> = [
        ['0.01', '7.3', 30], ['1', '7.3', 4], ['36.5', '10', 7], ['99.99', '3.65', 11], ['1234.56', '5.25', 3], ['250000', '1.2345', 5], ['777.77', '0', 2],
      ]
      for (const [principal, rate, days] of cases) {
        await control(hall.url, 'savings-site', { yearRate: rate, minIn: '0.01' })
        const { caller, username } = await newPlayer('001', principal)
        await ask(caller, '/yuebao/saveGold', yuebaoSaveGold.response, { amount: principal, request_id: rid() })
        const rateE4 = BigInt(Math.round(Number(rate) * 10000))
        const expected = BigInt(days) * dailyCents(cents(principal), rateE4)
        const answer = await control(hall.url, 'savings-days', { username, days })
        expect([principal, rate, days, cents(String(answer['curIncome']))]).toEqual([principal, rate, days, expected])
      }
    } finally {
      await control(hall.url, 'savings-site', { yearRate: '7.3', minIn: '1' })
      await hall.close()
    }
  }, 60_000)

  it('receives the interest once into the wallet, with its ledger entry and record', async () => {
    const { hall, clock, ask, post, newPlayer } = await clockedHall()
    try {
      const { caller, username } = await newPlayer('001', '1000')
      // The header's read leaves the introduction for the page; the page's first read pops it up, once.
      expect((await ask(caller, '/yuebao/index', yuebaoIndex.response)).isPop).toBe(0)
      const index = await ask(caller, '/yuebao/index', yuebaoIndex.response, { page: 1 })
      expect(index).toMatchObject({ switchStatus: 'open', principal: '0.00', yearRate: '7.3', isPop: 1, gameGold: '1000.00', minIn: '1', minOut: '1' })
      expect((await ask(caller, '/yuebao/index', yuebaoIndex.response, { page: 1 })).isPop).toBe(0)
      await ask(caller, '/yuebao/saveGold', yuebaoSaveGold.response, { amount: '500', request_id: rid() })
      expect(await control(hall.url, 'savings-days', { username, days: 3 })).toMatchObject({ ok: true, curIncome: '0.30' })
      const receiveId = rid()
      const got = await ask(caller, '/yuebao/receive', yuebaoReceive.response, { request_id: receiveId })
      expect(got).toEqual({ amount: '0.30', principal: '500.00', curIncome: '0.00', gameGold: '500.30' })
      // The same request again, and another receive: nothing more is paid.
      expect(await ask(caller, '/yuebao/receive', yuebaoReceive.response, { request_id: receiveId })).toEqual(got)
      expect(await ask(caller, '/yuebao/receive', yuebaoReceive.response, { request_id: rid() })).toMatchObject({ amount: '0', gameGold: '500.30' })
      expect(await ask(caller, '/yuebao/profitCount', yuebaoProfitCount.response)).toMatchObject({ totalIncome: '0.30', curIncome: '0.00' })
      const ledger = await ask(caller, '/record/accountDetails', accountDetails.response, { current: 1, size: 50, dateType: -1 })
      expect(ledger.records.map((m) => [m.kind, m.amount, m.balance])).toEqual([
        ['interest', '0.3', '500.3'],
        ['transfer', '-500', '500'],
        ['deposit', '1000', '1000'],
      ])
      // The records under the spec's filters: all 0, transfer-in 1, transfer-out 2, check 3, profit 5.
      await ask(caller, '/yuebao/takeoutGold', yuebaoTakeoutGold.response, { amount: '500', request_id: rid() })
      const types = async (type: number) =>
        (await ask(caller, '/yuebao/profitRecord', yuebaoProfitRecord.response, { current: 1, size: 10, type })).records.map((r) => [r.type, r.amount, r.principal])
      expect(await types(0)).toEqual([[2, '500.00', '0.00'], [5, '0.30', '500.00'], [1, '500.00', '500.00']])
      expect(await types(1)).toEqual([[1, '500.00', '500.00']])
      expect(await types(2)).toEqual([[2, '500.00', '0.00']])
      expect(await types(3)).toEqual([])
      expect(await types(5)).toEqual([[5, '0.30', '500.00']])
      // Dated on the hall's clock.
      const today = await ask(caller, '/yuebao/profitRecord', yuebaoProfitRecord.response, { current: 1, size: 10, dateType: 0 })
      expect(today.total).toBe(3)
      clock.now += 2 * DAY
      expect((await ask(caller, '/yuebao/profitRecord', yuebaoProfitRecord.response, { current: 1, size: 10, dateType: 0 })).total).toBe(0)
      // A visitor has no savings.
      expect((await post(await visitor(hall.url), '/yuebao/index', {})).envelope.code).toBe(-1)
    } finally {
      await hall.close()
    }
  }, 60_000)

  it('refuses what would go below zero, below the least amount, a reused request id, and saving while the switch is off', async () => {
    const { hall, ask, post, newPlayer } = await clockedHall()
    try {
      const { caller } = await newPlayer('001', '50')
      const code = async (path: string, params: unknown) => (await post(caller, path, params)).envelope.code
      expect(await code('/yuebao/saveGold', { amount: '60', request_id: rid() })).toBe(YuebaoCodes.walletShort)
      expect(await code('/yuebao/saveGold', { amount: '0.5', request_id: rid() })).toBe(YuebaoCodes.belowMinimum)
      expect(await code('/yuebao/saveGold', { amount: '1.234', request_id: rid() })).toBe(YuebaoCodes.belowMinimum)
      const once = rid()
      await ask(caller, '/yuebao/saveGold', yuebaoSaveGold.response, { amount: '20', request_id: once })
      // The same request again moves nothing; the id for another amount is refused.
      expect(await ask(caller, '/yuebao/saveGold', yuebaoSaveGold.response, { amount: '20', request_id: once })).toMatchObject({ principal: '20.00', gameGold: '30.00' })
      expect(await code('/yuebao/saveGold', { amount: '21', request_id: once })).toBe(YuebaoCodes.requestReused)
      expect(await code('/yuebao/takeoutGold', { amount: '20.01', request_id: rid() })).toBe(YuebaoCodes.principalShort)
      expect(await control(hall.url, 'savings-site', { switchStatus: 0 })).toMatchObject({ ok: true, terms: { open: false } })
      expect((await ask(caller, '/yuebao/index', yuebaoIndex.response)).switchStatus).toBe('close')
      expect(await code('/yuebao/saveGold', { amount: '5', request_id: rid() })).toBe(YuebaoCodes.closed)
      // Taking out stays possible: the whole principal, even below the least amount.
      await control(hall.url, 'savings-site', { switchStatus: 1, minOut: '50' })
      expect(await code('/yuebao/takeoutGold', { amount: '10', request_id: rid() })).toBe(YuebaoCodes.belowMinimum)
      await control(hall.url, 'savings-site', { switchStatus: 0 })
      expect(await ask(caller, '/yuebao/takeoutGold', yuebaoTakeoutGold.response, { amount: '20', request_id: rid() })).toMatchObject({ principal: '0.00', gameGold: '50.00' })
      await control(hall.url, 'savings-site', { switchStatus: 1, minOut: '1' })
    } finally {
      await hall.close()
    }
  }, 60_000)

  it('never makes either balance negative under concurrent saves and take-outs, and every move is in both ledgers', async () => {
    const { hall, ask, post, newPlayer } = await clockedHall()
    try {
      const { caller } = await newPlayer('001', '100')
      const moves = Array.from({ length: 24 }, (_, i) => post(caller, i % 2 === 0 ? '/yuebao/saveGold' : '/yuebao/takeoutGold', { amount: '30', request_id: rid() }))
      const answers = await Promise.all(moves)
      const codes = answers.map((a) => a.envelope.code)
      expect(codes.every((c) => c === 1 || c === YuebaoCodes.walletShort || c === YuebaoCodes.principalShort)).toBe(true)
      const saves = answers.filter((a, i) => i % 2 === 0 && a.envelope.code === 1).length
      const takes = answers.filter((a, i) => i % 2 === 1 && a.envelope.code === 1).length
      expect(saves).toBeGreaterThan(0)
      const index = await ask(caller, '/yuebao/index', yuebaoIndex.response)
      expect(Number(index.principal)).toBe(30 * (saves - takes))
      expect(Number(index.principal)).toBeGreaterThanOrEqual(0)
      expect(Number(index.gameGold)).toBeGreaterThanOrEqual(0)
      expect(Number(index.principal) + Number(index.gameGold)).toBe(100)
      const records = await ask(caller, '/yuebao/profitRecord', yuebaoProfitRecord.response, { current: 1, size: 50 })
      expect(records.total).toBe(saves + takes)
      const ledger = await ask(caller, '/record/accountDetails', accountDetails.response, { current: 1, size: 50, dateType: -1, kind: 'transfer' })
      expect(ledger.total).toBe(saves + takes)
      // Each record's principal after it is the one before plus its move; each wallet balance likewise.
      const oldest = [...records.records].reverse()
      oldest.reduce((before, r) => {
        expect(Number(r.principal)).toBe(before + (r.type === 1 ? 30 : -30))
        return Number(r.principal)
      }, 0)
      ;[...ledger.records].reverse().reduce((before, m) => {
        expect(Number(m.balance)).toBe(before + Number(m.amount))
        return Number(m.balance)
      }, 100)
    } finally {
      await hall.close()
    }
  }, 60_000)

  it('loses nothing across a restart: savings, interest, records and the day count go on', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lobby-yuebao-'))
    dirs.push(dataDir)
    const start = Date.parse('2026-05-01T12:00:00Z')
    const first = await clockedHall(dataDir, start)
    let caller: Caller
    try {
      ;({ caller } = await first.newPlayer('001', '1000'))
      expect((await first.ask(caller, '/yuebao/index', yuebaoIndex.response, { page: 1 })).isPop).toBe(1)
      await first.ask(caller, '/yuebao/saveGold', yuebaoSaveGold.response, { amount: '1000', request_id: 'keep-1' })
      first.clock.now = start + 2 * DAY
      expect((await first.ask(caller, '/yuebao/profitCount', yuebaoProfitCount.response)).curIncome).toBe('0.40')
    } finally {
      await first.hall.close()
    }
    const second = await clockedHall(dataDir, start + 3 * DAY)
    try {
      const index = await second.ask(caller, '/yuebao/index', yuebaoIndex.response, { page: 1 })
      expect(index).toMatchObject({ principal: '1000.00', curIncome: '0.60', gameGold: '0.00', isPop: 0 })
      // The request made before the restart is still known: it moves nothing again.
      expect(await second.ask(caller, '/yuebao/saveGold', yuebaoSaveGold.response, { amount: '1000', request_id: 'keep-1' })).toMatchObject({ principal: '1000.00', gameGold: '0.00' })
      expect((await second.ask(caller, '/yuebao/profitRecord', yuebaoProfitRecord.response, { current: 1, size: 10 })).total).toBe(1)
    } finally {
      await second.hall.close()
    }
  }, 60_000)
})
