/**
 * Red packets of the reference hall (spec §4 red packets, §6 frozen and blacklisted players;
 * calls §7.4; shapes in schemas/hall/calls/active.ts). redactive lists the site's red-packet
 * activities the player may still take a packet of; getred, getreward and receivereward take one
 * (grab, open, send). A packet is credited once per player: the claim row and the credit are one
 * transaction, and asking again answers the first claim with `first: false` and credits nothing,
 * so a double click, a retry or two tabs cannot pay twice. Activities are created and closed
 * through the control surface (server/control.ts).
 */
import { getRed, getReward, receiveReward, receiveRewardAll, redActive } from '../../schemas/hall/calls'
import type { DeviceTypeString, RedActivity, RedClaim, RedClaimRequest, RedPacketAction } from '../../schemas/hall/calls'
import type { Queryable } from '../db'
import { credit } from '../money'
import { balanceOf } from '../store'
import { sumAmounts } from '../rewards'
import { storeNotice } from '../ws'
import type { PlayerRow } from '../store'
import { requirePlayer } from './session'
import { ServiceCodes, ServiceError, implement } from './types'
import type { CallContext, Implementation } from './types'

/** Service codes of the red-packet calls (the reference hall's own: the spec's catalogue has none). */
export const RedPacketCodes = {
  noSuchActivity: 1210,
  wrongAction: 1211,
  otherDevice: 1212,
  noSuchPacket: 1213,
  closed: 1214,
} as const

/** Account statuses that receive no red packets (spec: FreezeManual 2, FreezeAbnormal 3, BlackList 5). */
const NO_PACKETS: ReadonlyArray<number> = [2, 3, 5]

/**
 * Whether the player may receive no red packets: a status above, or a finance operator put them on
 * the red-packet blacklist (red_packet_blacklist, the operator's console: docs/operations-players-content.md).
 */
export const refusedPackets = async (db: Queryable, player: PlayerRow): Promise<boolean> =>
  NO_PACKETS.includes(player.userStatus) ||
  (await db.query('SELECT 1 FROM red_packet_blacklist WHERE player_id = $1', [player.id])).rows.length > 0

/** A red-packet activity as stored. */
export interface RedActivityRow {
  readonly id: number
  readonly siteCode: string
  readonly title: string
  readonly action: RedPacketAction
  readonly status: RedActivity['status']
  readonly deviceTypes: ReadonlyArray<DeviceTypeString>
  readonly refreshSeconds: RedActivity['refreshInterval']
  readonly amount: string
  readonly packets: number
}

const COLUMNS = `id, site_code AS "siteCode", title, action, status::int AS status, device_types AS "deviceTypes",
  refresh_seconds AS "refreshSeconds", amount::text AS amount, packets`

/** The red-packet activity with this id on a site, if it is offered to the player. */
export const redActivityById = async (db: Queryable, siteCode: string, playerId: string, id: number): Promise<RedActivityRow | undefined> =>
  (await db.query<RedActivityRow>(`SELECT ${COLUMNS} FROM red_activities a WHERE site_code = $1 AND ${OFFERED_TO_PLAYER} AND id = $3`, [siteCode, playerId, id]))
    .rows[0]

/**
 * Whether the activity `a` is offered to the player `$2`: an activity with players of its own
 * (red_activity_players, set through the control surface) is offered to them only.
 */
export const OFFERED_TO_PLAYER = `(NOT EXISTS (SELECT 1 FROM red_activity_players t WHERE t.activity_id = a.id)
  OR EXISTS (SELECT 1 FROM red_activity_players t WHERE t.activity_id = a.id AND t.player_id = $2))`

