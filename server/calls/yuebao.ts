/**
 * Savings, yuebao (spec screens §2 header entry, system menu, /home/yuebao; §3 yuebao entity;
 * calls §7.7): the savings page, its records, saving into it, taking out of it, the interest and
 * receiving it.
 *
 * Interest (docs/hall.md "Savings"): simple interest on the principal, per whole day of the
 * site's calendar (site info timeZone, on the hall's clock) whose end the principal was held at.
 * One day pays floor(principal × yearRate / 36500) to the currency's scale (the cent for fiat);
 * n days at one principal pay n times that. Interest is accrued lazily, inside the transaction of
 * whatever call touches the account next, so the figures are the same whenever they are read.
 *
 * Every move is one transaction: the savings account row is locked first (concurrent moves of a
 * player queue behind it), the wallet moves through `credit` (its ledger entry, never below zero),
 * the savings balance by a CHECK-guarded update, and the movement's record is written with its
 * request id (unique per player), so a repeated request moves nothing twice.
 */
import {
  yuebaoIndex, yuebaoProfitCount, yuebaoProfitRecord, yuebaoReceive, yuebaoSaveGold, yuebaoTakeoutGold,
} from '../../schemas/hall/calls'
import type { Queryable } from '../db'
import { randomHex } from '../crypto'
import { yuebaoCodes } from '../../schemas/hall/calls/codes'
import { checkAmount, credit, debit, decimalsOf, oncePerRequest, type LedgerKind } from '../money'
import { balanceOf, type PlayerRow, type SiteRow } from '../store'
import { rangeOf, zoneOf } from './records'
import { requirePlayer } from './session'
import { ServiceError, implement } from './types'
import type { Implementation } from './types'

/** The savings service codes (the hall's own: the spec's catalogue names none). */
export const YuebaoCodes = yuebaoCodes

/** Ledger kinds of the wallet entries savings write (the account details show them as transfer and interest). */
export const YUEBAO_KINDS = { save: 'transfer-yuebao-in', takeout: 'transfer-yuebao-out', interest: 'interest-yuebao' } as const satisfies Record<string, LedgerKind>

/** A site's savings terms. */
export interface YuebaoTerms {
  readonly open: boolean
  readonly yearRate: string
  readonly minIn: string
  readonly minOut: string
}

/** The site's savings terms (the defaults of migration 095 when the site has no row). */
export const termsOf = async (db: Queryable, siteCode: string): Promise<YuebaoTerms> => {
  const row = (
    await db.query<{ open: boolean; yearRate: string; minIn: string; minOut: string }>(
      `SELECT switch_status = 1 AS open, trim_scale(year_rate)::text AS "yearRate", trim_scale(min_in)::text AS "minIn", trim_scale(min_out)::text AS "minOut"
       FROM yuebao_settings WHERE site_code = $1`,
      [siteCode],
    )
  ).rows[0]
  return row ?? { open: true, yearRate: '7.3', minIn: '1', minOut: '1' }
}

/** Sets a site's savings terms (the control surface); answers them. */
export const setTerms = async (db: Queryable, siteCode: string, t: { switchStatus?: 0 | 1 | undefined; yearRate?: string | undefined; minIn?: string | undefined; minOut?: string | undefined }): Promise<YuebaoTerms> => {
  await db.query(
    `INSERT INTO yuebao_settings (site_code, switch_status, year_rate, min_in, min_out)
     VALUES ($1, coalesce($2::smallint, 1), coalesce($3::numeric, 7.3), coalesce($4::numeric, 1), coalesce($5::numeric, 1))
     ON CONFLICT (site_code) DO UPDATE SET
       switch_status = coalesce($2::smallint, yuebao_settings.switch_status), year_rate = coalesce($3::numeric, yuebao_settings.year_rate),
       min_in = coalesce($4::numeric, yuebao_settings.min_in), min_out = coalesce($5::numeric, yuebao_settings.min_out)`,
    [siteCode, t.switchStatus ?? null, t.yearRate ?? null, t.minIn ?? null, t.minOut ?? null],
  )
  return termsOf(db, siteCode)
}

/** The local date (site calendar) of a moment, as SQL over the parameters $now (ms) and $zone. */
const localDay = (now: string, zone: string): string => `(to_timestamp(${now}::double precision / 1000) AT TIME ZONE ${zone})::date`

/** A savings account as the calls answer it (amounts as decimal strings in the currency's scale). */
interface Account {
  readonly currency: string
  readonly principal: string
  readonly unclaimed: string
  readonly totalIncome: string
  readonly yesterday: string
  readonly popShown: boolean
}

