import type { SnapshotFrom } from 'xstate'
import type { VerifyChannel } from '../../schemas/events/verify'
import type { ChannelState, VerifyError } from './verify.logic'
import type { Challenge } from '../../schemas/hall/calls/auth'
import type { verifyMachine } from './verify.machine'

type VerifySnapshot = SnapshotFrom<typeof verifyMachine>

/** Where a channel's send stands, for a form: what its send button says and whether it may be pressed. */
export interface CodeSendView {
  /** Idle and not restricted: the button may be pressed (the form also needs a target). */
  readonly canSend: boolean
  /** A send is in flight (or its lock has not run out). */
  readonly sending: boolean
  /** Seconds before another code may be sent ("Resend in N s"); 0 when none. */
  readonly countdown: number
  /** The code was sent and the countdown is about to start (the button stays locked). */
  readonly waiting: boolean
  /** A code was sent to `target`: the form may be submitted. */
  readonly requested: boolean
  /** Where the last code went. */
  readonly target: string
  readonly error: VerifyError | null
  /**
   * The human challenge: null when none; its image once fetched, and for a puzzle (slider, click,
   * nine-square) its kind, the slider's piece and the prompt (never the answer: the hall keeps it).
   */
  readonly challenge: { readonly image: string | null; readonly shown: Challenge | null } | null
}

const memo = new Map<VerifyChannel, { key: [ChannelState, string, boolean]; view: CodeSendView }>()

/** A channel's send, as the code-send control shows it. */
export const selectCodeSend =
  (channel: VerifyChannel) =>
  (s: VerifySnapshot): CodeSendView => {
    const c = s.context[channel]
    const value = JSON.stringify((s.value as Record<string, unknown>)[channel])
    const hit = memo.get(channel)
    if (hit !== undefined && hit.key[0] === c && hit.key[1] === value && hit.key[2] === s.context.restricted) return hit.view
    const inChallenge = s.matches({ [channel]: 'challenge' })
    const view: CodeSendView = {
      canSend: s.matches({ [channel]: 'idle' }) && !s.context.restricted,
      sending: s.matches({ [channel]: 'sending' }),
      countdown: c.countdown,
      waiting: s.matches({ [channel]: 'sent' }),
      requested: c.requested,
      target: c.target,
      error: c.error,
      challenge: inChallenge ? { image: c.challenge?.image ?? null, shown: c.challenge } : null,
    }
    memo.set(channel, { key: [c, value, s.context.restricted], view })
    return view
  }
