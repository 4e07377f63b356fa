/**
 * The savings' (yuebao) controls: a site's terms, and a player's savings moved on by days. (docs/hall.md, "The control surface"; registered in server/control/index.ts).
 */
import { Schema } from 'effect'
import { advanceSavingsDays, setTerms } from '../calls/yuebao'
import { playerByUsername, siteByCode, siteForHost } from '../store'
import { defineControl, fail, ok } from '../control/define'

export const yuebaoControls = [
  /** Sets a site's savings terms (switch, year rate in percent, least amounts in and out); answers them. */
  defineControl('savings-site', Schema.Struct({
      siteCode: Schema.optional(Schema.String),
      switchStatus: Schema.optional(Schema.Literals([0, 1])),
      yearRate: Schema.optional(Schema.String.check(Schema.isPattern(/^\d{1,4}(\.\d{1,4})?$/))),
      minIn: Schema.optional(Schema.String.check(Schema.isPattern(/^\d+(\.\d{1,10})?$/))),
      minOut: Schema.optional(Schema.String.check(Schema.isPattern(/^\d+(\.\d{1,10})?$/))),
    }), async ({ db }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const { siteCode: _s, ...terms } = b
    return ok({ terms: await setTerms(db, site.code, terms) })
  }),
  /** Moves a player's savings on by whole days: their interest accrues as if the hall's clock had passed that many day-ends. */
  defineControl('savings-days', Schema.Struct({
      username: Schema.String,
      siteCode: Schema.optional(Schema.String),
      days: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 3660 })),
    }), async ({ db, now }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const player = await playerByUsername(db, site.code, b.username)
    if (player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
    const at = now()
    return ok({ curIncome: await db.transaction((tx) => advanceSavingsDays(tx, player, site, at, b.days)) })
  }),
]
