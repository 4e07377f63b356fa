/**
 * The headers that harden what the hall serves (docs/hall.md, "Hardened pages"):
 *
 * - every answer: `x-content-type-options: nosniff` (a file is read as the type it is sent with)
 *   and a `referrer-policy` that sends only the origin to other sites;
 * - the lobby's page: a Content-Security-Policy with a fresh nonce per answer: the only inline
 *   script allowed is the injected site configuration carrying that nonce; scripts otherwise come
 *   from the hall's own origin (the built chunks), never from inline markup, an event handler
 *   attribute, a `javascript:` URL or eval. Operator HTML (frames, notices, agent embeds) is
 *   sanitized before it is shown; the policy is the second wall if a sanitizer ever misses;
 * - the other HTML of the build (devtools, support console): the same policy without a nonce;
 * - `frame-ancestors 'self'` on every page: only the lobby's own origin may frame the lobby, its
 *   devtools, the game page and the payment provider's page;
 * - `form-action 'self'` on the pages of the build: a form there (the lobby has none of its own;
 *   injected markup might) posts to the hall's origin only;
 * - every answer: a `permissions-policy` that denies the powerful features the lobby never uses
 *   (camera, microphone, geolocation, payment, USB and the like) to the page and to every frame
 *   in it; clipboard writing and sharing, which the lobby uses, keep the browser's defaults.
 */
import { randomBytes } from 'node:crypto'

/** The features denied to the lobby and its frames: none of them is used (src/ has no call of them). */
export const DENIED_FEATURES = ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'midi', 'display-capture', 'accelerometer', 'gyroscope', 'magnetometer'] as const

/** The Permissions-Policy header: each denied feature allowed to no origin. */
export const PERMISSIONS_POLICY = DENIED_FEATURES.map((f) => `${f}=()`).join(', ')

/** Headers on every answer of the hall. */
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': PERMISSIONS_POLICY,
}

/** A fresh nonce for one page answer: 128 random bits, base64. */
export const newNonce = (): string => randomBytes(16).toString('base64')

/** The socket origin (ws:/wss:) of an http(s) origin. */
const socketOrigin = (origin: string): string => origin.replace(/^http/, 'ws')

/**
 * The policy of a page of the build served from `origin`. `nonce` allows the one inline script the
 * hall writes (the site configuration); `connect` adds the origins of the site's hall lines when
 * they are not this one; `scripts` the origins of the site's tracking scripts (its buried config's
 * tags and pixels, screens §3), allowed to load scripts and to be called, and nothing else.
 */
export const pagePolicy = (
  origin: string,
  opts: { readonly nonce?: string; readonly connect?: ReadonlyArray<string>; readonly scripts?: ReadonlyArray<string> } = {},
): string => {
  // The site's own tracking-script origins (server/promotion.ts), never a wildcard: the stand-ins
  // are the page's own origin and add nothing; a production site adds exactly its pixel hosts.
  const scripts = [...new Set(opts.scripts ?? [])].filter((o) => o !== origin && /^https?:\/\/[^\s;,'*]+$/.test(o))
  const connect = [...new Set([origin, ...(opts.connect ?? []), ...scripts])]
  return [
    "default-src 'self'",
    `script-src 'self'${scripts.map((o) => ` ${o}`).join('')}${opts.nonce === undefined ? '' : ` 'nonce-${opts.nonce}'`}`,
    // React writes style through the CSSOM; operator HTML may carry style attributes.
    "style-src 'self' 'unsafe-inline'",
    // Operator images (banners, frames, notices) may live on any https host.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "media-src 'self' blob: data:",
    `connect-src 'self' ${connect.flatMap((o) => [o, socketOrigin(o)]).join(' ')}`,
    // Games, agents' chat and the iframe popup: the hall's own pages or an operator's https page.
    "frame-src 'self' https:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ')
}

/** Headers of a hall page that only the lobby's origin may frame (game page, provider page, agents' chat). */
export const FRAMED_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
}

/** The origin of a URL, or undefined when it is not an http(s) URL. */
export const originOf = (url: string): string | undefined => {
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined
  } catch {
    return undefined
  }
}
