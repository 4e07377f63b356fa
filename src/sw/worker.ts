/**
 * The lobby's service worker (docs/architecture.md "Offline"), built into /sw.js by
 * scripts/service-worker.ts, which defines the build's values below:
 *
 * - install: the first route's files (its entry, the chunks it imports, its styles) are cached;
 * - hashed files (/assets/*) are answered from the cache first, and cached when first fetched;
 * - a page is always asked of the network (the hall writes each answer with its own nonce and
 *   the site's configuration, so a page is never cached); when the network fails, the offline
 *   page is answered in the player's language, with a link to try again;
 * - everything else (hall calls, the socket, other origins) is not touched;
 * - activate: the caches of older builds are dropped;
 * - push: the hall's web-push message (server/webpush.ts) shown as a notification with its title,
 *   text and the site's icon (src/sw/push.ts);
 * - notificationclick: focuses a lobby window (or opens one) at the message's path, same origin only.
 * The page tells the worker the player's language (a `{ type: 'language' }` message).
 */
import {
  FALLBACK_LANGUAGE,
  LANGUAGE_KEY,
  META_CACHE,
  OFFLINE_PAGE_POLICY,
  assetCacheName,
  handlingOf,
  offlineLanguage,
  offlinePage,
  type OfflineColours,
  type OfflineTexts,
} from './offline'
import { pushNotice, sameOriginPath } from './push'

declare const __LOBBY_SW_VERSION__: string
declare const __LOBBY_SW_PRECACHE__: ReadonlyArray<string>
declare const __LOBBY_SW_TEXTS__: Readonly<Record<string, OfflineTexts>>
declare const __LOBBY_SW_COLOURS__: OfflineColours

// The few parts of the service-worker scope used here (the project's types are the page's).
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request
  readonly preloadResponse: Promise<Response | undefined>
  respondWith(answer: Response | Promise<Response>): void
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown
}
interface PushEvent extends ExtendableEvent {
  readonly data: { text(): string } | null
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: { readonly data: unknown; close(): void }
}
interface WindowClient {
  readonly url: string
  focus(): Promise<WindowClient>
  navigate(url: string): Promise<WindowClient | null>
}
interface WorkerScope {
  readonly location: Location
  readonly registration: {
    readonly navigationPreload?: { enable(): Promise<void> }
    showNotification(title: string, options: { body: string; icon?: string; data: unknown; tag?: string }): Promise<void>
  }
  readonly clients: {
    claim(): Promise<void>
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<ReadonlyArray<WindowClient>>
    openWindow(url: string): Promise<WindowClient | null>
  }
  skipWaiting(): Promise<void>
  addEventListener(type: 'install' | 'activate', listener: (e: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (e: FetchEvent) => void): void
  addEventListener(type: 'message', listener: (e: ExtendableMessageEvent) => void): void
  addEventListener(type: 'push', listener: (e: PushEvent) => void): void
  addEventListener(type: 'notificationclick', listener: (e: NotificationEvent) => void): void
}

const scope = self as unknown as WorkerScope
const ASSETS = assetCacheName(__LOBBY_SW_VERSION__)
const TEXTS = __LOBBY_SW_TEXTS__
const LANGUAGES = Object.keys(TEXTS)

scope.addEventListener('install', (e) => {
  e.waitUntil(
    caches
      .open(ASSETS)
      .then((cache) => cache.addAll([...__LOBBY_SW_PRECACHE__]))
      .then(() => scope.skipWaiting()),
  )
})

scope.addEventListener('activate', (e) => {
  e.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('lobby-assets-') && name !== ASSETS) await caches.delete(name)
      await scope.registration.navigationPreload?.enable()
      await scope.clients.claim()
    })(),
  )
})

scope.addEventListener('message', (e) => {
  const data = e.data as { type?: unknown; language?: unknown } | null
  if (data?.type !== 'language' || typeof data.language !== 'string' || !LANGUAGES.includes(data.language)) return
  const language = data.language
  e.waitUntil(caches.open(META_CACHE).then((cache) => cache.put(LANGUAGE_KEY, new Response(language))))
})

const fromCacheFirst = async (request: Request): Promise<Response> => {
  const cache = await caches.open(ASSETS)
  const hit = await cache.match(request)
  if (hit !== undefined) return hit
  const answer = await fetch(request)
  // Only the file itself is kept: never an error, never a page answered in its place.
  if (answer.ok && !(answer.headers.get('content-type') ?? '').startsWith('text/html')) await cache.put(request, answer.clone())
  return answer
}

const offline = async (request: Request): Promise<Response> => {
  const stored = await (await caches.open(META_CACHE)).match(LANGUAGE_KEY)
  const language = offlineLanguage(stored === undefined ? null : await stored.text(), request.headers.get('accept-language') ?? '', LANGUAGES)
  const texts = TEXTS[language] ?? TEXTS[FALLBACK_LANGUAGE]
  if (texts === undefined) return Response.error()
  return new Response(offlinePage(texts, language, request.url, __LOBBY_SW_COLOURS__), {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': OFFLINE_PAGE_POLICY },
  })
}

const page = async (e: FetchEvent): Promise<Response> => {
  try {
    return (await e.preloadResponse) ?? (await fetch(e.request))
  } catch {
    return offline(e.request)
  }
}

scope.addEventListener('fetch', (e) => {
  const handling = handlingOf(e.request.method, e.request.mode, new URL(e.request.url), scope.location.origin)
  if (handling === 'asset') e.respondWith(fromCacheFirst(e.request))
  else if (handling === 'page') e.respondWith(page(e))
})

scope.addEventListener('push', (e) => {
  const notice = pushNotice(e.data === null ? null : e.data.text(), scope.location.origin)
  e.waitUntil(scope.registration.showNotification(notice.title, { body: notice.body, ...(notice.icon === '' ? {} : { icon: notice.icon }), data: { url: notice.url } }))
})

scope.addEventListener('notificationclick', (e) => {
  e.notification.close()
  const origin = scope.location.origin
  const path = sameOriginPath((e.notification.data as { url?: unknown } | null)?.url, origin)
  e.waitUntil(
    (async () => {
      const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const lobby = windows.find((c) => new URL(c.url).origin === origin)
      if (lobby === undefined) {
        await scope.clients.openWindow(path)
        return
      }
      const focused = await lobby.focus()
      if (new URL(focused.url).pathname + new URL(focused.url).search !== path) await focused.navigate(new URL(path, origin).href)
    })(),
  )
})
