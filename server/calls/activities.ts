/**
 * The event centre at the hall (spec screens §2 /home/event/index and the detail page, §3 event
 * categories, §4 reward receive statuses; calls §7.4 category, get, announcement, my_logs, receive,
 * receiveall, getByTemplate, customPageList, quickList, is_show). Migration 130.
 *
 * An activity is a rule over what the player does; the hall computes the player's progress from
 * the store, never from what the lobby says:
 * - Deposit (10): the deposits paid in the period (deposit_orders, status 1), in the wallet's
 *   currency; Wager (12): the bets of the game rounds played in the period;
 * - Rescue (5): the net loss (bets less wins) of the previous period; only the highest tier it
 *   reaches pays, one reward a period;
 * - DailyBonus (3): a check-in a day on the site's calendar; the tiers are the streak's days
 *   (need 1 … N), a missed day starts the streak again at day 1, after day N it starts over;
 * - Promote (15): the players the player invited who registered in the period; Proxy (17): the
 *   invitees who have made a paid deposit;
 * - Customize (1): by the condition the operator chose: cumulative recharge (1) counts the
 *   deposits as Deposit does, cumulative coding (2) the bets as Wager does; without a condition (0)
 *   every tier is every real player's, once a period. One without tiers is rules only.
 * Deposits and rounds count in the player's wallet currency only: what the player deposited or bet
 * in another currency's wallet (a trial player's before a currency change) counts in none.
 * Periods are the site's calendar (time zone): Signal 0 the activity's whole window, Daily 1 the
 * day, Weekly 2 the week from Monday. A tier gives a fixed amount (reward mode 0) or a rate in
 * percent of the progress (mode 1), rounded down to the currency's scale.
 *
 * A tier reached is receivable (CanReceive 1) for self-collect (distribution 2: until the
 * activity ends; 3: until receive_hours after its period ends, then Expired 3), paid by the hall
 * as soon as it evaluates the player's activities (auto dispatch 4, status Distributed 4), or left
 * Processing 0 for the operator (manual 5: the control's activity-manual-pay pays it, Distributed 4,
 * and activity-manual-reject marks it Rejected 7, server/activities-control.ts). Receiving is one transaction: the claim row's unique
 * key (activity, tier, player, period) is taken first, so a repeated or concurrent receive or
 * receive-all pays nothing twice; the wallet is credited with its ledger entry ('bonus-activity')
 * and, where the activity says so, a turnover requirement. Trial players cannot receive.
 */
import {
  activeAnnouncement, activeCategory, activeGet, activeIsShow, activeMyLogs, activeReceive, activeReceiveAll, customPageList,
  getByTemplate, quickList,
} from '../../schemas/hall/calls'
import { NO_END, type ActivityDetail, type ActivitySummary } from '../../schemas/hall/calls/active'
import {
  LISTED, activitiesOf, evaluate, evaluateAndDispatch, payClaim, textIn, tiersOf, ts, type ActivityRow, type Evaluated, type Evaluation, type Texts,
} from '../activities'
import { localTime, lockPlayer, sumAmounts, TRIAL_ACCOUNT } from '../rewards'
import { balanceOf, type PlayerRow } from '../store'
import { zoneOf } from './records'
import { OFFERED_TO_PLAYER, refusedPackets } from './redpackets'
import { requirePlayer } from './session'
import { ServiceError, implement } from './types'
import type { CallContext, Implementation } from './types'

/** The announcement's newest winners. */
const WINNERS = 20
/** The most a records page may hold. */
const MAX_PAGE_SIZE = 50

/** The event centre's service codes (the hall's own: the spec's catalogue names none; docs/hall-protocol.md). */
export const ActivityCodes = {
  /** No such activity running on this site. */
  unknown: 1500,
  /** Nothing of this activity can be received now (not reached, not started, or left to the operator). */
  notReceivable: 1501,
  /** Already received. */
  received: 1502,
  /** The time to receive it is over. */
  expired: 1503,
  /** Trial players register before receiving. */
  trial: 1504,
} as const

const activityFor = async (ctx: CallContext, activeId: number): Promise<ActivityRow> => {
  const a = (await activitiesOf(ctx.db, ctx.site.code, 'id = $2', [activeId]))[0]
  if (a === undefined) throw new ServiceError(ActivityCodes.unknown, 'no such activity')
  return a
}

const summaryOf = (ctx: CallContext, a: ActivityRow, redDot: boolean): ActivitySummary => ({
  activeId: a.id,
  type: a.type,
  template: a.template,
  title: textIn(a.titles, ctx.language, ctx.site.languageCode),
  imgId: a.imgId,
  imgUrl: a.imgUrl,
  startTime: localTime(a.startMs, zoneOf(ctx.site.timeZone)),
  endTime: localTime(a.endMs, zoneOf(ctx.site.timeZone)),
  period: a.period,
  // A running activity whose window has passed is over (spec activity status 2).
  status: a.status === 1 && ctx.now >= a.endMs ? 2 : a.status,
  sort: a.sort,
  redDot: redDot ? 1 : 0,
})

