/**
 * Rebates (cashback), awards and receive records at the reference hall: calls of the hall's own
 * design (schemas/hall/calls/rewards-own.ts; docs/hall-protocol.md "Rebates, awards and receive
 * records"; migration 170).
 *
 * - Rebates: a player's valid bets are the bets of their settled game rounds in their currency,
 *   counted from the start of the site's day `window_days - 1` days ago and not rebated yet. A
 *   category's return gold is trunc(valid bets × rate / 100, 2) at the site's rate (the rates of
 *   site '*' when the site has none of its own). Receiving is one transaction with the player's
 *   row held: each category giving at least 0.01 becomes a receipt whose rounds are claimed
 *   (a round is the key of its claim: never rebated twice), and the sum is paid through
 *   `payReward` as one ledger entry 'bonus-rebate' with its turnover. Trial players see their
 *   return gold but register to receive it; a site whose rebate module is off serves nothing.
 * - Awards: what the player can receive now, from every source the hall evaluates (rebate, VIP
 *   cards, event-centre activities, message awards), each with where it is received.
 * - Receive records: the rewards the player received, read from the ledger (every positive entry
 *   of a reward kind, the deposit's own bonus aside), so a new source paying through `payReward`
 *   appears with no change here; paged, with the date filter and a source filter.
 */
import { pendingAwards, rebateIndex, rebateReceive, receiveRecords } from '../../schemas/hall/calls'
import type { SysInfo } from '../../schemas/hall/calls/site'
import type { PendingAward, RebateCategory, RebateInfo, ReceiveSource } from '../../schemas/hall/calls/rewards-own'
import { activitiesOf, evaluateAndDispatch, textIn } from '../activities'
import type { Queryable } from '../db'
import { ALL_KINDS, LEDGER_KINDS, categorySql, kindIn } from '../money'
import { calendarPeriod, localTime, lockPlayer, payReward, sumAmounts, TRIAL_ACCOUNT } from '../rewards'
import { balanceOf, type PlayerRow } from '../store'
import { rangeOf, zoneOf } from './records'
import { requirePlayer } from './session'
import { doc } from './site'
import { ServiceError, implement } from './types'
import type { CallContext, Implementation } from './types'
import { userVipOf } from './vip'

/** The ledger kind of a rebate receipt. */
export const REBATE_KIND = 'bonus-rebate'

/** The rebate service codes (the hall's own, 1850–1899; docs/hall-protocol.md). */
export const RebateCodes = {
  /** The site does not run rebates (its rebate module is off). */
  closed: 1850,
  /** No category gives return gold now (no valid bet, or below 0.01). */
  nothing: 1851,
  /** Trial players register before receiving. */
  trial: 1852,
} as const

/** The return gold of a category, as the hall computes it: exact, to the cent, rounded down. */
interface Accrued extends RebateCategory {
  readonly roundIds: ReadonlyArray<string>
}

const configOf = async (db: Queryable): Promise<{ windowDays: number; multiple: string }> =>
  (await db.query<{ windowDays: number; multiple: string }>('SELECT window_days AS "windowDays", trim_scale(turnover_multiple)::text AS multiple FROM rebate_config')).rows[0] ??
  { windowDays: 7, multiple: '0' }

const requireOpen = async (ctx: CallContext): Promise<void> => {
  const m = (await ctx.db.query<{ rebate: boolean }>('SELECT rebate FROM activity_modules WHERE site_code = $1', [ctx.site.code])).rows[0]
  if (m?.rebate !== true) throw new ServiceError(RebateCodes.closed, 'this site does not run rebates')
}

/** The first moment whose rounds still count: the start of the site's day `windowDays - 1` days before `now`. */
const windowStart = async (db: Queryable, zone: string, now: number, windowDays: number): Promise<number> =>
  (await calendarPeriod(db, 'day', zone, now - (windowDays - 1) * 86_400_000)).from

/** Every rated category's return gold for the player now (no writes). */
export const accruedOf = async (db: Queryable, siteCode: string, player: Pick<PlayerRow, 'id' | 'currency'>, since: number): Promise<ReadonlyArray<Accrued>> =>
  (
    await db.query<Accrued>(
      `WITH rates AS (
         SELECT category_id, rate FROM rebate_rates WHERE site_code = $1
         UNION ALL
         SELECT category_id, rate FROM rebate_rates d WHERE d.site_code = '*' AND NOT EXISTS (SELECT 1 FROM rebate_rates s WHERE s.site_code = $1)
       ),
       bets AS (
         SELECT g.category_id, sum(r.bet) AS valid, count(*)::int AS n, array_agg(r.id::text ORDER BY r.id) AS ids
         FROM game_rounds r JOIN games g ON g.id = r.game_id
         WHERE r.player_id = $2 AND r.currency = $3 AND r.created_at >= to_timestamp($4::double precision / 1000)
           AND NOT EXISTS (SELECT 1 FROM rebate_rounds x WHERE x.round_id = r.id)
         GROUP BY g.category_id
       )
       SELECT rates.category_id AS "categoryId", trim_scale(rates.rate)::text AS rate,
              coalesce(trim_scale(bets.valid), 0)::text AS "validBet", coalesce(bets.n, 0) AS rounds,
              trim_scale(trunc(coalesce(bets.valid, 0) * rates.rate / 100, 2))::text AS amount,
              coalesce(bets.ids, '{}') AS "roundIds"
       FROM rates LEFT JOIN bets ON bets.category_id = rates.category_id
       ORDER BY rates.category_id`,
      [siteCode, player.id, player.currency, since],
    )
  ).rows

