import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountDetails, activeCategory, investmentInfo, luckyOrderList, matchBetRecordList, matchList, quizQuestions } from '../../schemas/hall/calls'
import { PlayCodes } from '../../server/play/common'
import { startHall } from '../../server/hall'
import { hallPlayers, type HallPlayer } from './players'
import { control, playRound, visitor } from './support'
import type { Hall } from './support'

/**
 * The playing activities at the hall (server/play/*.ts, server/calls/play.ts): sports guessing (a
 * guess placed once under concurrent requests of one request id, its stake through the ledger,
 * settlement paying each winning guess once at its odds even when settled twice, a void match
 * refunding), invest (the return to the cent at maturity, never twice, not before maturity, on the
 * hall's clock and through the control), lucky bet (the rule over real game rounds, a prize received
 * once) and the quiz (all right pays once, a wrong sheet pays nothing); the balance always equals the
 * ledger.
 */
let hall: Hall
let ahead = 0
const DAY = 86_400_000

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', now: () => Date.now() + ahead, sessionTtlMs: 400 * DAY })
}, 60_000)
afterAll(() => hall.close())

const decode = <S extends Schema.Top>(schema: S, data: unknown): S['Type'] => Schema.decodeUnknownSync(schema as unknown as Schema.Codec<S['Type']>)(data)
const { post, ok, balance, newPlayer } = hallPlayers(() => hall.url, () => Date.now() + ahead)
const credit = async (p: HallPlayer, amount: string) => expect(await control(hall.url, 'credit', { username: p.username, amount })).toMatchObject({ ok: true })
let n = 0
const template = (kind: string) => `${kind}-t${++n}-${Date.now() % 100_000}`
const code = async (p: HallPlayer, path: string, params: unknown): Promise<number> => (await post(p.caller, path, params)).envelope.code

/** The ledger of the player today: the sum of its entries is the balance (every one was written today, from 0). */
const ledgerSum = async (p: HallPlayer): Promise<string> => {
  const d = decode(accountDetails.response, await ok(p.caller, '/record/accountDetails', { current: 1, size: 50, dateType: 7 }))
  const cents = d.records.reduce((s, m) => s + BigInt(Math.round(Number(m.amount) * 100)), 0n)
  return (Number(cents) / 100).toFixed(2)
}

const guessActivity = async (matches = 2) =>
  (await control(hall.url, 'play-activity', {
    kind: 'guess', template: template('guess'), title: 'Cup predictor', minAmount: '1', maxAmount: '500',
    matches: Array.from({ length: matches }, (_, i) => ({ home: `Home ${i}`, away: `Away ${i}`, odds: { home: '2.15', draw: '3.3', away: '3.05' } })),
  })) as { ok: true; activeId: number; matches: Array<{ matchId: number; options: Record<'home' | 'draw' | 'away', number> }> }

