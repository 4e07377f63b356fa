/**
 * The event centre's rules (spec enumerations: activity type, period, condition, reward mode,
 * distribution, reward status; docs/hall.md "Event centre"): how the hall reads activities and
 * their tiers, computes a player's progress in a period from the store, evaluates each tier's
 * status and amount, and pays a reward. The calls that answer the lobby are
 * server/calls/activities.ts; the seed and the control's activities server/activities-seed.ts.
 */
import type { ActivityDetail, ActivityReward, ActivitySummary } from '../schemas/hall/calls/active'
import type { Db, Queryable } from './db'
import { calendarPeriod, localTime, lockPlayer, payReward, type Period } from './rewards'
import type { PlayerRow } from './store'

/** The ledger kind of an activity's reward. */
export const ACTIVITY_KIND = 'bonus-activity'
/** Localized texts as stored: language code to text. */
export type Texts = Readonly<Record<string, string>>

export interface ActivityRow {
  readonly id: number
  readonly siteCode: string
  readonly categoryId: number
  readonly type: ActivitySummary['type']
  readonly template: string
  readonly titles: Texts
  readonly contents: Texts
  readonly imgId: string
  readonly imgUrl: string
  readonly period: ActivitySummary['period']
  readonly status: ActivitySummary['status']
  readonly startMs: number
  readonly endMs: number
  readonly condition: ActivityDetail['condition']
  readonly rewardMode: ActivityDetail['rewardMode']
  readonly distribution: ActivityDetail['distribution']
  readonly turnoverMultiple: string
  readonly receiveHours: number
  readonly sort: number
}

export interface TierRow {
  readonly id: number
  readonly level: 0 | 1 | 2 | null
  readonly titles: Texts
  readonly need: string
  readonly value: string
}

const ACTIVITY_COLUMNS = `id, site_code AS "siteCode", category_id AS "categoryId", type, template, titles, contents, img_id AS "imgId",
  img_url AS "imgUrl", period, status, (extract(epoch FROM start_at) * 1000)::float8 AS "startMs", (extract(epoch FROM end_at) * 1000)::float8 AS "endMs",
  condition, reward_mode AS "rewardMode", distribution, trim_scale(turnover_multiple)::text AS "turnoverMultiple", receive_hours AS "receiveHours", sort`

/** The activities a list shows: started, and not past the time their rewards may still be received. */
export const LISTED = "start_at <= $2 AND end_at + make_interval(hours => receive_hours) > $2"

/** The text in the caller's language (Brazilian Portuguese reads the European where it has none of its own), else the site's, else English, else any. */
export const textIn = (texts: Texts, language: string, siteLanguage: string): string =>
  texts[language] ?? texts[kinOf(language)] ?? texts[siteLanguage] ?? texts[kinOf(siteLanguage)] ?? texts['en_US'] ?? Object.values(texts)[0] ?? ''

/** The language whose text stands in for one that has none: European Portuguese for Brazilian. */
const kinOf = (language: string): string => (language === 'pt_BR' ? 'pt_PT' : language)

/** A site's running activities (Processing 1, or Over 2 with rewards maybe still to receive), by category and sort. */
export const activitiesOf = async (db: Queryable, siteCode: string, where = 'TRUE', params: unknown[] = []): Promise<ActivityRow[]> =>
  (
    await db.query<ActivityRow>(
      `SELECT ${ACTIVITY_COLUMNS} FROM activities WHERE site_code = $1 AND status IN (1, 2) AND ${where} ORDER BY sort, id`,
      [siteCode, ...params],
    )
  ).rows

export const tiersOf = async (db: Queryable, activityId: number): Promise<TierRow[]> =>
  (
    await db.query<TierRow>(
      `SELECT id, level, titles, trim_scale(need)::text AS need, trim_scale(value)::text AS value
       FROM activity_tiers WHERE activity_id = $1 ORDER BY sort, id`,
      [activityId],
    )
  ).rows

const UNIT = { 1: 'day', 2: 'week' } as const

