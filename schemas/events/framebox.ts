import { Schema } from 'effect'
import { defineEvent } from '../event'
import { PopupId } from './popup'

/**
 * The frame box (screens §3 pop-up frame, §4 force pop-up, §9 frame box keeps 5): the forced
 * pop-ups the post-login sequence shows after the forced bind. Frame types login 1 (once per
 * login), day 2 (once per day, expiring at the end of the day), home 3 (every time), one 4 (once
 * only); 'not show again today' hides a frame for the rest of the day. The flags of the last 5
 * users are kept across visits (a runner stores them in Dexie prefs). The day is a fact from a
 * runner: actors read no clock.
 */

/** A calendar day, YYYY-MM-DD, in the player's time zone. */
export const Day = Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/))

/** What is kept for one user: the day the day flags belong to, and the flags. */
export const FrameFlags = Schema.Struct({
  username: Schema.String,
  /** The day `shownToday` and `notToday` belong to; on another day they have expired. */
  day: Schema.String,
  /** Day frames (type 2) already shown on `day`. */
  shownToday: Schema.Array(Schema.Int),
  /** Frames the player asked not to see again on `day`. */
  notToday: Schema.Array(Schema.Int),
  /** One-time frames (type 4) already shown. */
  once: Schema.Array(Schema.Int),
})
export type FrameFlags = typeof FrameFlags.Type

/** The kept flags, newest user first, at most 5. */
export const FrameHistory = Schema.Array(FrameFlags)
export type FrameHistory = typeof FrameHistory.Type

/** The day runner: the current day (at start, at midnight, or set by the test hook). */
export const frameboxDayChanged = defineEvent('framebox.dayChanged', 'fact', 'The current day (YYYY-MM-DD): at start, at midnight, or set by the test hook.', {
  day: Day,
})

/** The storage runner read the kept frame flags at start. */
export const frameboxHistoryLoaded = defineEvent('framebox.historyLoaded', 'fact', 'The kept frame-box flags of the last 5 users were read at start.', {
  history: FrameHistory,
})

/** The player ticked or unticked 'not show again today' on the frame shown. */
export const frameboxNotTodayToggled = defineEvent('framebox.notTodayToggled', 'intent', "The player toggled 'not show again today' on the frame shown.", {
  frameId: Schema.Int,
})

/** The player followed the frame's link (the view navigates; the frame closes). */
export const frameboxLinkClicked = defineEvent('framebox.linkClicked', 'intent', "The player followed the shown frame's link; the frame closes.", {
  frameId: Schema.Int,
})

/** The frame box asks the popup queue for a popup (the forced pop-up with its frame). */
export const frameboxPopupRequested = defineEvent('framebox.popupRequested', 'notice', 'The frame box asks the popup queue to show a frame.', {
  popup: PopupId,
  props: Schema.Record(Schema.String, Schema.Unknown),
})

/** The frame box closes its popup ('not show again today' after 0.5 s, a followed link). */
export const frameboxPopupDismissed = defineEvent('framebox.popupDismissed', 'notice', "The frame box closes its popup ('not show again today' after 0.5 s, a followed link).", {
  popup: PopupId,
})

/** The kept flags changed; the storage runner writes them. */
export const frameboxHistoryChanged = defineEvent('framebox.historyChanged', 'notice', 'The frame-box flags to keep changed (at most 5 users); the storage runner writes them.', {
  history: FrameHistory,
})

/** Every frame due has been shown and closed: the post-login sequence goes on. */
export const frameboxFinished = defineEvent('framebox.finished', 'notice', 'Every forced pop-up due was shown and closed; the post-login sequence goes on.', {})

/** The frame-box events. */
export const frameboxEvents = [
  frameboxDayChanged, frameboxHistoryLoaded, frameboxNotTodayToggled, frameboxLinkClicked,
  frameboxPopupRequested, frameboxPopupDismissed, frameboxHistoryChanged, frameboxFinished,
] as const
