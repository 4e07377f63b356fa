/**
 * Records and reports (screens §2 /home/records, /home/report): the betting record (the player's
 * game rounds), the account details (the wallet's ledger entries) and the personal statement (the
 * ledger summed by day). The calls are the hall's own design (schemas/hall/calls/records.ts,
 * docs/hall-protocol.md "Calls of the hall's own design"). Date filters are days of the site's
 * calendar on the hall's clock (site info timeZone; an unknown zone counts as UTC), and moments
 * are answered in that zone.
 */
import { accountDetails, betRecord, personalStatement } from '../../schemas/hall/calls'
import type { DateFilter } from '../../schemas/hall/calls/common'
import type { MovementKind } from '../../schemas/hall/calls/records'
import type { Queryable } from '../db'
import { categorySql } from '../money'
import { requirePlayer } from './session'
import { implement } from './types'
import type { Implementation } from './types'

/** A half-open time range [from, to); null bounds are open. */
export interface TimeRange {
  readonly from: Date | null
  readonly to: Date | null
}

/** The zone to read dates in: the site's, when it is a zone this runtime knows, else UTC. */
export const zoneOf = (timezone: string): string => {
  if (timezone === '') return 'UTC'
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone })
    return timezone
  } catch {
    return 'UTC'
  }
}

/**
 * The range of a date filter (spec: today 0, yesterday 1, 7, 15, 30 days including today, this
 * month 31, this and the last month 32, this and the last two months 33, this week -2 (from
 * Monday), last week -3, all -1 (also when absent), custom -4 from startDate to endDate, both days
 * included), computed by the database in the zone so months and daylight saving come out right.
 */
export const rangeOf = async (
  db: Queryable,
  q: { dateType?: DateFilter | undefined; startDate?: string | undefined; endDate?: string | undefined },
  now: number,
  zone: string,
): Promise<TimeRange> => {
  const dateType = q.dateType ?? -1
  if (dateType === -1) return { from: null, to: null }
  if (dateType === -4) {
    const row = (
      await db.query<{ from: Date | null; to: Date | null }>(
        `SELECT ($1::date)::timestamp AT TIME ZONE $3 AS "from", (($2::date) + 1)::timestamp AT TIME ZONE $3 AS "to"`,
        [q.startDate ?? null, q.endDate ?? null, zone],
      )
    ).rows[0]
    return { from: row?.from ?? null, to: row?.to ?? null }
  }
  const local = `(to_timestamp($1::double precision / 1000) AT TIME ZONE $2)`
  const day = `date_trunc('day', ${local})`
  const bounds: Record<Exclude<DateFilter, -1 | -4>, [string, string]> = {
    0: [day, `${day} + interval '1 day'`],
    1: [`${day} - interval '1 day'`, day],
    7: [`${day} - interval '6 days'`, `${day} + interval '1 day'`],
    15: [`${day} - interval '14 days'`, `${day} + interval '1 day'`],
    30: [`${day} - interval '29 days'`, `${day} + interval '1 day'`],
    31: [`date_trunc('month', ${local})`, `date_trunc('month', ${local}) + interval '1 month'`],
    32: [`date_trunc('month', ${local}) - interval '1 month'`, `date_trunc('month', ${local}) + interval '1 month'`],
    33: [`date_trunc('month', ${local}) - interval '2 months'`, `date_trunc('month', ${local}) + interval '1 month'`],
    [-2]: [`date_trunc('week', ${local})`, `date_trunc('week', ${local}) + interval '7 days'`],
    [-3]: [`date_trunc('week', ${local}) - interval '7 days'`, `date_trunc('week', ${local})`],
  }
  const [from, to] = bounds[dateType]
  const row = (await db.query<{ from: Date; to: Date }>(`SELECT (${from}) AT TIME ZONE $2 AS "from", (${to}) AT TIME ZONE $2 AS "to"`, [now, zone])).rows[0]
  return { from: row?.from ?? null, to: row?.to ?? null }
}

