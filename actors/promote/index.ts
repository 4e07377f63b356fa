import type { Condition } from '../../schemas/events'
import type { Received } from '../../schemas/hall/calls/common'
import {
  myTransferRecord, promoteCommissionReceive, promoteCommissions, promoteSummary, promoteTeam, proxyTransfer,
  type CommissionPeriod, type PromoteSummary, type TeamMember, type TransferRecord,
} from '../../schemas/hall/calls/agents'
import { promoteDetails, type PromoteDetails } from '../../schemas/hall/calls/active'
import { getAgentMode, getChannelInfo, getIpBindInfo, linkSetting, type AgentMode, type ChannelInfo, type IpBindInfo } from '../../schemas/hall/calls/site'
import { commandActor, pagedActor, queryActor } from '../kit'

/**
 * Agents and promotion (screens §2 /home/promote, /home/proxyTransfer, /home/myTransferRecord) over
 * the kit. Every figure is the hall's (docs/hall-protocol.md "Agents and promotion"); the lobby only
 * shows and asks. Nothing is asked at boot: each screen asks when it opens.
 *
 * - `promotesummary` (query, real players): the mode and its rates, the team by level, the open
 *   period's commission so far, what closed periods hold; read when the promote screen opens and
 *   after a receipt or a transfer.
 * - `promotedetails` (query, real players): the site's invite-friends event for the player (the
 *   reward per friend, the friends invited and those who deposited, what was received and is to
 *   receive), read when the promote screen opens; its rewards are received on the event's page.
 * - `promotelink` (query, real players): the invite link of the link type chosen (home 2 when the
 *   screen opens).
 * - `promoteteam` (paged list): the team, by level (condition `level`: 0 every level, 1 to 3).
 * - `promoteperiods` (paged list): the closed periods and their commissions.
 * - `promotereceive` (command): receives the closed periods' commissions; the balance after it goes
 *   to the wallet at once, `promote.commissionReceived` to the rest.
 * - `promoteinvitees` (query): the direct invitees (up to 50) a transfer can go to.
 * - `proxyTransfer` (command, named after its call): moves balance to a direct invitee; checked
 *   before it is sent (`transferProblem`); the balance after it goes to the wallet.
 * - `transferrecords` (paged list): the transfers sent and received (condition `direction`).
 */
export const promoteSummaryActor = queryActor({
  id: 'promotesummary',
  call: promoteSummary,
  audience: 'real',
  fetchOn: { 'promote.opened': true, 'promote.commissionReceived': true, 'promote.transferred': true },
  payload: {},
  select: (d): PromoteSummary => d,
})

/** The site's invite-friends event as it stands for the player (2108 when the site runs none: nothing shown). */
export const promoteDetailsActor = queryActor({
  id: 'promotedetails',
  call: promoteDetails,
  audience: 'real',
  fetchOn: { 'promote.opened': true },
  payload: {},
  select: (d): PromoteDetails => d,
})

/**
 * On a site whose hall profile says `promote: 'calls'` (docs/hall.md "Hall profile"), the promote
 * screen reads three things by their own calls when it opens (`promote.opened` with calls):
 *
 * - `promotemode`: the site's agent mode (/promote/getAgentMode), which the rules show;
 * - `promotebinding`: the agent and channel the player is bound to (/promote/getIpBindInfo; the
 *   hall answers a signed-in player's own binding); a binding that names a channel announces
 *   `promote.channelNamed`;
 * - `promotechannel`: that channel's configuration (/promote/getChannelInfo).
 */
export const promoteModeActor = queryActor({
  id: 'promotemode',
  call: getAgentMode,
  audience: 'real',
  fetchOn: { 'promote.opened': { when: (e) => e.calls === true } },
  payload: {},
  select: (d): AgentMode => d.agentMode,
})

export const promoteBindingActor = queryActor({
  id: 'promotebinding',
  call: getIpBindInfo,
  audience: 'real',
  fetchOn: { 'promote.opened': { when: (e) => e.calls === true } },
  payload: {},
  select: (d): IpBindInfo => d,
  announce: (d) => (d.bound === 1 && d.channelId !== '' ? [{ type: 'promote.channelNamed' as const, channelId: d.channelId }] : []),
})

export const promoteChannelActor = queryActor({
  id: 'promotechannel',
  call: getChannelInfo,
  audience: 'real',
  fetchOn: { 'promote.channelNamed': { payload: (e) => ({ channelId: e.channelId }) } },
  payload: { channelId: '' },
  select: (d): ChannelInfo => d,
})

