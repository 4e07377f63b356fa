/**
 * Sports guessing (activity type 21; calls doMatchBet, matchBetRecordList and the designed
 * matchList; docs/hall.md "Playing activities"). Migration 225.
 *
 * An activity has matches, each with options (home win, draw, away win) at decimal odds, and the
 * least and most stake of a guess. A guess is taken while its match is open (status 0) and before
 * kick-off: in one transaction the player's row is locked, the request id (unique per player) is
 * taken, the stake leaves the wallet with its ledger entry ('activity-guess-stake'; never below zero)
 * and the guess is written at the option's odds of that moment. A repeated request (same id, same
 * guess) answers the guess already placed and moves nothing; the same id for another guess is refused.
 *
 * The operator settles a match (the control `guess-settle`) with its winning option, or voids it. One
 * transaction flips the match from open to settled; only the transaction that flipped it pays, so
 * settling twice pays once. Each pending guess is then won (paid trunc(stake × odds) to the
 * currency's scale, 'activity-guess-win'), lost, or, for a void match, refunded ('activity-guess-refund').
 * Every player with a guess on the match hears `activeDetails` on the socket.
 */
import type { Match } from '../../schemas/hall/calls/play-own'
import type { MatchBetRecord } from '../../schemas/hall/calls/active'
import type { ActivityRow } from '../activities'
import { ts } from '../activities'
import type { Db, Queryable } from '../db'
import { localTime, lockPlayer } from '../rewards'
import { credit, debit, oncePerRequest, type LedgerKind } from '../money'
import { balanceOf, type PlayerRow } from '../store'
import { ServiceError } from '../calls/types'
import { PlayCodes, isAmountOf, within } from './common'

export const GUESS_KINDS = { stake: 'activity-guess-stake', win: 'activity-guess-win', refund: 'activity-guess-refund' } as const satisfies Record<string, LedgerKind>

interface Settings { readonly minAmount: string; readonly maxAmount: string }

const settingsOf = async (db: Queryable, activityId: number): Promise<Settings> =>
  (
    await db.query<Settings>(
      'SELECT trim_scale(min_amount)::text AS "minAmount", trim_scale(max_amount)::text AS "maxAmount" FROM play_guess_settings WHERE activity_id = $1',
      [activityId],
    )
  ).rows[0] ?? { minAmount: '1', maxAmount: '1000' }

/** The activity's matches with their options, by sort; kick-off in the site's zone. */
export const matchesOf = async (db: Queryable, activityId: number, zone: string): Promise<{ list: Match[]; minAmount: string; maxAmount: string }> => {
  const rows = (
    await db.query<{ id: number; home: string; away: string; kickoffMs: number; status: 0 | 1 | 2; result: number | null; options: Array<{ optionId: number; pick: 'home' | 'draw' | 'away'; odds: string }> }>(
      `SELECT m.id, m.home, m.away, (extract(epoch FROM m.kickoff_at) * 1000)::float8 AS "kickoffMs", m.status, m.result,
              coalesce((SELECT json_agg(json_build_object('optionId', o.id, 'pick', o.pick, 'odds', trim_scale(o.odds)::text) ORDER BY o.id) FROM play_match_options o WHERE o.match_id = m.id), '[]') AS options
       FROM play_matches m WHERE m.activity_id = $1 ORDER BY m.sort, m.id`,
      [activityId],
    )
  ).rows
  const s = await settingsOf(db, activityId)
  return {
    list: rows.map((r) => ({ matchId: r.id, home: r.home, away: r.away, kickoff: localTime(r.kickoffMs, zone), status: r.status, result: r.result, options: r.options })),
    ...s,
  }
}

export interface GuessRequest { readonly matchId: number; readonly optionId: number; readonly amount: string; readonly requestId: string }

