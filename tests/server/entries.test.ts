import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bannerIndex, clubEntry, getDownloadUrl, getFooterConfig, getWebPushInfo, lobbyPlatformCateLoad, useFirstFlag,
} from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { hallPlayers } from './players'
import { callHall, control, visitor } from './support'
import type { Hall } from './support'

/**
 * The home page's banners and footer, and the lobby's remaining entries at the hall (migrations
 * 180 and 181): banners per site with real pictures, the footer's logos, first-use flags, app
 * downloads, the club entry, the category menu and the web-push key.
 */
let hall: Hall
const players = hallPlayers(() => hall.url)

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
}, 60_000)
afterAll(() => hall.close())

const get = async (path: string, siteCode = '001') => {
  const a = await callHall(hall.url, await visitor(hall.url, siteCode), 'GET', path, {})
  expect(a.envelope.code).toBe(1)
  return a.envelope.data
}

describe('banners at the hall', () => {
  it("answers each site's banners in order, each with a picture the hall serves as SVG", async () => {
    const list = (await get(bannerIndex.path)) as ReadonlyArray<{ id: number; title: string; imgUrl: string; location_type: number; sort: number }>
    expect(list.map((b) => [b.title, b.location_type])).toEqual([['Welcome bonus', 3], ['Deposit now', 5], ['VIP club', 8], ['Invite friends', 7]])
    const other = (await get(bannerIndex.path, '201')) as ReadonlyArray<{ imgUrl: string }>
    expect(other[0]?.imgUrl).toMatch(/^\/hall\/static\/banners\/201\/\d+\.svg$/)
    const picture = await fetch(`${hall.url}${list[0]!.imgUrl}`)
    expect(picture.status).toBe(200)
    expect(picture.headers.get('content-type')).toBe('image/svg+xml')
    const svg = await picture.text()
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg).toContain('Welcome bonus')
    // A banner of another site is not served under this one's path.
    expect((await fetch(`${hall.url}/hall/static/banners/201/${list[0]!.id}.svg`)).status).toBe(404)
  })

  it('takes the operator’s banners (control banners), titles escaped in the picture, and puts them back', async () => {
    const before = await control(hall.url, 'banners', { siteCode: '301' })
    const set = await control(hall.url, 'banners', {
      siteCode: '301',
      banners: [
        { title: 'Out <there>', locationType: 2, locationValue: 'https://example.com/promo', jumpWindow: 1 },
        { title: 'Savings', locationType: 10 },
      ],
    })
    const list = (await get(bannerIndex.path, '301')) as ReadonlyArray<{ id: number; imgUrl: string; location_type: number; location_value: string; jump_window: number }>
    expect(list.map((b) => b.id)).toEqual(set['ids'])
    expect(list[0]).toMatchObject({ location_type: 2, location_value: 'https://example.com/promo', jump_window: 1 })
    const svg = await (await fetch(`${hall.url}${list[0]!.imgUrl}`)).text()
    expect(svg).toContain('Out &#60;there&#62;')
    expect(svg).not.toContain('<there>')
    await control(hall.url, 'banners', { siteCode: '301', banners: before['banners'] })
    // Put back as they were, ids and pictures too: a recorded session's pictures still answer.
    const back = (await get(bannerIndex.path, '301')) as ReadonlyArray<{ id: number; imgUrl: string }>
    expect(back.map((b) => b.id)).toEqual((before['banners'] as ReadonlyArray<{ id: number }>).map((b) => b.id))
    expect(back.length).toBe(4)
    for (const b of back) expect((await fetch(`${hall.url}${b.imgUrl}`)).status).toBe(200)
    // The numbering goes on past them.
    const next = await control(hall.url, 'banners', { siteCode: '301', banners: [...(before['banners'] as ReadonlyArray<object>), { title: 'One more', locationType: 5 }] })
    expect((next['ids'] as number[]).at(-1)).toBeGreaterThan(Math.max(...(set['ids'] as number[])))
    await control(hall.url, 'banners', { siteCode: '301', banners: before['banners'] })
    expect(await control(hall.url, 'banners', { siteCode: '301', banners: [{ title: 'x', locationType: 11 }] })).toMatchObject({ ok: false })
  })
})

describe('the footer at the hall', () => {
  it('answers links, licences, payment methods, game providers and partners, each logo served', async () => {
    const footer = (await get(getFooterConfig.path)) as {
      columns: ReadonlyArray<{ links: ReadonlyArray<{ url: string }> }>
      licenses: ReadonlyArray<{ name: string; logo: string }>
      payments: ReadonlyArray<{ logo: string }>
      providers: ReadonlyArray<{ name: string; logo: string }>
      partners: ReadonlyArray<{ logo: string }>
    }
    expect(footer.columns.flatMap((c) => c.links.map((l) => l.url))).toContain('/home/about')
    expect(footer.licenses.map((l) => l.name)).toContain('18+')
    expect(footer.payments.length).toBeGreaterThan(0)
    expect(footer.providers.length).toBe(12)
    for (const logo of [...footer.licenses, ...footer.payments, ...footer.providers, ...footer.partners].map((l) => l.logo)) {
      const r = await fetch(`${hall.url}${logo}`)
      expect(r.status, logo).toBe(200)
      expect(r.headers.get('content-type')).toBe('image/svg+xml')
    }
    expect(await (await fetch(`${hall.url}${footer.providers[0]!.logo}`)).text()).toContain(footer.providers[0]!.name)
    expect((await fetch(`${hall.url}/hall/static/logos/..%2Fx.svg`)).status).toBe(404)
  })
})

