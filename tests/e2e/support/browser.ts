import { appendFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest'
import { control, newPlayer, patchSiteDocument, type PlayerOptions, type SiteDocumentName, type TestPlayer } from './hall'
import { forgetSiteCallers, keptSessionSeed, seedLobbyDatabase, signInOverHttp, type IndexedDbState } from './kept-session'
import { record, timed } from './profile'
import { ShellPage } from './shell.model'

/** Debian's Chromium (or CHROMIUM_PATH); a browser download by a test tool is not possible here. */
export const chromiumPath = (): string => {
  const p = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium'
  if (!existsSync(p)) throw new Error(`Chromium not found at ${p}: run 'node scripts/ensure.mjs --browser'`)
  return p
}

/** Flags for a closed network: no background connections, no sandbox as root. */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

export const launch = (): Promise<Browser> => chromium.launch({ executablePath: chromiumPath(), headless: true, args: FLAGS })

/** Phone and desktop sizes the browser tests use (spec §9 breakpoints: >750 medium, >1200 large). */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const

/** The two sizes a browser test opens pages at. */
export type Size = keyof typeof VIEWPORTS

/** How a test's browser context differs: the service worker allowed, JavaScript turned off, storage it starts with. */
export interface ContextOptions {
  readonly serviceWorkers?: 'allow' | 'block'
  readonly javaScriptEnabled?: boolean
  /** The lobby's database the hall's origin starts with (the kept session of `openLobby(..., { as })`, tests/e2e/support/kept-session.ts). */
  readonly keptSession?: IndexedDbState & { readonly origin: string }
}

/**
 * A fresh context at a size (JavaScript off when `javaScriptEnabled` is false). The lobby's service worker (src/sw/worker.ts) is blocked unless
 * `serviceWorkers` is 'allow': a test of the offline page allows it; the others see every file
 * come from the hall as it answers, not from a worker's cache.
 */
export const newContext = async (browser: Browser, size: Size, o: ContextOptions = {}): Promise<BrowserContext> => {
  const context = await browser.newContext({
    viewport: VIEWPORTS[size],
    serviceWorkers: o.serviceWorkers ?? 'block',
    ...(o.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
    ...(size === 'phone' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  })
  if (o.keptSession !== undefined) await context.addInitScript(seedLobbyDatabase, o.keptSession)
  return context
}

/** Collects page errors so a test can assert there were none. */
/**
 * The page policy refusing inline code (server/headers.ts): an event-handler attribute, an inline
 * script or a javascript: URL in operator HTML. Chromium reports the refusal even while a
 * sanitizer only parses such markup in an inert document, before it drops the attribute; it is the
 * second wall working, not a fault of the lobby. Any other violation (a chunk, a call, a frame of
 * the lobby's own refused) stays an error, and tests/e2e/page-policy.test.ts sees every violation.
 */
const INLINE_CODE_REFUSED = /^(Executing inline event handler|Executing inline script|Running the JavaScript URL) violates the following Content Security Policy directive 'script-src 'self' 'nonce-[A-Za-z0-9+/=]+''\./

export const watchErrors = (page: Page): string[] => {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() !== 'error' || INLINE_CODE_REFUSED.test(m.text())) return
    // Chromium's text for a failed load does not name the resource; its location does.
    const url = m.location().url
    errors.push(m.text().startsWith('Failed to load resource') && url !== '' ? `${m.text()}: ${url}` : m.text())
  })
  return errors
}


/** A page of its own: its browser context (cookies, IndexedDB), the page, and its errors so far. */
export interface Opened {
  readonly context: BrowserContext
  readonly page: Page
  /** Page errors and console errors (watchErrors); a test usually ends with `expect(errors).toEqual([])`. */
  readonly errors: string[]
}