/** The movement kind of a ledger entry's kind, as the account details show it. */
export const MOVEMENT_OF_KIND = categorySql('movement')

/** A moment as the hall answers it: 'YYYY-MM-DD HH:mm:ss' in the zone (SQL, with the zone as the given parameter). */
const moment = (column: string, zoneParam: string): string => `to_char(${column} AT TIME ZONE ${zoneParam}, 'YYYY-MM-DD HH24:MI:SS')`

/** The page and its size of a record query (defaults: the first page of 10). */
const pageOf = (q: { current?: number | undefined; size?: number | undefined }): { current: number; size: number } => ({ current: q.current ?? 1, size: q.size ?? 10 })

/** The betting record: the player's game rounds, newest first, with the filtered totals. */
const betRecords = async (db: Queryable, playerId: string, q: typeof betRecord.request.Type, range: TimeRange, zone: string) => {
  const { current, size } = pageOf(q)
  // The reference hall's rounds are settled at once: done. Undone or pending rows do not exist.
  if (q.state === 10001 || q.state === 10002) {
    return { page: { records: [], total: 0, current, size }, summary: { betAmount: '0', validBet: '0', winAmount: '0', profit: '0' } }
  }
  const inTime = `r.player_id = $1 AND ($2::timestamptz IS NULL OR r.created_at >= $2) AND ($3::timestamptz IS NULL OR r.created_at < $3)`
  const where = `${inTime} AND ($4::integer IS NULL OR g.category_id = $4) AND ($5::integer IS NULL OR g.platform_id = $5)`
  const params = [playerId, range.from, range.to, q.gameCategoryId ?? null, q.platformId ?? null]
  // Without a game filter the totals are read from the rounds' index alone.
  const byGame = q.gameCategoryId !== undefined || q.platformId !== undefined
  const totals = (
    await db.query<{ total: number; bet: string; win: string }>(
      byGame
        ? `SELECT count(*)::int AS total, coalesce(trim_scale(sum(r.bet)), 0)::text AS bet, coalesce(trim_scale(sum(r.win)), 0)::text AS win
           FROM game_rounds r JOIN games g ON g.id = r.game_id WHERE ${where}`
        : `SELECT count(*)::int AS total, coalesce(trim_scale(sum(r.bet)), 0)::text AS bet, coalesce(trim_scale(sum(r.win)), 0)::text AS win
           FROM game_rounds r WHERE ${inTime}`,
      byGame ? params : params.slice(0, 3),
    )
  ).rows[0] ?? { total: 0, bet: '0', win: '0' }
  const rows = (
    await db.query<{ id: string; game: string; platform: string; category: number; bet: string; win: string; profit: string; at: string; currency: string }>(
      `SELECT r.id::text AS id, g.name AS game, p.name AS platform, g.category_id AS category, trim_scale(r.bet)::text AS bet,
              trim_scale(r.win)::text AS win, trim_scale(r.win - r.bet)::text AS profit, ${moment('r.created_at', '$8')} AS at, r.currency
       FROM game_rounds r JOIN games g ON g.id = r.game_id JOIN game_platforms p ON p.id = g.platform_id
       WHERE r.id IN (
         SELECT r.id FROM game_rounds r ${byGame ? 'JOIN games g ON g.id = r.game_id' : ''}
         WHERE ${byGame ? where : `${inTime} AND $4::integer IS NULL AND $5::integer IS NULL`} ORDER BY r.created_at DESC, r.id DESC LIMIT $6 OFFSET $7
       )
       ORDER BY r.created_at DESC, r.id DESC`,
      [...params, size, (current - 1) * size, zone],
    )
  ).rows
  const profit = (await db.query<{ p: string }>('SELECT trim_scale($1::numeric - $2::numeric)::text AS p', [totals.win, totals.bet])).rows[0]?.p ?? '0'
  return {
    page: {
    records: rows.map((r) => ({
      orderNo: r.id,
      gameName: r.game,
      platformName: r.platform,
      categoryId: r.category,
      betAmount: r.bet,
      validBet: r.bet,
      winAmount: r.win,
      profit: r.profit,
      state: 10003 as const,
      betTime: r.at,
      currency: r.currency,
    })),
    total: totals.total,
    current,
    size,
    },
    summary: { betAmount: totals.bet, validBet: totals.bet, winAmount: totals.win, profit },
  }
}