describe("the hall's own pictures", () => {
  it('serves every picture a site configuration names under /hall/static/', async () => {
    const named = new Set<string>()
    const collect = (v: unknown): void => {
      if (typeof v === 'string' && v.startsWith('/hall/static/') && /\.svg$/.test(v)) named.add(v)
      else if (Array.isArray(v)) v.forEach(collect)
      else if (v !== null && typeof v === 'object') Object.values(v).forEach(collect)
    }
    for (const siteCode of ['001', '101', '081', '201', '301', '401', '501']) collect(await control(hall.url, 'site-config', { siteCode }))
    // The tab bar's and the header's icons, the brand's logo: the configuration names each.
    expect([...named].filter((u) => u.startsWith('/hall/static/icons/')).length).toBeGreaterThan(10)
    expect([...named].some((u) => u.startsWith('/hall/static/brand/'))).toBe(true)
    for (const url of named) {
      const r = await fetch(`${hall.url}${url}`)
      expect(r.status, url).toBe(200)
      expect(r.headers.get('content-type'), url).toBe('image/svg+xml')
    }
    expect((await fetch(`${hall.url}/hall/static/icons/..%2Fx.svg`)).status).toBe(404)
  })
})

describe('the lobby entries at the hall', () => {
  it('answers a first-use flag once per player: first 1, then 0; a bad flag is refused with 1900', async () => {
    const a = await players.newPlayer('flag')
    const b = await players.newPlayer('flag')
    expect(await players.ok(a.caller, useFirstFlag.path, { flag: 'receive' })).toEqual({ flag: 'receive', first: 1 })
    expect(await players.ok(a.caller, useFirstFlag.path, { flag: 'receive' })).toEqual({ flag: 'receive', first: 0 })
    expect(await players.ok(b.caller, useFirstFlag.path, { flag: 'receive' })).toEqual({ flag: 'receive', first: 1 })
    expect((await players.post(a.caller, useFirstFlag.path, { flag: '<script>' })).envelope.code).toBe(1900)
    // A visitor has no first use to record.
    expect((await callHall(hall.url, await visitor(hall.url), 'POST', useFirstFlag.path, { flag: 'receive' })).envelope.code).toBe(-1)
  })

  it('answers the app downloads and the club entry as the operator sets them', async () => {
    expect(await get(getDownloadUrl.path)).toMatchObject({ downloadSwitch: 'open', list: [{ osType: 1 }, { osType: 2 }] })
    expect(await get(clubEntry.path)).toMatchObject({ clubSwitch: 'close' })
    await control(hall.url, 'site-document', { siteCode: '001', name: 'club', patch: { clubSwitch: 'open', url: 'https://club.example.com/' } })
    expect(await get(clubEntry.path)).toMatchObject({ clubSwitch: 'open', url: 'https://club.example.com/' })
    await control(hall.url, 'site-document', { siteCode: '001', name: 'club', patch: { clubSwitch: 'close', url: '' } })
  })

  it("answers the site's categories with their platforms, and refuses another site's code with 1901", async () => {
    const r = (await callHall(hall.url, await visitor(hall.url), 'GET', lobbyPlatformCateLoad.path, { siteCode: '001' })).envelope
    expect(r.code).toBe(1)
    const list = (r.data as { list: ReadonlyArray<{ gameCategoryId: number; sort: number; platforms: ReadonlyArray<{ gameCategoryId: number }> }> }).list
    expect(list.length).toBeGreaterThan(3)
    expect(list.map((c) => c.sort)).toEqual([...list.map((c) => c.sort)].sort((x, y) => x - y))
    for (const c of list) expect(c.platforms.every((p) => p.gameCategoryId === c.gameCategoryId)).toBe(true)
    expect((await callHall(hall.url, await visitor(hall.url), 'GET', lobbyPlatformCateLoad.path, { siteCode: '201' })).envelope.code).toBe(1901)
  })

  it('answers no web-push key while push is off, and one lasting P-256 key once it is on', async () => {
    expect(await get(getWebPushInfo.path)).toEqual({ status: 'close', webKey: '' })
    await control(hall.url, 'site-document', { siteCode: '001', name: 'webPush', patch: { status: 'open' } })
    const a = (await get(getWebPushInfo.path)) as { webKey: string }
    expect(Buffer.from(a.webKey, 'base64url')).toHaveLength(65)
    expect(Buffer.from(a.webKey, 'base64url')[0]).toBe(4)
    expect(((await get(getWebPushInfo.path)) as { webKey: string }).webKey).toBe(a.webKey)
    expect(((await get(getWebPushInfo.path, '201')) as { webKey: string }).webKey).toBe('')
    await control(hall.url, 'site-document', { siteCode: '001', name: 'webPush', patch: { status: 'close' } })
  })
})
