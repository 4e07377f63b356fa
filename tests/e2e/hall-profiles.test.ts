/**
 * A site whose hall speaks the catalogue's other variants (issue 45; site 081 is seeded with the
 * hall profile `{ heartbeat: 'call', payList: 'v4', boot: 'call' }`, docs/hall.md "Hall profile"):
 * the lobby asks the brand logo, layout and currencies at boot, the pay popup lists the deposit
 * methods and channels by payListV4 and payTypeV4 (never payplatformlistV3), and the signed-in lobby
 * keeps alive by /home/heartbeat every 10 s instead of the socket's Ping, on the same socket
 * connection past the hall's idle drop (35 s without a frame).
 */
import { describe, expect, it } from 'vitest'
import shell081 from '../../src/i18n/locales/pt_BR/shell.json'
import { useBrowser } from './support/browser'

const kit = useBrowser()

/** The catalogue paths of the calls this test watches, as the lobby asked them. */
const WATCHED = /\/(api\/lobby\/brandLogo\/getBrandLogoUse|api\/lobby\/layoutDesign\/getLayout|api\/lobby\/currencyInfo\/getAllCurrency|pay\/payListV4|pay\/payTypeV4|pay\/payplatformlistV3|home\/heartbeat)$/

describe('site 081, whose hall profile keeps alive by call and lists deposits by V4', () => {
  it('boots with the boot calls, lists the pay channels by V4, and keeps the socket by heartbeat calls', async () => {
    const player = await kit.player({ siteCode: '081' })
    const { page, errors, shell } = await kit.openLobby('desktop', 'home/game?site=081', { as: player })
    const asked: string[] = []
    page.on('request', (r) => {
      const m = WATCHED.exec(new URL(r.url()).pathname)
      if (m?.[1] !== undefined) asked.push(m[1])
    })
    // The boot calls went out before the lobby was ready: they are in its log.
    const calls = async () => (await shell.events<{ type: string; call?: string }>()).filter((e) => e.type === 'hall.requested').map((e) => e.call)
    expect(await calls()).toEqual(expect.arrayContaining(['getBrandLogoUse', 'getLayout', 'getAllCurrency']))
    // The frame reads the asked brand logo: the header shows the site's logo.
    await expect.poll(() => page.getByRole('banner').locator('img.logo__image').getAttribute('src')).toBe('/hall/static/brand/081/logo.svg')

    await page.getByRole('banner').getByRole('button', { name: new RegExp(`^${shell081.header.recharge}`) }).first().click()
    const dialog = page.getByRole('dialog')
    // The methods and channels of both currencies of the site, as V3 would list them.
    await dialog.getByRole('radio', { name: /^PIX/ }).first().waitFor({ state: 'visible', timeout: 15_000 })
    expect(await dialog.getByRole('radio', { name: /^Bank transfer/ }).isVisible()).toBe(true)
    // The other currency's method, with its two channels (payTypeV4 of USDT).
    await dialog.getByRole('radio', { name: 'USDT', exact: true }).first().check()
    await dialog.getByRole('radio', { name: /^USDT TRC20/ }).waitFor({ state: 'visible' })
    expect(await dialog.getByRole('radio', { name: /^USDT ERC20/ }).isVisible()).toBe(true)
    expect(asked.filter((c) => c.startsWith('pay/'))).toEqual(['pay/payListV4', 'pay/payListV4', 'pay/payTypeV4', 'pay/payTypeV4', 'pay/payTypeV4'])
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })

    // Four heartbeats by call (40 s, past the hall's 35 s idle drop) and not one Ping; the socket is
    // still its first connection, open.
    await expect.poll(() => asked.filter((c) => c === 'home/heartbeat').length, { timeout: 60_000, interval: 1000 }).toBeGreaterThanOrEqual(4)
    const types = await shell.eventTypes()
    expect(types).not.toContain('socket.pingRequested')
    const socket = await shell.actorState<{ value: string; context: { connection: number } }>('socket')
    expect(socket).toMatchObject({ value: 'open', context: { connection: 1 } })
    expect(errors).toEqual([])
  }, 150_000)
})