describe('sports guessing at the reference hall', () => {
  it('lists the seeded playing activities of site 001 in the event centre', async () => {
    const cats = decode(activeCategory.response, await ok(await visitor(hall.url), '/active/category', {})).list
    expect(cats.flatMap((c) => c.activeList.map((a) => a.template))).toEqual(expect.arrayContaining(['sports-guess', 'invest', 'lucky-bet', 'quiz-football']))
    const sports = cats.flatMap((c) => c.activeList).find((a) => a.template === 'sports-guess')!
    const m = decode(matchList.response, await ok(await visitor(hall.url), '/active/matchList', { activeId: sports.activeId }))
    expect(m.list.map((x) => [x.home, x.options.map((o) => [o.pick, o.odds])])[0]).toEqual(['Lisbon Lions', [['home', '2.1'], ['draw', '3.2'], ['away', '3.5']]])
    expect(m.game_gold).toBeNull()
  })

  it('places a guess once under concurrent requests of one request id; the stake leaves through the ledger', async () => {
    const a = await guessActivity()
    const p = await newPlayer('gss')
    await credit(p, '100')
    const m = a.matches[0]!
    const bet = { activeId: a.activeId, matchId: m.matchId, optionId: m.options.home, amount: '10.50', requestId: 'same-guess-1' }
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(p.caller, '/active/doMatchBet', bet)))
    expect(answers.map((x) => x.envelope.code)).toEqual([1, 1, 1, 1, 1])
    expect(new Set(answers.map((x) => (x.envelope.data as { orderNo: string }).orderNo)).size).toBe(1)
    expect(await balance(p)).toBe('89.50')
    const records = decode(matchBetRecordList.response, await ok(p.caller, '/active/matchBetRecordList', { activeId: a.activeId, page: 1, size: 20 }))
    expect(records.total).toBe(1)
    expect(records.records[0]).toMatchObject({ matchName: 'Home 0 – Away 0', optionName: 'home', amount: '10.5', odds: '2.15', winAmount: '0', status: 0 })
    // The same request id for another guess is refused; bounds, balance and a closed match too.
    expect(await code(p, '/active/doMatchBet', { ...bet, amount: '11' })).toBe(PlayCodes.requestReused)
    expect(await code(p, '/active/doMatchBet', { ...bet, amount: '0.5', requestId: 'r-small' })).toBe(PlayCodes.amountOutOfRange)
    expect(await code(p, '/active/doMatchBet', { ...bet, amount: '1.001', requestId: 'r-fine' })).toBe(PlayCodes.amountOutOfRange)
    expect(await code(p, '/active/doMatchBet', { ...bet, amount: '100', requestId: 'r-short' })).toBe(PlayCodes.balanceShort)
    expect(await code(p, '/active/doMatchBet', { ...bet, optionId: a.matches[1]!.options.home, requestId: 'r-other' })).toBe(PlayCodes.matchClosed)
    expect(await balance(p)).toBe('89.50')
    expect(await ledgerSum(p)).toBe('89.50')
  })

  it('settlement pays each winning guess once at its odds (settled twice: paid once); losers get nothing; a void match refunds', async () => {
    const a = await guessActivity()
    const [p, q] = [await newPlayer('gsw'), await newPlayer('gsl')]
    await credit(p, '100')
    await credit(q, '100')
    const [m0, m1] = [a.matches[0]!, a.matches[1]!]
    await ok(p.caller, '/active/doMatchBet', { activeId: a.activeId, matchId: m0.matchId, optionId: m0.options.away, amount: '33.33', requestId: 'p-1' })
    await ok(p.caller, '/active/doMatchBet', { activeId: a.activeId, matchId: m0.matchId, optionId: m0.options.away, amount: '7', requestId: 'p-2' })
    await ok(q.caller, '/active/doMatchBet', { activeId: a.activeId, matchId: m0.matchId, optionId: m0.options.home, amount: '20', requestId: 'q-1' })
    await ok(q.caller, '/active/doMatchBet', { activeId: a.activeId, matchId: m1.matchId, optionId: m1.options.draw, amount: '15', requestId: 'q-2' })
    expect([await balance(p), await balance(q)]).toEqual(['59.67', '65.00'])
    const settle = (matchId: number, result: string) => control(hall.url, 'guess-settle', { matchId, result })
    const [first, second] = await Promise.all([settle(m0.matchId, 'away'), settle(m0.matchId, 'away')])
    // One of the two settled the match and paid; the other found it settled.
    expect([first, second].map((s) => s['settled']).sort()).toEqual([false, true])
    expect([first, second].find((s) => s['settled'] === true)).toMatchObject({ won: 2, lost: 1, paid: '123' })
    expect(await settle(m0.matchId, 'home')).toMatchObject({ settled: false, paid: '0' })
    // 33.33 × 3.05 = 101.6565 → 101.65; 7 × 3.05 = 21.35.
    expect(await balance(p)).toBe((59.67 + 101.65 + 21.35).toFixed(2))
    expect(await balance(q)).toBe('65.00')
    expect(await settle(m1.matchId, 'void')).toMatchObject({ settled: true, refunded: 1 })
    expect(await balance(q)).toBe('80.00')
    const rp = decode(matchBetRecordList.response, await ok(p.caller, '/active/matchBetRecordList', { activeId: a.activeId }))
    expect(rp.records.map((r) => [r.amount, r.winAmount, r.status])).toEqual([['7', '21.35', 1], ['33.33', '101.65', 1]])
    const rq = decode(matchBetRecordList.response, await ok(q.caller, '/active/matchBetRecordList', { activeId: a.activeId }))
    expect(rq.records.map((r) => [r.amount, r.winAmount, r.status])).toEqual([['15', '15', 3], ['20', '0', 2]])
    expect(decode(matchList.response, await ok(q.caller, '/active/matchList', { activeId: a.activeId })).list.map((m) => [m.status, m.result])).toEqual([[1, m0.options.away], [2, null]])
    expect([await ledgerSum(p), await ledgerSum(q)]).toEqual([await balance(p), await balance(q)])
  })
})

