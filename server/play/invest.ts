/**
 * Invest (activity type 16; calls investment_handler and the designed investmentInfo;
 * docs/hall.md "Playing activities"). Migration 225.
 *
 * An activity offers terms: a length in days, a rate for the whole term in percent, and the least
 * and most amount of one subscription. Subscribing (action 'invest', termId, amount) is one
 * transaction: the player's row locked, the request id (unique per player) taken, the amount leaving
 * the wallet with its ledger entry ('transfer-invest-in'; never below zero), and the subscription
 * written with its profit fixed at that moment: trunc(amount × rate / 100) to the currency's scale,
 * and its maturity start + days × 24 h on the hall's clock.
 *
 * From maturity the return can be received (action 'redeem', investId), once: the update that
 * marks it received is conditioned on it not being received, and only the transaction that made
 * it credits the principal ('transfer-invest-out') and the profit ('interest-invest'). A repeated
 * redeem request (same request id) answers without moving anything; a second redeem of a received
 * subscription is refused (2186). The control `invest-mature` moves a subscription's start and
 * maturity back by its term (time passing, never a real wait) and tells the player's socket.
 */
import type { Investment, InvestTerm } from '../../schemas/hall/calls/play-own'
import type { ActivityRow } from '../activities'
import { ts } from '../activities'
import type { Db, Queryable } from '../db'
import { localTime, lockPlayer } from '../rewards'
import { credit, debit, oncePerRequest, type LedgerKind } from '../money'
import { balanceOf, type PlayerRow } from '../store'
import { ServiceError } from '../calls/types'
import { PlayCodes, isAmountOf, percentOf, within } from './common'

export const INVEST_KINDS = { in: 'transfer-invest-in', out: 'transfer-invest-out', profit: 'interest-invest' } as const satisfies Record<string, LedgerKind>
const DAY = 86_400_000

export const termsOf = async (db: Queryable, activityId: number): Promise<InvestTerm[]> =>
  (
    await db.query<InvestTerm>(
      `SELECT id AS "termId", days, trim_scale(rate)::text AS rate, trim_scale(min_amount)::text AS "minAmount", trim_scale(max_amount)::text AS "maxAmount"
       FROM play_invest_terms WHERE activity_id = $1 ORDER BY sort, id`,
      [activityId],
    )
  ).rows

/** The player's subscriptions (newest first) and what is invested now (not yet received). */
export const investmentsOf = async (db: Queryable, activityId: number, player: PlayerRow, zone: string, now: number): Promise<{ list: Investment[]; invested: string }> => {
  const rows = (
    await db.query<{ id: number; termId: number; days: number; rate: string; amount: string; profit: string; startMs: number; maturesMs: number; received: boolean }>(
      `SELECT i.id, i.term_id AS "termId", t.days, trim_scale(t.rate)::text AS rate, trim_scale(i.amount)::text AS amount, trim_scale(i.profit)::text AS profit,
              (extract(epoch FROM i.start_at) * 1000)::float8 AS "startMs", (extract(epoch FROM i.matures_at) * 1000)::float8 AS "maturesMs", i.received_at IS NOT NULL AS received
       FROM play_investments i JOIN play_invest_terms t ON t.id = i.term_id WHERE i.player_id = $1 AND i.activity_id = $2 ORDER BY i.id DESC`,
      [player.id, activityId],
    )
  ).rows
  const invested = (
    await db.query<{ v: string }>('SELECT coalesce(trim_scale(sum(amount)), 0)::text AS v FROM play_investments WHERE player_id = $1 AND activity_id = $2 AND received_at IS NULL', [player.id, activityId])
  ).rows[0]!.v
  return {
    list: rows.map((r) => ({
      investId: r.id, termId: r.termId, days: r.days, rate: r.rate, amount: r.amount, profit: r.profit,
      startTime: localTime(r.startMs, zone), maturityTime: localTime(r.maturesMs, zone), status: r.received ? 2 : now >= r.maturesMs ? 1 : 0,
    })),
    invested,
  }
}

const investedNow = async (db: Queryable, activityId: number, playerId: string): Promise<string> =>
  (await db.query<{ v: string }>('SELECT coalesce(trim_scale(sum(amount)), 0)::text AS v FROM play_investments WHERE player_id = $1 AND activity_id = $2 AND received_at IS NULL', [playerId, activityId])).rows[0]!.v

