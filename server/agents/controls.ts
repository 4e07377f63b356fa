/**
 * The agents' controls: an invitation, a period settled, a site's agent mode. (docs/hall.md, "The control surface"; registered in server/control/index.ts).
 */
import { Schema } from 'effect'
import { playerByUsername, siteByCode, siteForHost } from '../store'
import { closePeriod } from '../agents'
import { lockPlayer } from '../rewards'
import { defineControl, fail, ok } from '../control/define'

export const agentControls = [
  /** Records that `inviter` invited `username` (both of the site): what the promote and proxy activities count. */
  defineControl('invite', Schema.Struct({ siteCode: Schema.optional(Schema.String), username: Schema.String, inviter: Schema.String }), async ({ db }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const [player, inviter] = [await playerByUsername(db, site.code, b.username), await playerByUsername(db, site.code, b.inviter)]
    if (player === undefined || inviter === undefined || player.id === inviter.id) return fail(404, `no players ${b.username} and ${b.inviter} on site ${site.code}`)
    await db.query('UPDATE players SET invited_by = $2 WHERE id = $1', [player.id, inviter.id])
    return ok()
  }),
  /**
   * Closes an agent's open commission period now (the operator settles early; migration 210):
   * its figures and commission are stored and can be received. Answers whether a period closed.
   */
  defineControl('agent-settle', Schema.Struct({ siteCode: Schema.optional(Schema.String), username: Schema.String }), async ({ db, now }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const player = await playerByUsername(db, site.code, b.username)
    if (player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
    const at = now()
    const closed = await db.transaction(async (tx) => {
      await lockPlayer(tx, player.id)
      return closePeriod(tx, site.code, player, at)
    })
    return ok({ closed })
  }),
  /** Sets a site's agent mode (Infinite 30004, FirstLevel 1, NetProfit 2, ThreeNetProfix 10002). */
  defineControl('agent-mode', Schema.Struct({ siteCode: Schema.optional(Schema.String), mode: Schema.Literals([30004, 1, 2, 10002]) }), async ({ db }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    await db.query('INSERT INTO agent_sites (site_code, mode) VALUES ($1, $2) ON CONFLICT (site_code) DO UPDATE SET mode = EXCLUDED.mode', [site.code, b.mode])
    return ok()
  }),
]
