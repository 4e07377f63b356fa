/**
 * What the playing activities share (docs/hall.md "Playing activities"): their service codes,
 * finding a running activity of a type on the caller's site, and exact amounts in the
 * currency's scale, computed by the database (numeric), never by floating point.
 */
import { playCodes } from '../../schemas/hall/calls/codes'
import type { ActivityRow } from '../activities'
import { activitiesOf } from '../activities'
import type { Queryable } from '../db'
import { amountProblem, decimalsOf } from '../money'
import { TRIAL_ACCOUNT } from '../rewards'
import type { PlayerRow } from '../store'
import { ServiceError } from '../calls/types'
import type { CallContext } from '../calls/types'

/** The playing activities' service codes (2180-2199, the hall's own), declared on the calls (schemas/hall/calls/codes.ts). */
export const PlayCodes = playCodes

/** The running (listed) activity of one of the types with that id on the caller's site. */
export const playActivity = async (ctx: CallContext, activeId: number, types: ReadonlyArray<number>, template?: (t: string) => boolean): Promise<ActivityRow> => {
  const a = (await activitiesOf(ctx.db, ctx.site.code, 'id = $2', [activeId]))[0]
  if (a === undefined || !types.includes(a.type) || (template !== undefined && !template(a.template))) throw new ServiceError(PlayCodes.unknown, 'no such activity')
  return a
}

/** Refuses an activity outside its window (nothing is played before it starts or after it ends). */
export const requireRunning = (a: ActivityRow, now: number): void => {
  if (now < a.startMs || now >= a.endMs || a.status !== 1) throw new ServiceError(PlayCodes.notRunning, 'the activity is not running')
}

export const refuseTrial = (player: PlayerRow): void => {
  if (player.accountType === TRIAL_ACCOUNT) throw new ServiceError(PlayCodes.trial, 'trial players register first')
}

/** Whether an amount is a positive amount of the currency (no more decimals than its scale). */
export const isAmountOf = async (db: Queryable, amount: string, currency: string): Promise<boolean> =>
  amountProblem(amount, { decimals: await decimalsOf(db, currency) }) === null

/** Whether lo <= x <= hi (numeric). */
export const within = async (db: Queryable, x: string, lo: string, hi: string): Promise<boolean> =>
  (await db.query<{ b: boolean }>('SELECT $1::numeric BETWEEN $2::numeric AND $3::numeric AS b', [x, lo, hi])).rows[0]?.b === true

/** An amount as the calls answer it: in the currency's scale for fiat, without trailing zeros for crypto (SQL over `expr`, joined currency c). */
export const shownSql = (expr: string): string => `CASE WHEN c.currency_type = 1 THEN round(${expr}, c.scale)::text ELSE trim_scale(${expr})::text END`

/** floor(amount × percent / 100) to the currency's scale. */
export const percentOf = async (db: Queryable, amount: string, percent: string, currency: string): Promise<string> =>
  (await db.query<{ v: string }>('SELECT trim_scale(trunc($1::numeric * $2::numeric / 100, c.scale))::text AS v FROM currencies c WHERE c.code = $3', [amount, percent, currency])).rows[0]!.v