/** The activity's period holding the instant `at` (ms), on the site's calendar, within the activity's window. */
export const periodAt = async (db: Queryable, a: Pick<ActivityRow, 'period' | 'startMs' | 'endMs'>, zone: string, at: number): Promise<Period> => {
  if (a.period === 0) return { key: 'all', from: a.startMs, to: a.endMs }
  const p = await calendarPeriod(db, UNIT[a.period], zone, at)
  return { key: p.key, from: Math.max(p.from, a.startMs), to: Math.min(p.to, a.endMs) }
}

/** The instant whose period the detail shows: now, or the activity's last moment once it ended. */
const shownAt = (a: ActivityRow, now: number): number => Math.min(Math.max(now, a.startMs), a.endMs - 1)

export const ts = (ms: number): string => new Date(ms).toISOString()

/**
 * The money the player deposited in a window, in the player's wallet currency only (a deposit into
 * another currency's wallet counts nowhere here): what was credited less its deposit bonus (as VIP
 * and the tasks count it).
 */
const depositedIn = async (db: Queryable, player: PlayerRow, from: number, to: number): Promise<string> =>
  (
    await db.query<{ v: string }>(
      `SELECT coalesce(trim_scale(sum(credit - least(bonus * rate, credit))), 0)::text AS v FROM deposit_orders
       WHERE player_id = $1 AND wallet_currency = $2 AND status = 1 AND paid_at >= $3 AND paid_at < $4`,
      [player.id, player.currency, ts(from), ts(to)],
    )
  ).rows[0]!.v

/** The bets of the rounds the player played in a window, in the player's wallet currency only. */
const betIn = async (db: Queryable, player: PlayerRow, from: number, to: number): Promise<string> =>
  (
    await db.query<{ v: string }>(
      `SELECT coalesce(trim_scale(sum(bet)), 0)::text AS v FROM game_rounds
       WHERE player_id = $1 AND currency = $2 AND created_at >= $3 AND created_at < $4`,
      [player.id, player.currency, ts(from), ts(to)],
    )
  ).rows[0]!.v

/** True for an activity every player reaches without doing anything: a Customize one without a condition. */
const unconditional = (a: Pick<ActivityRow, 'type' | 'condition'>): boolean => a.type === 1 && a.condition === 0

