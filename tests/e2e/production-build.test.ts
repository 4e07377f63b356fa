import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launch } from './support/browser'
import { startHall } from '../../server/hall'

/**
 * The production build is one (issue: it behaved as a development build): the output of
 * `vite build` (the global setup builds it into `staticDir`) served by a hall in production mode
 * installs no test hook and no debug handle, and its bus reports an invalid event instead of
 * throwing. The operator's diagnostics switch brings the handle back, never the test hooks.
 * Source maps are kept for support and never served to the public.
 */

const staticDir = inject('staticDir')
const testHallUrl = inject('hallUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

const assets = path.join(staticDir, 'assets')
const scripts = (): string[] => readdirSync(assets).filter((f) => f.endsWith('.js'))

/** Opens the lobby on a hall and waits until it has started (the header shows). */
const openLobby = async (url: string): Promise<{ page: Page; console: string[]; close: () => Promise<void> }> => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' })
  const page = await context.newPage()
  const messages: string[] = []
  page.on('console', (m) => messages.push(m.text()))
  await page.goto(`${url}/`)
  // The lobby's own header (the hall's first screen paints one before the lobby starts).
  await page.locator('#root').getByRole('banner').waitFor()
  return { page, console: messages, close: () => context.close() }
}

describe('the output of vite build under a production hall', () => {
  let hall: Awaited<ReturnType<typeof startHall>>
  beforeAll(async () => {
    hall = await startHall({ port: 0, dataDir: 'memory', mode: 'production', staticDir })
  }, 120_000)
  afterAll(() => hall.close())

  it('installs no test hook and exposes no window.__lobby by default', async () => {
    const lobby = await openLobby(hall.url)
    const handles = await lobby.page.evaluate(() => ({
      day: 'window.__lobbyDay' in window || '__lobbyDay' in window,
      lobby: '__lobby' in window,
    }))
    expect(handles).toEqual({ day: false, lobby: false })
    // No stand-ins, so no demo banner.
    expect(await lobby.page.getByRole('note').filter({ hasText: 'Demo: payments are simulated' }).count()).toBe(0)
    await lobby.close()
  })

  it('names no source map in its scripts and keeps the maps out of public reach', async () => {
    const named = scripts().filter((f) => readFileSync(path.join(assets, f), 'utf8').includes('sourceMappingURL'))
    expect(named).toEqual([])
    const first = scripts()[0] ?? ''
    // The maps are kept (for support and the replay tools) ...
    expect(existsSync(path.join(assets, `${first}.map`))).toBe(true)
    // ... but a player cannot fetch them.
    const res = await fetch(`${hall.url}/assets/${first}.map`)
    expect(res.status).toBe(404)
    expect((await fetch(`${hall.url}/assets/${first}`)).status).toBe(200)
  })
})

describe('diagnostics turned on by the operator', () => {
  let hall: Awaited<ReturnType<typeof startHall>>
  beforeAll(async () => {
    hall = await startHall({ port: 0, dataDir: 'memory', mode: 'production', staticDir, diagnostics: true })
  }, 120_000)
  afterAll(() => hall.close())

  it('exposes window.__lobby, whose bus reports an invalid event instead of throwing; still no test hook', async () => {
    const lobby = await openLobby(hall.url)
    const outcome = await lobby.page.evaluate(() => {
      const w = window as unknown as { __lobby?: { system: { send(e: unknown): void } }; __lobbyDay?: unknown }
      if (w.__lobby === undefined) return 'no handle'
      try {
        w.__lobby.system.send({ type: 'session.noSuchThing' })
        return w.__lobbyDay === undefined ? 'reported' : 'test hook installed'
      } catch (e) {
        return `threw: ${String(e)}`
      }
    })
    expect(outcome).toBe('reported')
    await expect.poll(() => lobby.console.filter((m) => m.includes("dropped an invalid bus event 'session.noSuchThing'"))).toHaveLength(1)
    await lobby.close()
  })
})

describe('a demo hall: production with its stand-ins on', () => {
  let hall: Awaited<ReturnType<typeof startHall>>
  beforeAll(async () => {
    hall = await startHall({ port: 0, dataDir: 'memory', mode: 'production', staticDir, standIns: true, log: () => undefined })
  }, 120_000)
  afterAll(() => hall.close())

  it('shows the banner that says payments there are simulated', async () => {
    const lobby = await openLobby(hall.url)
    const banner = lobby.page.getByRole('note').filter({ hasText: 'Demo: payments are simulated, no real money moves.' })
    await banner.waitFor()
    expect(await banner.isVisible()).toBe(true)
    await lobby.close()
  })
})

describe('source maps for support', () => {
  it('are served to a signed-in support account only', async () => {
    const map = `${scripts()[0] ?? ''}.map`
    const url = `${testHallUrl}/support/api/sourcemaps/assets/${map}`
    expect((await fetch(url)).status).toBe(401)
    const login = await fetch(`${testHallUrl}/support/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'support', password: 'support-dev' }),
    })
    const { token } = (await login.json()) as { token: string }
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { sources: unknown[] }).sources.length).toBeGreaterThan(0)
    expect((await fetch(`${testHallUrl}/support/api/sourcemaps/assets/${scripts()[0] ?? ''}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404)
  })
})
