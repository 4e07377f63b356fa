import { Schema } from 'effect'
import { Invitation, type Pixel, type PixelKind } from '../../schemas/events/promotion'
import { arrivalKeyOf, hasPromotion, promoterInfoOf } from '../../actors/promotion'
import type { Bus } from '../bus/bus'

/**
 * The promotion runner (screens §2 root, §3 buried config, §4 promote-game):
 *
 * - after `app.started` it publishes `promotion.arrived` when the entry address carries promotion
 *   values, with the device fingerprint and whether this tab already reported the arrival (the
 *   tab's session storage keeps the reported links: a reload is not a new arrival, a new tab is);
 * - on `promotion.pixelsChosen` it loads each tag or pixel: the network's queue is prepared the
 *   way its own snippet does (gtag's dataLayer and config, GTM's start event, the Facebook
 *   `fbq` stub with init and PageView, Kwai's `kwaiq` and TikTok's `ttq` with load and page), then
 *   the script comes from the address the hall injected for its kind (`injected.pixels`, `{id}`
 *   the id), which the page's policy allows; a kind without an address is not loaded;
 * - after `app.started` it reads the invitation an earlier arrival kept on the device (Dexie
 *   prefs) and publishes it as `promotion.invitationLoaded` (null when none or unreadable); on
 *   `promotion.invitationKept` it keeps the new one (a refusing store keeps nothing: the
 *   registration on this page still names it);
 * - on `promotion.gameOpened` it replaces the page with the game address (location.replace).
 */

/** What the runner reaches of the page. */
export interface PromotionPorts {
  readonly deviceId: string
  /** The links this tab reported (session storage). */
  readonly reported: { has(key: string): boolean; add(key: string): void }
  /** Prepares a network's queue and appends its script. */
  readonly loadPixel: (pixel: Pixel, src: string) => void
  readonly replace: (url: string) => void
  /** The invitation kept on the device (Dexie prefs); reads answer null rather than fail. */
  readonly invitation: { readonly load: () => Promise<unknown>; readonly save: (invitation: Invitation) => Promise<unknown> }
}

const decodeInvitation = Schema.decodeUnknownExit(Invitation)

/** A kept value as the invitation it was, or null (nothing kept, or something unreadable). */
export const invitationFrom = (value: unknown): Invitation | null => {
  if (value === null || value === undefined) return null
  const exit = decodeInvitation(value)
  return exit._tag === 'Success' ? exit.value : null
}

/** The session-storage key of the reported links. */
export const REPORTED_KEY = 'lobby-promotion-reported'

const KINDS: ReadonlyArray<PixelKind> = ['gtag', 'gtm', 'facebook', 'kwai', 'tiktok']

/** The script addresses of the injected configuration, by kind (only strings). */
export const pixelScriptsOf = (injected: unknown): Partial<Record<PixelKind, string>> => {
  const pixels = (injected as { pixels?: unknown } | null | undefined)?.pixels
  if (pixels === null || typeof pixels !== 'object') return {}
  const out: Partial<Record<PixelKind, string>> = {}
  for (const k of KINDS) {
    const v = (pixels as Record<string, unknown>)[k]
    if (typeof v === 'string' && v !== '') out[k] = v
  }
  return out
}

/** The script address of a pixel: its kind's template with the id. */
export const pixelSrc = (template: string, id: string): string => template.replace(/\{id\}/g, encodeURIComponent(id))

export const startPromotionRunner = (bus: Bus, ports: PromotionPorts): (() => void) => {
  let scripts: Partial<Record<PixelKind, string>> = {}
  let started = false
  let stopped = false
  const loaded = new Set<string>()
  const sub = bus.records$.subscribe(({ event }) => {
    if (event.type === 'app.started' && !started) {
      started = true
      scripts = pixelScriptsOf(event.site.injected)
      void ports.invitation.load().then(
        (value) => !stopped && bus.publish({ type: 'promotion.invitationLoaded', invitation: invitationFrom(value) }, 'runner', 'promotion'),
        () => !stopped && bus.publish({ type: 'promotion.invitationLoaded', invitation: null }, 'runner', 'promotion'),
      )
      const info = promoterInfoOf(event.url)
      if (!hasPromotion(info)) return
      const key = arrivalKeyOf(info)
      const reported = key !== null && ports.reported.has(key)
      if (key !== null && !reported) ports.reported.add(key)
      bus.publish({ type: 'promotion.arrived', promoterInfo: info, accessUrl: event.url, visitorDevice: ports.deviceId, reported }, 'runner', 'promotion')
    } else if (event.type === 'promotion.pixelsChosen') {
      for (const pixel of event.pixels) {
        const template = scripts[pixel.kind]
        const once = `${pixel.kind}:${pixel.id}`
        if (template === undefined || loaded.has(once)) continue
        loaded.add(once)
        ports.loadPixel(pixel, pixelSrc(template, pixel.id))
      }
    } else if (event.type === 'promotion.invitationKept') {
      void ports.invitation.save(event.invitation).catch(() => undefined)
    } else if (event.type === 'promotion.gameOpened') {
      ports.replace(event.url)
    }
  })
  return () => {
    stopped = true
    sub.unsubscribe()
  }
}

