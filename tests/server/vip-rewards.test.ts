import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vipDetails, vipLevels } from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { hallPlayers, type HallPlayer } from './players'
import { control, playRound, player, visitor } from './support'
import type { Hall } from './support'

/**
 * VIP rewards at the hall (server/calls/vip.ts, migration 150): the ladder and its rules; the
 * promotion gift receivable once real deposits and bets raise the level, paid once with its ledger
 * entry and turnover (also under concurrent receive and receive-all); the day bonus once per day
 * on the hall's clock; trial players refused; nothing served while vip_status is closed.
 */
let hall: Hall
// The hall's clock runs ahead of the real one by `ahead` (tomorrow's day bonus without waiting).
let ahead = 0
const DAY_MS = 86_400_000

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', now: () => Date.now() + ahead })
}, 60_000)
afterAll(() => hall.close())

const decode = <S extends Schema.Top>(schema: S, data: unknown): S['Type'] => Schema.decodeUnknownSync(schema as unknown as Schema.Codec<S['Type']>)(data)
const { post, ok, deposit, newPlayer: registered } = hallPlayers(() => hall.url, () => Date.now() + ahead)
const newPlayer = () => registered('vip')
type P = HallPlayer

/** Deposits 110 and bets 500 (five winning rounds of 100): VIP 1. */
const reachLevel1 = async (p: P): Promise<void> => {
  await deposit(p, '110') // counts 107.8 (the 2% fee off; the bonus is not a deposit)
  const site = await visitor(hall.url)
  for (let i = 0; i < 5; i += 1) await playRound(hall.url, site, p.caller, p.data, '100', 'win')
}

const balance = async (p: P): Promise<string> => ((await ok(p.caller, '/gameapi/RefreshGold', { os_type: 3 })) as { game_gold: string }).game_gold
const userVip = async (p: P) => decode(vipLevels.response, await ok(p.caller, '/user/vip', {}))
const card = async (p: P, type: number, vip: number) => (await userVip(p)).rewards.find((r) => r.type === type && r.vip === vip)
const receive = (p: P, type: number | undefined, vip: number) => post(p.caller, '/user/giftRecv1', type === undefined ? { vip } : { type, vip })

