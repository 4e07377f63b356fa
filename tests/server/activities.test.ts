import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeAnnouncement, activeCategory, activeGet, activeIsShow, activeMyLogs, customPageList, getRedDot, quickList } from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { hallPlayers, type HallPlayer } from './players'
import { callHall, control, playRound, player, visitor } from './support'
import type { Caller, Hall } from './support'

/**
 * The event centre at the hall (server/calls/activities.ts): progress computed from real deposits
 * and game rounds for each type, the statuses a tier goes through, receiving with its ledger entry
 * and turnover, a reward never paid twice (also under concurrent receive and receive-all), the
 * daily check-in's streak on the hall's clock, expiry, trial players refused, auto dispatch.
 */
let hall: Hall
// The hall's clock runs ahead of the real one by `ahead` (tomorrow's check-in without waiting).
let ahead = 0
const DAY = 86_400_000

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', now: () => Date.now() + ahead })
}, 60_000)
afterAll(() => hall.close())

const decode = <S extends Schema.Top>(schema: S, data: unknown): S['Type'] => Schema.decodeUnknownSync(schema as unknown as Schema.Codec<S['Type']>)(data)
const { post, ok, deposit, balance, newPlayer: registered } = hallPlayers(() => hall.url, () => Date.now() + ahead)
const newPlayer = () => registered('evt')
type P = HallPlayer
const byTemplate = async (caller: Caller, template: string) => decode(activeGet.response, await ok(caller, '/active/getByTemplate', { template }))
const statuses = async (caller: Caller, template: string) => (await byTemplate(caller, template)).rewards.map((r) => r.status)
const receive = (p: P, activeId: number, receiveId: number) => post(p.caller, '/active/receive', { activeId, receiveId, requestDeviceType: 3 })
const receiveAll = (p: P, activeId: number) => post(p.caller, '/active/receiveall', { activeId, requestDeviceType: 3 })