type Queue = unknown[] & Record<string, unknown>
type Globals = Window & Record<string, unknown>

/** A queue whose methods push `[method, ...args]` (the Kwai and TikTok snippets' shape). */
const methodQueue = (w: Globals, name: string, methods: ReadonlyArray<string>): Queue => {
  const q = (Array.isArray(w[name]) ? w[name] : []) as Queue
  for (const m of methods) if (typeof q[m] !== 'function') q[m] = (...args: unknown[]) => q.push([m, ...args])
  w[name] = q
  return q
}

/** Prepares the queue of a network as its own snippet does. */
const prepare = (w: Globals, pixel: Pixel): void => {
  switch (pixel.kind) {
    case 'gtag': {
      const layer = (w['dataLayer'] ??= []) as unknown[]
      const gtag = (w['gtag'] ??= function gtag(..._args: unknown[]) {
        // gtag.js reads the arguments object itself, as Google's snippet pushes it.
        // eslint-disable-next-line prefer-rest-params
        layer.push(arguments)
      }) as (...args: unknown[]) => void
      gtag('js', new Date())
      gtag('config', pixel.id)
      return
    }
    case 'gtm': {
      const layer = (w['dataLayer'] ??= []) as unknown[]
      layer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
      return
    }
    case 'facebook': {
      if (typeof w['fbq'] !== 'function') {
        const fbq = function fbq(...args: unknown[]) {
          const self = fbq as unknown as { callMethod?: (...a: unknown[]) => void; queue: unknown[] }
          if (self.callMethod !== undefined) self.callMethod(...args)
          else self.queue.push(args)
        } as unknown as Record<string, unknown>
        Object.assign(fbq, { push: fbq, loaded: true, version: '2.0', queue: [] })
        w['fbq'] = fbq
        w['_fbq'] = fbq
      }
      const fbq = w['fbq'] as (...args: unknown[]) => void
      fbq('init', pixel.id)
      fbq('track', 'PageView')
      return
    }
    case 'kwai': {
      const q = methodQueue(w, 'kwaiq', ['load', 'page', 'track'])
      ;(q['load'] as (id: string) => void)(pixel.id)
      ;(q['page'] as () => void)()
      return
    }
    case 'tiktok': {
      const q = methodQueue(w, 'ttq', ['load', 'page', 'track', 'identify'])
      ;(q['load'] as (id: string) => void)(pixel.id)
      ;(q['page'] as () => void)()
      return
    }
  }
}

const readSet = (storage: Storage | null): Set<string> => {
  try {
    const v: unknown = JSON.parse(storage?.getItem(REPORTED_KEY) ?? '[]')
    return new Set(Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])
  } catch {
    return new Set()
  }
}

/** The page's ports; the invitation is kept in the lobby's Dexie prefs (`invitation`). */
export const browserPromotionPorts = (w: Window, deviceId: string, invitation: PromotionPorts['invitation']): PromotionPorts => {
  let storage: Storage | null = null
  try {
    storage = w.sessionStorage
  } catch {
    storage = null
  }
  return {
    deviceId,
    reported: {
      has: (key) => readSet(storage).has(key),
      add: (key) => {
        try {
          storage?.setItem(REPORTED_KEY, JSON.stringify([...readSet(storage), key].slice(-50)))
        } catch {
          // Storage refused (private mode, full): the hall counts a repeat of the same arrival.
        }
      },
    },
    loadPixel: (pixel, src) => {
      prepare(w as Globals, pixel)
      const script = w.document.createElement('script')
      script.async = true
      script.src = src
      script.dataset['pixel'] = pixel.kind
      w.document.head.appendChild(script)
    },
    replace: (url) => w.location.replace(url),
    invitation,
  }
}
