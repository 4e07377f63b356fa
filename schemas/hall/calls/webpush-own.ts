/**
 * Web-push calls of the hall's own design (docs/hall-protocol.md, "Web push"): the spec says the
 * browser's registration is "posted as jpushWebId" but names no call, so the hall designs two. A
 * signed-in player registers the browser's Push API subscription (its JSON, as
 * `PushSubscription.toJSON()` gives it) and removes it when push is switched off; the hall keeps
 * one row per endpoint and sends through the standard web-push protocol (RFC 8030, 8291, 8292).
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { Sensitive } from './sensitive'

/** The largest jpushWebId the hall takes (a subscription's JSON is a few hundred characters). */
export const WEB_PUSH_ID_MAX_CHARS = 4096

/**
 * Registers this browser's push subscription for the signed-in player: `jpushWebId` is the
 * subscription as JSON (`{ endpoint, expirationTime, keys: { p256dh, auth } }`). The endpoint must
 * be https (a loopback http endpoint only on a dev or test hall), p256dh a P-256 public key and
 * auth 16 bytes, both base64url. An endpoint registered before (by anyone on this site) now
 * belongs to this player. Answers whether it was new.
 */
export const registerWebPush = defineCall({
  name: 'registerWebPush',
  designed: true,
  area: 'site',
  path: '/api/lobby/webPush/register',
  silent: true,
  request: Schema.Struct({ jpushWebId: Sensitive(Schema.String) }),
  response: Schema.Struct({ created: Schema.Boolean }),
})

/** Removes the player's subscription with this endpoint (push switched off); answers whether one was removed. */
export const unregisterWebPush = defineCall({
  name: 'unregisterWebPush',
  designed: true,
  area: 'site',
  path: '/api/lobby/webPush/unregister',
  silent: true,
  request: Schema.Struct({ endpoint: Sensitive(Schema.String) }),
  response: Schema.Struct({ removed: Schema.Boolean }),
})
