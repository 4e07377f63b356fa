/**
 * The event centre's operator controls (dev and test only, like every control, server/control.ts):
 *
 * - `activity-manual-pay` { siteCode?, username, activeId, receiveId }: pays a tier the player
 *   reached of an activity distributed by hand (distribution 5, shown Processing 0): its claim is
 *   Distributed 4, the wallet credited with its ledger entry and the activity's turnover, once
 *   (a repeated or concurrent pay answers `decided` and pays nothing);
 * - `activity-manual-reject` { siteCode?, username, activeId, receiveId }: rejects it (Rejected 7,
 *   nothing paid; a later pay finds it decided).
 * - `activity-modules` { siteCode?, task, rebate, award }: which promotion modules the site runs
 *   (/active/is_show; the discount tab's routing).
 * The first two answer { outcome: 'paid' | 'rejected' | 'decided', amount }; a tier not reached, of another
 * distribution, or unknown is a 409.
 */
import { Exit, Schema } from 'effect'
import { activitiesOf, decideManual, textIn } from './activities'
import { zoneOf } from './calls/records'
import type { Db } from './db'
import { playerByUsername, siteByCode, siteForHost } from './store'

const Decision = Schema.Struct({
  siteCode: Schema.optional(Schema.String),
  username: Schema.String,
  activeId: Schema.Int,
  receiveId: Schema.Int,
})

const bodies = {
  'activity-manual-pay': Decision,
  'activity-manual-reject': Decision,
  'activity-modules': Schema.Struct({ siteCode: Schema.optional(Schema.String), task: Schema.Boolean, rebate: Schema.Boolean, award: Schema.Boolean }),
} as const

/** The event centre controls' names. */
export const ACTIVITY_CONTROLS = Object.keys(bodies)

type Answer = { readonly status: number; readonly body: Record<string, unknown> }
const fail = (status: number, error: string): Answer => ({ status, body: { ok: false, error } })

/** Runs an event-centre control, or answers undefined for another control's name. */
export const runActivityControl = async (db: Db, name: string, parsed: unknown, now: number): Promise<Answer | undefined> => {
  if (!(name in bodies)) return undefined
  const control = name as keyof typeof bodies
  const decoded = Schema.decodeUnknownExit(bodies[control])(parsed)
  if (Exit.isFailure(decoded)) return fail(400, `invalid body for ${control}`)
  const site = decoded.value.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, decoded.value.siteCode)
  if (site === undefined) return fail(404, `unknown site: ${decoded.value.siteCode}`)
  if (control === 'activity-modules') {
    const m = decoded.value as (typeof bodies)['activity-modules']['Type']
    await db.query(
      `INSERT INTO activity_modules (site_code, task, rebate, award) VALUES ($1, $2, $3, $4)
       ON CONFLICT (site_code) DO UPDATE SET task = EXCLUDED.task, rebate = EXCLUDED.rebate, award = EXCLUDED.award`,
      [site.code, m.task, m.rebate, m.award],
    )
    return { status: 200, body: { ok: true } }
  }
  const b = decoded.value as typeof Decision.Type
  const player = await playerByUsername(db, site.code, b.username)
  if (player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
  const a = (await activitiesOf(db, site.code, 'id = $2', [b.activeId]))[0]
  if (a === undefined) return fail(404, `no activity ${b.activeId} on site ${site.code}`)
  if (a.distribution !== 5) return fail(409, `activity ${a.id} is not distributed by hand (distribution ${a.distribution})`)
  const title = textIn(a.titles, 'en_US', site.languageCode)
  const r = await decideManual(db, a, player, b.receiveId, control === 'activity-manual-pay' ? 'pay' : 'reject', zoneOf(site.timeZone), now, title)
  if (r.outcome === 'notDue') return fail(409, `reward ${b.receiveId} of activity ${a.id} is not reached by ${b.username} in this period`)
  return { status: 200, body: { ok: true, outcome: r.outcome, amount: r.amount } }
}
