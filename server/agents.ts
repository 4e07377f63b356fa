/**
 * The agent tree and its commissions at the reference hall (migration 210; docs/hall-protocol.md,
 * "Agents and promotion").
 *
 * - The tree: players.invited_by is a player's parent agent. Level 1 of an agent are its direct
 *   invitees, level 2 theirs, and so on; the Infinite mode counts every depth, folding 3 and deeper
 *   into level 3; the other modes count as deep as their rates go (1 or 3).
 * - A period's figures per level: the invitees' paid deposits (amount × rate, the orders credited in
 *   the agent's currency, by paid_at), bets and net result (bets − wins) of the rounds in the agent's
 *   currency, in [from, to).
 * - The commission: trunc(Σ over the mode's rates of base(level, basis) × rate / 100, 2), where a
 *   net base is max(0, net); computed exactly in numeric.
 * - Periods: a period opens where the last one closed (or at the agent's registration) and closes
 *   at the start of the site's day that follows (the first ask after it), or when the operator
 *   settles it early (control `agent-settle`). A closed period is stored with its figures and its
 *   commission and paid once.
 */
import type { Queryable } from './db'
import { calendarPeriod } from './rewards'
import type { AgentMode } from '../schemas/hall/calls/site'
import type { CommissionRate, LevelFigures } from '../schemas/hall/calls/agents'
import type { LedgerKind } from './money'

/** The ledger kinds of agents: a commission received, a proxy transfer sent and received. */
export const COMMISSION_KIND = 'bonus-agent' satisfies LedgerKind
export const TRANSFER_OUT_KIND = 'agent-transfer-out' satisfies LedgerKind
export const TRANSFER_IN_KIND = 'agent-transfer-in' satisfies LedgerKind

/** How deep the Infinite mode looks (a guard against a loop an operator could make by hand). */
const INFINITE_DEPTH = 64

/** The site's agent mode (site '*' when it has none of its own). */
export const agentModeOf = async (db: Queryable, siteCode: string): Promise<AgentMode> =>
  ((
    await db.query<{ mode: AgentMode }>(
      `SELECT mode FROM agent_sites WHERE site_code IN ($1, '*') ORDER BY (site_code = $1) DESC LIMIT 1`,
      [siteCode],
    )
  ).rows[0]?.mode ?? 30004)

/** The rates of a mode, by level then basis. */
export const ratesOf = async (db: Queryable, mode: AgentMode): Promise<ReadonlyArray<CommissionRate>> =>
  (
    await db.query<CommissionRate>(
      `SELECT level::int AS level, basis, trim_scale(rate)::text AS rate FROM agent_rates WHERE mode = $1
       ORDER BY level, CASE basis WHEN 'deposit' THEN 0 WHEN 'bet' THEN 1 ELSE 2 END`,
      [mode],
    )
  ).rows

/** How deep a mode's tree goes. */
export const depthOf = (mode: AgentMode): number => (mode === 30004 ? INFINITE_DEPTH : mode === 10002 ? 3 : 1)

/** The tree below an agent as SQL: rows (id, level) with level folded to 3 at most. $1 is the agent, $2 the depth. */
const TREE = `WITH RECURSIVE tree AS (
    SELECT id, 1 AS depth FROM players WHERE invited_by = $1
    UNION ALL
    SELECT p.id, t.depth + 1 FROM players p JOIN tree t ON p.invited_by = t.id WHERE t.depth < $2
  ), members AS (SELECT id, least(min(depth), 3) AS level FROM tree GROUP BY id)`

/** The team's size by level (1 to 3) for a mode's depth. */
export const teamCounts = async (db: Queryable, agentId: string, depth: number): Promise<ReadonlyArray<{ level: number; count: number }>> => {
  const rows = (await db.query<{ level: number; count: number }>(`${TREE} SELECT level::int AS level, count(*)::int AS count FROM members GROUP BY level`, [agentId, depth])).rows
  return [1, 2, 3].filter((l) => l <= depth).map((level) => ({ level, count: rows.find((r) => r.level === level)?.count ?? 0 }))
}