/** The player's rebate as the lobby is answered. */
const infoOf = async (ctx: CallContext, player: PlayerRow): Promise<RebateInfo> => {
  const zone = zoneOf(ctx.site.timeZone)
  const { windowDays, multiple } = await configOf(ctx.db)
  const since = await windowStart(ctx.db, zone, ctx.now, windowDays)
  const accrued = await accruedOf(ctx.db, ctx.site.code, player, since)
  return {
    list: accrued.map(({ roundIds: _ids, ...c }) => c),
    total: await sumAmounts(ctx.db, accrued.map((c) => c.amount)),
    currency: player.currency,
    since: localTime(since, zone),
    windowDays,
    turnoverMultiple: multiple,
  }
}

/** The number of categories giving return gold now, and its sum (the rebate red dot). */
export const rebateRedDot = async (ctx: CallContext, player: PlayerRow): Promise<{ count: number; amount: string }> => {
  const m = (await ctx.db.query<{ rebate: boolean }>('SELECT rebate FROM activity_modules WHERE site_code = $1', [ctx.site.code])).rows[0]
  if (m?.rebate !== true) return { count: 0, amount: '0' }
  const info = await infoOf(ctx, player)
  const open = info.list.filter((c) => Number(c.amount) > 0)
  return { count: open.length, amount: info.total }
}

/** Receives every category's return gold (at least 0.01 each) in one transaction; answers what it paid. */
const receive = async (ctx: CallContext): Promise<{ amount: string; count: number }> => {
  await requireOpen(ctx)
  const { player } = await requirePlayer(ctx)
  if (player.accountType === TRIAL_ACCOUNT) throw new ServiceError(RebateCodes.trial, 'register to receive rebates')
  const zone = zoneOf(ctx.site.timeZone)
  const { windowDays, multiple } = await configOf(ctx.db)
  const since = await windowStart(ctx.db, zone, ctx.now, windowDays)
  const paid = await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    // Read under the lock: a concurrent receipt has committed its claims, so its rounds are gone here.
    const chosen = (await accruedOf(tx, ctx.site.code, player, since)).filter((c) => Number(c.amount) >= 0.01)
    for (const c of chosen) {
      const receipt = (
        await tx.query<{ id: string }>(
          `INSERT INTO rebate_receipts (player_id, currency, category_id, valid_bet, rate, amount, rounds, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, to_timestamp($8::double precision / 1000)) RETURNING id::text AS id`,
          [player.id, player.currency, c.categoryId, c.validBet, c.rate, c.amount, c.rounds, ctx.now],
        )
      ).rows[0]!
      // Each round's claim: its primary key refuses a second one, and any refusal undoes the whole receipt.
      const claimed = await tx.query('INSERT INTO rebate_rounds (round_id, receipt_id) SELECT unnest($1::bigint[]), $2 ON CONFLICT DO NOTHING RETURNING round_id', [c.roundIds, receipt.id])
      if (claimed.rows.length !== c.roundIds.length) throw new Error('a round was rebated by another receipt')
    }
    const total = await sumAmounts(tx, chosen.map((c) => c.amount))
    if (chosen.length > 0) await payReward(tx, player, total, REBATE_KIND, { multiple, source: 'rebate', title: 'Rebate' })
    return { amount: total, count: chosen.length }
  })
  if (paid.count === 0) throw new ServiceError(RebateCodes.nothing, 'no return gold to receive now')
  return paid
}

/** Whether the site runs VIP. */
const vipOpen = async (ctx: CallContext): Promise<boolean> =>
  (await doc<Pick<SysInfo, 'vip_status'>>(ctx.db, ctx.site, 'sysInfo')).vip_status === 'open'

