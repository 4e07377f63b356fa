import type { Bus } from '../bus/bus'

/**
 * The tabs runner: the other tabs of this browser hear at once when this one logged out, and this
 * tab hears when another did (docs/decisions.md, "Sign-out in every tab").
 *
 * - a logout here (`session.loggedOut` with reason `logout`) is posted on the site's channel with
 *   the username that was signed in (from the last `session.loggedIn`);
 * - a logout posted by another tab becomes the fact `session.signedOutElsewhere { username }`; the
 *   session actor decides whether it concerns this tab (signed in as that player) and then logs out
 *   as the spec's logout does.
 *
 * The channel is a BroadcastChannel named after the site (`lobby-session-<siteCode>`), so tabs of
 * other sites on the same origin (`?site=` in dev and test) do not hear it. Reached through a port
 * so the runner runs in Node tests.
 */

/** A channel shared by the tabs of one browser. */
export interface TabsPort {
  post(message: unknown): void
  /** Calls `fn` with each message another tab posted; returns its unsubscribe. */
  listen(fn: (message: unknown) => void): () => void
  close(): void
}

/** The message a tab posts when it logged out. */
interface SignedOutMessage {
  readonly kind: 'signedOut'
  readonly username: string
}

const isSignedOut = (m: unknown): m is SignedOutMessage =>
  typeof m === 'object' && m !== null && (m as { kind?: unknown }).kind === 'signedOut' && typeof (m as { username?: unknown }).username === 'string'

/** The site's BroadcastChannel, or null where the browser has none (the runner then does nothing). */
export const browserTabsPort = (w: Window, siteCode: string): TabsPort | null => {
  const Channel = (w as Window & { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel
  if (Channel === undefined) return null
  const channel = new Channel(`lobby-session-${siteCode}`)
  return {
    post: (message) => channel.postMessage(message),
    listen: (fn) => {
      const onMessage = (e: MessageEvent) => fn(e.data)
      channel.addEventListener('message', onMessage)
      return () => channel.removeEventListener('message', onMessage)
    },
    close: () => channel.close(),
  }
}

/** Starts the runner; returns its stop. */
export const startTabsRunner = (bus: Bus, port: TabsPort | null): (() => void) => {
  if (port === null) return () => undefined
  let username: string | null = null
  const sub = bus.records$.subscribe(({ event }) => {
    if (event.type === 'session.loggedIn') username = event.username
    if (event.type === 'session.loggedOut') {
      if (event.reason === 'logout' && username !== null) port.post({ kind: 'signedOut', username } satisfies SignedOutMessage)
      username = null
    }
  })
  const unlisten = port.listen((message) => {
    if (isSignedOut(message)) bus.publish({ type: 'session.signedOutElsewhere', username: message.username }, 'runner', 'tabs')
  })
  return () => {
    sub.unsubscribe()
    unlisten()
    port.close()
  }
}