/** The player's progress in a window, by the activity's type (a Customize one: by its condition). */
const progressIn = async (db: Queryable, a: ActivityRow, player: PlayerRow, from: number, to: number): Promise<string> => {
  const window = [player.id, player.currency, ts(from), ts(to)]
  switch (a.type) {
    case 1:
      return a.condition === 1 ? depositedIn(db, player, from, to) : a.condition === 2 ? betIn(db, player, from, to) : '0'
    case 10:
      return depositedIn(db, player, from, to)
    case 12:
      return betIn(db, player, from, to)
    case 5:
      return (
        await db.query<{ v: string }>(
          `SELECT greatest(coalesce(trim_scale(sum(bet - win)), 0), 0)::text AS v FROM game_rounds
           WHERE player_id = $1 AND currency = $2 AND created_at >= $3 AND created_at < $4`,
          window,
        )
      ).rows[0]!.v
    case 15:
      return String(
        (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM players WHERE invited_by = $1 AND created_at >= $2 AND created_at < $3', [player.id, ts(from), ts(to)]))
          .rows[0]!.n,
      )
    case 17:
      return String(
        (
          await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM players p WHERE p.invited_by = $1
             AND EXISTS (SELECT 1 FROM deposit_orders d WHERE d.player_id = p.id AND d.status = 1 AND d.paid_at >= $2 AND d.paid_at < $3)`,
            [player.id, ts(from), ts(to)],
          )
        ).rows[0]!.n,
      )
    default:
      return '0'
  }
}

/** A reward as the hall sees it: what the lobby is answered, and what receiving it would pay. */
export interface Evaluated {
  readonly reward: ActivityReward
  readonly tierId: number
  readonly periodKey: string
  /** Reached, undecided, and left to the operator (manual distribution 5, status Processing 0). */
  readonly awaitingOperator?: boolean
}

/** An activity evaluated for a player: progress and each tier's reward with its status. */
export interface Evaluation {
  readonly rechargeAmount: string
  readonly betAmount: string
  readonly rewards: ReadonlyArray<Evaluated>
}

/** 'YYYY-MM-DD' n calendar days before a key. */
const dayBefore = (key: string, n = 1): string => {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10)
}

const cmp = (a: string, b: string): number => {
  const x = Number(a)
  const y = Number(b)
  return x < y ? -1 : x > y ? 1 : 0
}

/** An amount rounded down to the currency's scale (SQL numeric: exact). */
const amountOf = async (db: Queryable, mode: 0 | 1, value: string, progress: string, currency: string): Promise<string> => {
  if (mode === 0) return value
  return (
    await db.query<{ v: string }>(
      `SELECT trim_scale(trunc($1::numeric * $2::numeric / 100, c.scale))::text AS v FROM currencies c WHERE c.code = $3`,
      [progress, value, currency],
    )
  ).rows[0]!.v
}

/** Evaluates an activity for a player at `now` (no writes). */
export const evaluate = async (db: Queryable, a: ActivityRow, player: PlayerRow, zone: string, now: number): Promise<Evaluation> => {
  const tiers = await tiersOf(db, a.id)
  const claims = new Map<string, { status: 2 | 4 | 7; amount: string }>()
  for (const c of (
    await db.query<{ tierId: number; periodKey: string; status: 2 | 4 | 7; amount: string }>(
      `SELECT tier_id AS "tierId", period_key AS "periodKey", status, trim_scale(amount)::text AS amount FROM activity_claims WHERE activity_id = $1 AND player_id = $2`,
      [a.id, player.id],
    )
  ).rows)
    claims.set(`${c.tierId}|${c.periodKey}`, { status: c.status, amount: c.amount })

  const notStarted = now < a.startMs
  const at = shownAt(a, now)
  const current = await periodAt(db, a, zone, at)

  if (a.type === 3) {
    // The check-in streak: consecutive days with a check-in, up to yesterday (and today's if done).
    const days = new Map<string, number>()
    for (const [k] of claims) {
      const [tier, day] = k.split('|') as [string, string]
      days.set(day, Number(tier))
    }
    let streak = 0
    for (let day = dayBefore(current.key); days.has(day); day = dayBefore(day)) streak += 1
    const doneToday = days.has(current.key)
    const n = tiers.length
    const todayIndex = n === 0 ? 0 : streak % n
    // The cycle started (todayIndex) days ago: tiers before today's are the days already checked in.
    return {
      rechargeAmount: '0',
      betAmount: '0',
      rewards: tiers.map((t, i) => {
        const status: ActivityReward['status'] = notStarted ? 5 : i < todayIndex ? 2 : i === todayIndex ? (doneToday ? 2 : now >= a.endMs ? 3 : 1) : 5
        return {
          tierId: t.id,
          periodKey: current.key,
          reward: {
            receiveId: t.id, title: '', level: t.level, condition: 0, need: String(i + 1), done: String(todayIndex + (doneToday ? 1 : 0)),
            amount: t.value, status, expireTime: null,
          },
        }
      }),
    }
  }

  const period = a.type === 5 ? await periodAt(db, a, zone, current.from - 1) : current
  const progress = notStarted ? '0' : await progressIn(db, a, player, period.from, period.to)
  // A rescue reward (last period's loss) is received during the current period.
  const deadline = a.distribution === 3 ? (a.type === 5 ? current.to : period.to) + a.receiveHours * 3_600_000 : a.endMs
  const over = now >= deadline
  // A Customize activity without a condition: every tier is every player's, once a period.
  const reached = unconditional(a) ? tiers : tiers.filter((t) => cmp(progress, '0') > 0 && cmp(progress, t.need) >= 0)
  // Rescue pays the highest tier reached, one reward a period.
  const rescueTier = a.type === 5 ? reached.reduce<TierRow | undefined>((best, t) => (best === undefined || cmp(t.need, best.need) > 0 ? t : best), undefined) : undefined
  const rescueClaim = a.type === 5 ? [...claims].find(([k]) => k.endsWith(`|${period.key}`)) : undefined
  const rewards: Evaluated[] = []
  for (const t of tiers) {
    const claim = claims.get(`${t.id}|${period.key}`)
    const isReached = a.type === 5 ? t === rescueTier && rescueClaim === undefined : reached.includes(t)
    let status: ActivityReward['status']
    if (claim !== undefined) status = claim.status
    else if (notStarted) status = 5
    else if (!isReached) status = 0
    else if (a.distribution === 5) status = 0
    else if (over) status = 3
    else if (a.distribution === 4) status = 4
    else status = 1
    const amount = claim?.amount ?? (await amountOf(db, a.rewardMode, t.value, progress, player.currency))
    rewards.push({
      tierId: t.id,
      periodKey: period.key,
      ...(a.distribution === 5 && claim === undefined && !notStarted && isReached ? { awaitingOperator: true } : {}),
      reward: {
        receiveId: t.id, title: '', level: t.level, condition: a.condition, need: t.need, done: progress, amount, status,
        expireTime: a.distribution === 3 && !notStarted ? localTime(deadline, zone) : null,
      },
    })
  }
  return {
    rechargeAmount: a.condition === 1 ? progress : '0',
    betAmount: a.condition === 2 || a.type === 5 ? progress : '0',
    rewards,
  }
}

/**
 * Pays one reward: takes the claim (nothing when it was taken already), credits the wallet with
 * its ledger entry, adds the turnover the activity asks. In the caller's transaction; answers the
 * amount paid, '0' when nothing was.
 */
export const payClaim = async (tx: Queryable, a: ActivityRow, player: PlayerRow, e: Evaluated, status: 2 | 4, now: number, title: string): Promise<string> => {
  const taken = await tx.query(
    `INSERT INTO activity_claims (activity_id, tier_id, player_id, period_key, amount, currency, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING id`,
    [a.id, e.tierId, player.id, e.periodKey, e.reward.amount, player.currency, status, ts(now)],
  )
  if (taken.rows.length === 0) return '0'
  await payReward(tx, player, e.reward.amount, ACTIVITY_KIND, { multiple: a.turnoverMultiple, source: 'activity', title })
  return e.reward.amount
}

/**
 * The operator's decision on a reward left to it (manual distribution 5): pay it (Distributed 4,
 * its ledger entry and turnover, through payClaim) or reject it (Rejected 7, a claim that pays
 * nothing). One transaction with the player's row locked; the claim's unique key makes a repeated
 * or concurrent decision a no-op. Answers what happened.
 */
export const decideManual = async (
  db: Db, a: ActivityRow, player: PlayerRow, tierId: number, decision: 'pay' | 'reject', zone: string, now: number, title: string,
): Promise<{ readonly outcome: 'paid' | 'rejected' | 'decided' | 'notDue'; readonly amount: string }> =>
  db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    const e = (await evaluate(tx, a, player, zone, now)).rewards.find((r) => r.tierId === tierId)
    if (e === undefined) return { outcome: 'notDue', amount: '0' }
    if (e.awaitingOperator !== true) return { outcome: [2, 4, 7].includes(e.reward.status) ? 'decided' : 'notDue', amount: '0' }
    if (decision === 'pay') {
      const paid = await payClaim(tx, a, player, e, 4, now, title)
      return paid === '0' ? { outcome: 'decided', amount: '0' } : { outcome: 'paid', amount: paid }
    }
    const taken = await tx.query(
      `INSERT INTO activity_claims (activity_id, tier_id, player_id, period_key, amount, currency, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 7, $7) ON CONFLICT DO NOTHING RETURNING id`,
      [a.id, e.tierId, player.id, e.periodKey, e.reward.amount, player.currency, ts(now)],
    )
    return taken.rows.length === 0 ? { outcome: 'decided', amount: '0' } : { outcome: 'rejected', amount: '0' }
  })

/**
 * Evaluates an activity for a player and pays what the hall dispatches itself (distribution 4),
 * in one transaction per activity; answers the evaluation after it.
 */
export const evaluateAndDispatch = async (db: Db, a: ActivityRow, player: PlayerRow, zone: string, now: number, title: string): Promise<Evaluation> => {
  const first = await evaluate(db, a, player, zone, now)
  const due = first.rewards.filter((r) => r.reward.status === 4 && a.distribution === 4)
  if (due.length === 0) return first
  const unpaid = await db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    let n = 0
    for (const r of due) if ((await payClaim(tx, a, player, r, 4, now, title)) !== '0') n += 1
    return n
  })
  return unpaid === 0 ? first : evaluate(db, a, player, zone, now)
}