/** What `useBrowser()` gives a browser test file. */
export interface BrowserKit {
  /** The hall the file runs against: the shared one of the global setup, unless given. */
  readonly hallUrl: string
  /** The file's browser (launched before its first test). */
  readonly browser: Browser
  /** A fresh context and blank page at a size, closed after the test (or after the file, when opened in a beforeAll). */
  open(size: Size, o?: ContextOptions): Promise<Opened>
  /**
   * The same, on the lobby at `path` (e.g. 'home/game?site=201'), once its top bar shows. With
   * `{ as: player }`, the player is signed in without the form: the kit signs in over HTTP and the
   * lobby boots with that kept session, as a returning player's does (fast login, then the
   * post-login sequence), and this answers once that sign-in has settled (`shell.settle`).
   * Tests of the form, sign-in errors, challenges and a fresh sign-in's events use `shell.signIn`.
   */
  openLobby(size: Size, path?: string, o?: { readonly as?: Pick<TestPlayer, 'username' | 'password' | 'siteCode'> }): Promise<Opened & { readonly shell: ShellPage }>
  /**
   * A new player of this file's own (control `new-player`): a unique name starting with the file's
   * name, and any opening balance and account settings. Nobody else signs in with it, so nothing
   * another file does reaches it and nothing done to it reaches another file.
   */
  player(options?: PlayerOptions): Promise<TestPlayer>
  /** A username no player has yet, for a test that signs a player up through the lobby's own form. */
  newUsername(): string
  /** Patches a site's settings document (control `site-document`); put back after the test. */
  patchSite(siteCode: string, name: SiteDocumentName, patch: Record<string, unknown>): Promise<void>
  /** A control command on this file's hall; answers its JSON body, throws when refused. */
  control(name: string, body?: unknown): Promise<Record<string, unknown>>
}

/** Runs undo steps last first; every step runs even when one fails, and the first failure is thrown. */
const unwind = async (steps: Array<() => Promise<void>>): Promise<void> => {
  const failures: unknown[] = []
  for (const step of steps.splice(0).reverse()) await step().catch((e: unknown) => failures.push(e))
  if (failures.length > 0) throw failures[0]
}

/**
 * The player-name prefix of a test file: the consonants of its name ('games-launch.test.ts':
 * 'gmslnch'), so a name tells which file made the player, yet holds no word a button or a heading
 * could be found by ('music123456' would match the Music button's name).
 */
const filePrefix = (): string => {
  const file = path.basename(expect.getState().testPath ?? '', '.test.ts')
  const consonants = file.toLowerCase().replace(/[^a-z]|[aeiouy]/g, '').slice(0, 8)
  return consonants === '' ? 'plyr' : consonants
}

/**
 * What a failed test's pages showed, printed to the test output (a CI run keeps no browser): the
 * address, every open dialog's name and text, and the lobby's last events, so a failure that
 * happened once can still be read afterwards.
 */
const describePages = async (test: string, pages: ReadonlyArray<Page>): Promise<void> => {
  for (const [i, page] of pages.entries()) {
    if (page.isClosed()) continue
    const seen = await page
      .evaluate(async () => {
        const dialogs = [...document.querySelectorAll('dialog[open], [role="dialog"], [role="alertdialog"]')].map((d) => {
          const labelled = d.getAttribute('aria-labelledby')
          const name = d.getAttribute('aria-label') ?? (labelled === null ? '' : (document.getElementById(labelled)?.textContent ?? ''))
          return `${name.trim()}: ${(d.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 300)}`
        })
        const lobby = (window as { __lobby?: { system: { recorder: { records(): Promise<Array<{ seq: number; event: { type: string } }>> } } } }).__lobby
        const records = lobby === undefined ? [] : await lobby.system.recorder.records()
        return { url: location.href, dialogs, events: records.slice(-40).map((r) => `${r.seq} ${r.event.type}`) }
      })
      .catch((e: unknown) => ({ url: page.url(), dialogs: [], events: [], error: String(e) }))
    console.error(`[failed test] page ${i + 1}: ${JSON.stringify(seen, null, 2)}`)
    // Once more, compact, for the test runner to print after its summary (scripts/test.ts).
    const log = process.env['LOBBY_FAILURE_LOG']
    if (log !== undefined) {
      const lines = [`${test}, page ${i + 1}: ${seen.url}`, ...seen.dialogs.map((d) => `  dialog ${d}`), `  events: ${seen.events.join(', ')}`]
      appendFileSync(log, `${lines.join('\n')}\n`)
    }
  }
}