/** Subscribes an amount for a term; answers what is invested now, profit '0' and the balance. */
export const subscribe = async (db: Db, a: ActivityRow, player: PlayerRow, termId: number, amount: string, requestId: string, now: number) => {
  if (!(await isAmountOf(db, amount, player.currency))) throw new ServiceError(PlayCodes.amountOutOfRange, 'not an amount of the currency')
  await db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    await oncePerRequest<{ same: boolean }, void>(tx, {
      table: 'play_investments',
      playerId: player.id,
      requestId,
      earlier: '(r.activity_id = $3 AND r.term_id = $4 AND r.amount = $5::numeric) AS same',
      params: [a.id, termId, amount],
      reuse: { same: (e) => e.same, refuse: () => new ServiceError(PlayCodes.requestReused, 'this request id made another subscription') },
      again: () => undefined,
      first: async () => {
        const term = (await termsOf(tx, a.id)).find((t) => t.termId === termId)
        if (term === undefined) throw new ServiceError(PlayCodes.notFound, 'no such term')
        if (!(await within(tx, amount, term.minAmount, term.maxAmount))) throw new ServiceError(PlayCodes.amountOutOfRange, `this term takes ${term.minAmount} to ${term.maxAmount}`)
        const profit = await percentOf(tx, amount, term.rate, player.currency)
        if ((await debit(tx, { playerId: player.id, currency: player.currency }, amount, INVEST_KINDS.in)) === undefined) throw new ServiceError(PlayCodes.balanceShort, 'the balance is short of the amount')
        await tx.query(
          `INSERT INTO play_investments (activity_id, term_id, player_id, request_id, amount, profit, currency, start_at, matures_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [a.id, termId, player.id, requestId, amount, profit, player.currency, ts(now), ts(now + term.days * DAY)],
        )
      },
    })
  })
  return { invested: await investedNow(db, a.id, player.id), profit: '0', game_gold: await balanceOf(db, player.id, player.currency) }
}

/** Receives a matured subscription's principal and profit, once; answers what is invested now, the profit received and the balance. */
export const redeem = async (db: Db, a: ActivityRow, player: PlayerRow, investId: number, requestId: string, now: number) => {
  const profit = await db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    return oncePerRequest<{ investId: number }, string>(tx, {
      table: 'play_invest_redeems',
      playerId: player.id,
      requestId,
      earlier: 'r.invest_id AS "investId"',
      reuse: { same: (e) => e.investId === investId, refuse: () => new ServiceError(PlayCodes.requestReused, 'this request id received another subscription') },
      again: async () => (await tx.query<{ v: string }>('SELECT trim_scale(profit)::text AS v FROM play_investments WHERE id = $1', [investId])).rows[0]!.v,
      first: async () => {
        const inv = (
          await tx.query<{ amount: string; profit: string; currency: string; matured: boolean; received: boolean }>(
            `SELECT trim_scale(amount)::text AS amount, trim_scale(profit)::text AS profit, currency, matures_at <= $4 AS matured, received_at IS NOT NULL AS received
             FROM play_investments WHERE id = $1 AND player_id = $2 AND activity_id = $3`,
            [investId, player.id, a.id, ts(now)],
          )
        ).rows[0]
        if (inv === undefined) throw new ServiceError(PlayCodes.notFound, 'no such subscription')
        if (inv.received) throw new ServiceError(PlayCodes.received, 'this return was received already')
        if (!inv.matured) throw new ServiceError(PlayCodes.notMatured, 'this subscription has not matured')
        const taken = await tx.query('UPDATE play_investments SET received_at = $2 WHERE id = $1 AND received_at IS NULL RETURNING id', [investId, ts(now)])
        if (taken.rows.length === 0) throw new ServiceError(PlayCodes.received, 'this return was received already')
        await tx.query('INSERT INTO play_invest_redeems (player_id, request_id, invest_id) VALUES ($1, $2, $3)', [player.id, requestId, investId])
        const wallet = { playerId: player.id, currency: inv.currency }
        await credit(tx, wallet, inv.amount, INVEST_KINDS.out)
        if (Number(inv.profit) > 0) await credit(tx, wallet, inv.profit, INVEST_KINDS.profit)
        return inv.profit
      },
    })
  })
  return { invested: await investedNow(db, a.id, player.id), profit, game_gold: await balanceOf(db, player.id, player.currency) }
}

/** Moves a player's subscriptions of an activity that are not received on by their term (as if their days had passed); answers how many. */
export const matureInvestments = async (db: Queryable, activityId: number, playerId: string): Promise<number> =>
  (
    await db.query(
      `UPDATE play_investments i SET start_at = i.start_at - (i.matures_at - i.start_at), matures_at = i.start_at
       WHERE i.activity_id = $1 AND i.player_id = $2 AND i.received_at IS NULL RETURNING i.id`,
      [activityId, playerId],
    )
  ).rows.length

export const addTerm = async (db: Queryable, activityId: number, t: { days: number; rate: string; minAmount: string; maxAmount: string }, sort: number): Promise<number> =>
  (
    await db.query<{ id: number }>('INSERT INTO play_invest_terms (activity_id, days, rate, min_amount, max_amount, sort) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id', [
      activityId, t.days, t.rate, t.minAmount, t.maxAmount, sort,
    ])
  ).rows[0]!.id
