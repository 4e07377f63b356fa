import { existsSync } from 'node:fs'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

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

export const newContext = (browser: Browser, size: keyof typeof VIEWPORTS): Promise<BrowserContext> =>
  browser.newContext({ viewport: VIEWPORTS[size], ...(size === 'phone' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}) })

/** Collects page errors so a test can assert there were none. */
export const watchErrors = (page: Page): string[] => {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  return errors
}

/** POSTs to the hall's control surface (test mode only). */
export const control = async (hallUrl: string, name: string, body: unknown): Promise<void> => {
  const res = await fetch(`${hallUrl}/__control/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (!res.ok) throw new Error(`control ${name} answered ${res.status}: ${await res.text()}`)
}