describe('VIP rewards at the reference hall', () => {
  it('answers the ladder with its rewards and rules', async () => {
    const p = await newPlayer()
    const d = decode(vipDetails.response, await ok(p.caller, '/user/vipdetails', {}))
    expect(d.list.map((l) => l.vip)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(d.list[1]).toMatchObject({ level_up_deposit: '100', level_up_bet: '500', vip_gift: '8', vip_gift_status: 1, day_bonus: '1', day_bonus_status: 1 })
    expect(d.list[0]).toMatchObject({ vip_gift_status: 0, day_bonus_status: 0 })
    expect(d.rule).toContain('VIP level')
    expect(d.keepLevelStatus).toBe(0)
  })

  it('a fresh player has nothing receivable: the next level promotion is not receivable yet and VIP 0 gives no bonus', async () => {
    const p = await newPlayer()
    const v = await userVip(p)
    expect(v).toMatchObject({ vip: 0, next_vip: 1, need_deposit: '100', need_validbet: '500', vip_status: 'open' })
    expect(v.rewards.map((r) => [r.type, r.vip, r.status])).toEqual([[13001, 1, 2], [13004, 0, -1], [13002, 0, -1], [13003, 0, -1]])
    const r = await receive(p, 13001, 1)
    expect(r.envelope.code).toBe(1701)
    expect(Number(await balance(p))).toBe(0)
  })

  it('real deposits and bets raise the level; its promotion gift is paid once with its ledger entry and turnover', async () => {
    const p = await newPlayer()
    await reachLevel1(p)
    const v = await userVip(p)
    expect(v).toMatchObject({ vip: 1, next_vip: 2, user_deposit: '107.8', user_validbet: '500' })
    expect(await card(p, 13001, 1)).toMatchObject({ status: 0, amount: '8' })
    expect(await card(p, 13001, 2)).toMatchObject({ status: 2, amount: '18' })
    const before = Number(await balance(p))
    const r = await receive(p, 13001, 1)
    expect(r.envelope.code, r.envelope.msg).toBe(1)
    expect(r.envelope.data).toMatchObject({ amount: '8', count: 1 })
    expect(Number((r.envelope.data as { game_gold: string }).game_gold)).toBe(before + 8)
    expect(Number(await balance(p))).toBe(before + 8)
    expect(await card(p, 13001, 1)).toMatchObject({ status: 1 })
    const again = await receive(p, 13001, 1)
    expect(again.envelope.code).toBe(1701)
    expect(Number(await balance(p))).toBe(before + 8)
    // The reward's turnover: 8 x 1 to bet before it can be withdrawn.
    const audits = (await ok(p.caller, '/certify/auditRecordPageList', { current: 1, size: 10 })) as { records: Array<{ source: string; amount: string; need_bet: string }> }
    expect(audits.records.filter((x) => x.source === 'vip').map((x) => [Number(x.amount), Number(x.need_bet)])).toEqual([[8, 8]])
  })

  it('concurrent receives and receive-alls pay each reward once', async () => {
    const p = await newPlayer()
    await reachLevel1(p)
    const before = Number(await balance(p))
    const answers = await Promise.all([receive(p, 13001, 1), receive(p, undefined, -1), receive(p, 13001, -1), receive(p, undefined, -1), receive(p, 13004, 1)])
    const paid = answers.filter((a) => a.envelope.code === 1).map((a) => a.envelope.data as { amount: string; count: number })
    expect(answers.every((a) => a.envelope.code === 1 || a.envelope.code === 1701)).toBe(true)
    // The promotion gift 8 and the day 1, week 5 and month 10 bonuses, each once, whichever request took them.
    expect(paid.reduce((s, a) => s + Number(a.amount), 0)).toBe(24)
    expect(paid.reduce((s, a) => s + a.count, 0)).toBe(4)
    expect(Number(await balance(p))).toBe(before + 24)
    expect((await userVip(p)).rewards.filter((r) => r.status === 0)).toEqual([])
  })

  it('the day bonus is receivable once per day on the hall clock', async () => {
    const p = await newPlayer()
    await reachLevel1(p)
    expect(await card(p, 13004, 1)).toMatchObject({ status: 0, amount: '1' })
    expect((await receive(p, 13004, 1)).envelope.code).toBe(1)
    expect(await card(p, 13004, 1)).toMatchObject({ status: 1 })
    expect((await receive(p, 13004, -1)).envelope.code).toBe(1701)
    const b = Number(await balance(p))
    ahead += DAY_MS
    try {
      expect(await card(p, 13004, 1)).toMatchObject({ status: 0 })
      const r = await receive(p, 13004, 1)
      expect(r.envelope.code, r.envelope.msg).toBe(1)
      expect(Number(await balance(p))).toBe(b + 1)
    } finally {
      ahead -= DAY_MS
    }
  })

  it('refuses a trial player', async () => {
    const guest = await post(await visitor(hall.url), '/home/testregister', { token: 'sys', currency: 'USD' })
    const g = player('001', guest.envelope.data)
    const r = await post(g, '/user/giftRecv1', { vip: -1 })
    expect(r.envelope.code).toBe(1704)
  })

  it('serves nothing while the site does not run VIP', async () => {
    const p = await newPlayer()
    await control(hall.url, 'site-document', { siteCode: '001', name: 'sysInfo', patch: { vip_status: 'close' } })
    try {
      expect((await post(p.caller, '/user/vip', {})).envelope.code).toBe(1700)
      expect((await post(p.caller, '/user/vipdetails', {})).envelope.code).toBe(1700)
      expect((await receive(p, undefined, -1)).envelope.code).toBe(1700)
    } finally {
      await control(hall.url, 'site-document', { siteCode: '001', name: 'sysInfo', patch: { vip_status: 'open' } })
    }
    expect((await post(p.caller, '/user/vip', {})).envelope.code).toBe(1)
  })
})
