/**
 * Games above the fold on a phone (issue 41, "A phone's first load"): a first-time visitor on a
 * 390×844 phone sees at least one whole game card without scrolling, above the tab bar, both on
 * the hall's first screen (server/first-screen.ts) and on the lobby once it has taken over; one
 * install invitation at a time (the download banner; the add-to-home-screen tip only once the
 * banner is closed or off); and no layout shift from the hall's first paint to the takeover.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'

const kit = useBrowser()
/** Where the screenshots of the phone and the desktop go, to be looked at (a temporary folder of their own). */
const SHOTS = mkdtempSync(path.join(tmpdir(), 'lobby-phone-fold-'))

/** The install invitations above the home page: the download banner and the add-to-home-screen tip. */
const INVITATIONS = '.download-banner, .install-tip'

/** What the page records from its start (an init script, before any of its own scripts runs). */
interface Watch {
  /** Every layout shift the browser reports: its value and when. */
  readonly shifts: Array<{ readonly value: number; readonly startTime: number; readonly sources: string }>
  /** The first screen was in the page when its HTML was parsed. */
  painted: boolean
  /** The first frame after the lobby removed the first screen. */
  frameAfter: number | null
}

/** Where a page's parts stand: the first whole card (or skeleton card) and the tab bar's top, the invitations shown. */
const fold = (page: Page, root: string, card: string) =>
  page.evaluate(
    ({ root, card, invitations }) => {
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect()
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'
      }
      const tabbar = [...document.querySelectorAll(`${root} .tabbar`)].find(visible)
      const first = [...document.querySelectorAll(`${root} ${card}`)].find(visible)
      const box = first?.getBoundingClientRect()
      return {
        viewport: window.innerHeight,
        scrollY: window.scrollY,
        tabbarTop: tabbar === undefined ? null : tabbar.getBoundingClientRect().top,
        card: box === undefined ? null : { top: box.top, bottom: box.bottom },
        invitations: [...document.querySelectorAll(`${root} :is(${invitations})`)].filter(visible).map((el) => el.className),
        // Where the page's parts stand, for the message of a failure.
        parts: [...document.querySelectorAll(`${root} :is(.header, .shell__main > *, .lobby > *, .game-content > *, .game-list > *, .tiles > li:first-child, .tiles > li:first-child > *)`)].filter(visible).map((el) => {
          const r = el.getBoundingClientRect()
          return `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} ${Math.round(r.top)}+${Math.round(r.height)}`
        }),
      }
    },
    { root, card, invitations: INVITATIONS },
  )

/** A card stands whole above the fold: below the top of the page, above the tab bar that covers the screen's bottom. */
const expectAboveFold = (at: Awaited<ReturnType<typeof fold>>) => {
  expect(at.scrollY).toBe(0)
  expect(at.card, JSON.stringify(at)).not.toBeNull()
  expect(at.tabbarTop, JSON.stringify(at)).not.toBeNull()
  expect(at.card!.top, JSON.stringify(at)).toBeGreaterThanOrEqual(0)
  expect(at.card!.bottom, JSON.stringify(at)).toBeLessThanOrEqual(Math.min(at.tabbarTop!, at.viewport))
}

