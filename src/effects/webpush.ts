import type { LobbyEvent } from '../../schemas/events'
import type { WebPushProblem } from '../../schemas/events/webpush'
import type { Bus } from '../bus/bus'

/**
 * The web-push runner (docs/realtime.md "Web push"): the browser's side of the web-push actor
 * (actors/webpush). It does what the actor asks and answers with facts; it asks nothing by itself,
 * so nothing of it runs at boot.
 *
 * - `webPush.probeRequested`: whether the browser has the Push API and a service worker, the
 *   notification permission, and the subscription it already has → `webPush.probed`;
 * - `webPush.subscribeRequested`: asks the notification permission (the player just pressed the
 *   toggle), waits for the lobby's service worker, subscribes with the site's key
 *   (userVisibleOnly) → `webPush.subscribed` with the subscription's JSON, or
 *   `webPush.subscribeFailed` with why (refused, the push service not reached, no worker);
 * - `webPush.unsubscribeRequested`: ends the subscription → `webPush.unsubscribed` with its endpoint;
 * - `session.loggedOut` by a logout: ends the browser's subscription quietly (the hall forgets it
 *   at the logout too), so the next player of this browser is not sent the last one's pushes.
 */

/** The parts of a PushSubscription used here. */
export interface PushSubscriptionLike {
  readonly endpoint: string
  toJSON(): unknown
  unsubscribe(): Promise<boolean>
}

/** The parts of the service worker's PushManager used here. */
export interface PushManagerLike {
  getSubscription(): Promise<PushSubscriptionLike | null>
  subscribe(options: { userVisibleOnly: boolean; applicationServerKey: BufferSource }): Promise<PushSubscriptionLike>
}

/** What the runner reaches of the page. */
export interface WebPushPorts {
  /** The Push API, notifications and a service worker are there. */
  readonly supported: boolean
  readonly permission: () => NotificationPermission
  readonly requestPermission: () => Promise<NotificationPermission>
  /** The lobby's worker's push manager once it is active, or null when the page has no worker. */
  readonly pushManager: () => Promise<PushManagerLike | null>
}

/** How long subscribing waits for the lobby's worker to be active (it is registered once the page has loaded). */
const WORKER_WAIT_MS = 15_000

/** The page's ports: the Notification API and navigator.serviceWorker's registration. */
export const browserWebPushPorts = (w: Window): WebPushPorts => {
  const scope = w as Window & typeof globalThis
  const supported = 'serviceWorker' in w.navigator && 'PushManager' in w && 'Notification' in w
  return {
    supported,
    permission: () => (supported ? scope.Notification.permission : 'denied'),
    requestPermission: () => scope.Notification.requestPermission(),
    pushManager: async () => {
      if (!supported) return null
      const container = w.navigator.serviceWorker
      if ((await container.getRegistration()) === undefined) return null
      let timer: ReturnType<typeof setTimeout> | undefined
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), WORKER_WAIT_MS)))
      const ready = await Promise.race([container.ready, late])
      clearTimeout(timer)
      return ready === null ? null : (ready.pushManager)
    },
  }
}

/** A base64url key as the bytes pushManager.subscribe takes. */
export const keyBytes = (b64url: string): Uint8Array<ArrayBuffer> => {
  const b64 = b64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(b64url.length / 4) * 4, '=')
  const text = atob(b64)
  const bytes = new Uint8Array(new ArrayBuffer(text.length))
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i)
  return bytes
}

/** Why a subscribe failed: NotAllowedError is the permission; anything else (AbortError 'push service error', a timeout) the push service. */
export const problemOf = (error: unknown): WebPushProblem =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'NotAllowedError' ? 'denied' : 'unreachable'

export const startWebPushRunner = (bus: Bus, ports: WebPushPorts): (() => void) => {
  const publish = (event: LobbyEvent) => bus.publish(event, 'runner', 'webpush')
  const current = async (): Promise<PushSubscriptionLike | null> => {
    const manager = await ports.pushManager()
    return manager === null ? null : manager.getSubscription()
  }
  const probe = async () => {
    if (!ports.supported) {
      publish({ type: 'webPush.probed', supported: false, permission: 'denied' })
      return
    }
    let subscription: PushSubscriptionLike | null = null
    try {
      subscription = ports.permission() === 'granted' ? await current() : null
    } catch {
      subscription = null
    }
    publish({
      type: 'webPush.probed',
      supported: true,
      permission: ports.permission(),
      ...(subscription === null ? {} : { jpushWebId: JSON.stringify(subscription.toJSON()) }),
    })
  }
  const subscribe = async (webKey: string) => {
    const fail = (reason: WebPushProblem) => publish({ type: 'webPush.subscribeFailed', reason })
    if (!ports.supported) return fail('unsupported')
    try {
      const permission = ports.permission() === 'granted' ? 'granted' : await ports.requestPermission()
      if (permission !== 'granted') return fail('denied')
      const manager = await ports.pushManager()
      if (manager === null) return fail('unsupported')
      const subscription = await manager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(webKey) })
      publish({ type: 'webPush.subscribed', jpushWebId: JSON.stringify(subscription.toJSON()) })
    } catch (e) {
      fail(problemOf(e))
    }
  }
  const unsubscribe = async (quiet: boolean) => {
    let endpoint = ''
    try {
      const subscription = await current()
      if (subscription !== null) {
        endpoint = subscription.endpoint
        await subscription.unsubscribe()
      }
    } catch {
      // The browser keeps a subscription it cannot end; the hall forgets it all the same.
    }
    if (!quiet) publish({ type: 'webPush.unsubscribed', endpoint })
  }
  const sub = bus.records$.subscribe(({ event }) => {
    if (event.type === 'webPush.probeRequested') void probe()
    else if (event.type === 'webPush.subscribeRequested') void subscribe(event.webKey)
    else if (event.type === 'webPush.unsubscribeRequested') void unsubscribe(false)
    else if (event.type === 'session.loggedOut' && event.reason === 'logout' && ports.supported && ports.permission() === 'granted') void unsubscribe(true)
  })
  return () => sub.unsubscribe()
}
