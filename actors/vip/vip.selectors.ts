import type { SnapshotFrom } from 'xstate'
import type { VipInfo } from '../../schemas/hall/calls/vip'
import { vipActor } from './vip.actor'
import { progressOf } from './vip.logic'

type VipSnapshot = SnapshotFrom<(typeof vipActor)['machine']>

/** The player's level and progress, or null until known. */
export const selectVipInfo = (s: VipSnapshot): VipInfo | null => vipActor.view(s).data

/** The player's level, or null until known. */
export const selectVipLevel = (s: VipSnapshot): number | null => selectVipInfo(s)?.level ?? null

/** The progress to the next level, a whole percentage (0 until known). */
export const selectVipProgress = (s: VipSnapshot): number => progressOf(selectVipInfo(s))
