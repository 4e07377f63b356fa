import { Schema } from 'effect'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { RedClaim, redActive } from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { RedPacketCodes } from '../../server/calls/redpackets'
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
beforeEach(async () => {
  await control(hall.url, 'reset')
})

const post = (caller: Caller, path: string, params: unknown) => callHall(hall.url, caller, 'POST', path, params)

/** A fresh registered player (USD, balance 0). */
const newPlayer = async (): Promise<{ caller: Caller; username: string }> => {
  n += 1
  const username = `packet${String(n).padStart(3, '0')}`
  const reg = await post(site, '/home/register', { username, password: 'abc12345' })
  expect(reg.envelope.code).toBe(1)
  return { caller: player('001', reg.envelope.data), username }
}

const balance = async (username: string): Promise<string> => (await control(hall.url, 'credit', { username, amount: '0' }))['balance'] as string

const startActivity = async (body: Record<string, unknown> = {}): Promise<number> => {
  const r = await control(hall.url, 'red-activity', { amount: '8.5', ...body })
  expect(r).toMatchObject({ ok: true })
  return r['activeId'] as number
}

const list = async (caller: Caller) => {
  const a = await post(caller, '/active/redactive', {})
  expect(a.envelope.code).toBe(1)
  return Schema.decodeUnknownSync(redActive.response)(a.envelope.data).list
}

const grab = (caller: Caller, activeId: number, redId = 1, path = '/active/getred', requestDeviceType = 4) =>
  post(caller, path, { activeId, redId, requestDeviceType })

describe('red packets at the reference hall', () => {
  it('lists a started activity with the packet offered now', async () => {
    const { caller } = await newPlayer()
    const id = await startActivity({ title: 'Lunar rain', packets: 2, refreshInterval: 180, deviceTypes: ['3', '4'] })
    expect((await list(caller)).find((a) => a.activeid === id)).toEqual({
      activeid: id, title: 'Lunar rain', status: 1, action: 'grab', redId: 1, count: 2, deviceTypes: ['3', '4'], refreshInterval: 180,
    })
  })

  it('credits a packet once, whoever asks how often: five grabs at once credit one amount', async () => {
    const { caller, username } = await newPlayer()
    const id = await startActivity()
    expect(await balance(username)).toBe('0.00')
    const answers = await Promise.all(Array.from({ length: 5 }, () => grab(caller, id)))
    const claims = answers.map((a) => Schema.decodeUnknownSync(RedClaim)(a.envelope.data))
    expect(claims.filter((c) => c.first)).toHaveLength(1)
    expect(claims.map((c) => [c.amount, c.currency, c.balance])).toEqual(Array(5).fill(['8.50', 'USD', '8.50']))
    expect(await balance(username)).toBe('8.50')
    expect((await list(caller)).some((a) => a.activeid === id)).toBe(false)
    const again = Schema.decodeUnknownSync(RedClaim)((await grab(caller, id)).envelope.data)
    expect(again).toMatchObject({ first: false, balance: '8.50' })
  })

  it('offers the next packet of an activity with several, each credited once', async () => {
    const { caller, username } = await newPlayer()
    const id = await startActivity({ packets: 2, amount: '1.25' })
    await grab(caller, id, 1)
    expect((await list(caller)).find((a) => a.activeid === id)).toMatchObject({ redId: 2, count: 1 })
    await grab(caller, id, 2)
    await grab(caller, id, 2)
    expect(await balance(username)).toBe('2.50')
    expect((await grab(caller, id, 3)).envelope.code).toBe(RedPacketCodes.noSuchPacket)
  })

  it('takes open and send packets with their own calls and refuses the wrong one', async () => {
    const { caller, username } = await newPlayer()
    const open = await startActivity({ action: 'open', amount: '2' })
    const send = await startActivity({ action: 'send', amount: '3' })
    expect((await grab(caller, open, 1, '/active/getred')).envelope.code).toBe(RedPacketCodes.wrongAction)
    expect((await grab(caller, open, 1, '/active/getreward')).envelope.code).toBe(1)
    expect((await grab(caller, send, 1, '/active/receivereward')).envelope.code).toBe(1)
    expect(await balance(username)).toBe('5.00')
  })

  it('refuses a packet of another device, an unknown activity, and a new packet of a closed one', async () => {
    const { caller, username } = await newPlayer()
    const phones = await startActivity({ deviceTypes: ['1', '2'] })
    expect((await grab(caller, phones)).envelope.code).toBe(RedPacketCodes.otherDevice)
    expect((await grab(caller, 999_999)).envelope.code).toBe(RedPacketCodes.noSuchActivity)
    const stopped = await startActivity({ packets: 2 })
    await grab(caller, stopped, 1)
    expect(await control(hall.url, 'red-activity-status', { activeId: stopped, status: 3 })).toEqual({ ok: true })
    expect((await list(caller)).find((a) => a.activeid === stopped)).toMatchObject({ status: 3 })
    expect((await grab(caller, stopped, 2)).envelope.code).toBe(RedPacketCodes.closed)
    // A packet credited before the close still answers, without crediting again.
    expect((await grab(caller, stopped, 1)).envelope.data).toMatchObject({ first: false })
    expect(await balance(username)).toBe('8.50')
    expect(await control(hall.url, 'red-activity-status', { activeId: 1, status: 1 })).toMatchObject({ ok: false })
  })

  it('offers an activity started for some players to them only: listed, in the red dot, taken', async () => {
    const mine = await newPlayer()
    const other = await newPlayer()
    const id = await startActivity({ players: [mine.username], amount: '4' })
    expect((await list(mine.caller)).some((a) => a.activeid === id)).toBe(true)
    expect((await list(other.caller)).some((a) => a.activeid === id)).toBe(false)
    const dot = async (caller: Caller) => (await post(caller, '/active/getred_dot', {})).envelope.data as { activeCount: number }
    const counted = (await dot(mine.caller)).activeCount
    expect((await dot(other.caller)).activeCount).toBe(counted - 1)
    expect((await grab(other.caller, id)).envelope.code).toBe(RedPacketCodes.noSuchActivity)
    expect(await balance(other.username)).toBe('0.00')
    expect((await grab(mine.caller, id)).envelope.data).toMatchObject({ first: true, amount: '4.00' })
    expect(await control(hall.url, 'red-activity', { amount: '1', players: ['nobody00'] })).toMatchObject({ ok: false })
  })

  it.each([2, 3, 5])('gives no packet to an account with status %i', async (status) => {
    const { caller, username } = await newPlayer()
    const id = await startActivity()
    expect(await control(hall.url, 'player', { username, siteCode: '001', user_status: status })).toMatchObject({ ok: true })
    // Freezing ends every session of the account (docs/hall.md, sign-out ends access): the grab is refused.
    expect((await grab(caller, id)).envelope.code).toBe(-1)
    expect(await balance(username)).toBe('0.00')
  })

  it('answers -1 to a visitor', async () => {
    expect((await post(site, '/active/redactive', {})).envelope.code).toBe(-1)
    expect((await grab(site, 1)).envelope.code).toBe(-1)
  })

  it('refuses a malformed activity on the control surface', async () => {
    expect(await control(hall.url, 'red-activity', { amount: '0' })).toMatchObject({ ok: false })
    expect(await control(hall.url, 'red-activity', { amount: '1', refreshInterval: 20 })).toMatchObject({ ok: false })
    expect(await control(hall.url, 'red-activity', { amount: '1', deviceTypes: ['9'] })).toMatchObject({ ok: false })
  })
})

