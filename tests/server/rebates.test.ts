import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pendingAwards, rebateIndex, receiveRecords } from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { hallPlayers, type HallPlayer } from './players'
import { control, playRound, visitor } from './support'
import type { Hall } from './support'

/**
 * Rebates, awards and receive records at the hall (server/calls/rebates.ts, migration 170): the
 * return gold of a scripted set of real game rounds in three categories equals the documented
 * rule, trunc(valid bets × rate / 100, 2) per category, to the cent; receiving pays it once with
 * its ledger entry and turnover, a category below a cent keeps its rounds; concurrent receipts pay
 * once; the red dot, the awards and the receive records under the date filter follow the ledger.
 */
let hall: Hall
beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
}, 60_000)
afterAll(() => hall.close())

const decode = <S extends Schema.Top>(schema: S, data: unknown): S['Type'] => Schema.decodeUnknownSync(schema as unknown as Schema.Codec<S['Type']>)(data)
const { post, ok, deposit, balance, newPlayer: registered } = hallPlayers(() => hall.url)
const newPlayer = () => registered('reb')
type P = HallPlayer

/** Games of three categories: electronic 3 (130009, platform 13), real 4 (140007, platform 68), chess 1 (110001, platform 211). */
const ELECTRONIC = { gameid: 130009, platfromid: 13 }
const LIVE = { gameid: 140007, platfromid: 68 }
const CHESS = { gameid: 110001, platfromid: 211 }

/** The documented rule in whole cents: trunc(cents(validBet) × rate% / 100) with the rate's exact decimal (no floating point). */
const expectedCents = (validBet: string, rate: string): bigint => {
  const [ri = '0', rf = ''] = rate.split('.')
  const scale = 10n ** BigInt(rf.length)
  const rateScaled = BigInt(ri + rf)
  const [vi = '0', vf = ''] = validBet.split('.')
  const cents = BigInt(vi) * 100n + BigInt((vf + '00').slice(0, 2))
  return (cents * rateScaled) / (100n * scale)
}
const centsText = (c: bigint): string => (c % 100n === 0n ? String(c / 100n) : `${c / 100n}.${String(c % 100n).padStart(2, '0')}`.replace(/0$/, ''))

const info = async (p: P) => decode(rebateIndex.response, await ok(p.caller, '/rebate/index', {}))
const category = async (p: P, id: number) => (await info(p)).list.find((c) => c.categoryId === id)!

const play = async (p: P, rounds: ReadonlyArray<readonly [string, { gameid: number; platfromid: number }]>): Promise<void> => {
  const site = await visitor(hall.url)
  for (const [bet, game] of rounds) await playRound(hall.url, site, p.caller, p.data, bet, 'lose', game)
}

