import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vipInfo } from '../../schemas/hall/calls'
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

const newPlayer = async (): Promise<{ caller: Caller; username: string; data: { session_key: string; userkey: string } }> => {
  n += 1
  const username = `vipper${String(n).padStart(3, '0')}`
  const reg = await post(site, '/home/register', { username, password: 'abc12345' })
  expect(reg.envelope.code).toBe(1)
  return { caller: player('001', reg.envelope.data), username, data: reg.envelope.data as { session_key: string; userkey: string } }
}

const round = (caller: Caller, data: { session_key: string; userkey: string }, bet: string) => playRound(hall.url, site, caller, data, bet)

const info = async (caller: Caller) => {
  const a = await post(caller, '/user/vipInfo', {})
  expect(a.envelope.code).toBe(1)
  return Schema.decodeUnknownSync(vipInfo.response)(a.envelope.data)
}

describe('VIP at the reference hall', () => {
  it('a new player is VIP 0 with the needs of VIP 1 ahead', async () => {
    const { caller } = await newPlayer()
    expect(await info(caller)).toEqual({
      level: 0, levelName: 'VIP 0', nextLevel: 1, depositAmount: '0', depositNeed: '100', betAmount: '0', betNeed: '500',
    })
  })

  it('counts completed deposits; a level needs its bet too', async () => {
    const { caller, username } = await newPlayer()
    expect(await control(hall.url, 'credit', { username, amount: '150' })).toMatchObject({ ok: true })
    // A debit is not a deposit.
    expect(await control(hall.url, 'credit', { username, amount: '-20' })).toMatchObject({ ok: true })
    expect(await info(caller)).toMatchObject({ level: 0, nextLevel: 1, depositAmount: '150', depositNeed: '100', betAmount: '0' })
  })

  it('a player whose deposits and bets reach VIP 1 is VIP 1 with the needs of VIP 2 ahead', async () => {
    const { caller, username, data } = await newPlayer()
    await control(hall.url, 'credit', { username, amount: '600' })
    await round(caller, data, '500')
    expect(await info(caller)).toEqual({
      level: 1, levelName: 'VIP 1', nextLevel: 2, depositAmount: '600', depositNeed: '500', betAmount: '500', betNeed: '2500',
    })
  })

  it('asks for a session', async () => {
    expect((await post(site, '/user/vipInfo', {})).envelope.code).toBe(-1)
  })
})