/** A quarter of an hour: the ledger's buckets (migration 086) hold each player's entries per quarter and kind. */
const QUARTER_MS = 15 * 60_000

/**
 * The range split at the quarters: the whole quarters [lo, hi) read from the buckets, and the
 * partial quarters at either end read from the entries. Null bounds are open; a range within
 * one quarter has no whole quarters (lo null and hi null is the whole ledger).
 */
export const quartersOf = (range: TimeRange): { lo: Date | null; hi: Date | null; edges: ReadonlyArray<TimeRange> } | null => {
  const lo = range.from === null ? null : new Date(Math.ceil(range.from.getTime() / QUARTER_MS) * QUARTER_MS)
  const hi = range.to === null ? null : new Date(Math.floor(range.to.getTime() / QUARTER_MS) * QUARTER_MS)
  if (lo !== null && hi !== null && lo.getTime() >= hi.getTime()) return null
  const edges: TimeRange[] = []
  if (range.from !== null && lo !== null && range.from.getTime() < lo.getTime()) edges.push({ from: range.from, to: lo })
  if (range.to !== null && hi !== null && hi.getTime() < range.to.getTime()) edges.push({ from: hi, to: range.to })
  return { lo, hi, edges }
}

/** How many ledger entries of the player lie in the range with the kind: whole quarters from the buckets, partial ones from the entries. */
export const entryCount = async (db: Queryable, playerId: string, range: TimeRange, kind: MovementKind): Promise<number> => {
  const ofKind = kind === 'all' ? "$4::text = 'all'" : `(${MOVEMENT_OF_KIND}) = $4`
  const rows = async (r: TimeRange): Promise<number> =>
    (
      await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM wallet_entries
         WHERE player_id = $1 AND ($2::timestamptz IS NULL OR created_at >= $2) AND ($3::timestamptz IS NULL OR created_at < $3) AND ${ofKind}`,
        [playerId, r.from, r.to, kind],
      )
    ).rows[0]?.total ?? 0
  const q = quartersOf(range)
  if (q === null) return rows(range)
  const whole = (
    await db.query<{ total: number }>(
      `SELECT coalesce(sum(n), 0)::int AS total FROM wallet_entry_buckets
       WHERE player_id = $1 AND ($2::timestamptz IS NULL OR bucket >= $2) AND ($3::timestamptz IS NULL OR bucket < $3) AND ${ofKind}`,
      [playerId, q.lo, q.hi, kind],
    )
  ).rows[0]?.total ?? 0
  let total = whole
  for (const edge of q.edges) total += await rows(edge)
  return total
}

/** The account details: the player's ledger entries, newest first. */
const movements = async (db: Queryable, playerId: string, q: typeof accountDetails.request.Type, range: TimeRange, zone: string) => {
  const { current, size } = pageOf(q)
  const kind: MovementKind = q.kind ?? 'all'
  const where = `player_id = $1 AND ($2::timestamptz IS NULL OR created_at >= $2) AND ($3::timestamptz IS NULL OR created_at < $3)
    AND ${kind === 'all' ? "$4::text = 'all'" : `(${MOVEMENT_OF_KIND}) = $4`}`
  const params = [playerId, range.from, range.to, kind]
  const total = await entryCount(db, playerId, range, kind)
  const rows = (
    await db.query<{ id: string; kind: MovementKind; amount: string; balance: string; currency: string; createdAt: string }>(
      `SELECT id::text AS id, (${MOVEMENT_OF_KIND}) AS kind, trim_scale(amount)::text AS amount, trim_scale(balance)::text AS balance, currency,
              ${moment('created_at', '$7')} AS "createdAt"
       FROM wallet_entries WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $5 OFFSET $6`,
      [...params, size, (current - 1) * size, zone],
    )
  ).rows
  return { records: rows, total, current, size }
}

/** The personal statement: the ledger summed by the player's days, newest day first. */
const statement = async (db: Queryable, playerId: string, q: typeof personalStatement.request.Type, range: TimeRange, zone: string) => {
  const { current, size } = pageOf(q)
  const sums = `
    coalesce(trim_scale(sum(amount) FILTER (WHERE m = 'deposit')), 0)::text AS deposit,
    coalesce(trim_scale(-sum(amount) FILTER (WHERE m = 'withdraw')), 0)::text AS withdraw,
    coalesce(trim_scale(-sum(amount) FILTER (WHERE m = 'bet')), 0)::text AS bet,
    coalesce(trim_scale(-sum(amount) FILTER (WHERE m = 'bet')), 0)::text AS "validBet",
    coalesce(trim_scale(sum(amount) FILTER (WHERE m = 'win')), 0)::text AS win,
    coalesce(trim_scale(sum(amount) FILTER (WHERE m = 'bonus')), 0)::text AS bonus,
    coalesce(trim_scale(sum(amount) FILTER (WHERE m IN ('bet', 'win'))), 0)::text AS profit`
  // A range of whole quarters (every date filter's is: midnights of the site's zone) is summed from
  // the ledger's buckets, each of which lies within one day of the zone; any other from the entries.
  const quarters = quartersOf(range)
  const entries =
    quarters !== null && quarters.edges.length === 0
      ? `SELECT amount, (${MOVEMENT_OF_KIND}) AS m, to_char(bucket AT TIME ZONE $4, 'YYYY-MM-DD') AS day FROM wallet_entry_buckets
    WHERE player_id = $1 AND ($2::timestamptz IS NULL OR bucket >= $2) AND ($3::timestamptz IS NULL OR bucket < $3)`
      : `SELECT amount, (${MOVEMENT_OF_KIND}) AS m, to_char(created_at AT TIME ZONE $4, 'YYYY-MM-DD') AS day FROM wallet_entries
    WHERE player_id = $1 AND ($2::timestamptz IS NULL OR created_at >= $2) AND ($3::timestamptz IS NULL OR created_at < $3)`
  const params = [playerId, range.from, range.to, zone]
  type Sums = { deposit: string; withdraw: string; bet: string; validBet: string; win: string; bonus: string; profit: string }
  const total = (await db.query<{ total: number }>(`SELECT count(DISTINCT day)::int AS total FROM (${entries}) e`, params)).rows[0]?.total ?? 0
  const summary = (await db.query<Sums>(`SELECT ${sums} FROM (${entries}) e`, params)).rows[0] ?? { deposit: '0', withdraw: '0', bet: '0', validBet: '0', win: '0', bonus: '0', profit: '0' }
  const records = (
    await db.query<Sums & { day: string }>(`SELECT day, ${sums} FROM (${entries}) e GROUP BY day ORDER BY day DESC LIMIT $5 OFFSET $6`, [...params, size, (current - 1) * size])
  ).rows
  return { page: { records, total, current, size }, summary }
}

export const recordCalls: ReadonlyArray<Implementation> = [
  implement(betRecord, async (ctx, q) => {
    const { player } = await requirePlayer(ctx)
    const zone = zoneOf(ctx.site.timeZone)
    return betRecords(ctx.db, player.id, q, await rangeOf(ctx.db, q, ctx.now, zone), zone)
  }),
  implement(accountDetails, async (ctx, q) => {
    const { player } = await requirePlayer(ctx)
    const zone = zoneOf(ctx.site.timeZone)
    return movements(ctx.db, player.id, q, await rangeOf(ctx.db, q, ctx.now, zone), zone)
  }),
  implement(personalStatement, async (ctx, q) => {
    const { player } = await requirePlayer(ctx)
    const zone = zoneOf(ctx.site.timeZone)
    return statement(ctx.db, player.id, q, await rangeOf(ctx.db, q, ctx.now, zone), zone)
  }),
]
