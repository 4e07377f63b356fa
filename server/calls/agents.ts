/**
 * Agents and promotion at the reference hall (server/agents.ts for the tree and the commission;
 * migration 210; docs/hall-protocol.md "Agents and promotion"):
 *
 * - The spec's promote calls answered from stored data: getAgentMode (the site's mode),
 *   linksetting (the player's invite link of a link type: `/?id=<their id>` plus `linkType` for
 *   types 3 to 5, resolved by the lobby against its own origin), getIpBindInfo (the agent and
 *   channel a visitor or player is attributed to), getChannelInfo (a stored channel).
 * - The hall's own calls: the summary (mode, rates, team, open period, what to receive), the team
 *   by level, the closed periods, the receipt (once per period, the player's row held, one ledger
 *   entry 'bonus-agent'), the proxy transfer (one transaction, one ledger entry each side, refused
 *   above the agent's balance) and the transfer records of both sides.
 */
import { agentCodes } from '../../schemas/hall/calls/codes'
import {
  getAgentMode, getChannelInfo, getIpBindInfo, linkSetting, myTransferRecord, promoteCommissionReceive, promoteCommissions, promoteDetails, promoteSummary,
  promoteTeam, proxyTransfer,
} from '../../schemas/hall/calls'
import type { SysInfo } from '../../schemas/hall/calls/site'
import type { CommissionPeriod, LevelFigures } from '../../schemas/hall/calls/agents'
import {
  COMMISSION_KIND, TRANSFER_IN_KIND, TRANSFER_OUT_KIND, agentModeOf, closeEndedDays, commissionOf, depthOf, figuresOf, openFrom, ratesOf, teamCounts,
} from '../agents'
import { activitiesOf, evaluateAndDispatch, textIn, tiersOf } from '../activities'
import type { Queryable } from '../db'
import { localTime, lockPlayer, payReward, sumAmounts, TRIAL_ACCOUNT } from '../rewards'
import { credit, debit } from '../money'
import { balanceOf, playerById, playerByUsername, type PlayerRow } from '../store'
import { zoneOf } from './records'
import { requirePlayer } from './session'
import { doc } from './site'
import { ServiceError, implement } from './types'
import { storeNotice } from '../ws'
import type { CallContext, Implementation } from './types'

/** The agents' service codes (2100-2108), declared on the calls (schemas/hall/calls/codes.ts). */
export const AgentCodes = agentCodes

const requireOpen = async (ctx: CallContext): Promise<void> => {
  const sys = await doc<Pick<SysInfo, 'agentDisplayEntrance'>>(ctx.db, ctx.site, 'sysInfo')
  if (sys.agentDisplayEntrance !== 'open') throw new ServiceError(AgentCodes.closed, 'this site does not show agents')
}

const requireAgent = async (ctx: CallContext): Promise<PlayerRow> => {
  await requireOpen(ctx)
  const { player } = await requirePlayer(ctx)
  if (player.accountType === TRIAL_ACCOUNT) throw new ServiceError(AgentCodes.trial, 'register to promote')
  return player
}

/** Closes the periods that ended (the start of today) with the agent's row held. */
const settleEnded = async (ctx: CallContext, player: PlayerRow): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    await closeEndedDays(tx, ctx.site.code, zoneOf(ctx.site.timeZone), player, ctx.now)
  })
}

const summaryOf = async (ctx: CallContext, player: PlayerRow) => {
  await settleEnded(ctx, player)
  const zone = zoneOf(ctx.site.timeZone)
  const mode = await agentModeOf(ctx.db, ctx.site.code)
  const rates = await ratesOf(ctx.db, mode)
  const depth = depthOf(mode)
  const from = await openFrom(ctx.db, player.id)
  const levels = await figuresOf(ctx.db, player, depth, from, ctx.now + 1)
  const totals = (
    await ctx.db.query<{ receivable: string; count: number; received: string }>(
      `SELECT coalesce(trim_scale(sum(amount) FILTER (WHERE received_at IS NULL AND amount >= 0.01)), 0)::text AS receivable,
              (count(*) FILTER (WHERE received_at IS NULL AND amount >= 0.01))::int AS count,
              coalesce(trim_scale(sum(amount) FILTER (WHERE received_at IS NOT NULL)), 0)::text AS received
       FROM agent_periods WHERE agent_id = $1`,
      [player.id],
    )
  ).rows[0]!
  return {
    agentMode: mode,
    rates,
    team: await teamCounts(ctx.db, player.id, depth),
    open: { from: localTime(from, zone), levels, amount: await commissionOf(ctx.db, levels, rates) },
    receivable: totals.receivable,
    receivableCount: totals.count,
    received: totals.received,
    currency: player.currency,
    inviteCode: player.id,
  }
}

