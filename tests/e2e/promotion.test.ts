import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'
import { ShellPage } from './support/shell.model'

/**
 * Promotion links and tracking at phone and desktop sizes (screens §2 root, §3 buried config, §4
 * promote-game; calls §7.3 promote/binding/*, point/get): a visitor's arrival by an invite link is
 * reported once (view and click, read at the hall), the root address keeps only the promotion
 * keys, id and cid together go to the error page, a configured pixel's stand-in records the page
 * view (and a pixel the config does not name is never loaded), and /promote-game launches the demo
 * for a guest or goes to root without a game.
 */
const kit = useBrowser()

let links = 0
/** A link value of this file's own. */
const unique = (prefix: string): string => `${prefix}${Date.now().toString(36)}${(links += 1)}`

type Arrival = { kind: string; linkKind: string; linkValue: string; promoterInfo: Record<string, string>; accessUrl: string; repeats: number }
/** The arrivals the hall stored for a link, views before clicks (the lobby sends both at once: either may be stored first). */
const arrivalsOf = async (link: { id?: string; cid?: string }): Promise<Arrival[]> =>
  ((await kit.control('promotion-arrivals', { siteCode: '001', ...link }))['arrivals'] as Arrival[]).toSorted((a, b) => (a.kind === b.kind ? 0 : a.kind === 'view' ? -1 : 1))
const hitsOf = async (id: string): Promise<Array<{ pixel: string; event: string }>> =>
  ((await kit.control('pixel-hits', { id }))['hits'] as Array<{ pixel: string; event: string }>).map((h) => ({ pixel: h.pixel, event: h.event }))

describe.each(['phone', 'desktop'] as const)('promotion links at %s size', (size) => {
  it('reports a visitor’s arrival by an invite link once, and drops unknown keys from the address', async () => {
    const id = unique('inv')
    const { page, errors } = await kit.open(size)
    const shell = new ShellPage(page, kit.hallUrl)
    await page.goto(`${kit.hallUrl}/?site=001&id=${id}&utm_source=mail&aid=7`)
    await shell.waitReady()
    // The root address keeps only the keys of spec §2 (and the hall's site choice).
    const search = new URL(page.url()).searchParams
    expect([new URL(page.url()).pathname, [...search.keys()].sort()]).toEqual(['/home/game', ['aid', 'id', 'site']])
    await expect.poll(async () => (await arrivalsOf({ id })).map((a) => [a.kind, a.linkKind, a.linkValue, a.repeats])).toEqual([
      ['view', 'id', id, 0],
      ['click', 'id', id, 0],
    ])
    const [view] = await arrivalsOf({ id })
    expect(view?.promoterInfo).toEqual({ id, aid: '7' })
    expect(view?.accessUrl).toBe(`${kit.hallUrl}/?site=001&id=${id}&utm_source=mail&aid=7`)

    // A reload of the tab is the same arrival: the lobby does not report it again.
    await page.reload()
    await shell.waitReady()
    await expect.poll(async () => (await shell.events<{ type: string; reported?: boolean }>()).find((e) => e.type === 'promotion.arrived')?.reported).toBe(true)
    await expect.poll(async () => (await shell.eventTypes()).includes('site.ready')).toBe(true)
    const calls = (await shell.events<{ type: string; call?: string }>()).filter((e) => e.type === 'hall.requested').map((e) => e.call)
    expect(calls).not.toContain('reportView')
    expect(calls).not.toContain('reportClick')
    expect((await arrivalsOf({ id })).map((a) => [a.kind, a.repeats])).toEqual([['view', 0], ['click', 0]])
    expect(errors).toEqual([])
  })

  it('sends a link with both id and cid to the error page', async () => {
    const { page, errors } = await kit.open(size)
    await page.goto(`${kit.hallUrl}/?site=001&id=${unique('inv')}&cid=${unique('chn')}`)
    await page.getByRole('heading', { name: 'Invalid link' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/error')
    expect(errors).toEqual([])
  })

  it('loads the pixels the channel’s buried config names, with the query’s ids first, and no other', async () => {
    const cid = unique('chn')
    const [fb, gtagQuery, tiktok] = [unique('fb'), unique('G-'), unique('tt')]
    await kit.control('promotion-points', { siteCode: '001', idxType: 1, idx: cid, points: [{ category: 2, gid: fb }, { category: 1, type: 1, gid: 'G-CONFIG' }] })
    const { page, errors } = await kit.open(size)
    const shell = new ShellPage(page, kit.hallUrl)
    await page.goto(`${kit.hallUrl}/?site=001&cid=${cid}&gtagId=${gtagQuery}&tiktokBaesCode=${tiktok}`)
    await shell.waitReady()
    await expect.poll(() => hitsOf(fb)).toEqual([{ pixel: 'facebook', event: 'PageView' }])
    await expect.poll(() => hitsOf(gtagQuery)).toEqual([{ pixel: 'gtag', event: 'page_view' }])
    // TikTok is not in the config: its id in the query loads nothing; the config's own gtag id gave way to the query's.
    const loaded = await page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement>('script[data-pixel]')].map((s) => new URL(s.src).pathname + new URL(s.src).search).sort())
    expect(loaded).toEqual([`/pixels/facebook.js?id=${fb}`, `/pixels/gtag.js?id=${gtagQuery}`].sort())
    expect(await hitsOf(tiktok)).toEqual([])
    expect(await hitsOf('G-CONFIG')).toEqual([])
    expect(errors).toEqual([])
  })

  it('launches the demo of a self-operated game for a guest on /promote-game, and goes to root without a game', async () => {
    const { page, errors } = await kit.open(size)
    await page.goto(`${kit.hallUrl}/promote-game?site=001&SelfOperatedGameId=130009`)
    await page.waitForURL((url) => url.pathname === '/games/play', { timeout: 30_000 })
    const game = new URL(page.url())
    expect([game.searchParams.get('gameId'), game.searchParams.get('key'), game.searchParams.get('userkey')]).toEqual(['130009', null, null])
    // location.replace: the promote-game page is not in the history; back leaves the site.
    await page.goBack()
    expect(page.url()).toBe('about:blank')

    const second = await kit.open(size)
    await second.page.goto(`${kit.hallUrl}/promote-game?site=001`)
    await second.page.waitForURL((url) => url.pathname === '/home/game', { timeout: 30_000 })
    // Nothing failed to load on either page (the game page names the site's icon).
    expect([...errors, ...second.errors]).toEqual([])
  })
})
