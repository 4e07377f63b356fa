/**
 * The promotion calls of the reference hall (spec calls §7.3): the arrival of a visitor by an
 * invite or channel link (reportview, sent in clear, and reportclick) and the buried (tracking)
 * config (point/get). The rules are server/promotion.ts's; docs/hall-protocol.md, "Promotion
 * arrivals".
 */
import { promotePointGet, reportClick, reportView } from '../../schemas/hall/calls'
import { buriedPointsOf, recordArrival } from '../promotion'
import { TraceCode } from '../trace'
import { requirePlayer } from './session'
import { ServiceError, implement } from './types'
import type { CallContext, Implementation } from './types'

/** The player a live session names, or null for a visitor. */
const playerOf = (ctx: CallContext): string | null => {
  const s = ctx.session
  return s !== undefined && s.endedAt === null && s.expiresAt.getTime() > ctx.now ? s.playerId : null
}

export const promotionCalls: ReadonlyArray<Implementation> = [
  implement(reportView, async (ctx, p) => {
    await recordArrival(ctx.db, { siteCode: ctx.site.code, kind: 'view', visit: p, playerId: playerOf(ctx), ip: ctx.ip, now: ctx.now })
    return {}
  }),
  implement(reportClick, async (ctx, p) => {
    await recordArrival(ctx.db, { siteCode: ctx.site.code, kind: 'click', visit: p, playerId: playerOf(ctx), ip: ctx.ip, now: ctx.now })
    return {}
  }),
  implement(promotePointGet, async (ctx, p) => {
    // The player's own id (idxType 3) is asked by the signed-in player, for that player alone (a
    // visitor answers -1, another player's id 2212): a player's pixels are the operator's setting for that player.
    if (p.idxType === 3) {
      const { player } = await requirePlayer(ctx)
      if (p.idx.trim() !== String(player.id) || (p.uid !== undefined && p.uid.trim() !== String(player.id))) {
        throw new ServiceError(TraceCode.notOwnPoints, 'the buried config of a self id is asked by that player (idx and uid the player\'s id)')
      }
    }
    return { list: [...(await buriedPointsOf(ctx.db, ctx.site.code, p.idxType, p.idx))] }
  }),
]
