import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountDetails, luckyIntegralList, turntableDraw, turntableInfo, turntableTaskList, wordCollection } from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { pickWeighted, seededUniform } from '../../server/play/wheel'
import { hallPlayers, type HallPlayer } from './players'
import { control, playRound, visitor } from './support'
import type { Hall } from './support'

/**
 * Lucky wheels and word collection at the hall (server/calls/wheel.ts, server/play/): the odds of
 * the seeded random source over 10,000 draws, the hall drawing exactly what its seed says, spins
 * earned by real deposits, bets and points, no spin or word spent twice under concurrent requests,
 * every prize through the ledger (balance = the sum of the ledger's movements).
 */
let hall: Hall
beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
}, 60_000)
afterAll(() => hall.close())

const decode = <S extends Schema.Top>(schema: S, data: unknown): S['Type'] => Schema.decodeUnknownSync(schema as unknown as Schema.Codec<S['Type']>)(data)
const { post, ok, deposit, balance, newPlayer } = hallPlayers(() => hall.url)
const spin = (p: HallPlayer, activeId: number) => post(p.caller, '/active/turntableDraw', { activeId, requestDeviceType: 3 })
const info = async (p: HallPlayer, activeId: number) => decode(turntableInfo.response, await ok(p.caller, '/active/turntableInfo', { activeId }))
/** The sum of the player's ledger movements (a new player starts at 0, so it is the balance). */
const ledger = async (p: HallPlayer): Promise<number> => {
  const m = decode(accountDetails.response, await ok(p.caller, '/record/accountDetails', { current: 1, size: 50, dateType: -1 }))
  expect(m.total).toBeLessThanOrEqual(50)
  return m.records.reduce((s, r) => s + Number(r.amount), 0)
}

const WEIGHTS = [30, 20, 10, 24, 8, 5, 2, 1]
const PRIZES = WEIGHTS.map((w, i) => [`P${i}`, String(i + 1), w] as const)
let activities = 0
const wheel = async (extra: Record<string, unknown> = {}): Promise<number> => {
  activities += 1
  const r = await control(hall.url, 'wheel-activity', {
    type: 2, template: `wheel-test-${activities}`, title: 'Test wheel', period: 1, tasks: [[1, '50', 1], [2, '30', 1]], pointsPerSpin: '40', prizes: PRIZES, ...extra,
  })
  expect(r['activeId'], JSON.stringify(r)).toBeTypeOf('number')
  return r['activeId'] as number
}