const team = async (ctx: CallContext, player: PlayerRow, q: typeof promoteTeam.request.Type) => {
  const current = q.current ?? 1
  const size = q.size ?? 10
  const depth = depthOf(await agentModeOf(ctx.db, ctx.site.code))
  const zone = zoneOf(ctx.site.timeZone)
  // Level 3 holds every deeper level (the Infinite mode).
  const tree = `WITH RECURSIVE tree AS (
      SELECT id, 1 AS level FROM players WHERE invited_by = $1
      UNION ALL
      SELECT p.id, t.level + 1 FROM players p JOIN tree t ON p.invited_by = t.id WHERE t.level < $2
    ), members AS (SELECT id, least(min(level), 3) AS level FROM tree GROUP BY id HAVING ($3::int IS NULL OR least(min(level), 3) = $3))`
  const params = [player.id, depth, q.level ?? null]
  const total = (await ctx.db.query<{ n: number }>(`${tree} SELECT count(*)::int AS n FROM members`, params)).rows[0]?.n ?? 0
  const records = (
    await ctx.db.query<{ userId: string; username: string; level: number; registeredAt: string; deposits: string; bets: string }>(
      `${tree}
       SELECT p.id::text AS "userId", p.username, m.level::int AS level,
              to_char(p.created_at AT TIME ZONE $4, 'YYYY-MM-DD HH24:MI:SS') AS "registeredAt",
              (SELECT coalesce(trim_scale(sum(d.amount * d.rate)), 0)::text FROM deposit_orders d WHERE d.player_id = p.id AND d.status = 1 AND d.wallet_currency = $5) AS deposits,
              (SELECT coalesce(trim_scale(sum(r.bet)), 0)::text FROM game_rounds r WHERE r.player_id = p.id AND r.currency = $5) AS bets
       FROM members m JOIN players p ON p.id = m.id
       ORDER BY m.level, p.created_at DESC, p.id DESC LIMIT $6 OFFSET $7`,
      [...params, zone, player.currency, size, (current - 1) * size],
    )
  ).rows
  return { records, total, current, size }
}

const periods = async (ctx: CallContext, player: PlayerRow, q: typeof promoteCommissions.request.Type) => {
  await settleEnded(ctx, player)
  const current = q.current ?? 1
  const size = q.size ?? 10
  const zone = zoneOf(ctx.site.timeZone)
  const total = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM agent_periods WHERE agent_id = $1', [player.id])).rows[0]?.n ?? 0
  const rows = (
    await ctx.db.query<Omit<CommissionPeriod, 'levels'> & { levels: ReadonlyArray<LevelFigures> }>(
      `SELECT id::text AS id, to_char(period_from AT TIME ZONE $2, 'YYYY-MM-DD HH24:MI:SS') AS "from",
              to_char(period_to AT TIME ZONE $2, 'YYYY-MM-DD HH24:MI:SS') AS "to", mode AS "agentMode", levels,
              trim_scale(amount)::text AS amount,
              (CASE WHEN received_at IS NOT NULL THEN 1 WHEN amount >= 0.01 THEN 0 ELSE 2 END)::int AS status,
              to_char(received_at AT TIME ZONE $2, 'YYYY-MM-DD HH24:MI:SS') AS "receivedAt"
       FROM agent_periods WHERE agent_id = $1 ORDER BY period_to DESC, id DESC LIMIT $3 OFFSET $4`,
      [player.id, zone, size, (current - 1) * size],
    )
  ).rows
  return { records: rows, total, current, size }
}

