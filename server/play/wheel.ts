/**
 * The rules of the playing activities' chances and of the lucky wheel (activity types LuckyWheel 2,
 * LuckyWheelNew 20; docs/hall.md "Lucky wheel and word collection"). The calls that answer the
 * lobby are server/calls/wheel.ts; the seed server/play/seed.ts.
 *
 * Chances (spins of a wheel, draws of a word collection) are counted in the activity's period on
 * the site's calendar, from what the player did, never from what the lobby says:
 * - each task of the activity (play_tasks) whose need the player's deposits paid (condition 1, the
 *   money deposited, not its bonus) or bets placed (condition 2) reach in the period gives its
 *   chances;
 * - a wheel whose points_per_spin is above 0 gives a spin per that many points, a point per 1 of
 *   the currency bet in the period;
 * - the chances spent in the period (play_draws) are taken off.
 * A chance is spent as the player's next draw (seq) of the period under the player's row lock, and
 * the draw's unique key (activity, player, period, seq) makes a repeated or concurrent request
 * spend it once. The prize is drawn from the wheel's weights with the hall's random source: a seed
 * set by the control (wheel-seed) makes the n-th draw of an activity sha256(seed:activity:n), so
 * tests know every outcome; otherwise the operating system's. A prize above 0 is paid in the same
 * transaction through payReward (ledger kind 'bonus-activity', the activity's turnover).
 */
import { createHash, randomBytes } from 'node:crypto'
import { ACTIVITY_KIND, periodAt, textIn, ts, type ActivityRow, type Texts } from '../activities'
import type { Queryable } from '../db'
import { payReward, type Period } from '../rewards'
import type { PlayerRow } from '../store'

/** The wheel and word-collection service codes (the hall's own range 2150–2179; docs/hall-protocol.md). */
export const PlayCodes = {
  /** No such wheel or word collection running on this site. */
  unknown: 2150,
  /** No spin left in the period. */
  noSpins: 2151,
  /** No word draw left in the period. */
  noChances: 2152,
  /** The set is not complete: a word of it is missing. */
  incomplete: 2153,
  /** Trial players register before playing. */
  trial: 2154,
  /** The activity has not started or is over. */
  notRunning: 2155,
} as const

export const WHEEL_TYPES: ReadonlyArray<number> = [2, 20]
export const WORDS_TYPE = 18

/** A uniform number in [0, 1) for the n-th draw of an activity with a seed: the first 48 bits of sha256(seed:activity:n). */
export const seededUniform = (seed: string, activityId: number, n: number): number =>
  createHash('sha256').update(`${seed}:${activityId}:${n}`, 'utf8').digest().readUIntBE(0, 6) / 2 ** 48

/** The place picked by a uniform number u in [0, 1) among weights (each > 0): place i has odds weight_i / Σ weights. */
export const pickWeighted = (weights: ReadonlyArray<number>, u: number): number => {
  const total = weights.reduce((s, w) => s + w, 0)
  let at = u * total
  for (const [i, w] of weights.entries()) {
    if (at < w) return i
    at -= w
  }
  return weights.length - 1
}

/** The activity's next uniform number (its draw counter moves on, in the caller's transaction). */
export const nextUniform = async (tx: Queryable, activityId: number): Promise<number> => {
  const r = (
    await tx.query<{ seed: string | null; draws: string }>(
      `INSERT INTO play_settings (activity_id, draws) VALUES ($1, 1)
       ON CONFLICT (activity_id) DO UPDATE SET draws = play_settings.draws + 1 RETURNING seed, draws::text AS draws`,
      [activityId],
    )
  ).rows[0]!
  return r.seed === null ? randomBytes(6).readUIntBE(0, 6) / 2 ** 48 : seededUniform(r.seed, activityId, Number(r.draws))
}

/** Sets (or clears, null) an activity's seed; its draw counter starts again at 0. */
export const setSeed = async (db: Queryable, activityId: number, seed: string | null): Promise<void> => {
  await db.query(
    `INSERT INTO play_settings (activity_id, seed, draws) VALUES ($1, $2, 0)
     ON CONFLICT (activity_id) DO UPDATE SET seed = $2, draws = 0`,
    [activityId, seed],
  )
}

export interface TaskRow {
  readonly id: number
  readonly condition: 1 | 2
  readonly need: string
  readonly chances: number
  readonly titles: Texts
}

export const tasksOf = async (db: Queryable, activityId: number): Promise<TaskRow[]> =>
  (
    await db.query<TaskRow>(
      'SELECT id, condition, trim_scale(need)::text AS need, chances, titles FROM play_tasks WHERE activity_id = $1 ORDER BY sort, id',
      [activityId],
    )
  ).rows

/** The instant whose period counts: now, within the activity's window. */
const shownAt = (a: ActivityRow, now: number): number => Math.min(Math.max(now, a.startMs), a.endMs - 1)

/** Whether the activity runs at `now`. */
export const running = (a: ActivityRow, now: number): boolean => a.status === 1 && now >= a.startMs && now < a.endMs

