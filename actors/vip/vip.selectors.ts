import type { SnapshotFrom } from 'xstate'
import type { VipInfo } from '../../schemas/hall/calls/vip'
import { progressOf } from './vip.logic'
import type { vipMachine } from './vip.machine'

type VipSnapshot = SnapshotFrom<typeof vipMachine>

/** The player's level and progress, or null until known. */
export const selectVipInfo = (s: VipSnapshot): VipInfo | null => s.context.info

/** The player's level, or null until known. */
export const selectVipLevel = (s: VipSnapshot): number | null => s.context.info?.level ?? null

/** The progress to the next level, a whole percentage (0 until known). */
export const selectVipProgress = (s: VipSnapshot): number => progressOf(s.context.info)
