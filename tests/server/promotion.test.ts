import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHall } from '../../server/hall'
import { ARRIVAL_WINDOW_MS, PromotionCode } from '../../server/promotion'
import { callHall, control, visitor } from './support'
import type { Caller, Hall } from './support'

let hall: Hall
let site: Caller
/** The hall's clock: a test moves it past the arrival window (calls carry it as their timestamp). */
let clock = Date.now()

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', now: () => clock })
  site = await visitor(hall.url, '001')
}, 60_000)
afterAll(() => hall.close())

let links = 0
/** A link of this test's own, so no other test's reports are read. */
const newLink = (): string => `prmtn${Date.now().toString(36)}${(links += 1)}`

const visit = (link: Record<string, string>, device = 'device-1') => ({
  promoter_info: { ...link, gtagId: 'G-TEST' },
  accessUrl: `http://lobby.test/?${new URLSearchParams(link).toString()}`,
  visitor_device: device,
})
const view = (params: unknown) => callHall(hall.url, site, 'POST', '/promote/binding/reportview', params, { encrypted: false, timestamp: clock })
const click = (params: unknown) => callHall(hall.url, site, 'POST', '/promote/binding/reportclick', params, { timestamp: clock })
const arrivals = async (link: Record<string, string>) =>
  (await control(hall.url, 'promotion-arrivals', { siteCode: '001', ...link }))['arrivals'] as Array<{ kind: string; linkKind: string; linkValue: string; promoterInfo: Record<string, string>; accessUrl: string; visitorDevice: string; repeats: number }>

describe('a visitor arriving by a promotion link (calls §7.3 reportview, reportclick)', () => {
  it('stores a view reported in clear and a click, with the promotion values, the address and the device', async () => {
    const id = newLink()
    const answer = await view(visit({ id }))
    expect(answer.envelope.code).toBe(1)
    // reportview is the one call answered in clear.
    expect(answer.headers.get('x-encrypted')).not.toBe('1')
    expect((await click(visit({ id }))).envelope.code).toBe(1)
    expect(await arrivals({ id })).toEqual([
      { kind: 'view', linkKind: 'id', linkValue: id, promoterInfo: { id, gtagId: 'G-TEST' }, accessUrl: `http://lobby.test/?id=${id}`, visitorDevice: 'device-1', repeats: 0 },
      { kind: 'click', linkKind: 'id', linkValue: id, promoterInfo: { id, gtagId: 'G-TEST' }, accessUrl: `http://lobby.test/?id=${id}`, visitorDevice: 'device-1', repeats: 0 },
    ])
  })

  it('stores a channel link (cid) apart from an invite link', async () => {
    const cid = newLink()
    expect((await view(visit({ cid }))).envelope.code).toBe(1)
    expect((await arrivals({ cid })).map((a) => [a.kind, a.linkKind, a.linkValue])).toEqual([['view', 'cid', cid]])
    expect(await arrivals({ id: cid })).toEqual([])
  })

  it('counts one arrival per device and link: a reload within 30 minutes is a repeat, a later one or another device a new arrival', async () => {
    const id = newLink()
    for (let i = 0; i < 3; i += 1) expect((await view(visit({ id }))).envelope.code).toBe(1)
    expect((await arrivals({ id })).map((a) => [a.visitorDevice, a.repeats])).toEqual([['device-1', 2]])
    expect((await view(visit({ id }, 'device-2'))).envelope.code).toBe(1)
    clock += ARRIVAL_WINDOW_MS + 1000
    expect((await view(visit({ id }))).envelope.code).toBe(1)
    expect((await arrivals({ id })).map((a) => [a.visitorDevice, a.repeats])).toEqual([['device-1', 2], ['device-2', 0], ['device-1', 0]])
  })

  it('refuses a malformed report with a clear code and stores nothing', async () => {
    const id = newLink()
    const cases: Array<[unknown, number]> = [
      [visit({}), PromotionCode.noLink],
      [visit({ id: ' ' }), PromotionCode.noLink],
      [visit({ id, cid: 'c1' }), PromotionCode.bothLinks],
      [visit({ id }, ''), PromotionCode.noDevice],
      [{ ...visit({ id }), accessUrl: 'javascript:alert(1)' }, PromotionCode.badAddress],
      [{ ...visit({ id }), accessUrl: 'not a url' }, PromotionCode.badAddress],
      [{ ...visit({ id }), promoter_info: { id, click_id: 'x'.repeat(129) } }, PromotionCode.valueTooLong],
    ]
    for (const [params, code] of cases) {
      const answer = await view(params)
      expect([answer.envelope.code, answer.envelope.msg]).toEqual([code, expect.any(String)])
      expect((await click(params)).envelope.code).toBe(code)
    }
    // Outside the call's schema: refused before any rule.
    expect((await view({ promoter_info: { id }, accessUrl: 'http://lobby.test/' })).envelope.code).toBe(4005)
    expect(await arrivals({ id })).toEqual([])
  })

  it('refuses reportclick in clear (only reportview is sent unencrypted)', async () => {
    const id = newLink()
    const answer = await callHall(hall.url, site, 'POST', '/promote/binding/reportclick', visit({ id }), { encrypted: false, timestamp: clock })
    expect(answer.envelope.code).not.toBe(1)
    expect(await arrivals({ id })).toEqual([])
  })
})

