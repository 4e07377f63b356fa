/**
 * The install record (spec calls §7.3 /pwa/arguments/upLoadpwaStatistic): the lobby uploads it
 * when a player accepts the browser's install prompt. The hall keeps each record (pwa_installs)
 * with the site and, when a live session sent it, the player.
 */
import { pwaStatistic } from '../../schemas/hall/calls'
import { implement } from './types'
import type { Implementation } from './types'

export const pwaCalls: ReadonlyArray<Implementation> = [
  implement(pwaStatistic, async (ctx, p) => {
    const s = ctx.session
    const playerId = s !== undefined && s.endedAt === null && s.expiresAt.getTime() > ctx.now ? s.playerId : null
    await ctx.db.query(
      `INSERT INTO pwa_installs (site_code, player_id, currency, channel_name, channel_type, visitor_deviceid, upload_type, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [ctx.site.code, playerId, p.currency, p.channel_name, p.channel_type, p.visitor_deviceid, p.upload_type, new Date(ctx.now).toISOString()],
    )
    return null
  }),
]
