import type { Bus } from '../bus/bus'
import type { ThirdProvider, ThirdPurpose } from '../../schemas/events/thirdparty'
import { hallOrigin } from './hall-runner'

/**
 * The third-party sign-in runner (screens §4; docs/hall.md "Third-party sign-in"): on
 * `thirdparty.requested` it opens the provider's sign-in window (OAuth 2.0 authorization code
 * with PKCE against the hall's stand-in provider at `<hall>/oauth/<provider>`), takes the code the
 * provider's redirect hands back (the callback page posts it to this window, checked against the
 * state it sent), exchanges it for an access token at the token endpoint and publishes
 * `thirdparty.authorized` with it; a cancelled sign-in, a closed or blocked window, or a refused
 * exchange is `thirdparty.failed`. The code and the PKCE verifier never leave this runner; the
 * token travels only as a sensitive field (redacted in the log).
 */

/** What the runner needs of the page. */
export interface ThirdPartyEnv {
  readonly window: Window
  /** The site (the provider's client id). */
  readonly siteCode: string
}

/** How often a closed sign-in window is looked for, and how long a message may still come after it closed. */
const POLL_MS = 500
const GRACE_MS = 1500

const b64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

const randomText = (w: Window, n: number): string => b64url(w.crypto.getRandomValues(new Uint8Array(n)))

interface CallbackMessage {
  readonly kind: 'lobby-oauth'
  readonly state: string
  readonly code: string
  readonly error: string
}

const isCallback = (d: unknown): d is CallbackMessage =>
  typeof d === 'object' && d !== null && (d as { kind?: unknown }).kind === 'lobby-oauth' &&
  typeof (d as { state?: unknown }).state === 'string' && typeof (d as { code?: unknown }).code === 'string'

/** Starts the runner; returns its stop. */
export const startThirdPartyRunner = (bus: Bus, env: ThirdPartyEnv): (() => void) => {
  const w = env.window
  let origin = ''
  /** The sign-in under way: ends the previous one when another starts. */
  let current: { stop: () => void } | null = null

  const begin = (provider: ThirdProvider, purpose: ThirdPurpose): void => {
    current?.stop()
    const fail = (reason: 'cancelled' | 'blocked' | 'refused') => bus.publish({ type: 'thirdparty.failed', provider, purpose, reason }, 'runner', 'thirdparty')
    // Opened in the click's own turn, so a popup blocker lets it through; its address follows.
    const win = w.open('about:blank', 'lobby-third-party', 'popup,width=480,height=680')
    if (win === null) return fail('blocked')
    const state = randomText(w, 16)
    const verifier = randomText(w, 32)
    const redirectUri = `${origin}/oauth/callback?origin=${encodeURIComponent(w.location.origin)}`
    let done = false
    let grace: ReturnType<typeof setTimeout> | undefined
    const finish = () => {
      done = true
      w.removeEventListener('message', onMessage)
      clearInterval(poll)
      if (grace !== undefined) clearTimeout(grace)
      if (current === handle) current = null
    }
    const exchange = async (code: string) => {
      const res = await fetch(`${origin}/oauth/${provider}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: env.siteCode, code_verifier: verifier }),
      })
      const body = (await res.json().catch(() => null)) as { access_token?: unknown } | null
      return res.ok && typeof body?.access_token === 'string' ? body.access_token : null
    }
    const onMessage = (e: MessageEvent) => {
      if (done || e.origin !== origin || !isCallback(e.data) || e.data.state !== state) return
      const { code, error } = e.data
      finish()
      if (error !== '' || code === '') return fail(error === 'access_denied' ? 'cancelled' : 'refused')
      exchange(code).then(
        (token) => (token === null ? fail('refused') : bus.publish({ type: 'thirdparty.authorized', provider, purpose, accessToken: token }, 'runner', 'thirdparty')),
        () => fail('refused'),
      )
    }
    w.addEventListener('message', onMessage)
    // A window the player closed: cancelled, once a message it may have sent while closing has had its turn.
    const poll = setInterval(() => {
      if (done || !win.closed || grace !== undefined) return
      grace = setTimeout(() => {
        if (done) return
        finish()
        fail('cancelled')
      }, GRACE_MS)
    }, POLL_MS)
    const handle = { stop: () => finish() }
    current = handle
    void (async () => {
      const digest = new Uint8Array(await w.crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)))
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: env.siteCode,
        redirect_uri: redirectUri,
        state,
        code_challenge: b64url(digest),
        code_challenge_method: 'S256',
      })
      if (!done && !win.closed) win.location.href = `${origin}/oauth/${provider}/authorize?${q.toString()}`
    })()
  }

  const sub = bus.records$.subscribe(({ event }) => {
    if (event.type === 'app.started') origin = hallOrigin(event.site.configApiBaseUrl) || w.location.origin
    if (event.type === 'thirdparty.requested') begin(event.provider, event.purpose)
  })
  return () => {
    sub.unsubscribe()
    current?.stop()
  }
}