describe('rebates at the reference hall', () => {
  it('a fresh player has every rated category at 0 and nothing to receive', async () => {
    const p = await newPlayer()
    const r = await info(p)
    expect(r.list.map((c) => [c.categoryId, c.rate])).toEqual([[1, '0.5'], [2, '0.6'], [3, '0.8'], [4, '0.7'], [5, '1'], [6, '0.5'], [8, '0.4'], [9, '0.3'], [10, '0.3'], [11, '0.6']])
    expect(r.list.every((c) => c.amount === '0' && c.validBet === '0' && c.rounds === 0)).toBe(true)
    expect([r.total, r.windowDays, r.turnoverMultiple]).toEqual(['0', 7, '1'])
    expect((await post(p.caller, '/rebate/receive', {})).envelope.code).toBe(1851)
  })

  it('the return gold of scripted rounds is the documented rate to the cent, paid once with its ledger entry and turnover', async () => {
    const p = await newPlayer()
    await deposit(p, '100')
    await play(p, [['12.34', ELECTRONIC], ['7.89', ELECTRONIC], ['3.33', ELECTRONIC], ['45.67', LIVE], ['0.01', LIVE], ['1.99', CHESS]])
    const before = await info(p)
    const electronic = before.list.find((c) => c.categoryId === 3)!
    const live = before.list.find((c) => c.categoryId === 4)!
    const chess = before.list.find((c) => c.categoryId === 1)!
    expect([electronic.validBet, electronic.rounds, live.validBet, live.rounds, chess.validBet, chess.rounds]).toEqual(['23.56', 3, '45.68', 2, '1.99', 1])
    // 23.56 × 0.8 % = 0.18848 → 0.18; 45.68 × 0.7 % = 0.31976 → 0.31; 1.99 × 0.5 % = 0.00995 → 0.
    for (const c of [electronic, live, chess]) expect(c.amount).toBe(centsText(expectedCents(c.validBet, c.rate)))
    expect([electronic.amount, live.amount, chess.amount, before.total]).toEqual(['0.18', '0.31', '0', '0.49'])

    // The red dot counts the categories giving return gold; the awards list the rebate.
    const dot = (await ok(p.caller, '/active/getred_dot', {})) as { returnCount: number; returnAmount: string; rewardCount: number; rewardAmount: string }
    expect([dot.returnCount, dot.returnAmount]).toEqual([2, '0.49'])
    const awards = decode(pendingAwards.response, await ok(p.caller, '/record/awards', {}))
    expect(awards.list.filter((a) => a.source === 'rebate').map((a) => [a.amount, a.count])).toEqual([['0.49', 2]])
    // The award entry's dot counts what the award page lists (the rebate's two categories among them).
    expect([dot.rewardCount, dot.rewardAmount]).toEqual([awards.list.reduce((n, a) => n + a.count, 0), awards.total])
    expect(dot.rewardCount).toBeGreaterThanOrEqual(2)

    const was = Number(await balance(p))
    const r = await post(p.caller, '/rebate/receive', {})
    expect(r.envelope.code, r.envelope.msg).toBe(1)
    expect(r.envelope.data).toMatchObject({ amount: '0.49', count: 2 })
    expect(Number(await balance(p))).toBeCloseTo(was + 0.49, 10)
    // The ledger: one 'bonus' movement of 0.49 (the deposit's 10 % bonus before it); its turnover of 1 × 0.49.
    const bonus = (await ok(p.caller, '/record/accountDetails', { current: 1, size: 10, dateType: 0, kind: 'bonus' })) as { records: Array<{ amount: string }> }
    expect(bonus.records.map((m) => m.amount)).toEqual(['0.49', '10'])
    const audits = (await ok(p.caller, '/certify/auditRecordPageList', { current: 1, size: 10 })) as { records: Array<{ source: string; amount: string; need_bet: string }> }
    expect(audits.records.filter((a) => a.source === 'rebate').map((a) => [Number(a.amount), Number(a.need_bet)])).toEqual([[0.49, 0.49]])

    // Received: the rebated rounds are gone, the chess round below a cent stays for later.
    expect(await category(p, 3)).toMatchObject({ validBet: '0', rounds: 0, amount: '0' })
    expect(await category(p, 1)).toMatchObject({ validBet: '1.99', rounds: 1, amount: '0' })
    expect((await post(p.caller, '/rebate/receive', {})).envelope.code).toBe(1851)
    expect(Number(await balance(p))).toBeCloseTo(was + 0.49, 10)
    const after = decode(pendingAwards.response, await ok(p.caller, '/record/awards', {}))
    expect(after.list.some((a) => a.source === 'rebate')).toBe(false)
    expect(await ok(p.caller, '/active/getred_dot', {})).toMatchObject({ returnCount: 0, rewardCount: dot.rewardCount - 2, rewardAmount: after.total })

    // More chess: (1.99 + 18.01) × 0.5 % = 0.1, the old round in it.
    await play(p, [['18.01', CHESS]])
    expect(await category(p, 1)).toMatchObject({ validBet: '20', rounds: 2, amount: '0.1' })
  })

  it('pays once under concurrent receipts', async () => {
    const p = await newPlayer()
    await deposit(p, '100')
    await play(p, [['50', ELECTRONIC], ['25', LIVE]])
    const was = Number(await balance(p))
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(p.caller, '/rebate/receive', {})))
    const codes = answers.map((a) => a.envelope.code).sort((a, b) => a - b)
    expect(codes).toEqual([1, 1851, 1851, 1851, 1851, 1851])
    // 50 × 0.8 % = 0.4; 25 × 0.7 % = 0.175 → 0.17.
    expect(answers.find((a) => a.envelope.code === 1)?.envelope.data).toMatchObject({ amount: '0.57', count: 2 })
    expect(Number(await balance(p))).toBeCloseTo(was + 0.57, 10)
  })

  it('lists every receipt in the receive records under the date filter and the source', async () => {
    const p = await newPlayer()
    await deposit(p, '100')
    await play(p, [['100', ELECTRONIC]])
    expect((await post(p.caller, '/rebate/receive', {})).envelope.code).toBe(1)
    // A message award from the operator, received: another source in the same records.
    const msg = await control(hall.url, 'message', { username: p.username, type: 1, title: 'Gift', content: 'g', award: '2.5' })
    const id = (msg['ids'] as number[])[0]
    expect((await post(p.caller, '/customer/receiveAward', { id })).envelope.code).toBe(1)
    const ask = async (q: Record<string, unknown>) => decode(receiveRecords.response, await ok(p.caller, '/record/receiveRecords', { current: 1, size: 10, ...q }))
    const today = await ask({ dateType: 0 })
    expect(today.page.records.map((r) => [r.source, r.amount])).toEqual([['message', '2.5'], ['rebate', '0.8']])
    expect([today.page.total, today.summary.amount]).toEqual([2, '3.3'])
    expect((await ask({ dateType: 1 })).page.total).toBe(0)
    expect((await ask({ dateType: 7, source: 'rebate' })).page.records.map((r) => r.amount)).toEqual(['0.8'])
    expect((await ask({ dateType: -1, source: 'vip' })).page.total).toBe(0)
    // Paged: one a page.
    const second = await ask({ dateType: 0, current: 2, size: 1 })
    expect([second.page.total, second.page.records.map((r) => r.source)]).toEqual([2, ['rebate']])
    // The deposit's own bonus is not a receipt.
    expect((await ask({ dateType: -1, source: 'other' })).page.total).toBe(0)
  })

  it('refuses a visitor', async () => {
    const v = await visitor(hall.url)
    expect((await post(v, '/rebate/index', {})).envelope.code).toBe(-1)
  })
})