describe('the lucky wheel at the reference hall', () => {
  it("draws each prize at its configured odds over 10,000 seeded draws (every prize within 4.5 binomial sd, chi-square below the 0.1 % critical value)", () => {
    const N = 10_000
    const total = WEIGHTS.reduce((s, w) => s + w, 0)
    const counts = WEIGHTS.map(() => 0)
    for (let n = 1; n <= N; n += 1) counts[pickWeighted(WEIGHTS, seededUniform('odds', 7001, n))]! += 1
    let chi = 0
    for (const [i, w] of WEIGHTS.entries()) {
      const p = w / total
      const expected = N * p
      // Per prize: |observed − Np| ≤ 4.5·√(Np(1−p)) (a false failure chance below 7e-6 per prize).
      expect(Math.abs(counts[i]! - expected)).toBeLessThanOrEqual(4.5 * Math.sqrt(expected * (1 - p)))
      chi += (counts[i]! - expected) ** 2 / expected
    }
    // χ² with 7 degrees of freedom: 24.32 is the 0.1 % critical value.
    expect(chi).toBeLessThan(24.32)
  })

  it('earns spins from a real deposit, bets and points; a spin draws what the seed says and pays it through the ledger', async () => {
    const activeId = await wheel({ seed: 'hall-seed' })
    const p = await newPlayer('whl')
    expect((await info(p, activeId)).spins).toBe(0)
    expect((await spin(p, activeId)).envelope.code).toBe(2151)
    await deposit(p, '100') // 98 deposited: the deposit task (50) gives 1 spin
    const tasks = decode(turntableTaskList.response, await ok(p.caller, '/active/turntableTaskList', { activeId }))
    expect(tasks.list.map((t) => [t.condition, t.need, t.done, t.spins, t.status])).toEqual([[1, '50', '98', 1, 4], [2, '30', '0', 1, 3]])
    expect(tasks.spins).toBe(1)
    await playRound(hall.url, await visitor(hall.url), p.caller, p.data, '45', 'lose') // the bet task (30) and 45 points: 1 spin from 40 points
    const i = await info(p, activeId)
    expect([i.spins, i.points, i.pointsPerSpin]).toEqual([3, '45', '40'])
    expect(i.prizes.map((x) => x.amount)).toEqual(PRIZES.map(([, a]) => a))
    const points = decode(luckyIntegralList.response, await ok(p.caller, '/active/luckyIntegralList', { activeId }))
    expect([points.total, points.current, points.size, points.records.map((r) => r.integral)]).toEqual([1, 1, 20, ['45']])

    const before = Number(await balance(p))
    const won: number[] = []
    for (let n = 1; n <= 3; n += 1) {
      const a = await spin(p, activeId)
      expect(a.envelope.code, a.envelope.msg).toBe(1)
      const d = decode(turntableDraw.response, a.envelope.data)
      const expected = pickWeighted(WEIGHTS, seededUniform('hall-seed', activeId, n))
      expect([d.index, d.prizeId, d.amount, d.spins]).toEqual([expected, i.prizes[expected]!.prizeId, PRIZES[expected]![1], 3 - n])
      won.push(Number(d.amount))
      expect(Number(d.game_gold)).toBeCloseTo(before + won.reduce((s, x) => s + x, 0), 6)
    }
    expect((await spin(p, activeId)).envelope.code).toBe(2151)
    expect(Number(await balance(p))).toBeCloseTo(before + won.reduce((s, x) => s + x, 0), 6)
    expect(await ledger(p)).toBeCloseTo(Number(await balance(p)), 6)
    // The winners' list shows the prizes above 0, the name masked, newest first.
    const winners = (await info(p, activeId)).winners
    expect(winners.map((w) => Number(w.amount))).toEqual(won.filter((x) => x > 0).reverse())
    expect(winners[0]?.username).toBe(`${p.username.slice(0, 2)}***${p.username.slice(-1)}`)
  })

  it('spends each spin once under concurrent requests, and pays each once', async () => {
    const activeId = await wheel()
    const p = await newPlayer('whc')
    await deposit(p, '100')
    await playRound(hall.url, await visitor(hall.url), p.caller, p.data, '85', 'lose') // 1 + 1 + 2 (85 points) = 4 spins
    expect((await info(p, activeId)).spins).toBe(4)
    const before = Number(await balance(p))
    const answers = await Promise.all(Array.from({ length: 10 }, () => spin(p, activeId)))
    const won = answers.filter((a) => a.envelope.code === 1).map((a) => decode(turntableDraw.response, a.envelope.data))
    expect(won).toHaveLength(4)
    expect(answers.filter((a) => a.envelope.code === 2151)).toHaveLength(6)
    expect(new Set(won.map((d) => d.drawId)).size).toBe(4)
    expect(won.map((d) => d.spins).sort()).toEqual([0, 1, 2, 3])
    expect(Number(await balance(p))).toBeCloseTo(before + won.reduce((s, d) => s + Number(d.amount), 0), 6)
    expect(await ledger(p)).toBeCloseTo(Number(await balance(p)), 6)
  })

  it('refuses a visitor, an activity that is not a wheel, and a wheel not started', async () => {
    const p = await newPlayer('whr')
    const site = await visitor(hall.url)
    const activeId = await wheel()
    expect((await post(site, '/active/turntableDraw', { activeId, requestDeviceType: 3 })).envelope.code).not.toBe(1)
    const deposits = (await ok(site, '/active/getByTemplate', { template: 'deposit-daily' })) as { activeId: number }
    expect((await spin(p, deposits.activeId)).envelope.code).toBe(2150)
    const later = await wheel({ start: '2029-01-01T00:00:00Z' })
    expect((await spin(p, later)).envelope.code).toBe(2155)
  })

  it('seeds site 001 with a lucky wheel, a new-kind wheel and a word collection', async () => {
    const site = await visitor(hall.url)
    for (const [template, type] of [['lucky-wheel', 2], ['mega-wheel', 20], ['word-collection', 18]] as const) {
      const a = (await ok(site, '/active/getByTemplate', { template })) as { type: number; activeId: number }
      expect(a.type).toBe(type)
    }
  })
})

describe('word collection at the reference hall', () => {
  it('draws words with chances from a real deposit, exchanges a full set once under concurrent requests, pays through the ledger', async () => {
    const r = await control(hall.url, 'wheel-activity', {
      type: 18, template: 'words-test', title: 'Test words', period: 1, tasks: [[1, '50', 6]], words: [['A', 1], ['B', 1]], set: ['AB', '10'], seed: 'words',
    })
    const activeId = r['activeId'] as number
    const p = await newPlayer('wrd')
    const collection = async () => decode(wordCollection.response, await ok(p.caller, '/active/wordCollection', { activeId }))
    expect((await post(p.caller, '/active/extract_word', { activeId })).envelope.code).toBe(2152)
    await deposit(p, '100')
    expect((await collection()).chances).toBe(6)
    const one = (await ok(p.caller, '/active/extract_word', { activeId })) as { card: { word: string }; chances: number }
    expect(one.chances).toBe(5)
    // Concurrent draws of every chance: each chance is spent once.
    const all = await Promise.all([1, 2, 3].map(() => post(p.caller, '/active/extract_allWord', { activeId })))
    const drawn = all.filter((a) => a.envelope.code === 1).flatMap((a) => (a.envelope.data as { cards: unknown[] }).cards)
    expect(drawn).toHaveLength(5)
    expect(all.filter((a) => a.envelope.code === 2152).length).toBe(2)
    const c = await collection()
    expect(c.chances).toBe(0)
    const held = c.words.map((w) => w.count)
    expect(held.reduce((s, n) => s + n, 0)).toBe(6)
    const sets = Math.min(...held)
    expect(c.groups[0]?.complete).toBe(sets > 0)
    const before = Number(await balance(p))
    const exchanges = await Promise.all(Array.from({ length: 6 }, () => post(p.caller, '/active/group_word', { activeId, groupId: c.groups[0]!.groupId })))
    expect(exchanges.filter((a) => a.envelope.code === 1)).toHaveLength(sets)
    expect(exchanges.filter((a) => a.envelope.code === 2153)).toHaveLength(6 - sets)
    expect(Number(await balance(p))).toBeCloseTo(before + 10 * sets, 6)
    expect((await collection()).words.map((w) => w.count)).toEqual(held.map((n) => n - sets))
    expect(await ledger(p)).toBeCloseTo(Number(await balance(p)), 6)
  })
})
