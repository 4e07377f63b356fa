/**
 * The lobby's service worker (docs/architecture.md "Offline"), built into /sw.js by
 * scripts/service-worker.ts, which defines the build's values below. Its caching is Workbox's
 * (precaching, routing, strategies, navigation preload), configured here:
 *
 * - install: the first route's files (its entry, the chunks it imports, its styles) are precached;
 * - hashed files (/assets/*) are answered from the cache first (CacheFirst), and kept when first
 *   fetched: only a 200 that is not a page;
 * - a page is always asked of the network (NetworkOnly, with the navigation preload: the hall
 *   writes each answer with its own nonce and the site's configuration, so a page is never
 *   cached); when the network fails, the offline page is answered in the player's language, with a
 *   link to try again;
 * - everything else (hall calls, the socket, other origins) is not touched;
 * - activate: the caches of older builds are dropped, and the worker takes the open pages over;
 * - push: the hall's web-push message (server/webpush.ts) shown as a notification with its title,
 *   text and the site's icon (src/sw/push.ts);
 * - notificationclick: focuses a lobby window (or opens one) at the message's path, same origin only.
 * The page tells the worker the player's language (a `{ type: 'language' }` message).
 */
import { clientsClaim, setCacheNameDetails, type WorkboxPlugin } from 'workbox-core'
import { enable as enableNavigationPreload } from 'workbox-navigation-preload'
import { precacheAndRoute } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkOnly } from 'workbox-strategies'
import {
  FALLBACK_LANGUAGE,
  LANGUAGE_KEY,
  META_CACHE,
  OFFLINE_PAGE_POLICY,
  assetCacheName,
  handlingOf,
  offlineLanguage,
  offlinePage,
  runtimeCacheName,
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
    showNotification(title: string, options: { body: string; icon?: string; data: unknown; tag?: string }): Promise<void>
  }
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<ReadonlyArray<WindowClient>>
    openWindow(url: string): Promise<WindowClient | null>
  }
  skipWaiting(): Promise<void>
  addEventListener(type: 'install' | 'activate', listener: (e: ExtendableEvent) => void): void
  addEventListener(type: 'message', listener: (e: ExtendableMessageEvent) => void): void
  addEventListener(type: 'push', listener: (e: PushEvent) => void): void
  addEventListener(type: 'notificationclick', listener: (e: NotificationEvent) => void): void
}

const scope = self as unknown as WorkerScope
const VERSION = __LOBBY_SW_VERSION__
const TEXTS = __LOBBY_SW_TEXTS__
const LANGUAGES = Object.keys(TEXTS)

// Workbox's caches carry this build's version: lobby-assets-<version> (precached), lobby-runtime-<version>.
setCacheNameDetails({ prefix: 'lobby', precache: 'assets', runtime: 'runtime', suffix: VERSION })

scope.addEventListener('install', () => {
  void scope.skipWaiting()
})

scope.addEventListener('activate', (e) => {
  const current = new Set([assetCacheName(VERSION), runtimeCacheName(VERSION)])
  e.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (/^lobby-(assets|runtime)-/.test(name) && !current.has(name)) await caches.delete(name)
    })(),
  )
})
clientsClaim()
enableNavigationPreload()

scope.addEventListener('message', (e) => {
  const data = e.data as { type?: unknown; language?: unknown } | null
  if (data?.type !== 'language' || typeof data.language !== 'string' || !LANGUAGES.includes(data.language)) return
  const language = data.language
  e.waitUntil(caches.open(META_CACHE).then((cache) => cache.put(LANGUAGE_KEY, new Response(language))))
})

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

/** Only the file itself is kept: never an error, never a page answered in its place. */
const onlyTheFile: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 && !(response.headers.get('content-type') ?? '').startsWith('text/html') ? response : null),
}

/** A page the network could not answer: the offline page. */
const offlineWhenUnreachable: WorkboxPlugin = {
  handlerDidError: async ({ request }) => offline(request),
}

// The first route's files, cached on install (hashed names: no revision needed).
precacheAndRoute(__LOBBY_SW_PRECACHE__.map((url) => ({ url, revision: null })))
registerRoute(({ request, url }) => handlingOf(request.method, request.mode, url, scope.location.origin) === 'asset', new CacheFirst({ cacheName: runtimeCacheName(VERSION), plugins: [onlyTheFile] }))
registerRoute(({ request, url }) => handlingOf(request.method, request.mode, url, scope.location.origin) === 'page', new NetworkOnly({ plugins: [offlineWhenUnreachable] }))

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