describe('network lines at the reference hall', () => {
  it('lists its lines in the injected configuration', async () => {
    const r = await control(hall.url, 'site-config', { siteCode: '001' })
    const config = r['config'] as { injected: { lines: unknown } }
    expect(config.injected.lines).toEqual([1, 2, 3].map((i) => ({ url: `${hall.url}/line/${i}/hall`, title: `Line ${i}` })))
  })

  it('serves the hall under each line, after that line\'s delay', async () => {
    expect(await control(hall.url, 'line-delay', { line: 2, ms: 300 })).toEqual({ ok: true })
    const time = async (line: number) => {
      const started = performance.now()
      const res = await fetch(`${hall.url}/line/${line}/hall/op.json`)
      expect(res.status).toBe(200)
      expect(((await res.json()) as { code: number }).code).toBe(1)
      return performance.now() - started
    }
    expect(await time(2)).toBeGreaterThanOrEqual(290)
    expect(await time(1)).toBeLessThan(290)
    const signed = await callHall(`${hall.url}/line/2`, site, 'GET', '/home/ipCheck', {})
    expect(signed.envelope.code).toBe(1)
    await control(hall.url, 'reset')
    expect(await time(2)).toBeLessThan(290)
  })

  it('refuses an unknown line', async () => {
    expect((await fetch(`${hall.url}/line/4/hall/op.json`)).status).toBe(404)
    expect((await fetch(`${hall.url}/line/x/hall/op.json`)).status).toBe(404)
    expect(await control(hall.url, 'line-delay', { line: 4, ms: 10 })).toMatchObject({ ok: false })
  })
})