describe('a first visit on a 390×844 phone (site 001)', () => {
  const home = 'home/game?site=001'

  it('is painted by the hall with one install invitation and the first row of games above the fold', async () => {
    const { page } = await kit.open('phone', { javaScriptEnabled: false })
    await page.goto(`${kit.hallUrl}/${home}`)
    await page.getByRole('banner').waitFor()
    const at = await fold(page, '#first-screen', '.first-screen__game')
    expect(at.invitations).toEqual(['download-banner first-screen__phone'])
    expectAboveFold(at)
  })

  it('is taken over by the lobby with no layout shift, one install invitation and a whole game card above the fold', async () => {
    const { page, errors } = await kit.open('phone')
    await page.addInitScript(() => {
      const watch: Watch = { shifts: [], painted: false, frameAfter: null }
      ;(window as unknown as { __fold: Watch }).__fold = watch
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as Array<{ value: number; startTime: number; sources: Array<{ node: Node | null }> }>)
          watch.shifts.push({ value: e.value, startTime: e.startTime, sources: e.sources.map((s) => (s.node instanceof Element ? `${s.node.nodeName}.${s.node.className}` : String(s.node?.nodeName))).join(', ') })
      }).observe({ type: 'layout-shift', buffered: true })
      document.addEventListener('DOMContentLoaded', () => {
        watch.painted = document.getElementById('first-screen') !== null
      })
      new MutationObserver((records, observer) => {
        if (!records.some((r) => [...r.removedNodes].some((n) => (n as Element).id === 'first-screen'))) return
        observer.disconnect()
        requestAnimationFrame(() => requestAnimationFrame((at) => (watch.frameAfter = at)))
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto(`${kit.hallUrl}/${home}`)
    const watch = () => page.evaluate(() => (window as unknown as { __fold: Watch }).__fold)
    await expect.poll(async () => (await watch()).frameAfter, { timeout: 30_000 }).not.toBeNull()
    // The lobby's first games listed: by then the takeover's shifts are long reported.
    await page.locator('#root .game-tile').first().waitFor({ timeout: 30_000 })
    const seen = await watch()
    expect(seen.painted).toBe(true)
    // Cumulative layout shift from the hall's first paint to the frame after the takeover.
    const takeover = seen.shifts.filter((s) => s.startTime <= seen.frameAfter!)
    expect(takeover.reduce((sum, s) => sum + s.value, 0), JSON.stringify(takeover)).toBeLessThanOrEqual(0.01)

    await page.evaluate(() => Promise.all([...document.images].map((i) => i.decode().catch(() => undefined))))
    await page.screenshot({ path: path.join(SHOTS, 'phone-first-visit.png') })
    const at = await fold(page, '#root', '.game-tile')
    expect(at.invitations).toEqual(['download-banner'])
    expectAboveFold(at)
    // The categories in one row: every tile at the same height.
    const tops = await page.locator('#root .tiles .tile').evaluateAll((tiles) => new Set(tiles.map((t) => Math.round(t.getBoundingClientRect().top))).size)
    expect(tops).toBe(1)
    expect(errors).toEqual([])
  })

  it('shows the add-to-home-screen tip once the download banner is closed, alone, the games still above the fold', async () => {
    const { page, errors } = await kit.open('phone')
    await page.goto(`${kit.hallUrl}/${home}`)
    const lobby = page.locator('#root')
    const download = lobby.getByRole('complementary', { name: 'Download the app' })
    await download.getByRole('button', { name: 'Close the banner' }).click()
    await lobby.getByRole('complementary', { name: 'Add to home screen' }).waitFor()
    await lobby.locator('.game-tile').first().waitFor({ timeout: 30_000 })
    await page.evaluate(() => Promise.all([...document.images].map((i) => i.decode().catch(() => undefined))))
    await page.screenshot({ path: path.join(SHOTS, 'phone-banner-closed.png') })
    const at = await fold(page, '#root', '.game-tile')
    expect(at.invitations).toEqual(['install-tip'])
    expectAboveFold(at)
    expect(errors).toEqual([])
  })
})

describe('a phone opened on a category far along the row (site 001, lottery)', () => {
  it('brings the current category into the row, the page itself not scrolled', async () => {
    const { page, errors } = await kit.open('phone')
    await page.goto(`${kit.hallUrl}/home/game?site=001&gameCategoryId=8`)
    const current = page.locator('#root .tiles .tile[aria-current="page"]')
    await current.waitFor({ timeout: 30_000 })
    await page.locator('#root .game-tile').first().waitFor({ timeout: 30_000 })
    const seen = await current.evaluate((tile) => {
      const row = tile.closest('ul')!.getBoundingClientRect()
      const box = tile.getBoundingClientRect()
      return { name: tile.textContent, inRow: box.left >= row.left && box.right <= row.right, scrollY: window.scrollY }
    })
    expect(seen).toEqual({ name: 'Lottery', inRow: true, scrollY: 0 })
    expect(errors).toEqual([])
  })
})

describe('the desktop (1440×900, site 001)', () => {
  it('keeps its layout: the categories titled, in a grid of several rows', async () => {
    const { page, errors } = await kit.open('desktop')
    await page.goto(`${kit.hallUrl}/home/game?site=001`)
    // On the web the login popup opens at boot on site 001.
    const login = page.getByRole('dialog').first()
    await login.waitFor({ timeout: 30_000 })
    await page.keyboard.press('Escape')
    await login.waitFor({ state: 'hidden' })
    await page.locator('#root .game-tile').first().waitFor({ timeout: 30_000 })
    await page.mouse.move(600, 30)
    await page.evaluate(() => Promise.all([...document.images].map((i) => i.decode().catch(() => undefined))))
    await page.screenshot({ path: path.join(SHOTS, 'desktop.png') })
    expect(await page.locator('#root').getByRole('heading', { name: 'Categories' }).isVisible()).toBe(true)
    const rows = await page.locator('#root .tiles .tile').evaluateAll((tiles) => new Set(tiles.map((t) => Math.round(t.getBoundingClientRect().top))).size)
    expect(rows).toBeGreaterThan(1)
    expect(await page.locator('#root .tiles').evaluate((el) => getComputedStyle(el).display)).toBe('grid')
    expect(errors).toEqual([])
  })
})
