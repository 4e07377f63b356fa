import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountDetails, betRecord, personalStatement } from '../../schemas/hall/calls'
import { rangeOf, zoneOf } from '../../server/calls/records'
import { openDb } from '../../server/db'
import { startHall } from '../../server/hall'
import { callHall, control, playRound, player, visitor } from './support'
import type { Caller, Hall } from './support'

let hall: Hall
let site: Caller
let n = 0

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
  site = await visitor(hall.url, '001')
}, 60_000)
afterAll(() => hall.close())

const post = (caller: Caller, path: string, params: unknown) => callHall(hall.url, caller, 'POST', path, params)

const newPlayer = async () => {
  n += 1
  const username = `recorder${String(n).padStart(3, '0')}`
  const reg = await post(site, '/home/register', { username, password: 'abc12345' })
  expect(reg.envelope.code).toBe(1)
  return { caller: player('001', reg.envelope.data), username, data: reg.envelope.data as { session_key: string; userkey: string } }
}

const round = (caller: Caller, data: { session_key: string; userkey: string }, bet: string) => playRound(hall.url, site, caller, data, bet)

const ask = async <S extends Schema.Top>(caller: Caller, path: string, schema: S, params: unknown): Promise<S['Type']> => {
  const a = await post(caller, path, params)
  expect(a.envelope.code, a.envelope.msg).toBe(1)
  return Schema.decodeUnknownSync(schema as unknown as Schema.Codec<S['Type']>)(a.envelope.data)
}

const sum = (xs: ReadonlyArray<string>): number => xs.reduce((a, x) => a + Number(x), 0)

describe('records at the reference hall', () => {
  it("lists a player's bets newest first with their totals, and filters by state and date", async () => {
    const { caller, username, data } = await newPlayer()
    await control(hall.url, 'credit', { username, amount: '100' })
    await round(caller, data, '10')
    await round(caller, data, '7.5')
    const today = await ask(caller, '/record/betRecord', betRecord.response, { current: 1, size: 10, dateType: 0 })
    expect(today.page.total).toBe(2)
    expect(today.page.records.map((r) => r.betAmount)).toEqual(['7.5', '10'])
    expect(today.page.records.every((r) => r.state === 10003 && r.gameName !== '' && r.platformName !== '')).toBe(true)
    expect(today.summary.betAmount).toBe('17.5')
    expect(Number(today.summary.profit)).toBeCloseTo(sum(today.page.records.map((r) => r.winAmount)) - 17.5, 6)
    const total = async (params: object) => (await ask(caller, '/record/betRecord', betRecord.response, { current: 1, size: 10, ...params })).page.total
    expect(await total({ dateType: 0, state: 10002 })).toBe(0)
    expect(await total({ dateType: 1 })).toBe(0)
    expect(await total({ dateType: -1, gameCategoryId: 4 })).toBe(0)
    expect(await total({ dateType: -1, platformId: 13 })).toBe(2)
    expect(await total({ dateType: -1, platformId: 14 })).toBe(0)
    const second = await ask(caller, '/record/betRecord', betRecord.response, { current: 2, size: 1, dateType: -1 })
    expect([second.page.total, second.page.records.map((r) => r.betAmount)]).toEqual([2, ['10']])
  })

  it('lists the ledger as account details by kind, each entry with the balance after it', async () => {
    const { caller, username, data } = await newPlayer()
    await control(hall.url, 'credit', { username, amount: '50' })
    await round(caller, data, '5')
    const all = await ask(caller, '/record/accountDetails', accountDetails.response, { current: 1, size: 50, dateType: 7 })
    expect(all.records.at(-1)).toMatchObject({ kind: 'deposit', amount: '50', balance: '50' })
    expect(all.records.find((m) => m.kind === 'bet')).toMatchObject({ amount: '-5', balance: '45' })
    // Every balance is the one before plus the amount: the ledger explains the money.
    const oldestFirst = [...all.records].reverse()
    oldestFirst.reduce((before, m) => {
      expect(Number(m.balance)).toBeCloseTo(before + Number(m.amount), 6)
      return Number(m.balance)
    }, 0)
    const bets = await ask(caller, '/record/accountDetails', accountDetails.response, { current: 1, size: 10, dateType: 7, kind: 'bet' })
    expect(bets.records.map((m) => m.kind)).toEqual(['bet'])
  })

  it('sums the ledger by day as the personal statement', async () => {
    const { caller, username, data } = await newPlayer()
    await control(hall.url, 'credit', { username, amount: '80' })
    await round(caller, data, '20')
    const s = await ask(caller, '/record/statement', personalStatement.response, { current: 1, size: 10, dateType: 30 })
    expect(s.page.total).toBe(1)
    const day = s.page.records[0]
    expect(day).toMatchObject({ deposit: '80', bet: '20', validBet: '20', withdraw: '0' })
    expect(s.summary).toEqual(day && { deposit: day.deposit, withdraw: day.withdraw, bet: day.bet, validBet: day.validBet, win: day.win, bonus: day.bonus, profit: day.profit })
    expect(Number(s.summary.profit)).toBeCloseTo(Number(s.summary.win) - 20, 6)
  })

  it('the movements of any range add up to the change of the balance over it', async () => {
    const { caller, username, data } = await newPlayer()
    await control(hall.url, 'credit', { username, amount: '60' })
    for (const bet of ['3', '4.5', '6']) await round(caller, data, bet)
    await control(hall.url, 'credit', { username, amount: '-2.25' })
    const all = await ask(caller, '/record/accountDetails', accountDetails.response, { current: 1, size: 50, dateType: -1 })
    const balanceNow = Number(all.records[0]?.balance)
    // From nothing: every movement together is the balance.
    expect(sum(all.records.map((m) => m.amount))).toBeCloseTo(balanceNow, 6)
    // Any slice of the ledger, oldest to newest: its movements are the change of the balance across it.
    const oldestFirst = [...all.records].reverse()
    for (let from = 0; from < oldestFirst.length; from++) {
      for (let to = from; to < oldestFirst.length; to++) {
        const before = from === 0 ? 0 : Number(oldestFirst[from - 1]!.balance)
        const after = Number(oldestFirst[to]!.balance)
        expect(sum(oldestFirst.slice(from, to + 1).map((m) => m.amount))).toBeCloseTo(after - before, 6)
      }
    }
    // Paged, the pages together are the whole list.
    const pages = await Promise.all([1, 2, 3].map((current) => ask(caller, '/record/accountDetails', accountDetails.response, { current, size: 3, dateType: -1 })))
    expect(pages.flatMap((p) => p.records.map((m) => m.id))).toEqual(all.records.map((m) => m.id).slice(0, 9))
  })

  it('asks for a session and refuses a page size over 50', async () => {
    expect((await post(site, '/record/betRecord', { current: 1, size: 10, dateType: 0 })).envelope.code).toBe(-1)
    const { caller } = await newPlayer()
    expect((await post(caller, '/record/accountDetails', { current: 1, size: 51, dateType: 0 })).envelope.code).not.toBe(1)
    expect((await post(caller, '/record/accountDetails', { current: 0, size: 10, dateType: 0 })).envelope.code).not.toBe(1)
  })
})