/** The player's chances in the activity's current period. */
export interface Chances {
  readonly period: Period
  readonly deposited: string
  readonly bet: string
  readonly tasks: ReadonlyArray<{ readonly task: TaskRow; readonly done: string; readonly met: boolean }>
  readonly pointsPerSpin: string
  readonly spent: number
  readonly earned: number
  readonly left: number
}

const cmp = (a: string, b: string): number => Math.sign(Number(a) - Number(b))

export const chancesOf = async (db: Queryable, a: ActivityRow, player: PlayerRow, zone: string, now: number): Promise<Chances> => {
  const period = await periodAt(db, a, zone, shownAt(a, now))
  const window = [player.id, player.currency, ts(period.from), ts(period.to)]
  const notStarted = now < a.startMs
  const deposited = notStarted
    ? '0'
    : (
        await db.query<{ v: string }>(
          `SELECT coalesce(trim_scale(sum(credit - least(bonus * rate, credit))), 0)::text AS v FROM deposit_orders
           WHERE player_id = $1 AND wallet_currency = $2 AND status = 1 AND paid_at >= $3 AND paid_at < $4`,
          window,
        )
      ).rows[0]!.v
  const bet = notStarted
    ? '0'
    : (
        await db.query<{ v: string }>(
          `SELECT coalesce(trim_scale(sum(bet)), 0)::text AS v FROM game_rounds
           WHERE player_id = $1 AND currency = $2 AND created_at >= $3 AND created_at < $4`,
          window,
        )
      ).rows[0]!.v
  const tasks = (await tasksOf(db, a.id)).map((task) => {
    const done = task.condition === 1 ? deposited : bet
    return { task, done, met: !notStarted && cmp(done, task.need) >= 0 }
  })
  const pointsPerSpin =
    (await db.query<{ v: string }>('SELECT trim_scale(points_per_spin)::text AS v FROM play_settings WHERE activity_id = $1', [a.id])).rows[0]?.v ?? '0'
  const fromPoints = Number(pointsPerSpin) > 0 ? Math.floor(Number(bet) / Number(pointsPerSpin)) : 0
  const earned = tasks.reduce((s, t) => s + (t.met ? t.task.chances : 0), 0) + fromPoints
  const spent = (
    await db.query<{ n: number }>('SELECT count(*)::int AS n FROM play_draws WHERE activity_id = $1 AND player_id = $2 AND period_key = $3', [a.id, player.id, period.key])
  ).rows[0]!.n
  return { period, deposited, bet, tasks, pointsPerSpin, spent, earned, left: Math.max(earned - spent, 0) }
}

/**
 * Spends the player's next chance of the period (in the caller's transaction, the player's row
 * locked): answers the draw's sequence number, or undefined when none is left or it was just taken.
 */
export const spendChance = async (tx: Queryable, a: ActivityRow, player: PlayerRow, zone: string, now: number): Promise<{ readonly period: Period; readonly seq: number; readonly left: number } | undefined> => {
  const c = await chancesOf(tx, a, player, zone, now)
  if (c.left <= 0) return undefined
  return { period: c.period, seq: c.spent + 1, left: c.left - 1 }
}

export interface PrizeRow {
  readonly id: number
  readonly titles: Texts
  readonly amount: string
  readonly weight: number
}

export const prizesOf = async (db: Queryable, activityId: number): Promise<PrizeRow[]> =>
  (
    await db.query<PrizeRow>(
      'SELECT id, titles, trim_scale(amount)::text AS amount, weight FROM wheel_prizes WHERE activity_id = $1 ORDER BY sort, id',
      [activityId],
    )
  ).rows

/** A spin's outcome as the hall stored it. */
export interface Spin {
  readonly drawId: string
  readonly prize: PrizeRow
  readonly index: number
  readonly left: number
}

/**
 * Spins the wheel for the player (in the caller's transaction, the player's row locked): spends a
 * spin, draws the prize, records the draw and pays a prize above 0. Answers undefined when no spin
 * is left.
 */
export const spinWheel = async (tx: Queryable, a: ActivityRow, player: PlayerRow, zone: string, now: number, language: string): Promise<Spin | undefined> => {
  const prizes = await prizesOf(tx, a.id)
  if (prizes.length === 0) return undefined
  const chance = await spendChance(tx, a, player, zone, now)
  if (chance === undefined) return undefined
  const index = pickWeighted(prizes.map((p) => p.weight), await nextUniform(tx, a.id))
  const prize = prizes[index]!
  const taken = await tx.query<{ id: string }>(
    `INSERT INTO play_draws (activity_id, player_id, period_key, seq, prize_id, amount, currency, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING id::text AS id`,
    [a.id, player.id, chance.period.key, chance.seq, prize.id, prize.amount, player.currency, ts(now)],
  )
  const drawId = taken.rows[0]?.id
  if (drawId === undefined) return undefined
  if (Number(prize.amount) > 0) {
    await payReward(tx, player, prize.amount, ACTIVITY_KIND, { multiple: a.turnoverMultiple, source: 'activity', title: textIn(a.titles, 'en_US', language) })
  }
  return { drawId, prize, index, left: chance.left }
}
