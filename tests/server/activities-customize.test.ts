import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeCategory, activeGet, getRedDot } from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { hallPlayers, type HallPlayer } from './players'
import { control, playRound, player, visitor } from './support'
import type { Caller, Hall } from './support'

/**
 * The event centre's rules at the hall, from scripted deposits and rounds (server/activities.ts):
 * - a Customize activity (type 1) counts by its condition: cumulative recharge (1) the deposits,
 *   cumulative coding (2) the bets, none (0) gives every tier to every player once a period;
 * - deposits and rounds count in the player's wallet currency only: what was deposited or bet in
 *   another currency (a trial player's before its currency change) counts for no activity.
 */
let hall: Hall
// The hall's clock runs ahead of the real one by `ahead` (the next day without waiting).
let ahead = 0
const DAY = 86_400_000

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', now: () => Date.now() + ahead })
}, 60_000)
afterAll(() => hall.close())

const decode = <S extends Schema.Top>(schema: S, data: unknown): S['Type'] => Schema.decodeUnknownSync(schema as unknown as Schema.Codec<S['Type']>)(data)
const { post, ok, deposit, balance, newPlayer } = hallPlayers(() => hall.url, () => Date.now() + ahead)
const byTemplate = async (caller: Caller, template: string) => decode(activeGet.response, await ok(caller, '/active/getByTemplate', { template }))
const progress = async (caller: Caller, template: string) => {
  const d = await byTemplate(caller, template)
  return { recharge: d.rechargeAmount, bet: d.betAmount, statuses: d.rewards.map((r) => r.status) }
}
const receive = (p: HallPlayer, activeId: number, receiveId: number) => post(p.caller, '/active/receive', { activeId, receiveId, requestDeviceType: 3 })

/** A daily Customize activity of its own with a condition and tiers; answers its activeId. */
const customize = async (template: string, condition: 0 | 1 | 2, tiers: ReadonlyArray<readonly [string, string]>): Promise<number> =>
  (await control(hall.url, 'activity', { type: 1, template, title: template, period: 1, condition, rewardMode: 0, distribution: 2, tiers }))['activeId'] as number

