import type { Page } from 'playwright-core'
import { launch, VIEWPORTS } from '../e2e/support/browser'
import { seededGameName } from '../e2e/support/games.model'

/**
 * The game lobby over the hall's seeded catalogue (10,800 games) in Chromium with the CPU
 * throttled 4x through the DevTools protocol (Emulation.setCPUThrottlingRate), desktop size.
 *
 * Input-to-paint: Chrome's Event Timing duration of the input's events (from the input's
 * timestamp to the next frame presented after its handlers ran; what INP is made of), 16 ms when
 * under the reporting threshold. For a category switch the first frame already shows the new category's header and
 * its cached or skeleton list; "to list" is from the tap to the frame after that category's first
 * game is in the DOM, watched from before the tap (a list read before is drawn from the games
 * actor's cache in the tap's frame; one not read before waits for the hall's answer over HTTP on
 * loopback). For a search keystroke
 * the first frame shows the typed letter; "to results" waits for the matching games, which
 * includes the search's debounce and the hall's answer.
 *
 * DOM node count: elements of the page on /home/game with the list loaded (the list is
 * virtualized: only the rows in view are in the DOM).
 */
export interface GamesFigures {
  readonly categoryPaintMs: readonly number[]
  readonly categoryListMs: readonly number[]
  /** The switches to a category this page had not shown yet (its list not read before: the hall's answer awaited). */
  readonly categoryFirstListMs: readonly number[]
  readonly keystrokePaintMs: readonly number[]
  readonly searchResultsMs: readonly number[]
  readonly domNodes: { readonly desktop: number; readonly phone: number }
}

export const INSTRUMENT = `(() => {
  const afterPaint = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))
  const state = { t0: 0, firstPaint: 0 }
  window.__inputToPaint = state
  const onInput = (e) => {
    state.t0 = e.timeStamp
    state.firstPaint = 0
    // Marks for a trace (tests/bench/games-trace.ts): the input, the frame after it, the list painted.
    performance.mark('sw-input')
    afterPaint().then(() => { state.firstPaint = performance.now() - state.t0; performance.mark('sw-frame') })
  }
  // Chrome's own measure of input to next paint (Event Timing, what INP is made of): entries
  // over 16 ms are reported, rounded to 8 ms.
  window.__eventTiming = []
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__eventTiming.push({ name: e.name, start: e.startTime, duration: e.duration }) })
    .observe({ type: 'event', durationThreshold: 16, buffered: false })
  addEventListener('pointerdown', onInput, { capture: true })
  addEventListener('keydown', onInput, { capture: true })
  /**
   * Armed before a tap: resolves with ms from the tap to the frame after an element matching
   * 'selector' is in the page after it (-1: not within 30 s). Watching from before the tap, the
   * moment is the page's own, not when the bench's next command reached the page.
   */
  window.__armPainted = (selector) => {
    const armedAt = performance.now()
    window.__armed = new Promise((resolve) => {
      setTimeout(() => resolve(-1), 30000)
      const check = () => {
        if (state.t0 <= armedAt || document.querySelector(selector) === null) return
        mo.disconnect()
        afterPaint().then(() => { performance.mark('sw-list'); resolve(performance.now() - state.t0) })
      }
      const mo = new MutationObserver(check)
      mo.observe(document.body, { subtree: true, childList: true, attributes: true })
    })
  }
  /** Resolves with ms from the last input to the frame after an element matching 'selector' appeared (-1: not within 30 s). */
  window.__paintedWhen = (selector) => new Promise((resolve) => {
    setTimeout(() => resolve(-1), 30000)
    const done = () => afterPaint().then(() => { performance.mark('sw-list'); resolve(performance.now() - state.t0) })
    if (document.querySelector(selector)) return done()
    const mo = new MutationObserver(() => { if (document.querySelector(selector)) { mo.disconnect(); done() } })
    mo.observe(document.body, { subtree: true, childList: true, attributes: true })
  })
})()`

/**
 * Input to paint of the last input: the longest Event Timing entry of its events (pointerdown,
 * pointerup, click; keydown, keyup), or 16 ms when none was reported (all under the threshold).
 * Waits for the frame after the input first, then a few frames for the entries to be delivered.
 */
export const firstPaint = async (page: Page): Promise<number> => {
  await page.waitForFunction(() => (window as unknown as { __inputToPaint: { firstPaint: number } }).__inputToPaint.firstPaint > 0)
  return page.evaluate(async () => {
    // Event Timing entries are delivered after the frame is presented: a few frames later.
    for (let i = 0; i < 6; i++) await new Promise((r) => requestAnimationFrame(r))
    const w = window as unknown as { __inputToPaint: { t0: number }; __eventTiming: Array<{ name: string; start: number; duration: number }> }
    const mine = w.__eventTiming.filter((e) => e.start >= w.__inputToPaint.t0 - 1 && ['pointerdown', 'pointerup', 'click', 'keydown', 'keyup', 'keypress', 'input'].includes(e.name))
    return mine.length === 0 ? 16 : Math.max(...mine.map((e) => e.duration))
  })
}

