import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { frameBoxIndex, messageFrame } from '../../schemas/hall/calls/site'
import { startHall } from '../../server/hall'
import { hallPlayers } from './players'
import { control, visitor } from './support'
import type { Hall } from './support'

/**
 * /message/frame at the reference hall (issue 45; the frame box's list on a site whose hall profile
 * says `frames: 'frame'`): a signed-in player gets the same frames as /message/frameBox/index, in
 * order; a visitor the site's home-page frames (type 3).
 */
let hall: Hall
beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
}, 60_000)
afterAll(() => hall.close())

const { ok, newPlayer } = hallPlayers(() => hall.url)
const list = (data: unknown) => Schema.decodeUnknownSync(messageFrame.response)(data).list

describe('/message/frame', () => {
  it('answers a player its frames as frameBox/index does, a visitor the home-page frames', async () => {
    const frames = (await control(hall.url, 'frames', {}))['frames'] as ReadonlyArray<{ id: number; frameType: number; publicity_name: string }>
    const ids = ['login', 'day', 'home'].map((n) => frames.find((f) => f.publicity_name === n)!.id)
    const p = await newPlayer('frame')
    await control(hall.url, 'player', { username: p.username, frames: ids })
    const mine = list(await ok(p.caller, '/message/frame', {}))
    expect(mine.map((f) => f.id)).toEqual(ids)
    expect(mine).toEqual(Schema.decodeUnknownSync(frameBoxIndex.response)(await ok(p.caller, '/message/frameBox/index', {})).list)
    // Switched on for the site, the home frame reaches visitors; the others do not.
    await control(hall.url, 'frames', { ids, on: true })
    const seen = list(await ok(await visitor(hall.url), '/message/frame', {}))
    expect(seen.map((f) => f.id)).toContain(ids[2])
    expect(seen.every((f) => f.frameType === 3)).toBe(true)
  })
})