describe('the event centre at the reference hall', () => {
  it('lists the categories with their activities to a visitor, and says the event centre runs', async () => {
    const site = await visitor(hall.url)
    const cats = decode(activeCategory.response, await ok(site, '/active/category', {})).list
    expect(cats.map((c) => c.categoryName)).toEqual(['Deposit & play', 'Every day', 'Friends', 'Play'])
    // Site 001 also runs the playing activities: sports guessing, invest, lucky bet and the quiz in
    // the first category (server/play/seed.ts), two wheels and a word collection in 'Play'
    // (server/play/wheel-seed.ts).
    expect(cats.flatMap((c) => c.activeList.map((a) => a.type))).toEqual([10, 12, 5, 21, 16, 14, 1, 3, 1, 15, 7 + 10, 2, 20, 18])
    expect(cats.flatMap((c) => c.activeList.map((a) => a.redDot))).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    expect(decode(activeIsShow.response, await ok(site, '/active/is_show', {}))).toEqual({ active: 1, task: 1, rebate: 1, award: 1 })
  })

  it('a deposit tier becomes receivable after a real deposit; receiving credits it once with its ledger entry and turnover', async () => {
    const p = await newPlayer()
    expect(await statuses(p.caller, 'deposit-daily')).toEqual([0, 0, 0])
    await deposit(p, '100') // credits 108: 100 - 2 fee + 10 bonus; the activity counts the 98 deposited, not the bonus
    const d = await byTemplate(p.caller, 'deposit-daily')
    expect(d.rechargeAmount).toBe('98')
    expect(d.rewards.map((r) => [r.need, r.done, r.amount, r.status])).toEqual([['50', '98', '5', 1], ['200', '98', '25', 0], ['1000', '98', '150', 0]])
    const dot = decode(getRedDot.response, await ok(p.caller, '/active/getred_dot', {}))
    // The deposit tier and the day's check-in.
    expect([dot.activeCount, dot.activeAmount]).toEqual([2, '6'])
    const before = Number(await balance(p))
    const got = await receive(p, d.activeId, d.rewards[0]!.receiveId)
    expect(got.envelope.code, got.envelope.msg).toBe(1)
    expect(got.envelope.data).toMatchObject({ amount: '5', count: 1 })
    expect(Number(await balance(p))).toBe(before + 5)
    expect(await statuses(p.caller, 'deposit-daily')).toEqual([2, 0, 0])
    expect((await receive(p, d.activeId, d.rewards[0]!.receiveId)).envelope.code).toBe(1502)
    expect((await receive(p, d.activeId, d.rewards[1]!.receiveId)).envelope.code).toBe(1501)
    expect((await receiveAll(p, d.activeId)).envelope.code).toBe(1501)
    expect(Number(await balance(p))).toBe(before + 5)
    const logs = decode(activeMyLogs.response, await ok(p.caller, '/active/my_logs', { activeId: d.activeId, page: 1 }))
    expect(logs.records.map((r) => [r.amount, r.status])).toEqual([['5', 2]])
    // The reward's turnover: 5 x 3 to bet before it can be withdrawn (the deposit's own beside it).
    const audits = (await ok(p.caller, '/certify/auditRecordPageList', { current: 1, size: 10 })) as { records: Array<{ source: string; amount: string; need_bet: string }> }
    expect(audits.records.filter((r) => r.source === 'activity').map((r) => [Number(r.amount), Number(r.need_bet)])).toEqual([[5, 15]])
  })

  it('never pays a reward twice under concurrent receive and receive-all', async () => {
    const p = await newPlayer()
    await deposit(p, '250') // 250 deposited (270 credited with its bonus): tiers 50 and 200 reached
    const d = await byTemplate(p.caller, 'deposit-daily')
    expect(d.rewards.map((r) => r.status)).toEqual([1, 1, 0])
    const before = Number(await balance(p))
    const answers = await Promise.all([
      receive(p, d.activeId, d.rewards[0]!.receiveId), receiveAll(p, d.activeId), receive(p, d.activeId, d.rewards[1]!.receiveId),
      receiveAll(p, d.activeId), receive(p, d.activeId, d.rewards[0]!.receiveId), receiveAll(p, d.activeId),
    ])
    const paid = answers.filter((a) => a.envelope.code === 1).reduce((sum, a) => sum + Number((a.envelope.data as { amount: string }).amount), 0)
    expect(paid).toBe(30)
    expect(answers.every((a) => [1, 1501, 1502].includes(a.envelope.code))).toBe(true)
    expect(Number(await balance(p))).toBe(before + 30)
    expect(await statuses(p.caller, 'deposit-daily')).toEqual([2, 2, 0])
  })

  it('wager tiers follow the bets of real game rounds', async () => {
    const p = await newPlayer()
    await control(hall.url, 'credit', { username: p.username, amount: '500' })
    const site = await visitor(hall.url)
    for (const bet of ['60', '50']) await playRound(hall.url, site, p.caller, p.data, bet)
    const d = await byTemplate(p.caller, 'wager-weekly')
    expect([d.betAmount, d.rewards.map((r) => r.status)]).toEqual(['110', [1, 0, 0]])
  })

  it('the daily check-in works once a day, counts a streak on the hall’s clock, and starts again after a missed day', async () => {
    const p = await newPlayer()
    try {
      const d = await byTemplate(p.caller, 'check-in')
      expect(d.rewards.map((r) => r.status)).toEqual([1, 5, 5, 5, 5, 5, 5])
      const first = await receiveAll(p, d.activeId)
      expect(first.envelope.data).toMatchObject({ amount: '1', count: 1 })
      expect((await receiveAll(p, d.activeId)).envelope.code).toBe(1501)
      expect((await receive(p, d.activeId, d.rewards[1]!.receiveId)).envelope.code).toBe(1501)
      expect(await statuses(p.caller, 'check-in')).toEqual([2, 5, 5, 5, 5, 5, 5])
      ahead = DAY
      expect(await statuses(p.caller, 'check-in')).toEqual([2, 1, 5, 5, 5, 5, 5])
      expect((await receive(p, d.activeId, d.rewards[1]!.receiveId)).envelope.data).toMatchObject({ amount: '1' })
      ahead = 2 * DAY
      expect((await receiveAll(p, d.activeId)).envelope.data).toMatchObject({ amount: '2' })
      // A day missed: the streak starts again at day 1.
      ahead = 4 * DAY
      expect(await statuses(p.caller, 'check-in')).toEqual([1, 5, 5, 5, 5, 5, 5])
    } finally {
      ahead = 0
    }
  })

  it('rescue gives back a share of the previous day’s net loss, once', async () => {
    const p = await newPlayer()
    await control(hall.url, 'credit', { username: p.username, amount: '100' })
    const site = await visitor(hall.url)
    for (const [bet, outcome] of [['40', 'lose'], ['10', 'win'], ['30', 'lose']] as const) await playRound(hall.url, site, p.caller, p.data, bet, outcome)
    // Bets 80, wins 20: a net loss of 60.
    const loss = 60
    expect(await balance(p)).toBe('40.00')
    try {
      expect(await statuses(p.caller, 'rescue')).toEqual([0, 0])
      ahead = DAY
      const d = await byTemplate(p.caller, 'rescue')
      expect(d.betAmount).toBe(String(loss))
      const tier = loss >= 500 ? 1 : 0
      expect(d.rewards[tier]!.status).toBe(1)
      expect(d.rewards[tier]!.amount).toBe(String(Math.floor(loss * (tier === 1 ? 10 : 5)) / 100))
      expect((await receiveAll(p, d.activeId)).envelope.code).toBe(1)
      expect((await receiveAll(p, d.activeId)).envelope.code).toBe(1501)
      // Received today; tomorrow it is over (the day's loss was yesterday's).
      ahead = 2 * DAY
      expect(await statuses(p.caller, 'rescue')).toEqual([0, 0])
    } finally {
      ahead = 0
    }
  })

  it('an expired reward cannot be received', async () => {
    const p = await newPlayer()
    const template = `expiring-${p.username}`
    const activeId = (await control(hall.url, 'activity', {
      type: 10, template, title: 'Short deposit race', period: 0, condition: 1, rewardMode: 0, distribution: 3, receiveHours: 0,
      tiers: [['10', '3']], start: new Date(Date.now() - DAY).toISOString(),
    }))['activeId'] as number
    await deposit(p, '20')
    expect(await statuses(p.caller, template)).toEqual([1])
    expect(await control(hall.url, 'activity-end', { template, end: new Date(Date.now() + 60_000).toISOString() })).toMatchObject({ ok: true })
    try {
      ahead = 120_000
      expect(await statuses(p.caller, template)).toEqual([3])
      expect((await receive(p, activeId, (await byTemplate(p.caller, template)).rewards[0]!.receiveId)).envelope.code).toBe(1503)
      expect((await receiveAll(p, activeId)).envelope.code).toBe(1501)
    } finally {
      ahead = 0
    }
  })

  it('refuses a trial player, who registers first', async () => {
    const guest = await post(await visitor(hall.url), '/home/testregister', { token: 'sys', currency: 'USD' })
    const me = player('001', guest.envelope.data)
    const d = await byTemplate(me, 'check-in')
    expect(d.rewards[0]!.status).toBe(1)
    expect(d.redDot).toBe(0)
    const a = await post(me, '/active/receiveall', { activeId: d.activeId, requestDeviceType: 3 })
    expect(a.envelope.code).toBe(1504)
  })

  it('promote counts invited players, proxy those of them who deposited', async () => {
    const p = await newPlayer()
    const friends = [await newPlayer(), await newPlayer()]
    for (const f of friends) expect(await control(hall.url, 'invite', { username: f.username, inviter: p.username })).toMatchObject({ ok: true })
    expect((await byTemplate(p.caller, 'invite')).rewards.map((r) => [r.done, r.status])).toEqual([['2', 1], ['2', 0], ['2', 0]])
    expect(await statuses(p.caller, 'proxy')).toEqual([0, 0])
    await deposit(friends[0]!, '50')
    expect((await byTemplate(p.caller, 'proxy')).rewards.map((r) => [r.done, r.status])).toEqual([['1', 1], ['1', 0]])
  })

  it('auto dispatch pays a reached tier as soon as the hall evaluates it, once', async () => {
    const p = await newPlayer()
    const template = `auto-${p.username}`
    await control(hall.url, 'activity', { type: 12, template, title: 'Auto bet bonus', period: 1, condition: 2, rewardMode: 1, distribution: 4, tiers: [['10', '10']] })
    await control(hall.url, 'credit', { username: p.username, amount: '100' })
    await playRound(hall.url, await visitor(hall.url), p.caller, p.data, '20')
    const before = Number(await balance(p))
    const d = await byTemplate(p.caller, template)
    expect(d.rewards.map((r) => [r.amount, r.status])).toEqual([['2', 4]])
    await byTemplate(p.caller, template)
    expect(Number(await balance(p))).toBe(before + 2)
  })
  it('a reward distributed by hand waits for the operator: paid once even when the pay is sent twice at once, a rejected one never paid', async () => {
    const p = await newPlayer()
    const template = `manual-${p.username}`
    const activeId = (await control(hall.url, 'activity', {
      type: 10, template, title: 'VIP deposit review', period: 1, condition: 1, rewardMode: 0, distribution: 5, turnover: '2', tiers: [['10', '4'], ['30', '9'], ['1000', '50']],
    }))['activeId'] as number
    const [t1, t2, t3] = (await byTemplate(p.caller, template)).rewards.map((r) => r.receiveId) as [number, number, number]
    // Not reached: nothing to decide.
    expect((await control(hall.url, 'activity-manual-pay', { username: p.username, activeId, receiveId: t1 }))['ok']).toBe(false)
    await deposit(p, '50')
    // Reached, left to the operator: Processing 0, which the player cannot receive.
    expect(await statuses(p.caller, template)).toEqual([0, 0, 0])
    expect((await receive(p, activeId, t1)).envelope.code).toBe(1501)
    expect((await receiveAll(p, activeId)).envelope.code).toBe(1501)
    const before = Number(await balance(p))
    const pays = await Promise.all([1, 2].map(() => control(hall.url, 'activity-manual-pay', { username: p.username, activeId, receiveId: t1 })))
    expect(pays.map((a) => a['outcome']).sort()).toEqual(['decided', 'paid'])
    expect(Number(await balance(p))).toBe(before + 4)
    expect(await control(hall.url, 'activity-manual-reject', { username: p.username, activeId, receiveId: t2 })).toMatchObject({ ok: true, outcome: 'rejected', amount: '0' })
    expect(await control(hall.url, 'activity-manual-pay', { username: p.username, activeId, receiveId: t2 })).toMatchObject({ ok: true, outcome: 'decided', amount: '0' })
    expect(await control(hall.url, 'activity-manual-reject', { username: p.username, activeId, receiveId: t1 })).toMatchObject({ ok: true, outcome: 'decided' })
    expect((await control(hall.url, 'activity-manual-pay', { username: p.username, activeId, receiveId: t3 }))['ok']).toBe(false)
    expect(Number(await balance(p))).toBe(before + 4)
    expect(await statuses(p.caller, template)).toEqual([4, 7, 0])
    // The player's records and the winners hold the paid reward only; its turnover is the activity's.
    const logs = decode(activeMyLogs.response, await ok(p.caller, '/active/my_logs', { activeId, page: 1 }))
    expect(logs.records.map((r) => [r.amount, r.status])).toEqual([['4', 4]])
    const audits = (await ok(p.caller, '/certify/auditRecordPageList', { current: 1, size: 10 })) as { records: Array<{ source: string; amount: string; need_bet: string }> }
    expect(audits.records.filter((r) => r.source === 'activity').map((r) => [Number(r.amount), Number(r.need_bet)])).toEqual([[4, 8]])
    // Another distribution is not the operator's to pay by hand.
    const self = await byTemplate(p.caller, 'deposit-daily')
    expect((await control(hall.url, 'activity-manual-pay', { username: p.username, activeId: self.activeId, receiveId: self.rewards[0]!.receiveId }))['ok']).toBe(false)
  })
  it('the announcement names the latest winner masked', async () => {
    const p = await newPlayer()
    await deposit(p, '60')
    const d = await byTemplate(p.caller, 'deposit-daily')
    expect((await receive(p, d.activeId, d.rewards[0]!.receiveId)).envelope.code).toBe(1)
    const site = await visitor(hall.url)
    const winners = decode(activeAnnouncement.response, await ok(site, '/active/announcement', { activeId: d.activeId })).list
    expect(winners[0]).toMatchObject({ username: `${p.username.slice(0, 2)}***${p.username.slice(-1)}`, amount: '5', title: 'From 50' })
    expect(winners[0]!.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(winners.some((w) => w.username === p.username)).toBe(false)
  })

  it('the custom page reads in each of the 18 languages', async () => {
    const site = await visitor(hall.url)
    const LANGS = ['en_US', 'zh_CN', 'zh_TW', 'pt_PT', 'es_ES', 'fr_FR', 'de_DE', 'it_IT', 'ru_RU', 'ja_JP', 'ko_KR', 'th_TH', 'vi_VN', 'id_ID', 'hi_IN', 'km_KH', 'my_MM', 'tl_PH']
    const pages = []
    for (const language of LANGS) {
      const a = await callHall(hall.url, site, 'POST', '/active/customPageList', {}, { language })
      expect(a.envelope.code).toBe(1)
      pages.push(decode(customPageList.response, a.envelope.data).list[0]!)
    }
    expect(pages[0]).toMatchObject({ title: 'How promotions work', content: expect.stringMatching(/^<p>Rewards are credited/) })
    expect(pages[6]!.title).toBe('So funktionieren Aktionen')
    // Every language its own title and text.
    expect(new Set(pages.map((x) => x.title)).size).toBe(18)
    expect(new Set(pages.map((x) => x.content)).size).toBe(18)
  })

  it('the quick list holds the running activities; the category list also one over whose rewards may still be received (status Over 2)', async () => {
    const p = await newPlayer()
    const template = `over-${p.username}`
    await control(hall.url, 'activity', {
      type: 10, template, title: 'Over but receivable', period: 0, condition: 1, rewardMode: 0, distribution: 3, receiveHours: 48, tiers: [['10', '1']],
      start: new Date(Date.now() - 2 * DAY).toISOString(), end: new Date(Date.now() - DAY).toISOString(),
    })
    const site = await visitor(hall.url)
    const quick = decode(quickList.response, await ok(site, '/active/quickList', {})).list
    expect(quick.some((a) => a.template === 'deposit-daily' && a.status === 1)).toBe(true)
    expect(quick.every((a) => a.status === 1)).toBe(true)
    expect(quick.some((a) => a.template === template)).toBe(false)
    const listed = decode(activeCategory.response, await ok(site, '/active/category', {})).list.flatMap((c) => c.activeList)
    expect(listed.find((a) => a.template === template)?.status).toBe(2)
  })

  it('deposit tiers start again the next day; a deposit before the activity’s window is not counted', async () => {
    const p = await newPlayer()
    await deposit(p, '60')
    expect((await byTemplate(p.caller, 'deposit-daily')).rewards.map((r) => [r.done, r.status])).toEqual([['58.8', 1], ['58.8', 0], ['58.8', 0]])
    const template = `later-${p.username}`
    await control(hall.url, 'activity', {
      type: 10, template, title: 'Starts in a minute', period: 0, condition: 1, rewardMode: 0, distribution: 2, tiers: [['10', '2']],
      start: new Date(Date.now() + 60_000).toISOString(),
    })
    expect(await statuses(p.caller, template)).toEqual([5])
    try {
      ahead = DAY
      const next = await byTemplate(p.caller, 'deposit-daily')
      expect([next.rechargeAmount, next.rewards.map((r) => r.status)]).toEqual(['0', [0, 0, 0]])
      expect((await byTemplate(p.caller, template)).rewards.map((r) => [r.done, r.status])).toEqual([['0', 0]])
      await deposit(p, '50')
      expect((await byTemplate(p.caller, template)).rewards.map((r) => [r.done, r.status])).toEqual([['49', 1]])
    } finally {
      ahead = 0
    }
  })

  it('the weekly period runs from Monday', async () => {
    const p = await newPlayer()
    await control(hall.url, 'credit', { username: p.username, amount: '500' })
    const site = await visitor(hall.url)
    await playRound(hall.url, site, p.caller, p.data, '110')
    expect((await byTemplate(p.caller, 'wager-weekly')).betAmount).toBe('110')
    // Site 001 keeps UTC: the next Monday 00:00 UTC.
    const now = new Date()
    const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + ((8 - now.getUTCDay()) % 7 || 7))
    try {
      ahead = Math.max(monday - 60_000 - Date.now(), 0)
      expect((await byTemplate(p.caller, 'wager-weekly')).betAmount).toBe('110')
      ahead = monday + 60_000 - Date.now()
      const next = await byTemplate(p.caller, 'wager-weekly')
      expect([next.betAmount, next.rewards.map((r) => r.status)]).toEqual(['0', [0, 0, 0]])
    } finally {
      ahead = 0
    }
  })

  it('a rate reward is rounded down to the currency’s scale and paid exactly', async () => {
    const p = await newPlayer()
    const template = `rate-${p.username}`
    const activeId = (await control(hall.url, 'activity', { type: 12, template, title: 'Odd rate', period: 1, condition: 2, rewardMode: 1, distribution: 2, tiers: [['5', '3.333']] }))['activeId'] as number
    await control(hall.url, 'credit', { username: p.username, amount: '100' })
    await playRound(hall.url, await visitor(hall.url), p.caller, p.data, '7')
    // 7 x 3.333 % = 0.23331: 0.23 in USD (two decimals), never rounded up.
    expect((await byTemplate(p.caller, template)).rewards.map((r) => [r.amount, r.status])).toEqual([['0.23', 1]])
    const before = await balance(p)
    expect((await receiveAll(p, activeId)).envelope.data).toMatchObject({ amount: '0.23', count: 1 })
    expect(Math.round((Number(await balance(p)) - Number(before)) * 100)).toBe(23)
  })
})
