import type { ActorSpec } from '../spec'
import { frameboxMachine } from './framebox.machine'

/**
 * The frame-box actor: the forced pop-ups of the post-login sequence (frame types login, day,
 * home, one), one at a time through the popup queue, with the flags of the last 5 users.
 */
export const frameboxActor = {
  id: 'framebox',
  machine: frameboxMachine,
  consumes: [
    'app.started',
    'framebox.dayChanged',
    'framebox.historyLoaded',
    'framebox.notTodayToggled',
    'framebox.linkClicked',
    'postlogin.framesStarted',
    'session.loggedIn',
    'session.loggedOut',
    'hall.responded',
    'hall.failed',
    'popup.closed',
  ],
} as const satisfies ActorSpec

export { frameboxMachine } from './framebox.machine'
export {
  FRAME_BOX_KEEP, FRAME_CALL, FRAME_CALL_SINGLE, FRAME_TYPES, NOT_TODAY_CLOSE_MS, dueFrames, flagsOf, frameTarget, isDue, keep, markShown, toggleNotToday, initialContext as frameboxInitialContext,
} from './framebox.logic'
export type { FrameTarget, FrameboxContext, FrameboxEvent, FrameboxEmitted } from './framebox.logic'
export * from './framebox.selectors'
