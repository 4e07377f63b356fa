import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

const record = { currency: 'USD', channel_name: '', channel_type: 1, visitor_deviceid: 'fp-1', upload_type: 2 }
const upload = (caller: Caller, params: unknown) => callHall(hall.url, caller, 'POST', '/pwa/arguments/upLoadpwaStatistic', params)

describe('the install record at the reference hall (calls §7.3)', () => {
  it('keeps a visitor\'s and a player\'s record', async () => {
    expect((await upload(site, record)).envelope.code).toBe(1)
    const me = player('001', (await callHall(hall.url, site, 'POST', '/home/login', { username: 'demo', password: 'demo1234', clientType: 5 })).envelope.data)
    expect((await upload(me, { ...record, channel_name: 'spring' })).envelope.code).toBe(1)
  })

  it('refuses a record outside the spec (channel_type 1, upload_type 2, every field present)', async () => {
    expect((await upload(site, { ...record, upload_type: 1 })).envelope.code).not.toBe(1)
    expect((await upload(site, { ...record, channel_type: 2 })).envelope.code).not.toBe(1)
    const { visitor_deviceid: _, ...partial } = record
    expect((await upload(site, partial)).envelope.code).not.toBe(1)
  })
})

describe('the PWA manifest of a site', () => {
  // The page's link to it is checked in the browser (tests/e2e/layouts.test.ts).
  it('is valid, starts with pwal=0, and its icons are served', async () => {
    const res = await fetch(`${hall.url}/hall/static/brand/101/manifest.webmanifest`)
    expect(res.status).toBe(200)
    const m = (await res.json()) as { name: string; start_url: string; display: string; icons: Array<{ src: string; sizes: string; type: string }> }
    expect(m.name).not.toBe('')
    expect(m.display).toBe('standalone')
    expect(new URL(m.start_url, hall.url).searchParams.get('pwal')).toBe('0')
    expect(m.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
    for (const icon of m.icons) {
      const r = await fetch(new URL(icon.src, hall.url))
      expect([icon.src, r.status, r.headers.get('content-type')?.split(';')[0]]).toEqual([icon.src, 200, icon.type])
    }
  })
})
