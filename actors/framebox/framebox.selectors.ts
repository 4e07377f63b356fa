import type { SnapshotFrom } from 'xstate'
import type { frameboxMachine } from './framebox.machine'
import { flagsOf } from './framebox.logic'

type FrameboxSnapshot = SnapshotFrom<typeof frameboxMachine>

/** Whether 'not show again today' is ticked for a frame. */
export const selectNotToday = (frameId: number) => (s: FrameboxSnapshot): boolean =>
  flagsOf(s.context.history, s.context.username, s.context.day).notToday.includes(frameId)

/** Whether the player is a trial (guest) player: frame links other than events ask it to register. */
export const selectFrameTrial = (s: FrameboxSnapshot): boolean => s.context.trial
