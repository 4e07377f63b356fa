import type { Page } from 'playwright-core'
import { parseNdjson } from '../../../src/bus/ndjson'

/** An event of the lobby's log, with the fields the browser tests read. */
export interface LoggedEvent {
  readonly type: string
  readonly real?: boolean
  readonly username?: string
  readonly mode?: string
  readonly call?: string
  readonly popup?: string | null
  readonly requestId?: string
  readonly msgId?: string
  readonly payload?: Record<string, unknown>
}

/** Page model of the lobby as the foundation knows it: boot, ready, blocked, and the dev hook. */
export class LobbyPage {
  constructor(readonly page: Page, readonly hallUrl: string) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`${this.hallUrl}/${query}`)
  }

  /**
   * Waits until the site is initialised (the lobby's top bar with the site name shows; on the home
   * page the hall's first screen shows one before the lobby starts, outside the lobby's root).
   */
  async waitReady(): Promise<void> {
    await this.page.locator('#root').getByRole('banner').waitFor({ state: 'visible', timeout: 30_000 })
  }

  heading(name: string | RegExp) {
    return this.page.getByRole('heading', { name })
  }

  /** The current log session, as the NDJSON file support would export. */
  exportLog(): Promise<string> {
    return this.page.evaluate(() => window.__lobby!.exportLog())
  }

  /**
   * The events the lobby processed so far, in order, from its exported log read as the timeline
   * reads it (a repeated answer body is a hash in the file: the reader puts it back).
   */
  async events<E extends { readonly type: string } = LoggedEvent>(): Promise<E[]> {
    const parsed = parseNdjson(await this.exportLog())
    if (!parsed.ok) throw new Error(`the exported log does not open: line ${parsed.error.line}: ${parsed.error.message}`)
    return parsed.file.records.map((r) => r.event as unknown as E)
  }

  /** The events since the player's last real sign-in (session.loggedIn, real), that one included; [] before any. */
  async eventsSinceSignIn(username?: string): Promise<LoggedEvent[]> {
    const events = await this.events()
    const at = events.findLastIndex((e) => e.type === 'session.loggedIn' && e.real === true && (username === undefined || e.username === username))
    return at < 0 ? [] : events.slice(at)
  }

  /** An actor's state and context, read through the dev hook (window.__lobby), as plain JSON. */
  actorState<T>(actor: string): Promise<T> {
    return this.page.evaluate((id) => {
      const s = window.__lobby!.system.actor(id).getSnapshot() as { value: unknown; context: unknown }
      return JSON.parse(JSON.stringify({ value: s.value, context: s.context })) as T
    }, actor)
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