describe('date filters', () => {
  it("are the site's days, weeks and months in its zone", async () => {
    const db = await openDb('memory')
    // Tuesday 24 November 2026, 10:00 in Shanghai (UTC+8).
    const now = Date.parse('2026-11-24T02:00:00Z')
    const range = async (dateType: number) => {
      const r = await rangeOf(db, { dateType: dateType as never }, now, 'Asia/Shanghai')
      return [r.from?.toISOString() ?? null, r.to?.toISOString() ?? null]
    }
    expect(await range(0)).toEqual(['2026-11-23T16:00:00.000Z', '2026-11-24T16:00:00.000Z'])
    expect(await range(1)).toEqual(['2026-11-22T16:00:00.000Z', '2026-11-23T16:00:00.000Z'])
    expect(await range(7)).toEqual(['2026-11-17T16:00:00.000Z', '2026-11-24T16:00:00.000Z'])
    expect(await range(31)).toEqual(['2026-10-31T16:00:00.000Z', '2026-11-30T16:00:00.000Z'])
    expect(await range(32)).toEqual(['2026-09-30T16:00:00.000Z', '2026-11-30T16:00:00.000Z'])
    expect(await range(-2)).toEqual(['2026-11-22T16:00:00.000Z', '2026-11-29T16:00:00.000Z'])
    expect(await range(-3)).toEqual(['2026-11-15T16:00:00.000Z', '2026-11-22T16:00:00.000Z'])
    expect(await range(-1)).toEqual([null, null])
    const custom = await rangeOf(db, { dateType: -4, startDate: '2026-11-01', endDate: '2026-11-02' }, now, 'Asia/Shanghai')
    expect([custom.from?.toISOString(), custom.to?.toISOString()]).toEqual(['2026-10-31T16:00:00.000Z', '2026-11-02T16:00:00.000Z'])
    expect([zoneOf('Nowhere/Else'), zoneOf(''), zoneOf('America/Sao_Paulo')]).toEqual(['UTC', 'UTC', 'America/Sao_Paulo'])
    await db.close()
  })
})
