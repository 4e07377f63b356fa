import type { SnapshotFrom } from 'xstate'
import type { postloginMachine } from './postlogin.machine'
import type { BindForm } from './postlogin.logic'
import type { NewcomerBenefit } from '../../schemas/hall/calls/task'
import { isAwaiting } from '../kit'

type PostloginSnapshot = SnapshotFrom<typeof postloginMachine>

/** The bind form (item, submission, authenticator secret, last error), or null when no bind is asked for. */
export const selectBindForm = (s: PostloginSnapshot): BindForm | null => s.context.form

/** Whether the authenticator's secret is being fetched (its button waits). */
export const selectAuthenticatorStarting = (s: PostloginSnapshot): boolean => s.matches({ signedIn: { binding: 'starting' } })

/** Whether the bind form was opened from the security page (no required-items progress, closable). */
export const selectBindVoluntary = (s: PostloginSnapshot): boolean => s.context.voluntary

/** The newcomer benefits the new-benefits pop-up shows (receive status kept up to date), or null. */
export const selectBenefits = (s: PostloginSnapshot): ReadonlyArray<NewcomerBenefit> | null => s.context.benefits

/** Whether a reward is being received (the receive buttons wait). */
export const selectBenefitReceiving = (s: PostloginSnapshot): boolean => s.matches({ signedIn: 'benefitsShown' }) && isAwaiting(s.context.requests, 'step')

/** Whether a bind submission is in flight. */
export const selectBindSubmitting = (s: PostloginSnapshot): boolean => s.context.form !== null && isAwaiting(s.context.requests, 'submit')

/** How many items are bound and how many are required. */
export const selectBindProgress = (s: PostloginSnapshot): { bound: number; required: number } => ({
  bound: s.context.bind?.bound.length ?? 0,
  required: s.context.bind?.mustBindItem ?? 0,
})