/**
 * The red-packet activities (type 7) of the quick list: those running (Processing 1) that are
 * offered to the player and still hold a packet for them, each with its red dot; none for a
 * visitor, a trial player or a player who receives no red packets (as /active/redactive).
 */
const redPacketEntries = async (ctx: CallContext, player: PlayerRow | undefined): Promise<ActivitySummary[]> => {
  if (player === undefined || player.accountType === TRIAL_ACCOUNT || (await refusedPackets(ctx.db, player))) return []
  const rows = (
    await ctx.db.query<{ id: number; title: string; startMs: number }>(
      `SELECT a.id, a.title, (extract(epoch FROM a.created_at) * 1000)::float8 AS "startMs" FROM red_activities a
       WHERE a.site_code = $1 AND a.status = 1 AND ${OFFERED_TO_PLAYER}
         AND (SELECT count(*) FROM red_claims c WHERE c.activity_id = a.id AND c.player_id = $2) < a.packets
       ORDER BY a.id`,
      [ctx.site.code, player.id],
    )
  ).rows
  return rows.map((r) => ({
    activeId: r.id, type: 7, template: 'redpacket', title: r.title, imgId: '', imgUrl: '',
    startTime: localTime(r.startMs, zoneOf(ctx.site.timeZone)), endTime: NO_END, period: 0, status: 1, sort: 0, redDot: 1,
  }))
}

/**
 * The discount codes (type 22) as one quick-list entry while the site has a code left to redeem
 * (as /active/isShowDiscount): activeId 22, titled by the lobby (an empty title), started when the
 * oldest such code was made.
 */
const discountEntry = async (ctx: CallContext): Promise<ActivitySummary[]> => {
  const r = (
    await ctx.db.query<{ startMs: number | null }>(
      `SELECT (extract(epoch FROM min(created_at)) * 1000)::float8 AS "startMs" FROM discount_codes WHERE site_code = $1 AND active AND used < max_uses`,
      [ctx.site.code],
    )
  ).rows[0]
  if (r?.startMs == null) return []
  return [{
    activeId: 22, type: 22, template: 'discountCode', title: '', imgId: '', imgUrl: '',
    startTime: localTime(r.startMs, zoneOf(ctx.site.timeZone)), endTime: NO_END, period: 0, status: 1, sort: 0, redDot: 0,
  }]
}

/** The player of a live session, or undefined for a visitor (lists are open to visitors). */
const playerOrNone = async (ctx: CallContext): Promise<PlayerRow | undefined> => (ctx.session === undefined ? undefined : (await requirePlayer(ctx).catch(() => undefined))?.player)

/** Whether any reward of an activity is receivable for the player now (the red dot). */
const hasReceivable = async (ctx: CallContext, a: ActivityRow, player: PlayerRow | undefined): Promise<boolean> => {
  if (player === undefined || player.accountType === TRIAL_ACCOUNT) return false
  const e = await evaluateAndDispatch(ctx.db, a, player, zoneOf(ctx.site.timeZone), ctx.now, textIn(a.titles, 'en_US', ctx.site.languageCode))
  return e.rewards.some((r) => r.reward.status === 1)
}

/** The number of activities with something to receive, and its amount (the activity red dot). */
export const activityRedDot = async (ctx: CallContext, player: PlayerRow): Promise<{ count: number; amount: string }> => {
  if (player.accountType === TRIAL_ACCOUNT) return { count: 0, amount: '0' }
  let count = 0
  const amounts: string[] = []
  for (const a of await activitiesOf(ctx.db, ctx.site.code)) {
    const e = await evaluateAndDispatch(ctx.db, a, player, zoneOf(ctx.site.timeZone), ctx.now, textIn(a.titles, 'en_US', ctx.site.languageCode))
    const open = e.rewards.filter((r) => r.reward.status === 1)
    if (open.length > 0) count += 1
    amounts.push(...open.map((r) => r.reward.amount))
  }
  return { count, amount: await sumAmounts(ctx.db, amounts) }
}