describe('invest at the reference hall', () => {
  const investActivity = async () =>
    (await control(hall.url, 'play-activity', {
      kind: 'invest', template: template('invest'), title: 'Term deposit', terms: [{ days: 7, rate: '2.5', minAmount: '10', maxAmount: '1000' }, { days: 30, rate: '12.345', minAmount: '50', maxAmount: '5000' }],
    })) as { ok: true; activeId: number; terms: number[] }

  it('pays principal and return to the cent at maturity on the hall\'s clock, never before and never twice', async () => {
    const a = await investActivity()
    const p = await newPlayer('inv')
    await credit(p, '1000')
    const sub = { activeId: a.activeId, action: 'invest', termId: a.terms[1], amount: '333.33', requestId: 'sub-1' }
    const subs = await Promise.all([post(p.caller, '/active/investment_handler', sub), post(p.caller, '/active/investment_handler', sub)])
    expect(subs.map((s) => s.envelope.code)).toEqual([1, 1])
    expect(subs[0].envelope.data).toMatchObject({ invested: '333.33', profit: '0', game_gold: '666.67' })
    const info = decode(investmentInfo.response, await ok(p.caller, '/active/investmentInfo', { activeId: a.activeId }))
    expect(info.list).toHaveLength(1)
    // 333.33 × 12.345 % = 41.1495885 → 41.14 (rounded down to the cent).
    expect(info.list[0]).toMatchObject({ amount: '333.33', profit: '41.14', days: 30, status: 0 })
    const investId = info.list[0]!.investId
    const redeem = (requestId: string) => post(p.caller, '/active/investment_handler', { activeId: a.activeId, action: 'redeem', investId, requestId })
    expect((await redeem('early')).envelope.code).toBe(PlayCodes.notMatured)
    try {
      ahead = 30 * DAY - 60_000
      expect((await redeem('still-early')).envelope.code).toBe(PlayCodes.notMatured)
      ahead = 30 * DAY + 1000
      expect(decode(investmentInfo.response, await ok(p.caller, '/active/investmentInfo', { activeId: a.activeId })).list[0]!.status).toBe(1)
      const both = await Promise.all([redeem('red-1'), redeem('red-2'), redeem('red-1')])
      expect(both.map((x) => x.envelope.code).sort()).toEqual([1, 1, PlayCodes.received].sort())
      expect(await balance(p)).toBe('1041.14')
      expect((await redeem('red-3')).envelope.code).toBe(PlayCodes.received)
      expect(await balance(p)).toBe('1041.14')
      expect(decode(investmentInfo.response, await ok(p.caller, '/active/investmentInfo', { activeId: a.activeId }))).toMatchObject({ invested: '0', list: [{ status: 2 }] })
    } finally {
      ahead = 0
    }
  })

  it('the control matures a subscription (time passing without a wait); bounds, balance and reused ids are refused; balance = ledger', async () => {
    const a = await investActivity()
    const p = await newPlayer('inw')
    await credit(p, '100')
    const invest = (amount: string, requestId: string, termId = a.terms[0]) => post(p.caller, '/active/investment_handler', { activeId: a.activeId, action: 'invest', termId, amount, requestId })
    expect((await invest('9.99', 'x1')).envelope.code).toBe(PlayCodes.amountOutOfRange)
    expect((await invest('100.01', 'x2')).envelope.code).toBe(PlayCodes.balanceShort)
    expect((await invest('80', 'x3', 999999)).envelope.code).toBe(PlayCodes.notFound)
    expect((await invest('80', 'x4')).envelope.code).toBe(1)
    expect((await invest('81', 'x4')).envelope.code).toBe(PlayCodes.requestReused)
    expect(await balance(p)).toBe('20.00')
    expect(await control(hall.url, 'invest-mature', { username: p.username, activeId: a.activeId })).toMatchObject({ ok: true, matured: 1 })
    const investId = decode(investmentInfo.response, await ok(p.caller, '/active/investmentInfo', { activeId: a.activeId })).list[0]!.investId
    const got = await ok(p.caller, '/active/investment_handler', { activeId: a.activeId, action: 'redeem', investId, requestId: 'y1' })
    // 80 × 2.5 % = 2.
    expect(got).toMatchObject({ invested: '0', profit: '2', game_gold: '102.00' })
    expect(await ledgerSum(p)).toBe('102.00')
  })
})

