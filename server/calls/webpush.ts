/**
 * Web-push calls of the hall's own design (schemas/hall/calls/webpush-own.ts; docs/hall-protocol.md
 * "Web push"): a signed-in real player registers this browser's Push API subscription (posted as
 * jpushWebId) and removes it. Sending is the control surface's (`web-push-send`, server/webpush.ts).
 */
import { registerWebPush, unregisterWebPush, WEB_PUSH_ID_MAX_CHARS } from '../../schemas/hall/calls'
import { TRIAL_ACCOUNT } from '../rewards'
import { siteDocument } from '../store'
import { parseSubscription, removeSubscription, saveSubscription } from '../webpush'
import { requirePlayer } from './session'
import { ServiceError, implement } from './types'
import type { Implementation } from './types'

/** The web-push service codes (the hall's own, 2220-2229; docs/hall-protocol.md). */
export const WebPushCodes = {
  /** jpushWebId is not a subscription's JSON ({ endpoint, keys: { p256dh, auth } }) or is longer than 4096 characters. */
  badSubscription: 2220,
  /** The endpoint is not an https URL (a loopback http one is taken only by a dev or test hall). */
  badEndpoint: 2221,
  /** p256dh is not a P-256 public key or auth not 16 bytes, as base64url. */
  badKeys: 2222,
  /** The site's web push is switched off (site document webPush, status close). */
  closed: 2223,
  /** A trial account gets no push (it has no lasting identity to send to). */
  trial: 2224,
} as const

export const webPushCalls: ReadonlyArray<Implementation> = [
  implement(registerWebPush, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    if (player.accountType === TRIAL_ACCOUNT) throw new ServiceError(WebPushCodes.trial, 'a trial account gets no push')
    const doc = await siteDocument<{ status?: string }>(ctx.db, ctx.site.code, 'webPush')
    if (doc?.status !== 'open') throw new ServiceError(WebPushCodes.closed, "the site's web push is switched off")
    if (p.jpushWebId.length > WEB_PUSH_ID_MAX_CHARS) throw new ServiceError(WebPushCodes.badSubscription, `jpushWebId is at most ${WEB_PUSH_ID_MAX_CHARS} characters`)
    const parsed = parseSubscription(p.jpushWebId, ctx.config.mode)
    if (!parsed.ok) {
      if (parsed.problem === 'endpoint') throw new ServiceError(WebPushCodes.badEndpoint, 'the endpoint must be an https URL')
      if (parsed.problem === 'keys') throw new ServiceError(WebPushCodes.badKeys, 'keys.p256dh must be a P-256 public key and keys.auth 16 bytes, base64url')
      throw new ServiceError(WebPushCodes.badSubscription, 'jpushWebId must be a push subscription as JSON: { endpoint, keys: { p256dh, auth } }')
    }
    const created = await saveSubscription(ctx.db, { siteCode: ctx.site.code, playerId: player.id, fingerprint: ctx.fingerprint, subscription: parsed.subscription })
    return { created }
  }),
  implement(unregisterWebPush, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    return { removed: await removeSubscription(ctx.db, player.id, p.endpoint) }
  }),
]
