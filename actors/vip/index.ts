import type { ActorSpec } from '../spec'
import { vipMachine } from './vip.machine'

/**
 * The vip actor: a real player's VIP level and progress to the next level (vipInfo), asked at a
 * real login, after a credited deposit and when a view showing them opens; forgotten at logout.
 */
export const vipActor = {
  id: 'vip',
  machine: vipMachine,
  consumes: ['session.loggedIn', 'session.loggedOut', 'realtime.payOrderSucceeded', 'vip.refreshRequested', 'hall.responded', 'hall.failed'],
} as const satisfies ActorSpec

export { vipMachine } from './vip.machine'
export { VIP_CALL, progressOf, initialContext as vipInitialContext } from './vip.logic'
export type { VipContext, VipEvent, VipEmitted } from './vip.logic'
export * from './vip.selectors'
