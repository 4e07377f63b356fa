import { Schema } from 'effect'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { activeGet } from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { hallPlayers } from './players'
import { control, playRound, visitor } from './support'
import type { Caller, Hall } from './support'

/**
 * The control `clock` (server/control/hall-controls.ts, server/state.ts): it moves the hall's clock, not the
 * lobby's. Calls signed with the real clock are still accepted; what decides "today" follows the
 * hall's clock: the daily check-in and the day a deposit or a game round counts in. `reset` and { offsetMs: 0 } put
 * the clock back. Site 001 keeps UTC; the tests start at the next UTC noon so no day boundary
 * falls between two steps.
 */
let hall: Hall
const DAY = 86_400_000

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
}, 60_000)
afterAll(() => hall.close())
afterEach(async () => {
  await control(hall.url, 'reset')
})

const decode = <S extends Schema.Top>(schema: S, data: unknown): S['Type'] => Schema.decodeUnknownSync(schema as unknown as Schema.Codec<S['Type']>)(data)
// Every call is signed with the real clock, as the lobby's are.
const { post, ok, deposit, newPlayer } = hallPlayers(() => hall.url)
const byTemplate = async (caller: Caller, template: string) => decode(activeGet.response, await ok(caller, '/active/getByTemplate', { template }))

/** Moves the hall's clock to the next UTC noon (and whatever time passes after it). */
const toNoon = async (): Promise<void> => {
  const now = Date.now()
  const noon = Math.floor(now / DAY) * DAY + DAY / 2
  const offsetMs = noon > now ? noon - now : noon + DAY - now
  expect(await control(hall.url, 'clock', { offsetMs })).toMatchObject({ ok: true, offsetMs })
}

describe('the hall clock control', () => {
  it('moves the hall a day ahead: the check-in is refused twice the same day, taken again the next, the streak at day 2', async () => {
    await toNoon()
    const p = await newPlayer('clk')
    const d = await byTemplate(p.caller, 'check-in')
    expect(d.rewards.map((r) => r.status)).toEqual([1, 5, 5, 5, 5, 5, 5])
    const receiveAll = () => post(p.caller, '/active/receiveall', { activeId: d.activeId, requestDeviceType: 3 })
    expect((await receiveAll()).envelope.data).toMatchObject({ amount: '1', count: 1 })
    expect((await receiveAll()).envelope.code).toBe(1501)

    const moved = await control(hall.url, 'clock', { advanceMs: DAY })
    expect(moved).toMatchObject({ ok: true })
    expect(Math.abs(Date.parse(moved['now'] as string) - (Date.now() + (moved['offsetMs'] as number)))).toBeLessThan(60_000)
    const next = await byTemplate(p.caller, 'check-in')
    expect(next.rewards.map((r) => r.status)).toEqual([2, 1, 5, 5, 5, 5, 5])
    expect((await receiveAll()).envelope.data).toMatchObject({ amount: '1', count: 1 })
    const after = await byTemplate(p.caller, 'check-in')
    expect(after.rewards.map((r) => [r.status, r.done])).toEqual([[2, '2'], [2, '2'], [5, '2'], [5, '2'], [5, '2'], [5, '2'], [5, '2']])
    expect((await receiveAll()).envelope.code).toBe(1501)
  })

  it('counts a deposit and a round in the hall’s day, and puts the clock back with offsetMs 0 and with reset', async () => {
    await toNoon()
    const p = await newPlayer('clk')
    const template = `wager-day-${p.username.toLowerCase()}`
    await control(hall.url, 'activity', { type: 12, template, title: 'Daily wager', period: 1, condition: 2, rewardMode: 0, distribution: 2, tiers: [['10', '1']] })
    await control(hall.url, 'clock', { advanceMs: DAY })
    await deposit(p, '100')
    await playRound(hall.url, await visitor(hall.url), p.caller, p.data, '15', 'lose')
    // Paid and played on the hall's day: they count there, and not on the real day before it.
    expect((await byTemplate(p.caller, 'deposit-daily')).rechargeAmount).toBe('98')
    expect((await byTemplate(p.caller, template)).betAmount).toBe('15')
    expect(await control(hall.url, 'clock', { offsetMs: 0 })).toMatchObject({ ok: true, offsetMs: 0 })
    expect((await byTemplate(p.caller, 'deposit-daily')).rechargeAmount).toBe('0')
    expect((await byTemplate(p.caller, template)).betAmount).toBe('0')
    await control(hall.url, 'clock', { advanceMs: 2 * DAY })
    await control(hall.url, 'reset')
    expect(await control(hall.url, 'clock', { advanceMs: 0 })).toMatchObject({ ok: true, offsetMs: 0 })
  })

  it('refuses a body with both or neither of advanceMs and offsetMs', async () => {
    expect(await control(hall.url, 'clock', {})).toMatchObject({ ok: false })
    expect(await control(hall.url, 'clock', { advanceMs: 1, offsetMs: 1 })).toMatchObject({ ok: false })
    expect(await control(hall.url, 'clock', { advanceMs: 1.5 })).toMatchObject({ ok: false })
  })
})