/** Receives every closed period's commission not received yet: one transaction, the row held, each period paid once. */
const receive = async (ctx: CallContext, player: PlayerRow): Promise<{ amount: string; count: number }> => {
  const zone = zoneOf(ctx.site.timeZone)
  const paid = await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    await closeEndedDays(tx, ctx.site.code, zone, player, ctx.now)
    // Under the lock a concurrent receipt has committed: its periods carry received_at and are not taken again.
    const taken = (
      await tx.query<{ amount: string }>(
        `UPDATE agent_periods SET received_at = to_timestamp($2::double precision / 1000)
         WHERE agent_id = $1 AND received_at IS NULL AND amount >= 0.01 RETURNING trim_scale(amount)::text AS amount`,
        [player.id, ctx.now],
      )
    ).rows
    const total = await sumAmounts(tx, taken.map((t) => t.amount))
    if (taken.length > 0) await payReward(tx, player, total, COMMISSION_KIND, { multiple: '0', source: 'bonus', title: 'Agent commission' })
    return { amount: total, count: taken.length }
  })
  if (paid.count === 0) throw new ServiceError(AgentCodes.nothing, 'no commission to receive')
  return paid
}

/** A positive amount of at most 2 decimals and 12 whole digits. */
const AMOUNT = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/

const transfer = async (ctx: CallContext, agent: PlayerRow, p: typeof proxyTransfer.request.Type) => {
  const amount = p.amount.trim()
  if (!AMOUNT.test(amount) || Number(amount) <= 0) throw new ServiceError(AgentCodes.invalidAmount, 'the amount must be above 0 with at most 2 decimals')
  const to = await playerByUsername(ctx.db, ctx.site.code, p.username.trim())
  const invited = to === undefined ? undefined : (await ctx.db.query<{ by: string | null }>('SELECT invited_by::text AS by FROM players WHERE id = $1', [to.id])).rows[0]
  if (to === undefined || to.id === agent.id || invited?.by !== agent.id) throw new ServiceError(AgentCodes.notInvitee, 'the receiver is not your direct invitee')
  if (to.currency !== agent.currency) throw new ServiceError(AgentCodes.otherCurrency, 'the receiver holds another currency')
  const { id, notice } = await ctx.db.transaction(async (tx) => {
    // Both rows held in id order: two transfers between the same players never wait on each other in a circle.
    for (const pid of [agent.id, to.id].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1))) await lockPlayer(tx, pid)
    const left = await debit(tx, { playerId: agent.id, currency: agent.currency }, amount, TRANSFER_OUT_KIND)
    if (left === undefined) throw new ServiceError(AgentCodes.insufficient, 'the amount is above your balance')
    await credit(tx, { playerId: to.id, currency: to.currency }, amount, TRANSFER_IN_KIND)
    const row = (
      await tx.query<{ id: string }>(
        `INSERT INTO agent_transfers (site_code, from_id, to_id, currency, amount, created_at)
         VALUES ($1, $2, $3, $4, $5, to_timestamp($6::double precision / 1000)) RETURNING id::text AS id`,
        [ctx.site.code, agent.id, to.id, agent.currency, amount, ctx.now],
      )
    ).rows[0]!.id
    // The receiver's wallet hears it on the socket (the hall's own wallet/changed) and reads the balance again.
    return { id: row, notice: await storeNotice(tx, to.id, 'wallet/changed', { reason: 'transfer', amount }) }
  })
  await ctx.socket?.send(to.id, [notice])
  return { id, amount: (await ctx.db.query<{ v: string }>('SELECT trim_scale($1::numeric)::text AS v', [amount])).rows[0]!.v, currency: agent.currency, game_gold: await balanceOf(ctx.db, agent.id, agent.currency) }
}

