/**
 * The hall profile a site's configuration carries (issue 45, HallProfile in
 * schemas/hall/calls/site.ts; docs/hall.md "Hall profile"): the seeded site 081 speaks the other
 * variants (heartbeat by call, the V4 pay lists, the boot calls), the others none; only the fields
 * and values the schema knows are injected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHall } from '../../server/hall'
import { control } from './support'

let hall: Awaited<ReturnType<typeof startHall>>

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', log: () => undefined })
}, 60_000)
afterAll(() => hall.close())

const profileOf = async (siteCode: string): Promise<unknown> =>
  ((await control(hall.url, 'site-config', { siteCode }))['config'] as { hallProfile?: unknown }).hallProfile

describe('the hall profile of a site', () => {
  it('site 081 is seeded with the other variants; the default site with none', async () => {
    expect(await profileOf('081')).toEqual({ heartbeat: 'call', payList: 'v4', boot: 'call', events: 'quickList', promote: 'calls', frames: 'frame' })
    expect(await profileOf('001')).toBeUndefined()
    expect(await profileOf('101')).toBeUndefined()
  })

  it('keeps only the fields and values the schema knows', async () => {
    await control(hall.url, 'site-document', {
      siteCode: '301', name: 'site',
      patch: { hallProfile: { heartbeat: 'call', payList: 'v5', boot: 'injected', launch: 'loginv2', colour: 'red' } },
    })
    expect(await profileOf('301')).toEqual({ heartbeat: 'call', boot: 'injected', launch: 'loginv2' })
    await control(hall.url, 'site-document', { siteCode: '301', name: 'site', patch: { hallProfile: { payList: 'v5' } } })
    expect(await profileOf('301')).toBeUndefined()
    await control(hall.url, 'site-document', { siteCode: '301', name: 'site', remove: ['hallProfile'] })
    expect(await profileOf('301')).toBeUndefined()
  })
})