describe('lucky bet at the reference hall', () => {
  it('lists the player\'s real rounds from the least bet; a bet ending in the lucky digits wins its prize, received once', async () => {
    const t = template('lucky')
    const a = (await control(hall.url, 'play-activity', { kind: 'lucky', template: t, title: 'Lucky eights', suffix: '8', minBet: '2', rate: '50', maxPrize: '10', start: new Date(Date.now() - DAY).toISOString() })) as { activeId: number }
    const p = await newPlayer('lck')
    await credit(p, '200')
    const site = await visitor(hall.url)
    for (const bet of ['1', '8', '18.5', '30', '48']) await playRound(hall.url, site, p.caller, p.data, bet, 'lose')
    const list = decode(luckyOrderList.response, await ok(p.caller, '/active/luckyOrderList', { activeId: a.activeId, page: 1, size: 20 }))
    // The bet of 1 is below the least bet; 8 → 4, 18.5 → 9.25, 48 → 24 capped at 10; 30 is not lucky.
    expect(list.records.map((r) => [r.betAmount, r.rewardAmount, r.status])).toEqual([['48', '10', 1], ['30', '0', 0], ['18.5', '9.25', 1], ['8', '4', 1]])
    const before = Number(await balance(p))
    const lucky = list.records[2]!.orderNo
    const receive = () => post(p.caller, '/active/luckyOrderReceive', { activeId: a.activeId, orderNo: lucky, requestDeviceType: 3 })
    const both = await Promise.all([receive(), receive()])
    expect(both.map((x) => x.envelope.code).sort()).toEqual([1, PlayCodes.received].sort())
    expect(Number(await balance(p))).toBeCloseTo(before + 9.25, 2)
    expect((await post(p.caller, '/active/luckyOrderReceive', { activeId: a.activeId, orderNo: list.records[1]!.orderNo, requestDeviceType: 3 })).envelope.code).toBe(PlayCodes.notLucky)
    expect(decode(luckyOrderList.response, await ok(p.caller, '/active/luckyOrderList', { activeId: a.activeId })).records[2]!.status).toBe(2)
    expect(await ledgerSum(p)).toBe(await balance(p))
  })
})

describe('the quiz at the reference hall', () => {
  it('pays the reward once when every answer is right; a wrong sheet pays nothing and cannot try again', async () => {
    const t = `quiz-${template('q')}`
    const a = (await control(hall.url, 'play-activity', {
      kind: 'quiz', template: t, title: 'Rules quiz', reward: '7.5',
      questions: [{ question: 'Two plus two?', choices: ['3', '4'], answer: 1 }, { question: 'Colour of the sky?', choices: ['Blue', 'Green'], answer: 0 }],
    })) as { activeId: number }
    const [p, q] = [await newPlayer('qzr'), await newPlayer('qzw')]
    const qs = decode(quizQuestions.response, await ok(p.caller, '/active/quizQuestions', { activeId: a.activeId }))
    expect(qs).toMatchObject({ reward: '7.5', status: 1, list: [{ question: 'Two plus two?', choices: ['3', '4'] }, { choices: ['Blue', 'Green'] }] })
    const sheet = (answers: string[]) => ({ activeId: a.activeId, answers: qs.list.map((x, i) => ({ questionId: x.questionId, answer: answers[i]! })), requestDeviceType: 3 })
    expect((await post(p.caller, '/active/request_reward', { ...sheet(['4', 'Blue']), answers: sheet(['4', 'Blue']).answers.slice(0, 1) })).envelope.code).toBe(PlayCodes.badAnswers)
    expect((await post(p.caller, '/active/request_reward', sheet(['4', 'Red']))).envelope.code).toBe(PlayCodes.badAnswers)
    const both = await Promise.all([post(p.caller, '/active/request_reward', sheet(['4', 'Blue'])), post(p.caller, '/active/request_reward', sheet(['4', 'Blue']))])
    expect(both.map((x) => x.envelope.code).sort()).toEqual([1, PlayCodes.received].sort())
    expect(both.find((x) => x.envelope.code === 1)!.envelope.data).toMatchObject({ status: 2, amount: '7.5', game_gold: '7.50' })
    expect(await ok(q.caller, '/active/request_reward', sheet(['3', 'Blue']))).toMatchObject({ status: 7, amount: '0', game_gold: '0.00' })
    expect((await post(q.caller, '/active/request_reward', sheet(['4', 'Blue']))).envelope.code).toBe(PlayCodes.received)
    expect(decode(quizQuestions.response, await ok(q.caller, '/active/quizQuestions', { activeId: a.activeId }))).toMatchObject({ status: 7, correct: 1 })
    expect([await ledgerSum(p), await ledgerSum(q)]).toEqual(['7.50', '0.00'])
  })
})
