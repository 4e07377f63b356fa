import { frameBoxIndex, messageFrame } from '../../schemas/hall/calls/site'
import { noRequests, type Requests } from '../kit'
import type { EventOfType } from '../../schemas/events'
import type { FrameFlags, FrameHistory } from '../../schemas/events/framebox'
import type { Frame } from '../../schemas/hall/calls/site'
import { linkTarget, type LinkTarget } from '../../schemas/link-target'

/**
 * The frame box's rules as plain functions (screens §3 pop-up frame, §4 force pop-up, §9 frame box
 * keeps 5): which frames are due, how the kept flags change, where a frame's link leads.
 */

/** Frame types (calls, enumerations). */
export const FRAME_TYPES = { login: 1, day: 2, home: 3, one: 4 } as const
/** The frame box keeps the flags of this many users (spec §9). */
export const FRAME_BOX_KEEP = 5
/** 'Not show again today' closes the frame this long after it is ticked (spec §4). */
export const NOT_TODAY_CLOSE_MS = 500
/** The hall call listing the frames. */
export const FRAME_CALL = frameBoxIndex
/** The call listing them on a site whose hall profile says `frames: 'frame'` (docs/hall.md "Hall profile"). */
export const FRAME_CALL_SINGLE = messageFrame

export type FrameboxEvent =
  | EventOfType<'app.started'>
  | EventOfType<'framebox.dayChanged'>
  | EventOfType<'framebox.historyLoaded'>
  | EventOfType<'framebox.notTodayToggled'>
  | EventOfType<'framebox.linkClicked'>
  | EventOfType<'postlogin.framesStarted'>
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.loggedOut'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>
  | EventOfType<'popup.closed'>

export type FrameboxEmitted =
  | EventOfType<'hall.requested'>
  | EventOfType<'framebox.popupRequested'>
  | EventOfType<'framebox.popupDismissed'>
  | EventOfType<'framebox.historyChanged'>
  | EventOfType<'framebox.finished'>

export interface FrameboxContext {
  /** The site's hall lists the frames by /message/frame (hall profile `frames: 'frame'`), not by frameBox/index. */
  readonly byFrameCall: boolean
  /** The player signed in ('' when none). */
  readonly username: string
  /** A trial (guest) player: a link other than an event asks it to register. */
  readonly trial: boolean
  /** The current day from the day runner ('' until it speaks). */
  readonly day: string
  /** The kept flags, newest user first. */
  readonly history: FrameHistory
  /** Login frames shown since this sign-in (reset by a new login). */
  readonly loginSeen: ReadonlyArray<number>
  /** The frames still to show this round. */
  readonly pending: ReadonlyArray<Frame>
  /** The frame shown. */
  readonly current: Frame | null
  /** The frame list's request, awaited by its newest id (the kit's bookkeeping). */
  readonly requests: Requests<'frames'>
}

export const initialContext: FrameboxContext = {
  byFrameCall: false, username: '', trial: false, day: '', history: [], loginSeen: [], pending: [], current: null, requests: noRequests,
}

/** A user's flags as they stand today: on another day the day flags have expired. */
export const flagsOf = (history: FrameHistory, username: string, day: string): FrameFlags => {
  const kept = history.find((f) => f.username === username)
  if (kept === undefined) return { username, day, shownToday: [], notToday: [], once: [] }
  return kept.day === day ? kept : { ...kept, day, shownToday: [], notToday: [] }
}

/** The history with a user's flags replaced, that user first, at most FRAME_BOX_KEEP users. */
export const keep = (history: FrameHistory, flags: FrameFlags): FrameHistory =>
  [flags, ...history.filter((f) => f.username !== flags.username)].slice(0, FRAME_BOX_KEEP)

/** Whether a frame is due for this user now. */
export const isDue = (frame: Frame, flags: FrameFlags, loginSeen: ReadonlyArray<number>): boolean => {
  if (flags.notToday.includes(frame.id)) return false
  switch (frame.frameType) {
    case FRAME_TYPES.login:
      return !loginSeen.includes(frame.id)
    case FRAME_TYPES.day:
      return !flags.shownToday.includes(frame.id)
    case FRAME_TYPES.one:
      return !flags.once.includes(frame.id)
    default:
      return true
  }
}

/** The frames due, in the hall's order. */
export const dueFrames = (c: FrameboxContext, list: ReadonlyArray<Frame>): ReadonlyArray<Frame> => {
  const flags = flagsOf(c.history, c.username, c.day)
  return list.filter((f) => isDue(f, flags, c.loginSeen))
}

/** The flags after a frame was shown. */
export const markShown = (flags: FrameFlags, frame: Frame): FrameFlags =>
  frame.frameType === FRAME_TYPES.day && !flags.shownToday.includes(frame.id)
    ? { ...flags, shownToday: [...flags.shownToday, frame.id] }
    : frame.frameType === FRAME_TYPES.one && !flags.once.includes(frame.id)
      ? { ...flags, once: [...flags.once, frame.id] }
      : flags

/** The flags after 'not show again today' was toggled on a frame. */
export const toggleNotToday = (flags: FrameFlags, frameId: number): FrameFlags =>
  flags.notToday.includes(frameId)
    ? { ...flags, notToday: flags.notToday.filter((id) => id !== frameId) }
    : { ...flags, notToday: [...flags.notToday, frameId] }

/** The frames list of a frameBox answer (anything else is no frames). */
export const listOf = (data: unknown): ReadonlyArray<Frame> => {
  const list = (data as { list?: unknown } | null)?.list
  return Array.isArray(list) ? (list as ReadonlyArray<Frame>) : []
}

/**
 * Where a frame's link leads: the lobby's one link-type router (schemas/link-target.ts). A trial
 * player following anything but an event is asked to register instead. Views carry it out
 * (nav.requested by route name, the pay popup, a new window); the frame closes.
 */
export type FrameTarget = LinkTarget

export const frameTarget = (frame: Pick<Frame, 'location_type' | 'location_value' | 'location_template'>, trial: boolean): FrameTarget =>
  linkTarget(frame, { trial })
