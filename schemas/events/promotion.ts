import { Schema } from 'effect'
import { defineEvent } from '../event'
import { PromoterInfo } from '../hall/calls/site'
import { Sensitive, SensitiveParams } from '../sensitive'

/**
 * Promotion links and tracking (screens §2 root, §3 buried config, §4 promote-game; calls §7.3
 * promote/binding/*, point/get). The promotion runner (src/effects/promotion.ts) reads the entry
 * address once and says whether this tab already reported the arrival; the promotion actor
 * reports it and chooses the tracking pixels from the buried config; the runner loads them. On
 * /promote-game the promote-game actor starts the demo launch and the runner replaces the page.
 */

/** A tag or pixel the lobby loads (screens §3 buried config): its kind and the id it runs with. */
export const PixelKind = Schema.Literals(['gtag', 'gtm', 'facebook', 'kwai', 'tiktok'])
export type PixelKind = typeof PixelKind.Type
export const Pixel = Schema.Struct({ kind: PixelKind, id: Schema.String })
export type Pixel = typeof Pixel.Type

/** The entry address carried promotion values (the root query keys of screens §2). */
export const promotionArrived = defineEvent('promotion.arrived', 'fact', 'The page was opened with promotion values (invite id, channel cid, pixel ids): the kept values, the address, the device and whether this tab already reported this arrival.', {
  promoterInfo: PromoterInfo,
  accessUrl: SensitiveParams(Schema.String, 'url'),
  visitorDevice: Schema.String,
  /** This tab reported this very arrival before (a reload): not reported again. */
  reported: Schema.Boolean,
})

/**
 * The invitation a visitor arrived with (screens §2: `?id=` the inviter, `?cid=` a promotion
 * channel): what a later registration names (the register call's inviteCode, channelId).
 */
export const Invitation = Schema.Struct({ inviteCode: Schema.optionalKey(Schema.String), channelId: Schema.optionalKey(Schema.String) })
export type Invitation = typeof Invitation.Type

/** The promotion actor asks for the invitation to be kept on the device, across reloads and visits. */
export const invitationKept = defineEvent('promotion.invitationKept', 'notice', 'The visitor arrived by an invite or channel link: the invitation is kept on the device for a later registration (a newer link replaces it).', {
  invitation: Invitation,
})

/** What the device kept of an earlier arrival, read once at start (null: nothing, or unreadable). */
export const invitationLoaded = defineEvent('promotion.invitationLoaded', 'fact', 'The invitation kept on the device by an earlier arrival, read at start (null when none or unreadable).', {
  invitation: Schema.NullOr(Invitation),
})

/** The pixels to load, chosen from the buried config and the query's ids. */
export const pixelsChosen = defineEvent('promotion.pixelsChosen', 'notice', 'The tracking tags and pixels to load (the buried config, with the ids from the entry query or the config).', {
  pixels: Schema.Array(Pixel),
})

/** The promote-game page's demo launch is ready: the page is replaced with the game address. */
export const promoteGameOpened = defineEvent('promotion.gameOpened', 'notice', 'The promote-game demo launch answered: the page is replaced with the game address (location.replace).', {
  url: Sensitive(Schema.String),
})

export const promotionEvents = [promotionArrived, invitationKept, invitationLoaded, pixelsChosen, promoteGameOpened] as const