describe('the buried config (point/get, screens §3)', () => {
  it('answers the tags and pixels of a channel, an agent or a player in the operator\'s order, and none for another', async () => {
    const cid = newLink()
    await control(hall.url, 'promotion-points', { siteCode: '001', idxType: 1, idx: cid, points: [{ category: 1, type: 2, gid: 'GTM-1' }, { category: 2, gid: 'fb-1' }] })
    const get = (params: unknown) => callHall(hall.url, site, 'POST', '/promote/point/get', params, { timestamp: clock })
    expect((await get({ idx: cid, idxType: 1 })).envelope).toMatchObject({ code: 1, data: { list: [{ category: 1, type: 2, gid: 'GTM-1' }, { category: 2, type: 1, gid: 'fb-1' }] } })
    expect((await get({ idx: cid, idxType: 2 })).envelope).toMatchObject({ code: 1, data: { list: [] } })
    expect((await get({ idx: ' ', idxType: 1 })).envelope.code).toBe(PromotionCode.noIndex)
  })
})

describe('the stand-in tracking scripts', () => {
  it('are served from the hall\'s own origin and the page allows no other script origin for them', async () => {
    const script = await fetch(`${hall.url}/pixels/gtag.js?id=G-1`)
    expect([script.status, script.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8'])
    expect((await fetch(`${hall.url}/pixels/other.js`)).status).toBe(404)
    const page = await fetch(`${hall.url}/?site=001`, { headers: { accept: 'text/html' } })
    const policy = page.headers.get('content-security-policy') ?? ''
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+';/)
    const config = (await control(hall.url, 'site-config', { siteCode: '001' }))['config'] as { injected: { pixels: Record<string, string> } }
    expect(config.injected.pixels['facebook']).toMatch(/\/pixels\/facebook\.js\?id=\{id\}$/)
  })

  it('a site loading its scripts from a network gets exactly that origin added to the page policy', async () => {
    await control(hall.url, 'promotion-scripts', { siteCode: '201', scripts: { facebook: 'https://connect.facebook.test/en_US/fbevents.js?id={id}', tiktok: 'https://analytics.tiktok.test/i18n/pixel/events.js?sdkid={id}' } })
    try {
      const page = await fetch(`${hall.url}/?site=201`, { headers: { accept: 'text/html' } })
      const policy = new Map((page.headers.get('content-security-policy') ?? '').split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const))
      expect([...(policy.get('script-src') ?? [])].sort()).toEqual([expect.stringMatching(/^'nonce-/), "'self'", 'https://analytics.tiktok.test', 'https://connect.facebook.test'])
      expect(policy.get('connect-src')).toEqual(expect.arrayContaining(['https://connect.facebook.test', 'https://analytics.tiktok.test']))
      const config = (await control(hall.url, 'site-config', { siteCode: '201' }))['config'] as { injected: { pixels: Record<string, string> } }
      expect(config.injected.pixels).toEqual({ facebook: 'https://connect.facebook.test/en_US/fbevents.js?id={id}', tiktok: 'https://analytics.tiktok.test/i18n/pixel/events.js?sdkid={id}' })
      // Another site keeps its stand-ins and its policy.
      const other = await fetch(`${hall.url}/?site=001`, { headers: { accept: 'text/html' } })
      expect(other.headers.get('content-security-policy')).not.toContain('.test')
    } finally {
      await control(hall.url, 'promotion-scripts', { siteCode: '201', scripts: null })
    }
  })

  it('record a hit posted to the hall and refuse anything else', async () => {
    const id = newLink()
    const post = (body: unknown) => fetch(`${hall.url}/pixels/hit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    expect((await post({ pixel: 'tiktok', id, event: 'page_view', page: 'http://lobby.test/' })).status).toBe(204)
    expect((await post({ pixel: 'other', id, event: 'page_view', page: 'http://lobby.test/' })).status).toBe(400)
    expect((await post({ pixel: 'tiktok', id, event: '', page: 'http://lobby.test/' })).status).toBe(400)
    expect((await control(hall.url, 'pixel-hits', { id }))['hits']).toEqual([{ pixel: 'tiktok', id, event: 'page_view', page: 'http://lobby.test/' }])
  })
})