/** Places a guess (one transaction); answers the order number and the balance after it. */
export const placeGuess = async (db: Db, a: ActivityRow, player: PlayerRow, g: GuessRequest, now: number): Promise<{ orderNo: string; game_gold: string }> => {
  if (!(await isAmountOf(db, g.amount, player.currency))) throw new ServiceError(PlayCodes.amountOutOfRange, 'not an amount of the currency')
  const orderNo = await db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    return oncePerRequest<{ id: string; same: boolean }, string>(tx, {
      table: 'play_guesses',
      playerId: player.id,
      requestId: g.requestId,
      earlier: 'r.id::text AS id, (r.activity_id = $3 AND r.match_id = $4 AND r.option_id = $5 AND r.amount = $6::numeric) AS same',
      params: [a.id, g.matchId, g.optionId, g.amount],
      reuse: { same: (e) => e.same, refuse: () => new ServiceError(PlayCodes.requestReused, 'this request id placed another guess') },
      again: (e) => e.id,
      first: async () => {
        const option = (
          await tx.query<{ odds: string }>(
            `SELECT trim_scale(o.odds)::text AS odds FROM play_match_options o JOIN play_matches m ON m.id = o.match_id
             WHERE o.id = $1 AND m.id = $2 AND m.activity_id = $3 AND m.status = 0 AND m.kickoff_at > $4`,
            [g.optionId, g.matchId, a.id, ts(now)],
          )
        ).rows[0]
        if (option === undefined) throw new ServiceError(PlayCodes.matchClosed, 'this match takes no guesses')
        const s = await settingsOf(tx, a.id)
        if (!(await within(tx, g.amount, s.minAmount, s.maxAmount))) throw new ServiceError(PlayCodes.amountOutOfRange, `a guess is from ${s.minAmount} to ${s.maxAmount}`)
        const after = await debit(tx, { playerId: player.id, currency: player.currency }, g.amount, GUESS_KINDS.stake)
        if (after === undefined) throw new ServiceError(PlayCodes.balanceShort, 'the balance is short of the stake')
        return (
          await tx.query<{ id: string }>(
            `INSERT INTO play_guesses (activity_id, match_id, option_id, player_id, request_id, amount, currency, odds, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id::text AS id`,
            [a.id, g.matchId, g.optionId, player.id, g.requestId, g.amount, player.currency, option.odds, ts(now)],
          )
        ).rows[0]!.id
      },
    })
  })
  return { orderNo, game_gold: await balanceOf(db, player.id, player.currency) }
}

/** The player's guesses in an activity, newest first. */
export const guessRecords = async (db: Queryable, activityId: number, player: PlayerRow, page: number, size: number, zone: string): Promise<{ records: MatchBetRecord[]; total: number }> => {
  const total = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM play_guesses WHERE player_id = $1 AND activity_id = $2', [player.id, activityId])).rows[0]!.n
  const rows = (
    await db.query<MatchBetRecord>(
      `SELECT g.id::text AS "orderNo", m.home || ' – ' || m.away AS "matchName", o.pick AS "optionName", trim_scale(g.amount)::text AS amount,
              trim_scale(g.odds)::text AS odds, trim_scale(g.win_amount)::text AS "winAmount", g.status::int AS status,
              to_char(g.created_at AT TIME ZONE $5, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"
       FROM play_guesses g JOIN play_matches m ON m.id = g.match_id JOIN play_match_options o ON o.id = g.option_id
       WHERE g.player_id = $1 AND g.activity_id = $2 ORDER BY g.created_at DESC, g.id DESC LIMIT $3 OFFSET $4`,
      [player.id, activityId, size, (page - 1) * size, zone],
    )
  ).rows
  return { records: rows, total }
}

/** What a settlement did: whether this call settled the match, the guesses it paid and the players to tell. */
export interface Settled { readonly settled: boolean; readonly won: number; readonly lost: number; readonly refunded: number; readonly paid: string; readonly players: ReadonlyArray<string> }

/**
 * Settles a match with its winning option, or voids it (`result` 'void'): one transaction; a match
 * already settled or void is left as it is and nothing is paid.
 */