const detailOf = async (ctx: CallContext, a: ActivityRow): Promise<ActivityDetail> => {
  const player = await playerOrNone(ctx)
  const zone = zoneOf(ctx.site.timeZone)
  const tiers = await tiersOf(ctx.db, a.id)
  const evaluation: Evaluation =
    player === undefined
      ? { rechargeAmount: '0', betAmount: '0', rewards: tiers.map((t, i) => ({ tierId: t.id, periodKey: '', reward: { receiveId: t.id, title: '', level: t.level, condition: a.condition, need: a.type === 3 ? String(i + 1) : t.need, done: '0', amount: t.value, status: ctx.now < a.startMs ? 5 : 0, expireTime: null } })) }
      : await evaluateAndDispatch(ctx.db, a, player, zone, ctx.now, textIn(a.titles, 'en_US', ctx.site.languageCode))
  const titleOf = new Map(tiers.map((t) => [t.id, textIn(t.titles, ctx.language, ctx.site.languageCode)]))
  return {
    ...summaryOf(ctx, a, evaluation.rewards.some((r) => r.reward.status === 1) && player?.accountType !== TRIAL_ACCOUNT),
    content: textIn(a.contents, ctx.language, ctx.site.languageCode),
    condition: a.condition,
    rewardMode: a.rewardMode,
    distribution: a.distribution,
    rechargeAmount: evaluation.rechargeAmount,
    betAmount: evaluation.betAmount,
    rewards: evaluation.rewards.map((r) => ({ ...r.reward, title: titleOf.get(r.tierId) ?? '' })),
  }
}

/** Receives the rewards `pick` chooses of one activity, in one transaction; answers the amount and count paid. */
const receive = async (ctx: CallContext, activeId: number, pick: (rs: ReadonlyArray<Evaluated>) => ReadonlyArray<Evaluated>) => {
  const { player } = await requirePlayer(ctx)
  if (player.accountType === TRIAL_ACCOUNT) throw new ServiceError(ActivityCodes.trial, 'register to receive rewards')
  const a = await activityFor(ctx, activeId)
  const zone = zoneOf(ctx.site.timeZone)
  const title = textIn(a.titles, 'en_US', ctx.site.languageCode)
  const paid = await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    const e = await evaluate(tx, a, player, zone, ctx.now)
    const chosen = pick(e.rewards)
    const amounts: string[] = []
    for (const r of chosen) amounts.push(await payClaim(tx, a, player, r, 2, ctx.now, title))
    return amounts.filter((x) => x !== '0')
  })
  return {
    amount: await sumAmounts(ctx.db, paid),
    count: paid.length,
    currency: player.currency,
    game_gold: await balanceOf(ctx.db, player.id, player.currency),
  }
}