/** Creates an activity (control surface), for every player of the site or only the given ones; returns it. */
export const createRedActivity = async (
  db: Queryable,
  a: Omit<RedActivityRow, 'id'>,
  playerIds: ReadonlyArray<string> = [],
): Promise<RedActivityRow> => {
  const row = (
    await db.query<RedActivityRow>(
      `INSERT INTO red_activities (site_code, title, action, status, device_types, refresh_seconds, amount, packets)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
      [a.siteCode, a.title, a.action, a.status, a.deviceTypes, a.refreshSeconds, a.amount, a.packets],
    )
  ).rows[0]
  if (row === undefined) throw new Error('red activity insert returned no row')
  for (const id of playerIds) {
    await db.query('INSERT INTO red_activity_players (activity_id, player_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [row.id, id])
  }
  return row
}

/** Sets an activity's status (control surface: start 1, stop 3); false when there is no such activity. */
export const setRedActivityStatus = async (db: Queryable, id: number, status: number): Promise<boolean> =>
  ((await db.query('UPDATE red_activities SET status = $2 WHERE id = $1', [id, status])).affectedRows ?? 0) === 1

/** An amount in a currency as the hall shows money: fiat at its scale, crypto without trailing zeros. */
const money = async (db: Queryable, amount: string, currency: string): Promise<string> =>
  (
    await db.query<{ amount: string }>(
      `SELECT CASE WHEN currency_type = 1 THEN round($1::numeric, scale)::text ELSE trim_scale($1::numeric)::text END AS amount
       FROM currencies WHERE code = $2`,
      [amount, currency],
    )
  ).rows[0]?.amount ?? amount

/** The activities of the site the player may still take a packet of, with the packet offered now. */
export const redActivitiesFor = async (db: Queryable, siteCode: string, playerId: string): Promise<ReadonlyArray<RedActivity>> => {
  const rows = (
    await db.query<RedActivityRow & { claimed: number[] }>(
      `SELECT ${COLUMNS},
              array(SELECT red_id FROM red_claims c WHERE c.activity_id = a.id AND c.player_id = $2 ORDER BY red_id) AS claimed
       FROM red_activities a WHERE site_code = $1 AND status <> 0 AND ${OFFERED_TO_PLAYER} ORDER BY id`,
      [siteCode, playerId],
    )
  ).rows
  return rows.flatMap((r) => {
    const next = Array.from({ length: r.packets }, (_, i) => i + 1).find((id) => !r.claimed.includes(id))
    if (next === undefined) return []
    return [{
      activeid: r.id,
      title: r.title,
      status: r.status,
      action: r.action,
      redId: next,
      count: r.packets - r.claimed.length,
      deviceTypes: r.deviceTypes,
      refreshInterval: r.refreshSeconds,
    }]
  })
}

/**
 * Takes one packet for a player: the first time, records the claim and credits the amount in one
 * transaction; afterwards, answers that first claim again without crediting.
 */
export const claimPacket = async (
  ctx: CallContext,
  player: PlayerRow,
  action: RedPacketAction,
  p: RedClaimRequest,
): Promise<RedClaim> => {
  if (await refusedPackets(ctx.db, player)) throw new ServiceError(ServiceCodes.accountFrozen, 'this account receives no red packets')
  const activity = await redActivityById(ctx.db, ctx.site.code, player.id, p.activeId)
  if (activity === undefined) throw new ServiceError(RedPacketCodes.noSuchActivity, 'no such red-packet activity')
  if (activity.action !== action) throw new ServiceError(RedPacketCodes.wrongAction, `this packet is taken with ${activity.action}`)
  if (p.redId < 1 || p.redId > activity.packets) throw new ServiceError(RedPacketCodes.noSuchPacket, 'no such red packet')
  return ctx.db.transaction(async (tx) => {
    const before = (
      await tx.query<{ amount: string; currency: string }>(
        'SELECT amount::text AS amount, currency FROM red_claims WHERE activity_id = $1 AND player_id = $2 AND red_id = $3',
        [activity.id, player.id, p.redId],
      )
    ).rows[0]
    if (before !== undefined) {
      return {
        activeId: activity.id,
        redId: p.redId,
        amount: await money(tx, before.amount, before.currency),
        currency: before.currency,
        balance: await balanceOf(tx, player.id, before.currency),
        first: false,
      }
    }
    if (activity.status !== 1) throw new ServiceError(RedPacketCodes.closed, 'the red-packet activity is closed')
    if (!activity.deviceTypes.includes(String(p.requestDeviceType) as DeviceTypeString)) {
      throw new ServiceError(RedPacketCodes.otherDevice, 'this red packet cannot be taken on this device')
    }
    // ON CONFLICT: a concurrent claim of the same packet that committed first wins; this one
    // credits nothing and answers as a repeat.
    const inserted = await tx.query(
      `INSERT INTO red_claims (activity_id, player_id, red_id, amount, currency) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING`,
      [activity.id, player.id, p.redId, activity.amount, player.currency],
    )
    const first = (inserted.affectedRows ?? 0) === 1
    if (first) await credit(tx, { playerId: player.id, currency: player.currency }, activity.amount, 'redpacket')
    return {
      activeId: activity.id,
      redId: p.redId,
      amount: await money(tx, activity.amount, player.currency),
      currency: player.currency,
      balance: await balanceOf(tx, player.id, player.currency),
      first,
    }
  })
}

const take = (action: RedPacketAction) => async (ctx: CallContext, p: RedClaimRequest): Promise<RedClaim> => {
  const { player } = await requirePlayer(ctx)
  return claimPacket(ctx, player, action, p)
}

/**
 * Takes every packet sent to the player (/active/receiverewardall): each packet still waiting of
 * each open 'send' activity offered on this device is taken as receivereward takes it, one
 * transaction per packet (claimPacket: claim row and credit together, never twice), so a retry
 * or a receive on another tab takes only what is left. Answers the packets taken, their total
 * and the balance after (the player's other tabs hear wallet/changed); nothing waiting answers an
 * empty list and a total of 0.
 */
export const receiveAllPackets = async (ctx: CallContext, player: PlayerRow, requestDeviceType: number): Promise<{ list: RedClaim[]; total: string; balance: string }> => {
  if (await refusedPackets(ctx.db, player)) throw new ServiceError(ServiceCodes.accountFrozen, 'this account receives no red packets')
  const waiting = (await redActivitiesFor(ctx.db, ctx.site.code, player.id)).filter(
    (a) => a.action === 'send' && a.status === 1 && a.deviceTypes.includes(String(requestDeviceType) as DeviceTypeString),
  )
  const list: RedClaim[] = []
  for (const a of waiting) {
    const claimed = new Set(
      (await ctx.db.query<{ redId: number }>('SELECT red_id AS "redId" FROM red_claims WHERE activity_id = $1 AND player_id = $2', [a.activeid, player.id])).rows.map((r) => r.redId),
    )
    const activity = await redActivityById(ctx.db, ctx.site.code, player.id, a.activeid)
    for (let redId = 1; redId <= (activity?.packets ?? 0); redId++) {
      if (claimed.has(redId)) continue
      const claim = await claimPacket(ctx, player, 'send', { activeId: a.activeid, redId, requestDeviceType })
      if (claim.first) list.push(claim)
    }
  }
  const total = await sumAmounts(ctx.db, list.map((c) => c.amount))
  // The player's other tabs and devices hear of the balance change (wallet/changed, reason 'redpacket').
  if (list.length > 0) await ctx.socket?.send(player.id, [await storeNotice(ctx.db, player.id, 'wallet/changed', { reason: 'redpacket', amount: total })])
  return { list, total: await money(ctx.db, total, player.currency), balance: await balanceOf(ctx.db, player.id, player.currency) }
}

/** The red-packet calls. */
export const redPacketCalls: ReadonlyArray<Implementation> = [
  // A player who receives no red packets is offered none (no rain to tap in vain).
  implement(redActive, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    return { list: (await refusedPackets(ctx.db, player)) ? [] : await redActivitiesFor(ctx.db, ctx.site.code, player.id) }
  }),
  implement(getRed, take('grab')),
  implement(getReward, take('open')),
  implement(receiveReward, take('send')),
  implement(receiveRewardAll, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    return receiveAllPackets(ctx, player, p.requestDeviceType)
  }),
]