/** The figures by level of the agent's team in [from, to) (ms), in the agent's currency. */
export const figuresOf = async (
  db: Queryable,
  agent: { readonly id: string; readonly currency: string },
  depth: number,
  from: number,
  to: number,
): Promise<ReadonlyArray<LevelFigures>> => {
  const rows = (
    await db.query<LevelFigures>(
      `${TREE},
       f AS (
         SELECT m.level,
           (SELECT coalesce(sum(d.amount * d.rate), 0) FROM deposit_orders d
             WHERE d.player_id = m.id AND d.status = 1 AND d.wallet_currency = $3
               AND d.paid_at >= to_timestamp($4::double precision / 1000) AND d.paid_at < to_timestamp($5::double precision / 1000)) AS deposits,
           (SELECT coalesce(sum(r.bet), 0) FROM game_rounds r
             WHERE r.player_id = m.id AND r.currency = $3
               AND r.created_at >= to_timestamp($4::double precision / 1000) AND r.created_at < to_timestamp($5::double precision / 1000)) AS bets,
           (SELECT coalesce(sum(r.bet - r.win), 0) FROM game_rounds r
             WHERE r.player_id = m.id AND r.currency = $3
               AND r.created_at >= to_timestamp($4::double precision / 1000) AND r.created_at < to_timestamp($5::double precision / 1000)) AS net
         FROM members m
       )
       SELECT level::int AS level, count(*)::int AS count, trim_scale(sum(deposits))::text AS deposits,
              trim_scale(sum(bets))::text AS bets, trim_scale(sum(net))::text AS net
       FROM f GROUP BY level`,
      [agent.id, depth, agent.currency, from, to],
    )
  ).rows
  return [1, 2, 3].filter((l) => l <= depth).map((level) => rows.find((r) => r.level === level) ?? { level, count: 0, deposits: '0', bets: '0', net: '0' })
}

/** The commission of figures under rates: trunc(Σ base × rate / 100, 2), a net base at least 0; exact. */
export const commissionOf = async (db: Queryable, levels: ReadonlyArray<LevelFigures>, rates: ReadonlyArray<CommissionRate>): Promise<string> => {
  const terms = rates.map((r) => {
    const l = levels.find((x) => x.level === r.level)
    const base = l === undefined ? '0' : r.basis === 'deposit' ? l.deposits : r.basis === 'bet' ? l.bets : l.net
    return { base, rate: r.rate, net: r.basis === 'net' }
  })
  if (terms.length === 0) return '0'
  return (
    await db.query<{ v: string }>(
      `SELECT trim_scale(trunc(coalesce(sum(CASE WHEN n THEN greatest(b, 0) ELSE b END * r / 100), 0), 2))::text AS v
       FROM unnest($1::numeric[], $2::numeric[], $3::boolean[]) AS t(b, r, n)`,
      [terms.map((t) => t.base), terms.map((t) => t.rate), terms.map((t) => t.net)],
    )
  ).rows[0]!.v
}

/** Where the agent's open period starts: the end of its last closed period, else its registration (ms). */
export const openFrom = async (db: Queryable, agentId: string): Promise<number> =>
  (
    await db.query<{ from: number }>(
      `SELECT (extract(epoch FROM coalesce((SELECT max(period_to) FROM agent_periods WHERE agent_id = $1), p.created_at)) * 1000)::float8 AS "from"
       FROM players p WHERE p.id = $1`,
      [agentId],
    )
  ).rows[0]!.from

/**
 * Closes the agent's open period at `to` (ms) when it starts before it: its figures and commission
 * under the site's mode are stored. Runs in the caller's transaction with the agent's row held; an
 * agent without a team keeps its period open. Answers whether a period was closed.
 */
export const closePeriod = async (tx: Queryable, siteCode: string, agent: { readonly id: string; readonly currency: string }, to: number): Promise<boolean> => {
  const from = await openFrom(tx, agent.id)
  if (to <= from) return false
  const mode = await agentModeOf(tx, siteCode)
  const depth = depthOf(mode)
  const team = await teamCounts(tx, agent.id, depth)
  if (team.every((t) => t.count === 0)) return false
  const levels = await figuresOf(tx, agent, depth, from, to)
  const amount = await commissionOf(tx, levels, await ratesOf(tx, mode))
  const r = await tx.query(
    `INSERT INTO agent_periods (agent_id, currency, mode, period_from, period_to, levels, amount)
     VALUES ($1, $2, $3, to_timestamp($4::double precision / 1000), to_timestamp($5::double precision / 1000), $6::jsonb, $7)
     ON CONFLICT (agent_id, period_from) DO NOTHING RETURNING id`,
    [agent.id, agent.currency, mode, from, to, JSON.stringify(levels), amount],
  )
  return r.rows.length > 0
}

/** Closes the open period at the start of the site's day holding `now` (the automatic close), in the caller's transaction. */
export const closeEndedDays = async (tx: Queryable, siteCode: string, zone: string, agent: { readonly id: string; readonly currency: string }, now: number): Promise<void> => {
  const today = await calendarPeriod(tx, 'day', zone, now)
  await closePeriod(tx, siteCode, agent, today.from)
}
