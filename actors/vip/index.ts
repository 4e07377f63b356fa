import { vipActor } from './vip.actor'

export { vipActor } from './vip.actor'
/** The VIP statechart, as the system starts it. */
export const vipMachine = vipActor.machine
export { progressOf } from './vip.logic'
export * from './vip.selectors'
export { anyVipReceivable, userVipActor, vipDetailsActor, vipReceiveActor } from './rewards'
export type { UserVip, VipReward, VipSetting } from './rewards'