export const promoteLinkActor = queryActor({
  id: 'promotelink',
  call: linkSetting,
  audience: 'real',
  fetchOn: {
    'promote.opened': { payload: () => ({ linkType: 2 as const }) },
    'promote.linkTypeChosen': { payload: (e) => ({ linkType: e.linkType }) },
  },
  payload: { linkType: 2 },
  select: (d): { readonly linkType: 2 | 3 | 4 | 5; readonly url: string; readonly inviteCode: string } => d,
})

const levelOf = (c: Condition): 1 | 2 | 3 | undefined => (c['level'] === 1 || c['level'] === 2 || c['level'] === 3 ? c['level'] : undefined)

export const promoteTeamActor = pagedActor({
  id: 'promoteteam',
  call: promoteTeam,
  audience: 'real',
  request: (q) => {
    const level = levelOf(q.condition)
    return { current: q.page, size: Math.min(q.size, 50), ...(level === undefined ? {} : { level }) }
  },
  read: (d) => ({ rows: d.records, total: d.total }),
  refetchOn: ['promote.transferred'],
  retryOn: ['socket.opened'],
})

export const promotePeriodsActor = pagedActor({
  id: 'promoteperiods',
  call: promoteCommissions,
  audience: 'real',
  request: (q) => ({ current: q.page, size: Math.min(q.size, 50) }),
  read: (d) => ({ rows: d.records, total: d.total }),
  refetchOn: ['promote.commissionReceived'],
  retryOn: ['socket.opened'],
})

/** The agent service codes (server/calls/agents.ts) a form shows itself, with their key in the promote namespace. */
const INLINE = {
  closed: 'error.closed', trial: 'error.trial', nothing: 'error.nothing', notInvitee: 'error.notInvitee', insufficient: 'error.insufficient',
  invalidAmount: 'error.amount', otherCurrency: 'error.otherCurrency',
} as const

export const promoteReceiveActor = commandActor({
  id: 'promotereceive',
  call: promoteCommissionReceive,
  modal: ['unknownChannel', 'noInviteEvent'],
  audience: 'real',
  select: (d): Received => d,
  announce: (r) => [
    { type: 'wallet.balanceReported' as const, balance: r.game_gold, source: 'reward' as const },
    { type: 'promote.commissionReceived' as const, count: r.count },
  ],
  codes: INLINE,
  firstErrorOnly: true,
})

export const promoteInviteesActor = queryActor({
  id: 'promoteinvitees',
  call: promoteTeam,
  audience: 'real',
  fetchOn: { 'promote.transferOpened': true },
  payload: { current: 1, size: 50, level: 1 },
  select: (d): ReadonlyArray<TeamMember> => d.records,
})

/** A positive amount of at most 2 decimals (the hall's rule too), or null. */
export const transferProblem = (p: { readonly username: string; readonly amount: string }, balance?: string): string | null => {
  if (p.username.trim() === '') return 'error.chooseInvitee'
  const a = p.amount.trim()
  if (a === '') return 'error.amountRequired'
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(a) || Number(a) <= 0) return 'error.amount'
  if (balance !== undefined && /^\d+(\.\d+)?$/.test(balance) && Number(a) > Number(balance)) return 'error.insufficient'
  return null
}

export const proxyTransferActor = commandActor({
  id: 'proxyTransfer',
  call: proxyTransfer,
  modal: ['unknownChannel', 'noInviteEvent'],
  audience: 'real',
  validate: (p) => transferProblem(p),
  announce: (r) => [
    { type: 'wallet.balanceReported' as const, balance: r.game_gold, source: 'transfer' as const },
    { type: 'promote.transferred' as const, amount: r.amount },
  ],
  codes: INLINE,
})

/** The directions the transfer records filter by. */
export const TRANSFER_DIRECTIONS = ['all', 'sent', 'received'] as const
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number]
const directionOf = (c: Condition): TransferDirection =>
  c['direction'] === 'sent' || c['direction'] === 'received' ? c['direction'] : 'all'

export const transferRecordsActor = pagedActor({
  id: 'transferrecords',
  call: myTransferRecord,
  audience: 'real',
  request: (q) => ({ current: q.page, size: Math.min(q.size, 50), direction: directionOf(q.condition) }),
  read: (d) => ({ rows: d.records, total: d.total }),
  refetchOn: ['promote.transferred'],
  retryOn: ['socket.opened'],
})

export type { AgentMode, ChannelInfo, CommissionPeriod, IpBindInfo, PromoteSummary, TeamMember, TransferRecord }
