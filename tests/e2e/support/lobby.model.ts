import type { Page } from 'playwright-core'

/** Page model of the lobby as the foundation knows it: boot, ready, blocked, and the dev hook. */
export class LobbyPage {
  constructor(readonly page: Page, readonly hallUrl: string) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`${this.hallUrl}/${query}`)
  }

  /** Waits until the site is initialised (the top bar with the site name shows). */
  async waitReady(): Promise<void> {
    await this.page.getByRole('banner').waitFor({ state: 'visible', timeout: 30_000 })
  }

  heading(name: string | RegExp) {
    return this.page.getByRole('heading', { name })
  }

  /** The current log session, as the NDJSON file support would export. */
  exportLog(): Promise<string> {
    return this.page.evaluate(() => window.__lobby!.exportLog())
  }

  recorderStatus() {
    return this.page.evaluate(() => window.__lobby!.system.recorderStatus())
  }

  sessionId(): Promise<string> {
    return this.page.evaluate(() => window.__lobby!.system.recorder!.header.session)
  }

  /** Makes the DOM runner publish `count` visibility facts (the page stays visible). */
  async emitVisibilityFacts(count: number): Promise<void> {
    await this.page.evaluate((n) => {
      for (let i = 0; i < n; i++) document.dispatchEvent(new Event('visibilitychange'))
    }, count)
  }
}