describe('Customize activities count by their condition', () => {
  it('cumulative recharge counts the deposits, cumulative coding the bets, none gives every tier once a day', async () => {
    const p = await newPlayer('cst')
    const tag = p.username.toLowerCase()
    const depositId = await customize(`cust-dep-${tag}`, 1, [['50', '3'], ['200', '12']])
    const betId = await customize(`cust-bet-${tag}`, 2, [['30', '2'], ['100', '6']])
    const freeId = await customize(`cust-free-${tag}`, 0, [['0', '1']])
    expect(await progress(p.caller, `cust-dep-${tag}`)).toEqual({ recharge: '0', bet: '0', statuses: [0, 0] })
    expect(await progress(p.caller, `cust-bet-${tag}`)).toEqual({ recharge: '0', bet: '0', statuses: [0, 0] })
    expect(await progress(p.caller, `cust-free-${tag}`)).toEqual({ recharge: '0', bet: '0', statuses: [1] })

    await deposit(p, '100') // 98 deposited (the 10 of bonus not counted)
    expect(await progress(p.caller, `cust-dep-${tag}`)).toEqual({ recharge: '98', bet: '0', statuses: [1, 0] })
    expect(await progress(p.caller, `cust-bet-${tag}`)).toEqual({ recharge: '0', bet: '0', statuses: [0, 0] })
    const site = await visitor(hall.url)
    for (const [bet, outcome] of [['20', 'lose'], ['15', 'win']] as const) await playRound(hall.url, site, p.caller, p.data, bet, outcome)
    expect(await progress(p.caller, `cust-bet-${tag}`)).toEqual({ recharge: '0', bet: '35', statuses: [1, 0] })
    expect((await byTemplate(p.caller, `cust-bet-${tag}`)).rewards.map((r) => [r.need, r.done, r.condition])).toEqual([['30', '35', 2], ['100', '35', 2]])
    expect((await progress(p.caller, `cust-dep-${tag}`)).recharge).toBe('98')

    // Each is in the red dots and the category list while something waits.
    const redDotted = async () =>
      decode(activeCategory.response, await ok(p.caller, '/active/category', {})).list.flatMap((c) => c.activeList).filter((a) => a.redDot === 1).map((a) => a.activeId)
    expect(await redDotted()).toEqual(expect.arrayContaining([depositId, betId, freeId]))
    const dots = decode(getRedDot.response, await ok(p.caller, '/active/getred_dot', {}))
    // The check-in, the daily deposit bonus (98 from 50), and the three Customize activities.
    expect([dots.activeCount, dots.activeAmount]).toEqual([5, String(1 + 5 + 3 + 2 + 1)])

    // Receiving pays once, with its ledger entry.
    const before = Number(await balance(p))
    const [dep, bet, free] = await Promise.all([byTemplate(p.caller, `cust-dep-${tag}`), byTemplate(p.caller, `cust-bet-${tag}`), byTemplate(p.caller, `cust-free-${tag}`)])
    expect((await receive(p, depositId, dep.rewards[0]!.receiveId)).envelope.data).toMatchObject({ amount: '3', count: 1 })
    expect((await receive(p, betId, bet.rewards[0]!.receiveId)).envelope.data).toMatchObject({ amount: '2', count: 1 })
    expect((await receive(p, freeId, free.rewards[0]!.receiveId)).envelope.data).toMatchObject({ amount: '1', count: 1 })
    expect((await receive(p, freeId, free.rewards[0]!.receiveId)).envelope.code).toBe(1502)
    expect(Number(await balance(p))).toBeCloseTo(before + 6, 2)
    expect(await redDotted()).not.toEqual(expect.arrayContaining([depositId]))
    expect((await redDotted()).filter((id) => [depositId, betId, freeId].includes(id))).toEqual([])

    // The next day: the daily periods start again from nothing; the unconditional tier is there again.
    try {
      ahead = DAY
      expect(await progress(p.caller, `cust-dep-${tag}`)).toEqual({ recharge: '0', bet: '0', statuses: [0, 0] })
      expect(await progress(p.caller, `cust-bet-${tag}`)).toEqual({ recharge: '0', bet: '0', statuses: [0, 0] })
      expect(await progress(p.caller, `cust-free-${tag}`)).toEqual({ recharge: '0', bet: '0', statuses: [1] })
    } finally {
      ahead = 0
    }
  })
})

describe('deposits and rounds in another currency', () => {
  it('count for no activity: a trial player’s USD deposit and rounds count no more once its wallet is in EUR', async () => {
    const guest = await post(await visitor(hall.url), '/home/testregister', { token: 'sys', currency: 'USD' })
    expect(guest.envelope.code).toBe(1)
    const data = guest.envelope.data as HallPlayer['data'] & { username: string }
    const me: HallPlayer = { caller: player('001', data), username: data.username, data }
    const tag = `guest-${Date.now() % 1_000_000}`
    await customize(`cur-dep-${tag}`, 1, [['50', '3']])
    await customize(`cur-bet-${tag}`, 2, [['30', '2']])
    await deposit(me, '100')
    const site = await visitor(hall.url)
    await playRound(hall.url, site, me.caller, me.data, '20', 'lose')
    const counted = async () => ({
      deposit: (await progress(me.caller, 'deposit-daily')).recharge,
      wager: (await progress(me.caller, 'wager-weekly')).bet,
      customDeposit: (await progress(me.caller, `cur-dep-${tag}`)).recharge,
      customBet: (await progress(me.caller, `cur-bet-${tag}`)).bet,
    })
    expect(await counted()).toEqual({ deposit: '98', wager: '20', customDeposit: '98', customBet: '20' })

    expect((await post(me.caller, '/home/updateGuestCurrency', { currency: 'EUR' })).envelope.code).toBe(1)
    // The USD deposit and round are another currency's now: nothing counts.
    expect(await counted()).toEqual({ deposit: '0', wager: '0', customDeposit: '0', customBet: '0' })
    // A round in EUR counts; the USD ones still do not.
    expect(await control(hall.url, 'credit', { username: me.username, amount: '40' })).toMatchObject({ ok: true })
    await playRound(hall.url, site, me.caller, me.data, '12', 'lose')
    expect(await counted()).toEqual({ deposit: '0', wager: '12', customDeposit: '0', customBet: '12' })
  })
})
