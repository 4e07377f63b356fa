import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'

/**
 * The buried config of the player's own id at phone and desktop sizes (screens §3 idxType 3): after
 * a real player's sign-in the lobby asks the config of the player's id, and the pixels configured
 * for that player (control `player-points`) are loaded, their stand-ins recording the page view;
 * another player's pixel is never loaded.
 */
const kit = useBrowser()

let pixels = 0
const unique = (prefix: string): string => `${prefix}${Date.now().toString(36)}${(pixels += 1)}`
const hitsOf = async (id: string): Promise<Array<{ pixel: string; event: string }>> =>
  ((await kit.control('pixel-hits', { id }))['hits'] as Array<{ pixel: string; event: string }>).map((h) => ({ pixel: h.pixel, event: h.event }))

describe.each(['phone', 'desktop'] as const)('the player’s own pixels at %s size', (size) => {
  it('loads the pixels configured for the signed-in player’s own id, and no other player’s', async () => {
    const [me, other] = [await kit.player(), await kit.player()]
    const [tiktok, gtm, foreign] = [unique('tts'), unique('GTM-S'), unique('fbo')]
    const set = await kit.control('player-points', { siteCode: '001', username: me.username, points: [{ category: 4, gid: tiktok }, { category: 1, type: 2, gid: gtm }] })
    await kit.control('player-points', { siteCode: '001', username: other.username, points: [{ category: 2, gid: foreign }] })
    const { page, errors, shell } = await kit.openLobby(size, 'home/game?site=001')
    // A visitor's page loads no pixel of the player's.
    expect(await page.locator('script[data-pixel]').count()).toBe(0)
    await shell.signIn(me)
    await expect.poll(() => hitsOf(tiktok)).toEqual([{ pixel: 'tiktok', event: 'page_view' }])
    await expect.poll(() => hitsOf(gtm)).toEqual([{ pixel: 'gtm', event: 'gtm.js' }])
    const asked = (await shell.events<{ type: string; call?: string; payload?: unknown }>()).filter((e) => e.type === 'hall.requested' && e.call === 'promotePointGet')
    expect(asked.map((e) => e.payload)).toEqual([{ idx: String(set['playerId']), idxType: 3, uid: String(set['playerId']) }])
    const loaded = await page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement>('script[data-pixel]')].map((s) => new URL(s.src).pathname + new URL(s.src).search).sort())
    expect(loaded).toEqual([`/pixels/gtm.js?id=${gtm}`, `/pixels/tiktok.js?id=${tiktok}`].sort())
    expect(await hitsOf(foreign)).toEqual([])
    expect(errors).toEqual([])
  })
})