const transfers = async (ctx: CallContext, player: PlayerRow, q: typeof myTransferRecord.request.Type) => {
  const current = q.current ?? 1
  const size = q.size ?? 10
  const direction = q.direction ?? 'all'
  const where = `(($2 IN ('all', 'sent') AND t.from_id = $1) OR ($2 IN ('all', 'received') AND t.to_id = $1))`
  const total = (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM agent_transfers t WHERE ${where}`, [player.id, direction])).rows[0]?.n ?? 0
  const records = (
    await ctx.db.query<{ id: string; direction: 'sent' | 'received'; counterpart: string; amount: string; currency: string; createdAt: string }>(
      `SELECT t.id::text AS id, CASE WHEN t.from_id = $1 THEN 'sent' ELSE 'received' END AS direction,
              CASE WHEN t.from_id = $1 THEN r.username ELSE s.username END AS counterpart,
              trim_scale(t.amount)::text AS amount, t.currency, to_char(t.created_at AT TIME ZONE $3, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"
       FROM agent_transfers t JOIN players s ON s.id = t.from_id JOIN players r ON r.id = t.to_id
       WHERE ${where} ORDER BY t.created_at DESC, t.id DESC LIMIT $4 OFFSET $5`,
      [player.id, direction, zoneOf(ctx.site.timeZone), size, (current - 1) * size],
    )
  ).rows
  return { records, total, current, size }
}

/** A stored channel of the site (or of every site). */
export const channelOf = async (db: Queryable, siteCode: string, channelId: string) =>
  (
    await db.query<{ channelId: string; channelName: string; guideSetupMode: number }>(
      `SELECT channel_id AS "channelId", channel_name AS "channelName", guide_setup_mode AS "guideSetupMode"
       FROM agent_channels WHERE site_code IN ($1, '*') AND channel_id = $2 ORDER BY (site_code = $1) DESC LIMIT 1`,
      [siteCode, channelId],
    )
  ).rows[0]

/** The player an invite code (their id) or a username names on the site, if a registered player. */
export const inviterOf = async (db: Queryable, siteCode: string, code: string): Promise<PlayerRow | undefined> => {
  const c = code.trim()
  const p = /^\d{1,18}$/.test(c) ? await playerById(db, c) : await playerByUsername(db, siteCode, c)
  return p !== undefined && p.siteCode === siteCode && p.accountType !== TRIAL_ACCOUNT ? p : undefined
}

/**
 * Binds a new player to the inviter of its invite code and to its channel (registration, in the
 * registration's transaction). An unknown code or channel binds nothing: registration goes on.
 */
export const bindInvitation = async (tx: Queryable, siteCode: string, playerId: string, inviteCode: string | undefined, channelId: string | undefined): Promise<void> => {
  const inviter = inviteCode === undefined || inviteCode.trim() === '' ? undefined : await inviterOf(tx, siteCode, inviteCode)
  const channel = channelId === undefined || channelId.trim() === '' ? undefined : await channelOf(tx, siteCode, channelId.trim())
  if (inviter !== undefined && inviter.id !== playerId) await tx.query('UPDATE players SET invited_by = $2 WHERE id = $1', [playerId, inviter.id])
  if (channel !== undefined) await tx.query('UPDATE players SET channel_id = $2 WHERE id = $1', [playerId, channel.channelId])
}

const bindInfo = async (ctx: CallContext, p: typeof getIpBindInfo.request.Type) => {
  const none = { bound: 0 as const, agentId: '0', agentName: '', channelId: '' }
  if (ctx.session !== undefined) {
    const own = (
      await ctx.db.query<{ agentId: string | null; agentName: string | null; channelId: string | null }>(
        `SELECT a.id::text AS "agentId", a.username AS "agentName", p.channel_id AS "channelId"
         FROM players p LEFT JOIN players a ON a.id = p.invited_by WHERE p.id = $1 AND p.site_code = $2`,
        [ctx.session.playerId, ctx.site.code],
      )
    ).rows[0]
    if (own !== undefined && (own.agentId !== null || own.channelId !== null)) {
      return { bound: 1 as const, agentId: own.agentId ?? '0', agentName: own.agentName ?? '', channelId: own.channelId ?? '' }
    }
  }
  const agent = p.agentName === undefined || p.agentName === '' ? undefined : await inviterOf(ctx.db, ctx.site.code, p.agentName)
  const channel = p.channelId === undefined || p.channelId === '' ? undefined : await channelOf(ctx.db, ctx.site.code, p.channelId)
  if (agent === undefined && channel === undefined) return none
  return { bound: 1 as const, agentId: agent?.id ?? '0', agentName: agent?.username ?? '', channelId: channel?.channelId ?? '' }
}

/** The invite-friends activity (type 15) of the site, or 2108 when it runs none. */
const inviteDetails = async (ctx: CallContext, player: PlayerRow) => {
  const a = (await activitiesOf(ctx.db, ctx.site.code, 'type = 15')).at(0)
  if (a === undefined) throw new ServiceError(AgentCodes.noInviteEvent, 'this site runs no invite-friends event')
  const zone = zoneOf(ctx.site.timeZone)
  const counts = (
    await ctx.db.query<{ invited: number; valid: number }>(
      `SELECT count(*)::int AS invited,
              (count(*) FILTER (WHERE EXISTS (SELECT 1 FROM deposit_orders d WHERE d.player_id = p.id AND d.status = 1)))::int AS valid
       FROM players p WHERE p.invited_by = $1`,
      [player.id],
    )
  ).rows[0] ?? { invited: 0, valid: 0 }
  const first = (await tiersOf(ctx.db, a.id)).at(0)
  const perFriend = first === undefined || Number(first.need) <= 0
    ? '0'
    : (await ctx.db.query<{ v: string }>('SELECT trim_scale(trunc($1::numeric / $2::numeric, 2))::text AS v', [first.value, first.need])).rows[0]!.v
  const e = await evaluateAndDispatch(ctx.db, a, player, zone, ctx.now, textIn(a.titles, 'en_US', ctx.site.languageCode))
  return {
    activeId: a.id,
    template: a.template,
    inviteUrl: `/?id=${player.id}`,
    inviteCount: counts.invited,
    validCount: counts.valid,
    rewardPerFriend: perFriend,
    received: await sumAmounts(ctx.db, e.rewards.filter((r) => r.reward.status === 2).map((r) => r.reward.amount)),
    receivable: await sumAmounts(ctx.db, e.rewards.filter((r) => r.reward.status === 1).map((r) => r.reward.amount)),
    content: textIn(a.contents, ctx.language, ctx.site.languageCode),
  }
}

export const agentCalls: ReadonlyArray<Implementation> = [
  implement(promoteDetails, async (ctx) => inviteDetails(ctx, await requireAgent(ctx))),
  implement(getAgentMode, async (ctx) => ({ agentMode: await agentModeOf(ctx.db, ctx.site.code) })),
  implement(linkSetting, async (ctx, p) => {
    const player = await requireAgent(ctx)
    return { linkType: p.linkType, url: p.linkType === 2 ? `/?id=${player.id}` : `/?id=${player.id}&linkType=${p.linkType}`, inviteCode: player.id }
  }),
  implement(getIpBindInfo, async (ctx, p) => bindInfo(ctx, p)),
  implement(getChannelInfo, async (ctx, p) => {
    const c = await channelOf(ctx.db, ctx.site.code, p.channelId)
    if (c === undefined) throw new ServiceError(AgentCodes.unknownChannel, 'no such channel')
    return c
  }),
  implement(promoteSummary, async (ctx) => summaryOf(ctx, await requireAgent(ctx))),
  implement(promoteTeam, async (ctx, q) => team(ctx, await requireAgent(ctx), q)),
  implement(promoteCommissions, async (ctx, q) => periods(ctx, await requireAgent(ctx), q)),
  implement(promoteCommissionReceive, async (ctx) => {
    const player = await requireAgent(ctx)
    const paid = await receive(ctx, player)
    return { ...paid, currency: player.currency, game_gold: await balanceOf(ctx.db, player.id, player.currency) }
  }),
  implement(proxyTransfer, async (ctx, p) => transfer(ctx, await requireAgent(ctx), p)),
  implement(myTransferRecord, async (ctx, q) => transfers(ctx, await requireAgent(ctx), q)),
]