/** What the player can receive now, from every source the hall evaluates. */
const awardsOf = async (ctx: CallContext, player: PlayerRow): Promise<ReadonlyArray<PendingAward>> => {
  const none = { activeId: null, template: null }
  const out: PendingAward[] = []
  const rebate = await rebateRedDot(ctx, player)
  if (rebate.count > 0) out.push({ source: 'rebate', title: '', amount: rebate.amount, count: rebate.count, ...none })
  if (await vipOpen(ctx)) {
    const { cards } = await userVipOf(ctx.db, player, zoneOf(ctx.site.timeZone), ctx.now)
    const open = cards.filter((c) => c.reward.status === 0)
    if (open.length > 0) out.push({ source: 'vip', title: '', amount: await sumAmounts(ctx.db, open.map((c) => c.reward.amount)), count: open.length, ...none })
  }
  const zone = zoneOf(ctx.site.timeZone)
  for (const a of await activitiesOf(ctx.db, ctx.site.code)) {
    const e = await evaluateAndDispatch(ctx.db, a, player, zone, ctx.now, textIn(a.titles, 'en_US', ctx.site.languageCode))
    const open = e.rewards.filter((r) => r.reward.status === 1)
    if (open.length === 0) continue
    out.push({
      source: 'activity', title: textIn(a.titles, ctx.language, ctx.site.languageCode), amount: await sumAmounts(ctx.db, open.map((r) => r.reward.amount)),
      count: open.length, activeId: a.id, template: a.template,
    })
  }
  const messages = (
    await ctx.db.query<{ title: string; award: string }>(
      `SELECT m.title, trim_scale(m.award)::text AS award FROM messages m
       WHERE m.site_code = $1 AND (m.player_id IS NULL OR m.player_id = $2) AND m.award > 0
         AND (m.award_expires_at IS NULL OR m.award_expires_at > to_timestamp($3::double precision / 1000))
         AND NOT EXISTS (SELECT 1 FROM message_states s WHERE s.player_id = $2 AND s.message_id = m.id AND (s.deleted_at IS NOT NULL OR s.received_at IS NOT NULL))
       ORDER BY m.id DESC`,
      [ctx.site.code, player.id, ctx.now],
    )
  ).rows
  for (const m of messages) out.push({ source: 'message', title: m.title, amount: m.award, count: 1, ...none })
  return out
}

/**
 * The award entry's red dot: what the award page lists (every source's receivable rewards), their
 * number and their sum; nothing for a trial player, who is offered registration instead.
 */
export const awardRedDot = async (ctx: CallContext, player: PlayerRow): Promise<{ count: number; amount: string }> => {
  if (player.accountType === TRIAL_ACCOUNT) return { count: 0, amount: '0' }
  const list = await awardsOf(ctx, player)
  return { count: list.reduce((n, a) => n + a.count, 0), amount: await sumAmounts(ctx.db, list.map((a) => a.amount)) }
}

/** The source of a ledger entry's kind, for the receive records (SQL). */
const SOURCE_OF_KIND = categorySql('receipt')

/** The ledger entries that are rewards received: a positive entry of a kind with a receipt source (server/money/kinds.ts). */
const IS_RECEIPT = `amount > 0 AND ${kindIn(ALL_KINDS.filter((k) => LEDGER_KINDS[k].receipt !== null))}`

const records = async (ctx: CallContext, player: PlayerRow, q: typeof receiveRecords.request.Type) => {
  const zone = zoneOf(ctx.site.timeZone)
  const range = await rangeOf(ctx.db, q, ctx.now, zone)
  const current = q.current ?? 1
  const size = q.size ?? 10
  const source = q.source === undefined || q.source === 'all' ? null : q.source
  const where = `player_id = $1 AND currency = $2 AND ($3::timestamptz IS NULL OR created_at >= $3) AND ($4::timestamptz IS NULL OR created_at < $4)
    AND ${IS_RECEIPT} AND ($5::text IS NULL OR ${SOURCE_OF_KIND} = $5)`
  const params = [player.id, player.currency, range.from, range.to, source]
  const totals = (await ctx.db.query<{ total: number; amount: string }>(`SELECT count(*)::int AS total, coalesce(trim_scale(sum(amount)), 0)::text AS amount FROM wallet_entries WHERE ${where}`, params)).rows[0] ?? { total: 0, amount: '0' }
  const rows = (
    await ctx.db.query<{ id: string; source: ReceiveSource; amount: string; currency: string; createdAt: string }>(
      `SELECT id::text AS id, ${SOURCE_OF_KIND} AS source, trim_scale(amount)::text AS amount, currency,
              to_char(created_at AT TIME ZONE $6, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"
       FROM wallet_entries WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $7 OFFSET $8`,
      [...params, zone, size, (current - 1) * size],
    )
  ).rows
  return { page: { records: rows, total: totals.total, current, size }, summary: { amount: totals.amount } }
}

export const rebateCalls: ReadonlyArray<Implementation> = [
  implement(rebateIndex, async (ctx) => {
    await requireOpen(ctx)
    const { player } = await requirePlayer(ctx)
    return infoOf(ctx, player)
  }),
  implement(rebateReceive, async (ctx) => {
    const paid = await receive(ctx)
    const { player } = await requirePlayer(ctx)
    return { ...paid, currency: player.currency, game_gold: await balanceOf(ctx.db, player.id, player.currency) }
  }),
  implement(pendingAwards, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    const list = player.accountType === TRIAL_ACCOUNT ? [] : await awardsOf(ctx, player)
    return { list, total: await sumAmounts(ctx.db, list.map((a) => a.amount)), currency: player.currency }
  }),
  implement(receiveRecords, async (ctx, q) => {
    const { player } = await requirePlayer(ctx)
    return records(ctx, player, q)
  }),
]
