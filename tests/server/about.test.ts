import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getAboutUs, getVersionList } from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { callHall, control, visitor } from './support'
import type { Hall } from './support'

/**
 * About us and version update at the hall: the site's about-us document (the hall's designed call,
 * migration 123) per site, editable by the operator (control site-document), and the version list.
 */
let hall: Hall

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
}, 60_000)
afterAll(() => hall.close())

describe('about us at the hall', () => {
  it("answers each site's own about-us document, as the operator edits it", async () => {
    const a = await callHall(hall.url, await visitor(hall.url, '001'), 'GET', getAboutUs.path, {})
    expect(a.envelope.code).toBe(1)
    expect(a.envelope.data).toMatchObject({ title: 'About Lobby' })
    const b = await callHall(hall.url, await visitor(hall.url, '201'), 'GET', getAboutUs.path, {})
    expect(b.envelope.data).toMatchObject({ title: 'About Lobby Europa' })
    expect(await control(hall.url, 'site-document', { siteCode: '201', name: 'aboutUs', patch: { content: '<p>Edited</p>' } })).toMatchObject({ ok: true })
    const c = await callHall(hall.url, await visitor(hall.url, '201'), 'GET', getAboutUs.path, {})
    expect(c.envelope.data).toEqual({ title: 'About Lobby Europa', content: '<p>Edited</p>' })
    expect((await callHall(hall.url, await visitor(hall.url, '001'), 'GET', getAboutUs.path, {})).envelope.data).not.toMatchObject({ content: '<p>Edited</p>' })
  })

  it('answers the released versions, newest first', async () => {
    const r = await callHall(hall.url, await visitor(hall.url, '001'), 'GET', getVersionList.path, {})
    expect(r.envelope.code).toBe(1)
    expect((r.envelope.data as ReadonlyArray<{ version: string }>)[0]?.version).toBe('0.1.0')
  })

  it('reports another version in op.json for one site while the operator says a new build is out', async () => {
    const op = async (siteCode: string) => (await callHall(hall.url, await visitor(hall.url, siteCode), 'GET', '/op.json', {})).envelope.data as { version: string }
    const before = (await op('001')).version
    expect(await control(hall.url, 'app-version', { siteCode: '001', version: '9.9.9' })).toEqual({ ok: true })
    expect((await op('001')).version).toBe('9.9.9')
    expect((await op('201')).version).toBe(before)
    await control(hall.url, 'app-version', { siteCode: '001', version: null })
    expect((await op('001')).version).toBe(before)
  })
})
