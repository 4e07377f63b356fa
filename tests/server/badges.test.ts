import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getRedDot, homeIndex, maxChargeRate, pendingAwards } from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { callHall, control, player, visitor } from './support'
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

const newPlayer = async (): Promise<{ caller: Caller; username: string }> => {
  n += 1
  const username = `badge${String(n).padStart(3, '0')}`
  const reg = await post(site, '/home/register', { username, password: 'abc12345' })
  expect(reg.envelope.code).toBe(1)
  return { caller: player('001', reg.envelope.data), username }
}

const redDot = async (caller: Caller) => {
  const a = await post(caller, '/active/getred_dot', {})
  expect(a.envelope.code).toBe(1)
  return Schema.decodeUnknownSync(getRedDot.response)(a.envelope.data)
}

describe('badges at the reference hall', () => {
  it('answers the site highest charge rate to visitors, as the control sets it', async () => {
    const first = await post(site, '/home/maxChargeRate', {})
    expect(Schema.decodeUnknownSync(maxChargeRate.response)(first.envelope.data)).toEqual({ charge_rate: '10' })
    expect(await control(hall.url, 'counters', { maxChargeRate: '12.5' })).toMatchObject({ ok: true })
    const after = await post(site, '/home/maxChargeRate', {})
    expect(after.envelope.data).toEqual({ charge_rate: '12.5' })
    await control(hall.url, 'counters', { maxChargeRate: '10' })
  })

  it('answers zero counts for a new player, the task centre’s count, the counters the control sets and the unread messages sent', async () => {
    const { caller, username } = await newPlayer()
    const unread = await post(caller, '/home/index', {})
    expect(Schema.decodeUnknownSync(homeIndex.response)(unread.envelope.data)).toEqual({ message: 0, notice: 0, announcement: 0 })
    expect(await control(hall.url, 'counters', { username, task_count: 3, task_amount: '7.5', return_count: 1, return_amount: '2' })).toMatchObject({ ok: true })
    expect(await control(hall.url, 'message', { username, type: 1, title: 'Notice', content: 'n', count: 2 })).toMatchObject({ ok: true })
    expect((await post(caller, '/home/index', {})).envelope.data).toEqual({ message: 2, notice: 2, announcement: 0 })
    // The task count is the task centre's (server/calls/tasks.ts): a new player's registration prize of 1 waits; the control's task counters are not read.
    // The award count is what the award page lists (site 001's daily check-in of 1 waits for a new player).
    const awards = Schema.decodeUnknownSync(pendingAwards.response)((await post(caller, '/record/awards', {})).envelope.data)
    expect(awards.list.map((a) => [a.source, a.title, a.amount, a.count])).toEqual([['activity', 'Daily check-in', '1', 1]])
    expect(await redDot(caller)).toMatchObject({ taskCount: 1, taskAmount: '1', returnCount: 1, returnAmount: '2', rewardCount: 1, rewardAmount: '1' })
    expect(await control(hall.url, 'counters', { username, reward_count: 2, reward_amount: '3.5' })).toMatchObject({ ok: true })
    expect(await redDot(caller)).toMatchObject({ rewardCount: 3, rewardAmount: '4.5' })
  })

  it('derives the activity red dot from the running red-packet activities the player still has packets of', async () => {
    const { caller } = await newPlayer()
    const before = await redDot(caller)
    const started = await control(hall.url, 'red-activity', { amount: '4', packets: 2 })
    const activeId = started['activeId'] as number
    const during = await redDot(caller)
    expect(during.activeCount).toBe(before.activeCount + 1)
    expect(Number(during.activeAmount)).toBe(Number(before.activeAmount) + 8)
    await control(hall.url, 'red-activity-status', { activeId, status: 3 })
    expect((await redDot(caller)).activeCount).toBe(before.activeCount)
  })

  it('asks for a session for the player counts, and rejects an unknown player in the control', async () => {
    expect((await post(site, '/home/index', {})).envelope.code).toBe(-1)
    expect((await post(site, '/active/getred_dot', {})).envelope.code).toBe(-1)
    expect(await control(hall.url, 'counters', { username: 'nobody-here', task_count: 1 })).toMatchObject({ ok: false })
    expect(await control(hall.url, 'message', { username: 'nobody-here', type: 1, title: 't', content: 'c' })).toMatchObject({ ok: false })
  })
})