export const activityCalls: ReadonlyArray<Implementation> = [
  implement(activeCategory, async (ctx) => {
    const player = await playerOrNone(ctx)
    const categories = (
      await ctx.db.query<{ id: number; names: Texts; sortNumber: number }>(
        'SELECT id, names, sort_number AS "sortNumber" FROM activity_categories WHERE site_code = $1 ORDER BY sort_number, id',
        [ctx.site.code],
      )
    ).rows
    const activities = await activitiesOf(ctx.db, ctx.site.code, LISTED, [ts(ctx.now)])
    const list = []
    for (const c of categories) {
      const activeList: ActivitySummary[] = []
      for (const a of activities.filter((x) => x.categoryId === c.id)) activeList.push(summaryOf(ctx, a, await hasReceivable(ctx, a, player)))
      if (activeList.length > 0) list.push({ categoryId: c.id, categoryName: textIn(c.names, ctx.language, ctx.site.languageCode), sortNumber: c.sortNumber, activeList })
    }
    return { list }
  }),
  implement(activeGet, async (ctx, p) => detailOf(ctx, await activityFor(ctx, p.activeId))),
  implement(getByTemplate, async (ctx, p) => {
    const a = (await activitiesOf(ctx.db, ctx.site.code, 'template = $2', [p.template]))[0]
    if (a === undefined) throw new ServiceError(ActivityCodes.unknown, 'no such activity')
    return detailOf(ctx, a)
  }),
  implement(activeAnnouncement, async (ctx, p) => {
    const a = await activityFor(ctx, p.activeId)
    const zone = zoneOf(ctx.site.timeZone)
    const rows = (
      await ctx.db.query<{ username: string; tier: Texts; amount: string; time: string }>(
        `SELECT pl.username, t.titles AS tier, trim_scale(c.amount)::text AS amount, to_char(c.created_at AT TIME ZONE $3, 'YYYY-MM-DD HH24:MI:SS') AS time
         FROM activity_claims c JOIN players pl ON pl.id = c.player_id JOIN activity_tiers t ON t.id = c.tier_id
         WHERE c.activity_id = $1 AND c.status IN (2, 4) ORDER BY c.created_at DESC, c.id DESC LIMIT $2`,
        [a.id, WINNERS, zone],
      )
    ).rows
    return { list: rows.map((r) => ({ username: maskName(r.username), title: textIn(r.tier, ctx.language, ctx.site.languageCode), amount: r.amount, time: r.time })) }
  }),
  implement(activeMyLogs, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const a = await activityFor(ctx, p.activeId)
    const size = Math.min(Math.max(p.size ?? 20, 1), MAX_PAGE_SIZE)
    const current = Math.max(p.page ?? 1, 1)
    const zone = zoneOf(ctx.site.timeZone)
    const total = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM activity_claims WHERE activity_id = $1 AND player_id = $2 AND status IN (2, 4)', [a.id, player.id])).rows[0]!.n
    const rows = (
      await ctx.db.query<{ id: string; tier: Texts; amount: string; status: 2 | 4; createdAt: string }>(
        `SELECT c.id::text AS id, t.titles AS tier, trim_scale(c.amount)::text AS amount, c.status,
           to_char(c.created_at AT TIME ZONE $5, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"
         FROM activity_claims c JOIN activity_tiers t ON t.id = c.tier_id
         WHERE c.activity_id = $1 AND c.player_id = $2 AND c.status IN (2, 4) ORDER BY c.created_at DESC, c.id DESC LIMIT $3 OFFSET $4`,
        [a.id, player.id, size, (current - 1) * size, zone],
      )
    ).rows
    return {
      records: rows.map((r) => ({ id: r.id, title: textIn(r.tier, ctx.language, ctx.site.languageCode), amount: r.amount, status: r.status, createdAt: r.createdAt })),
      total,
      current,
      size,
    }
  }),
  implement(activeReceive, async (ctx, p) => {
    // The choice is made inside the receipt's transaction before anything is paid: a refusal thrown there writes nothing.
    const answer = await receive(ctx, p.activeId, (rs) => {
      const r = rs.find((x) => x.tierId === p.receiveId)
      if (r === undefined) throw new ServiceError(ActivityCodes.notReceivable, 'no such reward')
      if (r.reward.status === 2 || r.reward.status === 4) throw new ServiceError(ActivityCodes.received, 'already received')
      if (r.reward.status === 3) throw new ServiceError(ActivityCodes.expired, 'the time to receive this reward is over')
      if (r.reward.status !== 1) throw new ServiceError(ActivityCodes.notReceivable, 'this reward cannot be received now')
      return [r]
    })
    if (answer.count === 0) throw new ServiceError(ActivityCodes.received, 'already received')
    return answer
  }),
  implement(activeReceiveAll, async (ctx, p) => {
    const answer = await receive(ctx, p.activeId, (rs) => rs.filter((r) => r.reward.status === 1))
    if (answer.count === 0) throw new ServiceError(ActivityCodes.notReceivable, 'nothing to receive')
    return answer
  }),
  implement(quickList, async (ctx) => {
    const player = await playerOrNone(ctx)
    const list: ActivitySummary[] = []
    // Quick entries lead to what runs now: an activity past its end (still listed while its rewards may be received) is not one.
    for (const a of await activitiesOf(ctx.db, ctx.site.code, 'status = 1 AND start_at <= $2 AND end_at > $2', [ts(ctx.now)])) list.push(summaryOf(ctx, a, await hasReceivable(ctx, a, player)))
    return { list: [...list, ...(await redPacketEntries(ctx, player)), ...(await discountEntry(ctx))] }
  }),
  implement(customPageList, async (ctx) => {
    const rows = (
      await ctx.db.query<{ id: number; titles: Texts; contents: Texts; imgUrl: string; sort: number }>(
        'SELECT id, titles, contents, img_url AS "imgUrl", sort FROM activity_pages WHERE site_code = $1 ORDER BY sort, id',
        [ctx.site.code],
      )
    ).rows
    return {
      list: rows.map((r) => ({
        id: r.id, title: textIn(r.titles, ctx.language, ctx.site.languageCode), imgUrl: r.imgUrl, content: textIn(r.contents, ctx.language, ctx.site.languageCode), sort: r.sort,
      })),
    }
  }),
  implement(activeIsShow, async (ctx) => {
    const m = (await ctx.db.query<{ task: boolean; rebate: boolean; award: boolean }>('SELECT task, rebate, award FROM activity_modules WHERE site_code = $1', [ctx.site.code])).rows[0]
    const running = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM activities WHERE site_code = $1 AND status = 1 AND start_at <= $2 AND end_at > $2', [ctx.site.code, ts(ctx.now)])).rows[0]!.n
    const flag = (b: boolean | undefined): 0 | 1 => (b === true ? 1 : 0)
    return { active: flag(running > 0), task: flag(m?.task), rebate: flag(m?.rebate), award: flag(m?.award) }
  }),
]

/** A winner's name as the announcement shows it: the first two and the last characters. */
export const maskName = (name: string): string => (name.length <= 3 ? `${name.slice(0, 1)}**` : `${name.slice(0, 2)}***${name.slice(-1)}`)
