import type { Received } from '../../schemas/hall/calls/common'
import { vipDetails, vipGiftReceive, vipLevels, type UserVip, type VipReward, type VipSetting } from '../../schemas/hall/calls/vip'
import { commandActor, queryActor, type QueryContext } from '../kit'

/**
 * The VIP screen (spec screens §2 /home/vip, §3 VIP settings and rewards, §4 reward statuses;
 * calls §7.11) over the kit. Every outcome (level, progress, card status, amount) is the hall's;
 * the lobby only shows and asks. Nothing is asked at boot.
 *
 * - `vipdetails` (query, real players): the ladder with each level's needs and rewards, the rules
 *   and keepLevelStatus, read when the screen opens.
 * - `vipuser` (query, real players): the player's level, progress and reward cards, read when the
 *   screen opens, after a receipt and after a credited deposit once shown.
 * - `vipreceive` (command, real players): receive one reward, or every receivable one (vip -1, no
 *   type); the balance after it goes to the wallet, `vip.received` to the rest.
 */
export const vipDetailsActor = queryActor({
  id: 'vipdetails',
  call: vipDetails,
  audience: 'real',
  fetchOn: { 'vip.opened': true },
  payload: {},
  select: (d): { readonly list: ReadonlyArray<VipSetting>; readonly rule: string; readonly keepLevelStatus: 0 | 1 } => ({
    list: [...d.list].sort((a, b) => a.vip - b.vip),
    rule: d.rule,
    keepLevelStatus: d.keepLevelStatus,
  }),
})

export const userVipActor = queryActor({
  id: 'vipuser',
  call: vipLevels,
  audience: 'real',
  fetchOn: {
    'vip.opened': true,
    'vip.received': true,
    'realtime.payOrderSucceeded': { when: (_e, c: QueryContext<Record<string, never>, UserVip>) => c.data !== null },
  },
  payload: {},
  select: (d): UserVip => d,
})

/** The VIP service codes (server/calls/vip.ts) shown beside the cards, not as a modal. */
const RECEIVE_INLINE = { closed: 'error.closed', notReceivable: 'error.notReceivable', trial: 'error.trial' } as const

export const vipReceiveActor = commandActor({
  id: 'vipreceive',
  call: vipGiftReceive,
  audience: 'real',
  select: (d): Received => d,
  announce: (r) => [
    { type: 'wallet.balanceReported' as const, balance: r.game_gold, source: 'reward' as const },
    { type: 'vip.received' as const, count: r.count },
  ],
  codes: RECEIVE_INLINE,
  firstErrorOnly: true,
})

/** Whether any reward can be received now (spec §4: receive-all is enabled if any is receivable). */
export const anyVipReceivable = (rewards: ReadonlyArray<VipReward>): boolean => rewards.some((r) => r.status === 0)

export type { UserVip, VipReward, VipSetting }
