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
import type { Db, Queryable } from './db'
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

/** The types of the event centre's activities by name (spec enumerations), as the operator reads them. */
export const ACTIVITY_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'deposit', 2: 'lucky wheel', 3: 'bet', 5: 'loss', 7: 'check-in', 10: 'invite', 12: 'first deposit', 14: 'rebate', 15: 'daily deposit',
  16: 'guess', 17: 'recharge', 18: 'word collection', 20: 'lucky wheel', 21: 'invest', 22: 'sports',
}

/** An event-centre activity as the operator sees it: every status, its dates and its tiers. */
export interface OperatorActivity {
  readonly id: number
  readonly template: string
  readonly type: number
  readonly title: string
  readonly status: number
  readonly start: string
  readonly end: string
  readonly tiers: ReadonlyArray<{ readonly id: number; readonly need: string; readonly value: string }>
}

/** A site's event-centre activities, every status, in the event centre's order. */
export const operatorActivitiesOf = async (db: Queryable, siteCode: string, language: string): Promise<ReadonlyArray<OperatorActivity>> => {
  const rows = (
    await db.query<{ id: number; template: string; type: number; titles: Record<string, string>; status: number; start: string; end: string }>(
      `SELECT id, template, type::int AS type, titles, status::int AS status,
         to_char(start_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS start, to_char(end_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "end"
       FROM activities WHERE site_code = $1 ORDER BY sort, id`,
      [siteCode],
    )
  ).rows
  const tiers = (
    await db.query<{ activityId: number; id: number; need: string; value: string }>(
      `SELECT t.activity_id AS "activityId", t.id, trim_scale(t.need)::text AS need, trim_scale(t.value)::text AS value
       FROM activity_tiers t JOIN activities a ON a.id = t.activity_id WHERE a.site_code = $1 ORDER BY t.sort, t.id`,
      [siteCode],
    )
  ).rows
  return rows.map((a) => ({
    id: a.id, template: a.template, type: a.type, title: textIn(a.titles, 'en_US', language), status: a.status, start: a.start, end: a.end,
    tiers: tiers.filter((t) => t.activityId === a.id).map(({ id, need, value }) => ({ id, need, value })),
  }))
}

/** Turns an activity of a site on (Processing 1) or off (Closed 3: the event centre lists it no more); answers whether there was one. */
export const setActivityOn = async (db: Queryable, siteCode: string, id: number, on: boolean): Promise<boolean> =>
  (await db.query('UPDATE activities SET status = $3 WHERE site_code = $1 AND id = $2 RETURNING id', [siteCode, id, on ? 1 : 3])).rows.length === 1

/** A change an operator makes to an activity: its dates (ISO instants) and its tiers' amounts. */
export interface ActivityEdit {
  readonly start?: string | undefined
  readonly end?: string | undefined
  readonly tiers?: ReadonlyArray<{ readonly id: number; readonly need?: string | undefined; readonly value?: string | undefined }> | undefined
}

const AMOUNT = /^\d{1,18}(\.\d{1,10})?$/

/** Changes an activity's dates and tiers' amounts, all or nothing; answers the refusal's reason, or undefined when done. */
export const editActivity = async (db: Db, siteCode: string, id: number, e: ActivityEdit): Promise<string | undefined> => {
  for (const at of [e.start, e.end]) if (at !== undefined && !Number.isFinite(Date.parse(at))) return `not a date: ${at}`
  for (const t of e.tiers ?? []) {
    if (t.need !== undefined && !AMOUNT.test(t.need)) return `a tier's need is an amount, not ${t.need}`
    if (t.value !== undefined && (!AMOUNT.test(t.value) || !(Number(t.value) > 0))) return `a tier's reward is an amount above zero, not ${t.value}`
  }
  return db.transaction(async (tx) => {
    const found = await tx.query<{ ok: boolean }>(
      `UPDATE activities SET start_at = coalesce($3::timestamptz, start_at), end_at = coalesce($4::timestamptz, end_at)
       WHERE site_code = $1 AND id = $2 RETURNING coalesce($4::timestamptz, end_at) > coalesce($3::timestamptz, start_at) AS ok`,
      [siteCode, id, e.start === undefined ? null : new Date(e.start).toISOString(), e.end === undefined ? null : new Date(e.end).toISOString()],
    ).catch((err: unknown) => {
      if (typeof err === 'object' && err !== null && 'code' in err && err.code === '23514') return { rows: [{ ok: false }] }
      throw err
    })
    if (found.rows.length === 0) return `no activity ${id} on site ${siteCode}`
    if (found.rows[0]?.ok !== true) throw new EditRefused('an activity ends after it starts')
    for (const t of e.tiers ?? []) {
      const r = await tx.query('UPDATE activity_tiers SET need = coalesce($3::numeric, need), value = coalesce($4::numeric, value) WHERE activity_id = $1 AND id = $2 RETURNING id', [
        id, t.id, t.need ?? null, t.value ?? null,
      ])
      if (r.rows.length === 0) throw new EditRefused(`activity ${id} has no tier ${t.id}`)
    }
    return undefined
  }).catch((err: unknown) => {
    if (err instanceof EditRefused) return err.message
    throw err
  })
}

/** A refused edit: the transaction is rolled back and the reason answered. */
class EditRefused extends Error {}
