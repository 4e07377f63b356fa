import { Schema } from 'effect'
import { defineEvent } from '../event'
import { Sensitive } from '../sensitive'

/**
 * Web push (spec §7.3: /api/lobby/webPush/getInfo reads webKey; the registration posted as
 * jpushWebId; docs/realtime.md "Web push"). Nothing is asked at boot: the settings page opening
 * asks the site's switch and key, then the browser's state (the web-push runner, src/effects/
 * webpush.ts); the player's toggle subscribes through the service worker's pushManager (the
 * permission asked only then, after the press) and the subscription is registered with the hall.
 * A subscription's JSON and endpoint are capabilities: stored redacted.
 */

/** Why subscribing failed: the browser or the player refused, the push service was not reached, no worker or Push API. */
export const WebPushProblem = Schema.Literals(['denied', 'unreachable', 'unsupported', 'hall'])
export type WebPushProblem = typeof WebPushProblem.Type

export const webPushOpened = defineEvent('webPush.opened', 'intent', "The settings page opened: the site's web-push switch and key are read, then the browser's state.", {})

export const webPushProbeRequested = defineEvent('webPush.probeRequested', 'notice', "The web-push actor asks the runner for the browser's support, permission and subscription.", {})

export const webPushProbed = defineEvent('webPush.probed', 'fact', "The browser's web push: whether it has the Push API and a service worker, the notification permission, its subscription (JSON) if any.", {
  supported: Schema.Boolean,
  permission: Schema.Literals(['default', 'granted', 'denied']),
  jpushWebId: Schema.optionalKey(Sensitive(Schema.String)),
})

export const webPushToggled = defineEvent('webPush.toggled', 'intent', "The player switched the settings page's notifications on or off.", {
  on: Schema.Boolean,
})

export const webPushSubscribeRequested = defineEvent('webPush.subscribeRequested', 'notice', "Subscribe through the service worker's pushManager with the site's key (userVisibleOnly), asking the permission first.", {
  webKey: Schema.String,
})

export const webPushSubscribed = defineEvent('webPush.subscribed', 'fact', 'The browser subscribed: the subscription as JSON, to register with the hall as jpushWebId.', {
  jpushWebId: Sensitive(Schema.String),
})

export const webPushSubscribeFailed = defineEvent('webPush.subscribeFailed', 'fact', 'Subscribing failed: the permission refused, the push service unreachable, or no support.', {
  reason: WebPushProblem,
})

export const webPushUnsubscribeRequested = defineEvent('webPush.unsubscribeRequested', 'notice', "Unsubscribe the browser's push subscription.", {})

export const webPushUnsubscribed = defineEvent('webPush.unsubscribed', 'fact', "The browser's subscription ended ('' when there was none): the hall is told to forget its endpoint.", {
  endpoint: Sensitive(Schema.String),
})

/** The web-push events. */
export const webPushEvents = [
  webPushOpened, webPushProbeRequested, webPushProbed, webPushToggled, webPushSubscribeRequested, webPushSubscribed, webPushSubscribeFailed,
  webPushUnsubscribeRequested, webPushUnsubscribed,
] as const
