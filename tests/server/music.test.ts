import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MyMusicPage, SystemMusic } from '../../schemas/hall/calls'
import { renderWav, MELODIES } from '../../server/audio'
import { MusicCodes } from '../../server/calls/music'
import { startHall } from '../../server/hall'
import { callHall, player, visitor } from './support'
import type { Caller, Hall } from './support'

let hall: Hall
let site: Caller

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
  site = await visitor(hall.url, '001')
}, 60_000)
afterAll(() => hall.close())

const music = (caller: Caller, params: unknown) => callHall(hall.url, caller, 'GET', '/home/musiclist', params)
const ids = (data: unknown) => Schema.decodeUnknownSync(MyMusicPage)(data).data.map((m) => m.id)

describe('the music library at the reference hall', () => {
  it('answers the system music with reqType 1, each track a generated WAV the hall serves', async () => {
    const a = await music(site, { reqType: 1 })
    expect(a.envelope.code).toBe(1)
    const { sys_list } = Schema.decodeUnknownSync(SystemMusic)(a.envelope.data)
    expect(sys_list.length).toBeGreaterThanOrEqual(2)
    const first = sys_list[0]!
    const res = await fetch(`${hall.url}${first.oss_url}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('audio/wav')
    const body = new Uint8Array(await res.arrayBuffer())
    expect(body.byteLength).toBe(first.music_size)
    expect(new TextDecoder().decode(body.slice(0, 4))).toBe('RIFF')
    expect((await fetch(`${hall.url}/audio/nothing.wav`)).status).toBe(404)
  })

  it('starts with an empty list, downloads, refuses to delete the only track, deletes otherwise', async () => {
    const me = player('001', (await callHall(hall.url, site, 'POST', '/home/login', { username: 'demo', password: 'demo1234', clientType: 5 })).envelope.data)
    const empty = await music(me, { page: 1, pageLimit: 500 })
    expect(empty.envelope.data).toEqual({ data: [], total: 0 })
    expect(ids((await music(me, { reqType: 2, music_id: 101 })).envelope.data)).toEqual([101])
    expect(ids((await music(me, { reqType: 2, music_id: 101 })).envelope.data)).toEqual([101]) // once only
    expect((await music(me, { reqType: 3, music_id: 101 })).envelope.code).toBe(MusicCodes.onlyTrack)
    expect(ids((await music(me, { reqType: 2, music_id: 102 })).envelope.data)).toEqual([101, 102])
    expect(ids((await music(me, { reqType: 3, music_id: 101 })).envelope.data)).toEqual([102])
    expect((await music(me, { reqType: 2, music_id: 999 })).envelope.code).toBe(MusicCodes.noSuchTrack)
    expect((await music(me, { reqType: 2, music_id: 1.5 })).envelope.code).toBe(MusicCodes.noSuchTrack)
    expect((await music(me, { reqType: 3 })).envelope.code).toBe(MusicCodes.noSuchTrack)
    expect(ids((await music(me, { page: 1.5, pageLimit: -3 })).envelope.data)).toEqual([102])
    // The visitor's list is its own.
    expect((await music(site, {})).envelope.data).toEqual({ data: [], total: 0 })
  })

  it("keeps each visitor's browser its own list, also behind one address", async () => {
    const as = (fingerprint: string, params: unknown) => callHall(hall.url, site, 'GET', '/home/musiclist', params, { fingerprint })
    expect(ids((await as('browser-one', { reqType: 2, music_id: 101 })).envelope.data)).toEqual([101])
    expect((await as('browser-two', {})).envelope.data).toEqual({ data: [], total: 0 })
    expect(ids((await as('browser-one', {})).envelope.data)).toEqual([101])
  })

  it('refuses a reqType outside the described ones', async () => {
    const a = await music(site, { reqType: 9 })
    expect(a.envelope.code).toBe(4005)
  })
})

describe('generated tracks', () => {
  it('are short 16-bit mono WAV files of a few seconds', () => {
    for (const m of Object.values(MELODIES)) {
      const wav = renderWav(m)
      const view = new DataView(wav.buffer)
      const seconds = view.getUint32(40, true) / view.getUint32(28, true)
      expect(seconds).toBeGreaterThan(1.5)
      expect(seconds).toBeLessThan(5)
      expect(view.getUint16(34, true)).toBe(16)
    }
  })
})