/** An amount in the currency's scale: fiat rounded to its decimals, crypto without trailing zeros (SQL). */
const shown = (expr: string): string =>
  `CASE WHEN c.currency_type = 1 THEN round(${expr}, c.scale)::text ELSE trim_scale(${expr})::text END`

/**
 * Opens (creating it if needed) and locks the player's savings account, accrues its interest up to
 * the end of yesterday, and answers it. Runs in the caller's transaction.
 */
const openAccount = async (tx: Queryable, player: PlayerRow, site: SiteRow, now: number, terms: YuebaoTerms): Promise<Account> => {
  const zone = zoneOf(site.timeZone)
  await tx.query(
    `INSERT INTO yuebao_accounts (player_id, currency, accrued_through) VALUES ($1, $2, ${localDay('$3', '$4')} - 1) ON CONFLICT (player_id) DO NOTHING`,
    [player.id, player.currency, now, zone],
  )
  // Lock, then accrue every whole day whose end has passed since the last accrual: each pays the
  // day's interest on the principal held (unchanged since the last touch), rounded down per day.
  const row = (
    await tx.query<Account>(
      `WITH locked AS (SELECT * FROM yuebao_accounts WHERE player_id = $1 FOR UPDATE),
       terms AS (
         SELECT l.player_id, ${localDay('$2', '$3')} - 1 AS through,
                greatest(${localDay('$2', '$3')} - 1 - l.accrued_through, 0) AS days,
                floor(l.principal * $4::numeric / 36500 * power(10::numeric, c.scale)) / power(10::numeric, c.scale) AS daily
         FROM locked l JOIN currencies c ON c.code = l.currency
       ),
       accrued AS (
         UPDATE yuebao_accounts a SET
           unclaimed = a.unclaimed + t.days * t.daily,
           accrued_through = greatest(a.accrued_through, t.through),
           last_income_day = CASE WHEN t.days > 0 THEN t.through ELSE a.last_income_day END,
           last_income = CASE WHEN t.days > 0 THEN t.daily ELSE a.last_income END
         FROM terms t WHERE a.player_id = t.player_id
         RETURNING a.*, t.through
       )
       SELECT a.currency, ${shown('a.principal')} AS principal, ${shown('a.unclaimed')} AS unclaimed, ${shown('a.total_income')} AS "totalIncome",
              ${shown('CASE WHEN a.last_income_day = a.through THEN a.last_income ELSE 0 END')} AS yesterday, a.pop_shown AS "popShown"
       FROM accrued a JOIN currencies c ON c.code = a.currency`,
      [player.id, now, zone, terms.yearRate],
    )
  ).rows[0]
  if (row === undefined) throw new Error(`no savings account for player ${player.id}`)
  return row
}

/** The balances after a move: the amount moved, the savings, the interest not received and the wallet. */
const balances = async (tx: Queryable, player: PlayerRow, site: SiteRow, now: number, terms: YuebaoTerms, amount: string) => {
  const a = await openAccount(tx, player, site, now, terms)
  return { amount, principal: a.principal, curIncome: a.unclaimed, gameGold: await balanceOf(tx, player.id, player.currency) }
}

/** An amount above the wallet, or above the savings (an amount longer than any balance is one). */
const walletShort = () => new ServiceError(YuebaoCodes.walletShort, 'the balance is less than the amount')
const principalShort = () => new ServiceError(YuebaoCodes.principalShort, 'the savings are less than the amount')

/** What a request id already made: its savings record (a repeated request answers it again). */
interface Made {
  readonly type: number
  readonly amount: string
  /** The record's amount equals the one asked now ($3). */
  readonly sameAmount: boolean
}

/** A savings movement of a request id, made once (server/money/once.ts): the same movement again answers the balances, another is refused. */
const onceMade = <T>(tx: Queryable, playerId: string, requestId: string, type: 1 | 2 | 5, amount: string | null, again: (made: Made) => Promise<T>, first: () => Promise<T>): Promise<T> =>
  oncePerRequest<Made, T>(tx, {
    table: 'yuebao_records',
    playerId,
    requestId,
    earlier: `r.type, ${shown('r.amount')} AS amount, (r.amount = $3::numeric) IS TRUE AS "sameAmount"`,
    join: 'JOIN yuebao_accounts a ON a.player_id = r.player_id JOIN currencies c ON c.code = a.currency',
    params: [amount],
    reuse: {
      same: (m) => m.type === type && (amount === null || m.sameAmount),
      refuse: () => new ServiceError(YuebaoCodes.requestReused, 'this request id was used for another movement'),
    },
    again,
    first,
  })