export const paintedWhen = (page: Page, selector: string): Promise<number> =>
  page.evaluate((s) => (window as unknown as { __paintedWhen: (s: string) => Promise<number> }).__paintedWhen(s), selector)

/** Watches, from before a tap, for an element matching 'selector' (see __armPainted). */
export const armPainted = (page: Page, selector: string): Promise<void> =>
  page.evaluate((s) => (window as unknown as { __armPainted: (s: string) => void }).__armPainted(s), selector)

/** The armed watch's ms from the tap to the frame after the element was there (-1: not within 30 s). */
export const armedPainted = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { __armed: Promise<number> }).__armed)

export const playSelector = (name: string) => `[aria-label="Play ${name}"]`

/** Opens the hot list through the category menu (the side menu on desktop, the drawer on phones). */
export const chooseHot = async (page: Page, size: 'desktop' | 'phone') => {
  if (size === 'desktop') {
    const dialog = page.getByRole('dialog').first()
    await dialog.waitFor({ timeout: 60_000 })
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    await page.getByRole('navigation', { name: 'Game categories' }).first().getByRole('button', { name: 'Hot', exact: true }).click()
  } else {
    await page.getByRole('button', { name: 'Open menu' }).first().click()
    await page.getByRole('dialog', { name: 'Game categories' }).getByRole('button', { name: 'Hot', exact: true }).click()
  }
  await page.locator(playSelector(seededGameName(1, 97))).first().waitFor({ timeout: 60_000 })
}

const nodeCount = async (url: string, size: 'desktop' | 'phone'): Promise<number> => {
  const browser = await launch()
  try {
    const context = await browser.newContext({ viewport: VIEWPORTS[size], isMobile: size === 'phone', hasTouch: size === 'phone' })
    const page = await context.newPage()
    await page.goto(`${url}/home/game?site=001`)
    await chooseHot(page, size)
    return await page.evaluate(() => document.getElementsByTagName('*').length)
  } finally {
    await browser.close()
  }
}

/** The category switches measured, in order (two rounds), with the id of their category. */
export const SWITCHES = [['Slots', 3], ['Fishing', 2], ['Card games', 1], ['Lottery', 8], ['Hot', 0]] as const

export const gamesFigures = async (url: string): Promise<GamesFigures> => {
  const browser = await launch()
  const categoryPaintMs: number[] = []
  const categoryListMs: number[] = []
  const categoryFirstListMs: number[] = []
  const keystrokePaintMs: number[] = []
  const searchResultsMs: number[] = []
  try {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop })
    const page = await context.newPage()
    await page.goto(`${url}/home/game?site=001`)
    await chooseHot(page, 'desktop')
    await page.evaluate(INSTRUMENT)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })

    const menu = page.getByRole('navigation', { name: 'Game categories' }).first()
    for (let round = 0; round < 2; round++) {
      for (const [name, id] of SWITCHES) {
        const first = id === 0 ? seededGameName(1, 97) : seededGameName(id, 1)
        await armPainted(page, playSelector(first))
        await menu.getByRole('button', { name, exact: true }).click()
        const list = await armedPainted(page)
        if (list < 0) throw new Error(`category ${name}: its first game ${first} did not appear within 30 s`)
        categoryPaintMs.push(await firstPaint(page))
        categoryListMs.push(list)
        // Hot was read before the measures began; the others in the first round are read for the first time.
        if (round === 0 && id !== 0) categoryFirstListMs.push(list)
        await page.mouse.move(1000, 600)
      }
    }

    await menu.getByRole('button', { name: 'Search', exact: true }).click()
    await page.mouse.move(1000, 600)
    const box = page.getByRole('searchbox', { name: 'Game name' })
    await box.waitFor({ timeout: 60_000 })
    // Words the seeded names begin with (see seededGameName).
    for (const word of ['Dragon', 'Royal', 'Golden']) {
      await box.fill('')
      await box.focus()
      for (const ch of word) {
        await page.keyboard.press(ch === ch.toUpperCase() ? `Shift+${ch}` : ch)
        keystrokePaintMs.push(await firstPaint(page))
      }
      const results = await paintedWhen(page, `[role="region"][aria-label="Search results"] [aria-label^="Play ${word}"]`)
      if (results < 0) throw new Error(`search '${word}': no matching result within 30 s`)
      searchResultsMs.push(results)
    }
  } finally {
    await browser.close()
  }
  return {
    categoryPaintMs,
    categoryListMs,
    categoryFirstListMs,
    keystrokePaintMs,
    searchResultsMs,
    domNodes: { desktop: await nodeCount(url, 'desktop'), phone: await nodeCount(url, 'phone') },
  }
}
