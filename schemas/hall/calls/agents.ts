/**
 * Agents (promotion): calls of the hall's own design (docs/hall-protocol.md, "Agents and
 * promotion"). The spec shows /home/promote (the team, the commission and its receipt),
 * /home/proxyTransfer and /home/myTransferRecord, and names the promote calls of §7.3 (the link,
 * the agent mode, the bind information) but no call for the team, the commissions, the transfer or
 * its records.
 *
 * - `promoteSummary`: the agent's mode and its rates (the rules), the team's size by level, the
 *   commission of the open period so far, what closed periods hold to receive, and what was received.
 * - `promoteTeam`: the invitees by level (1 direct, 2, 3), each with its deposits and bets.
 * - `promoteCommissions`: the closed periods, newest first, each with its commission and whether it
 *   was received.
 * - `promoteCommissionReceive`: receives every closed period's commission not received yet.
 * - `proxyTransfer`: moves balance from the agent to a direct invitee.
 * - `myTransferRecord`: the transfers the player sent and received.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { agentCodes } from './codes'
import { BigId } from '../envelope'
import { Amount, Count, CurrencyCode, DateTime, NoParams, Paged, PageFields, Received } from './common'
import { AgentMode } from './site'

/** What a rate is applied to: the invitees' paid deposits, their bets, or their net result (bets − wins, 0 when negative). */
export const CommissionBasis = Schema.Literals(['deposit', 'bet', 'net'])
export type CommissionBasis = typeof CommissionBasis.Type

/** One rate of the mode: level (3 stands for 3 and deeper in the Infinite mode), basis, rate in percent. */
export const CommissionRate = Schema.Struct({ level: Schema.Int, basis: CommissionBasis, rate: Amount })
export type CommissionRate = typeof CommissionRate.Type

/** One level of the team: how many invitees, and (in a period) their deposits, bets and net result. */
export const LevelFigures = Schema.Struct({ level: Schema.Int, count: Count, deposits: Amount, bets: Amount, net: Amount })
export type LevelFigures = typeof LevelFigures.Type

export const PromoteSummary = Schema.Struct({
  agentMode: AgentMode,
  /** The mode's rates: commission = trunc(Σ base(level, basis) × rate / 100, 2). */
  rates: Schema.Array(CommissionRate),
  /** The team's size by level, levels 1 to 3 (3 counts every deeper level too in the Infinite mode). */
  team: Schema.Array(Schema.Struct({ level: Schema.Int, count: Count })),
  /** The open period: from when, its figures by level and its commission so far (paid once it closes). */
  open: Schema.Struct({ from: DateTime, levels: Schema.Array(LevelFigures), amount: Amount }),
  /** The closed periods' commissions not received yet, and how many periods they are. */
  receivable: Amount,
  receivableCount: Count,
  /** Every commission received. */
  received: Amount,
  currency: CurrencyCode,
  /** The player's invite code (their id): what an invite link carries as `id`. */
  inviteCode: Schema.String,
})
export type PromoteSummary = typeof PromoteSummary.Type

export const promoteSummary = defineCall({
  name: 'promoteSummary',
  designed: true,
  area: 'promote',
  path: '/promote/summary',
  request: NoParams,
  response: PromoteSummary,
})

/** A member of the agent's team. */
export const TeamMember = Schema.Struct({
  userId: BigId,
  username: Schema.String,
  level: Schema.Int,
  registeredAt: DateTime,
  /** Every paid deposit, in the agent's currency. */
  deposits: Amount,
  /** Every bet, in the agent's currency. */
  bets: Amount,
})
export type TeamMember = typeof TeamMember.Type

export const promoteTeam = defineCall({
  name: 'promoteTeam',
  designed: true,
  area: 'promote',
  path: '/promote/team',
  request: Schema.Struct({
    ...PageFields,
    size: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 50 }))),
    /** 1, 2 or 3; absent: every level. */
    level: Schema.optional(Schema.Literals([1, 2, 3])),
  }),
  response: Paged(TeamMember),
})

/** A closed period's commission. status 0 to receive, 1 received, 2 nothing (below 0.01). */
export const CommissionPeriod = Schema.Struct({
  id: BigId,
  from: DateTime,
  to: DateTime,
  agentMode: AgentMode,
  levels: Schema.Array(LevelFigures),
  amount: Amount,
  status: Schema.Literals([0, 1, 2]),
  receivedAt: Schema.NullOr(DateTime),
})
export type CommissionPeriod = typeof CommissionPeriod.Type

export const promoteCommissions = defineCall({
  name: 'promoteCommissions',
  designed: true,
  area: 'promote',
  path: '/promote/commission/list',
  request: Schema.Struct({ ...PageFields, size: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 50 }))) }),
  response: Paged(CommissionPeriod),
})

/** Receives every closed period's commission not received yet: one ledger entry; count is how many periods. */
export const promoteCommissionReceive = defineCall({
  name: 'promoteCommissionReceive',
  designed: true,
  codes: { ...agentCodes },
  area: 'promote',
  path: '/promote/commission/receive',
  request: NoParams,
  response: Received,
})

/** Moves `amount` of the agent's balance to a direct invitee (by username). */
export const proxyTransfer = defineCall({
  name: 'proxyTransfer',
  designed: true,
  codes: { ...agentCodes },
  area: 'promote',
  path: '/promote/proxyTransfer',
  request: Schema.Struct({ username: Schema.String, amount: Amount }),
  response: Schema.Struct({ id: BigId, amount: Amount, currency: CurrencyCode, game_gold: Amount }),
})

/** A transfer as one side sees it: sent to or received from the counterpart. */
export const TransferRecord = Schema.Struct({
  id: BigId,
  direction: Schema.Literals(['sent', 'received']),
  counterpart: Schema.String,
  amount: Amount,
  currency: CurrencyCode,
  createdAt: DateTime,
})
export type TransferRecord = typeof TransferRecord.Type

export const myTransferRecord = defineCall({
  name: 'myTransferRecord',
  designed: true,
  area: 'promote',
  path: '/promote/myTransferRecord',
  request: Schema.Struct({
    ...PageFields,
    size: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 50 }))),
    direction: Schema.optional(Schema.Literals(['all', 'sent', 'received'])),
  }),
  response: Paged(TransferRecord),
})
