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

  /**
   * Waits until the player's last real sign-in (session.loggedIn, real, this username) has a
   * postlogin.finished after it. A watcher in the page takes the records logged so far, then the
   * bus's new records as they come (subscribed before the log is read, so none falls between),
   * and raises a flag once the sign-in is over; the test waits for the flag. A page that navigates
   * meanwhile gets a new watcher once the new document has its dev hook.
   */
  async waitForSignInSettled(username: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`the sign-in of ${username} did not finish within ${timeoutMs} ms`)
      const settled = await this.page
        .waitForFunction(() => window.__lobby !== undefined, undefined, { timeout: left })
        .then(() => this.page.evaluate(watchSignIn, username))
        .then(() => this.page.waitForFunction((user) => (window as SettledFlags).__e2eSettled?.has(user) === true, username, { timeout: Math.max(1, deadline - Date.now()) }))
        .then(() => true)
        .catch((e: unknown) => {
          // A navigation destroys the page's context mid-wait: ask the new document.
          if (e instanceof Error && /Execution context was destroyed|navigation|Target closed/i.test(e.message) && !this.page.isClosed()) return false
          if (e instanceof Error && e.name === 'TimeoutError') throw new Error(`the sign-in of ${username} did not finish within ${timeoutMs} ms`)
          throw e
        })
      if (settled) return
    }
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

/** The page's flags of sign-ins the watcher saw settle (test code only, never the lobby's). */
type SettledFlags = Window & { __e2eSettled?: Set<string> }

/**
 * Runs in the page (serialised by Playwright, so self-contained): watches the lobby's records for
 * `user`'s last real sign-in and its postlogin.finished, then adds `user` to `__e2eSettled`.
 */
function watchSignIn(user: string): void {
  type Seen = { readonly seq: number; readonly type: string; readonly real?: boolean; readonly username?: string }
  const w = window as Window & { __e2eSettled?: Set<string> }
  const flags = (w.__e2eSettled ??= new Set<string>())
  flags.delete(user)
  const system = window.__lobby!.system
  const seen = new Map<number, Seen>()
  const add = (seq: number, e: { readonly type: string }): void => {
    const f = e as { readonly real?: unknown; readonly username?: unknown }
    seen.set(seq, { seq, type: e.type, ...(typeof f.real === 'boolean' ? { real: f.real } : {}), ...(typeof f.username === 'string' ? { username: f.username } : {}) })
  }
  const check = (): boolean => {
    const ordered = [...seen.values()].sort((a, b) => a.seq - b.seq)
    const at = ordered.findLastIndex((e) => e.type === 'session.loggedIn' && e.real === true && e.username === user)
    return at >= 0 && ordered.slice(at).some((e) => e.type === 'postlogin.finished')
  }
  const sub = system.bus.records$.subscribe((r) => {
    add(r.seq, r.event)
    if (check()) {
      flags.add(user)
      sub.unsubscribe()
    }
  })
  void (system.recorder?.records() ?? Promise.resolve([])).then((records) => {
    for (const r of records) if (!seen.has(r.seq)) add(r.seq, r.event)
    if (check()) {
      flags.add(user)
      sub.unsubscribe()
    }
  })
}