export const settleMatch = async (db: Db, matchId: number, result: number | 'void', now: number): Promise<Settled> =>
  db.transaction(async (tx) => {
    if (result !== 'void') {
      const belongs = (await tx.query('SELECT 1 FROM play_match_options WHERE id = $1 AND match_id = $2', [result, matchId])).rows.length === 1
      if (!belongs) throw new ServiceError(PlayCodes.notFound, `option ${result} is not one of match ${matchId}`)
    }
    const flipped = (
      await tx.query('UPDATE play_matches SET status = $2, result = $3, settled_at = $4 WHERE id = $1 AND status = 0 RETURNING id', [
        matchId, result === 'void' ? 2 : 1, result === 'void' ? null : result, ts(now),
      ])
    ).rows.length === 1
    if (!flipped) return { settled: false, won: 0, lost: 0, refunded: 0, paid: '0', players: [] }
    const guesses = (
      await tx.query<{ id: string; playerId: string; optionId: number; amount: string; currency: string; win: string }>(
        `SELECT g.id::text AS id, g.player_id::text AS "playerId", g.option_id AS "optionId", trim_scale(g.amount)::text AS amount, g.currency,
                trim_scale(trunc(g.amount * g.odds, c.scale))::text AS win
         FROM play_guesses g JOIN currencies c ON c.code = g.currency WHERE g.match_id = $1 AND g.status = 0 ORDER BY g.id FOR UPDATE OF g`,
        [matchId],
      )
    ).rows
    let won = 0
    let lost = 0
    let refunded = 0
    const paid: string[] = []
    for (const g of guesses) {
      const outcome = result === 'void' ? 3 : g.optionId === result ? 1 : 2
      const amount = outcome === 1 ? g.win : outcome === 3 ? g.amount : '0'
      const changed = (await tx.query('UPDATE play_guesses SET status = $2, win_amount = $3, settled_at = $4 WHERE id = $1 AND status = 0 RETURNING id', [g.id, outcome, amount, ts(now)])).rows.length
      if (changed === 0) continue
      if (outcome === 2) {
        lost += 1
        continue
      }
      await credit(tx, g, amount, outcome === 1 ? GUESS_KINDS.win : GUESS_KINDS.refund)
      paid.push(amount)
      if (outcome === 1) won += 1
      else refunded += 1
    }
    const total = paid.length === 0 ? '0' : (await tx.query<{ v: string }>('SELECT trim_scale(sum(v))::text AS v FROM unnest($1::numeric[]) AS v', [paid])).rows[0]!.v
    return { settled: true, won, lost, refunded, paid: total, players: [...new Set(guesses.map((g) => g.playerId))] }
  })

/** The match of an activity by its teams' position (the control names matches by activity and index, or by id). */
export const matchIdOf = async (db: Queryable, activityId: number, index: number): Promise<number | undefined> =>
  (await db.query<{ id: number }>('SELECT id FROM play_matches WHERE activity_id = $1 ORDER BY sort, id OFFSET $2 LIMIT 1', [activityId, index])).rows[0]?.id

/** Adds a match with its odds to an activity (seed and control); answers its id and its options' ids by pick. */
export const addMatch = async (
  db: Queryable,
  activityId: number,
  m: { readonly home: string; readonly away: string; readonly kickoff: string; readonly odds: { readonly home: string; readonly draw?: string | undefined; readonly away: string }; readonly sort?: number },
): Promise<{ matchId: number; options: Record<string, number> }> => {
  const matchId = (
    await db.query<{ id: number }>('INSERT INTO play_matches (activity_id, home, away, kickoff_at, sort) VALUES ($1, $2, $3, $4, $5) RETURNING id', [activityId, m.home, m.away, m.kickoff, m.sort ?? 0])
  ).rows[0]!.id
  const options: Record<string, number> = {}
  for (const pick of ['home', 'draw', 'away'] as const) {
    const odds = m.odds[pick]
    if (odds === undefined) continue
    options[pick] = (await db.query<{ id: number }>('INSERT INTO play_match_options (match_id, pick, odds) VALUES ($1, $2, $3) RETURNING id', [matchId, pick, odds])).rows[0]!.id
  }
  return { matchId, options }
}

export const setGuessSettings = async (db: Queryable, activityId: number, minAmount: string, maxAmount: string): Promise<void> => {
  await db.query(
    `INSERT INTO play_guess_settings (activity_id, min_amount, max_amount) VALUES ($1, $2, $3)
     ON CONFLICT (activity_id) DO UPDATE SET min_amount = $2, max_amount = $3`,
    [activityId, minAmount, maxAmount],
  )
}