/** Writes a savings record with the principal after it, at the hall's clock. */
const record = async (tx: Queryable, playerId: string, type: 1 | 2 | 3 | 5, amount: string, requestId: string, now: number): Promise<void> => {
  await tx.query(
    `INSERT INTO yuebao_records (player_id, type, amount, principal, request_id, created_at)
     SELECT $1, $2, $3::numeric, principal, $4, to_timestamp($5::double precision / 1000) FROM yuebao_accounts WHERE player_id = $1`,
    [playerId, type, amount, requestId, now],
  )
}

/** The amount to move, checked: positive, within the currency's decimals, at least the least amount. */
const checkMove = async (tx: Queryable, amount: string, currency: string, least: string, short: () => ServiceError): Promise<void> => {
  checkAmount(amount, { decimals: await decimalsOf(tx, currency), min: least }, (problem) =>
    problem === 'min'
      ? new ServiceError(YuebaoCodes.belowMinimum, `the least amount is ${least}`, { min: least })
      : problem === 'length'
        ? short()
        : new ServiceError(YuebaoCodes.belowMinimum, `the amount must be a positive amount of ${currency}`),
  )
}

/** The next settlement: the coming midnight of the site's calendar, as the hall answers moments. */
const nextSettle = async (db: Queryable, now: number, zone: string): Promise<string | null> =>
  (await db.query<{ t: string }>(`SELECT to_char(${localDay('$1', '$2')} + 1, 'YYYY-MM-DD') || ' 00:00:00' AS t`, [now, zone])).rows[0]?.t ?? null