/**
 * The browser, pages and players of one browser test file, in one line at the top of the file:
 *
 *     const kit = useBrowser()
 *
 * It launches Chromium before the file's first test and closes it after its last; closes every
 * page a test opened once that test ends, puts back every site setting it patched and drops the
 * hall's in-memory overrides (`reset`: latency, forced answers, maintenance, area, line delays),
 * so what one test or file does is never seen by the next. Players come from `kit.player()`,
 * never the seeded `demo` (docs/testing.md, "Players of a file's own").
 */
export const useBrowser = (options: { readonly hallUrl?: string } = {}): BrowserKit => {
  const hallUrl = options.hallUrl ?? inject('hallUrl')
  let browser: Browser | undefined
  let inTest = false
  let signUps = 0
  const afterTest: Array<() => Promise<void>> = []
  const afterFile: Array<() => Promise<void>> = []
  const undo = (step: () => Promise<void>) => (inTest ? afterTest : afterFile).push(step)
  /** The pages the running test opened: described when it fails, before they close. */
  const pages: Page[] = []

  beforeAll(async () => {
    browser = await timed('launch Chromium', launch)
  })
  beforeEach(() => {
    inTest = true
  })
  afterEach(async (ctx) => {
    inTest = false
    if (ctx.task.result?.state === 'fail') await describePages(ctx.task.name, pages)
    pages.length = 0
    await timed('clean up after a test', async () => {
      await unwind(afterTest)
      await control(hallUrl, 'reset')
    })
  })
  afterAll(async () => {
    try {
      await unwind(afterFile)
    } finally {
      forgetSiteCallers()
      await browser?.close()
    }
  })

  const kit: BrowserKit = {
    hallUrl,
    get browser(): Browser {
      if (browser === undefined) throw new Error('useBrowser: the browser starts in beforeAll; use it in a hook or a test')
      return browser
    },
    async open(size, o = {}) {
      const { context, page } = await timed('open a context and page', async () => {
        const context = await newContext(kit.browser, size, o)
        return { context, page: await context.newPage() }
      })
      undo(() => context.close())
      if (inTest) pages.push(page)
      return { context, page, errors: watchErrors(page) }
    },
    async openLobby(size, at = '', o = {}) {
      // 'sign in without the form' is the HTTP sign-in and the wait for the fast login's sequence
      // after the boot; the context and the boot count as their own phases.
      const t0 = performance.now()
      const kept = o.as === undefined ? undefined : await signInOverHttp(hallUrl, o.as)
      const signInMs = performance.now() - t0
      const opened = await kit.open(size, kept === undefined ? {} : { keptSession: keptSessionSeed(hallUrl, kept) })
      const shell = new ShellPage(opened.page, hallUrl)
      await timed('boot the lobby', async () => {
        await shell.open(at)
        await shell.waitReady()
      })
      if (kept !== undefined) {
        const t1 = performance.now()
        await shell.settle(kept.username)
        record('sign in without the form', signInMs + performance.now() - t1)
      }
      return { ...opened, shell }
    },
    player: (playerOptions = {}) => timed('make a player (control)', () => newPlayer(hallUrl, { prefix: filePrefix(), ...playerOptions })),
    newUsername: () => `${filePrefix()}${Date.now().toString(36).slice(-5)}${(signUps += 1)}`,
    async patchSite(siteCode, name, patch) {
      undo(await patchSiteDocument(hallUrl, siteCode, name, patch))
    },
    control: (name, body = {}) => control(hallUrl, name, body),
  }
  return kit
}
