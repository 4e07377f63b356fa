import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_END, quickList } from '../../schemas/hall/calls/active'
import { startHall } from '../../server/hall'
import { hallPlayers } from './players'
import { control, visitor } from './support'
import type { Hall } from './support'

/**
 * The quick list at the reference hall (issue 45: red packets 7 and discount codes 22 shown as
 * event-centre activities; server/calls/activities.ts): besides the running activities it holds the
 * red-packet activities offered to the player that still keep a packet for them, and one
 * discount-code entry while the site has a code left, both without an end (NO_END); and
 * getByTemplate says an unknown template is unknown.
 */
let hall: Hall
beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
}, 60_000)
afterAll(() => hall.close())

const decode = (data: unknown) => Schema.decodeUnknownSync(quickList.response)(data).list
const { ok, post, newPlayer } = hallPlayers(() => hall.url)
const extras = <T extends { readonly type: number }>(list: ReadonlyArray<T>): T[] => list.filter((a) => a.type === 7 || a.type === 22)

describe('the quick list with red packets and discount codes', () => {
  it('a player sees the red packets offered to them until taken, and the discount codes; a visitor the codes only', async () => {
    const p = await newPlayer('quick')
    const other = await newPlayer('quick')
    // The seeded site has discount codes to redeem: their entry; no red packet yet.
    expect(extras(decode(await ok(p.caller, '/active/quickList', {}))).map((a) => a.type)).toEqual([22])
    const activeId = (await control(hall.url, 'red-activity', { title: 'Rain for you', amount: '3', packets: 1, players: [p.username] }))['activeId'] as number
    const seen = extras(decode(await ok(p.caller, '/active/quickList', {})))
    expect(seen.map((a) => [a.type, a.activeId, a.template, a.title, a.endTime, a.status, a.redDot])).toEqual([
      [7, activeId, 'redpacket', 'Rain for you', NO_END, 1, 1],
      [22, 22, 'discountCode', '', NO_END, 1, 0],
    ])
    // Another player is not offered that activity; a visitor sees the codes alone.
    expect(extras(decode(await ok(other.caller, '/active/quickList', {}))).map((a) => a.type)).toEqual([22])
    expect(extras(decode(await ok(await visitor(hall.url), '/active/quickList', {}))).map((a) => a.type)).toEqual([22])
    // Taken, the packet leaves the list; a stopped activity is not listed either.
    const took = await post(p.caller, '/active/getred', { activeId, redId: 1, requestDeviceType: 4 })
    expect(took.envelope.code, took.envelope.msg).toBe(1)
    expect(extras(decode(await ok(p.caller, '/active/quickList', {}))).map((a) => a.type)).toEqual([22])
    const later = (await control(hall.url, 'red-activity', { title: 'Stopped', amount: '3', players: [p.username] }))['activeId'] as number
    await control(hall.url, 'red-activity-status', { activeId: later, status: 3 })
    expect(extras(decode(await ok(p.caller, '/active/quickList', {}))).map((a) => a.type)).toEqual([22])
  })

  it('without a code left to redeem the discount codes have no entry', async () => {
    const site = await visitor(hall.url, '301')
    const codes = async () => extras(decode(await ok(site, '/active/quickList', {}))).map((a) => a.type)
    expect(await codes()).toEqual([])
    const code = `QL${Date.now() % 100000}`
    await control(hall.url, 'discount-code', { siteCode: '301', code, amount: '5', uses: 1 })
    expect(await codes()).toEqual([22])
    await control(hall.url, 'discount-code', { siteCode: '301', code, amount: '5', uses: 1, active: false })
    expect(await codes()).toEqual([])
  })

  it('getByTemplate answers unknown (1500) for a template no activity has', async () => {
    const p = await newPlayer('quick')
    const r = await post(p.caller, '/active/getByTemplate', { template: 'no-such-template' })
    expect(r.envelope.code).toBe(1500)
  })
})