export const yuebaoCalls: ReadonlyArray<Implementation> = [
  implement(yuebaoIndex, async (ctx, q) => {
    const { player } = await requirePlayer(ctx)
    const terms = await termsOf(ctx.db, ctx.site.code)
    return ctx.db.transaction(async (tx) => {
      const a = await openAccount(tx, player, ctx.site, ctx.now, terms)
      // The introduction pops up once: the first time the savings page itself reads (page 1) with the switch on.
      const pop = q.page === 1 && terms.open && !a.popShown
      if (pop) await tx.query('UPDATE yuebao_accounts SET pop_shown = true WHERE player_id = $1', [player.id])
      return {
        switchStatus: terms.open ? ('open' as const) : ('close' as const),
        principal: a.principal,
        yearRate: terms.yearRate,
        isPop: pop ? (1 as const) : (0 as const),
        curIncome: a.unclaimed,
        gameGold: await balanceOf(tx, player.id, player.currency),
        currency: a.currency,
        minIn: terms.minIn,
        minOut: terms.minOut,
        totalIncome: a.totalIncome,
        nextSettleTime: await nextSettle(tx, ctx.now, zoneOf(ctx.site.timeZone)),
      }
    })
  }),
  implement(yuebaoProfitCount, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    const terms = await termsOf(ctx.db, ctx.site.code)
    const a = await ctx.db.transaction((tx) => openAccount(tx, player, ctx.site, ctx.now, terms))
    return { yesterday: a.yesterday, totalIncome: a.totalIncome, curIncome: a.unclaimed, yearRate: terms.yearRate }
  }),
  implement(yuebaoProfitRecord, async (ctx, q) => {
    const { player } = await requirePlayer(ctx)
    const zone = zoneOf(ctx.site.timeZone)
    const range = await rangeOf(ctx.db, { dateType: q.dateType ?? -1, startDate: q.startDate, endDate: q.endDate }, ctx.now, zone)
    const current = q.current ?? 1
    const size = Math.min(Math.max(q.size ?? 10, 1), 50)
    // Newest first in the order the moves happened (ids are taken under the account's lock; two
    // moves asked at the same moment may run in either order).
    // The filter: all 0, transfer-in 1, transfer-out 2 (capital 2 and interest 3), check 3 (interest out), profit 5.
    const types = { 0: [1, 2, 3, 5], 1: [1], 2: [2, 3], 3: [3], 5: [5] }[q.type ?? 0]
    const where = `r.player_id = $1 AND r.type = ANY($2::smallint[]) AND ($3::timestamptz IS NULL OR r.created_at >= $3) AND ($4::timestamptz IS NULL OR r.created_at < $4)`
    const params = [player.id, types, range.from, range.to]
    const total = (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM yuebao_records r WHERE ${where}`, params)).rows[0]?.n ?? 0
    const rows = (
      await ctx.db.query<{ id: string; type: 1 | 2 | 3 | 5; amount: string; principal: string; createdAt: string }>(
        `SELECT r.id::text AS id, r.type, ${shown('r.amount')} AS amount, ${shown('r.principal')} AS principal,
                to_char(r.created_at AT TIME ZONE $7, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"
         FROM yuebao_records r JOIN currencies c ON c.code = $8
         WHERE ${where} ORDER BY r.id DESC LIMIT $5 OFFSET $6`,
        [...params, size, (current - 1) * size, zone, player.currency],
      )
    ).rows
    return { records: rows, total, current, size }
  }),
  implement(yuebaoSaveGold, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const terms = await termsOf(ctx.db, ctx.site.code)
    if (!terms.open) throw new ServiceError(YuebaoCodes.closed, 'savings are closed on this site')
    return ctx.db.transaction(async (tx) => {
      await openAccount(tx, player, ctx.site, ctx.now, terms)
      const answer = () => balances(tx, player, ctx.site, ctx.now, terms, p.amount)
      return onceMade(tx, player.id, p.request_id, 1, p.amount, answer, async () => {
        await checkMove(tx, p.amount, player.currency, terms.minIn, walletShort)
        const wallet = await debit(tx, { playerId: player.id, currency: player.currency }, p.amount, YUEBAO_KINDS.save)
        if (wallet === undefined) throw walletShort()
        await tx.query('UPDATE yuebao_accounts SET principal = principal + $2::numeric WHERE player_id = $1', [player.id, p.amount])
        await record(tx, player.id, 1, p.amount, p.request_id, ctx.now)
        return answer()
      })
    })
  }),
  implement(yuebaoTakeoutGold, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const terms = await termsOf(ctx.db, ctx.site.code)
    // Taking out stays possible when the switch is off: the money is the player's.
    return ctx.db.transaction(async (tx) => {
      const a = await openAccount(tx, player, ctx.site, ctx.now, terms)
      const answer = () => balances(tx, player, ctx.site, ctx.now, terms, p.amount)
      return onceMade(tx, player.id, p.request_id, 2, p.amount, answer, async () => {
        // The whole principal may always be taken out, even below the least amount; nothing (0, of
        // empty savings too) is no amount to move.
        if (!/^\d+(\.\d+)?$/.test(p.amount) || Number(p.amount) <= 0) throw new ServiceError(YuebaoCodes.belowMinimum, 'the amount must be a positive amount')
        if (!(await tx.query<{ b: boolean }>('SELECT $1::numeric = $2::numeric AS b', [p.amount, a.principal])).rows[0]?.b) {
          await checkMove(tx, p.amount, player.currency, terms.minOut, principalShort)
        }
        const taken = await tx.query('UPDATE yuebao_accounts SET principal = principal - $2::numeric WHERE player_id = $1 AND principal >= $2::numeric', [player.id, p.amount])
        if ((taken.affectedRows ?? 0) === 0) throw principalShort()
        await credit(tx, { playerId: player.id, currency: player.currency }, p.amount, YUEBAO_KINDS.takeout)
        await record(tx, player.id, 2, p.amount, p.request_id, ctx.now)
        return answer()
      })
    })
  }),
  implement(yuebaoReceive, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const terms = await termsOf(ctx.db, ctx.site.code)
    return ctx.db.transaction(async (tx) => {
      const requestId = p.request_id ?? `receive-${randomHex(8)}`
      const a = await openAccount(tx, player, ctx.site, ctx.now, terms)
      const answer = (amount: string) => balances(tx, player, ctx.site, ctx.now, terms, amount)
      return onceMade(tx, player.id, requestId, 5, null, (made) => answer(made.amount), async () => {
        if (Number(a.unclaimed) <= 0) return answer('0')
        // The interest is paid once: what is unclaimed moves to the wallet and the total received.
        await tx.query('UPDATE yuebao_accounts SET unclaimed = unclaimed - $2::numeric, total_income = total_income + $2::numeric WHERE player_id = $1', [player.id, a.unclaimed])
        await credit(tx, { playerId: player.id, currency: player.currency }, a.unclaimed, YUEBAO_KINDS.interest)
        await record(tx, player.id, 5, a.unclaimed, requestId, ctx.now)
        return answer(a.unclaimed)
      })
    })
  }),
]

/**
 * Moves a player's savings days forward (the control surface): the account's interest is counted
 * as if `days` more day-ends had passed with the principal it holds, as a hall whose clock moved
 * on would count them. Answers the interest not received after it.
 */
export const advanceSavingsDays = async (db: Queryable, player: PlayerRow, site: SiteRow, now: number, days: number): Promise<string> => {
  const terms = await termsOf(db, site.code)
  await openAccount(db, player, site, now, terms)
  await db.query(`UPDATE yuebao_accounts SET accrued_through = accrued_through - $2::integer WHERE player_id = $1`, [player.id, days])
  return (await openAccount(db, player, site, now, terms)).unclaimed
}
