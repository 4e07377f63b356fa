/**
 * The control surface for tests and demos (ARCHITECTURE.md, "The reference hall"): switch
 * maintenance and area restriction, expire a player's sessions, add latency, force the next
 * answers of a call, credit a balance (which pushes payOrderSuccess on the player's socket), push
 * any event notice to a player's socket, create a player of its own for a test (`new-player`),
 * read and patch a site's settings, and read a site's boot configuration. It exists only in dev
 * and test mode and answers only loopback clients; everywhere else its paths are 404. Bodies are
 * plain JSON, neither signed nor encrypted, so a shell one-liner can drive it.
 */
import { putActivity } from './activities-seed'
import { putPlayActivity } from './play/wheel-seed'
import { setSeed } from './play/wheel'
import { randomInt } from 'node:crypto'
import { Exit, Schema } from 'effect'
import { allCalls, LastGameInfo, Password, Username } from '../schemas/hall/calls'
import { HALL_PREFIX } from '../schemas/hall/protocol'
import { hashPassword, randomHex } from './crypto'
import type { Db } from './db'
import { siteConfigOf } from './page'
import type { HallState } from './state'
import { LINE_COUNT, setLineDelay } from './lines'
import { createRedActivity, setRedActivityStatus } from './calls/redpackets'
import { allFrames, setFrameSwitch, setPlayerFrames } from './calls/frames'
import { setMaxChargeRate, setPlayerCounters } from './calls/badges'
import { sendMessage } from './calls/messages'
import { onlineAgents, setAgents } from './calls/service'
import { latestFeedbackOf, replyToFeedback } from './calls/feedback'
import { lastCode } from './calls/security'
import { challengeAnswerOf, lastChallenge } from './calls/challenge'
import { putDiscountCode, settleOrder } from './calls/pay'
import { ActivityStatus, DeviceTypeString, RedPacketAction, RedPacketRefresh } from '../schemas/hall/calls/active'
import type { SocketHub } from './ws'
import { advanceSavingsDays, setTerms } from './calls/yuebao'
import { adjust, credit } from './money'
import { FROZEN_STATUSES, balanceOf, createPlayer, endAccess, expireSessions, playerByUsername, siteByCode, siteForHost } from './store'
import type { Queryable } from './db'
import { AccountKind } from '../schemas/hall/calls/withdraw'
import { WithdrawError, addTurnover, setSettings, settleWithdraw } from './withdraw'
import { bannerSeedsOf, setBanners } from './banners'
import { isPlayControl, playBodies, runPlayControl } from './play/control'
import { runPromotionControl } from './promotion-control'
import { runTraceControl } from './trace-control'
import { runWebPushControl } from './webpush-control'
import { runActivityControl } from './activities-control'
import { closePeriod } from './agents'
import { lockPlayer } from './rewards'

/** A control answer: HTTP status and JSON body. */
export interface ControlAnswer {
  readonly status: number
  readonly body: Record<string, unknown>
}

const ok = (extra: Record<string, unknown> = {}): ControlAnswer => ({ status: 200, body: { ok: true, ...extra } })
const fail = (status: number, error: string): ControlAnswer => ({ status, body: { ok: false, error } })

const Amount = Schema.Union([Schema.String.check(Schema.isPattern(/^-?\d+(\.\d{1,10})?$/)), Schema.Finite])

const Count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** The account settings an operator sets on a player (the `player` and `new-player` controls). */
const PlayerSettings = {
  change_password: Schema.optional(Schema.Literals([0, 1])),
  user_status: Schema.optional(Schema.Literals([1, 2, 3, 4, 5])),
  has_recharged: Schema.optional(Schema.Literals([0, 1])),
  /** How many items the forced bind flow asks for (phone, email, google auth, withdraw password). */
  must_bind_item: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 4 }))),
  /** The frames this player alone sees, by id, in order ([] gives the site's frames back). */
  frames: Schema.optional(Schema.Array(Schema.Int)),
  /** 1: the recharge pop-up's promotions are pushed to this player (migration 060). */
  recharge_pop: Schema.optional(Schema.Literals([0, 1])),
  /** 1: the new-benefits pop-up shows to this player after login. */
  newcomer_pop: Schema.optional(Schema.Literals([0, 1])),
  /** The game the prize answer names as the last one (the continue-last-game confirm); null: none. */
  last_game: Schema.optional(Schema.NullOr(LastGameInfo)),
  /** The bound phone and email ('' unbinds), as a bind would store them (the recovery and SMS login tests). */
  mobile_phone: Schema.optional(Schema.String),
  email: Schema.optional(Schema.String),
} as const

const bodies = {
  maintenance: Schema.Struct({
    siteCode: Schema.String,
    maintainStatus: Schema.optional(Schema.Number),
    siteMaintenanceStatus: Schema.optional(Schema.Boolean),
  }),
  area: Schema.Struct({ siteCode: Schema.String, areaStatus: Schema.Boolean }),
  'expire-token': Schema.Struct({ username: Schema.String, siteCode: Schema.optional(Schema.String) }),
  latency: Schema.Struct({ path: Schema.optional(Schema.String), ms: Schema.Number.check(Schema.isGreaterThanOrEqualTo(0)) }),
  force: Schema.Struct({
    path: Schema.String,
    code: Schema.optional(Schema.Number),
    msg: Schema.optional(Schema.String),
    data: Schema.optional(Schema.Unknown),
    raw: Schema.optional(Schema.String),
    times: Schema.optional(Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0))),
  }),
  'clear-force': Schema.Struct({ path: Schema.optional(Schema.String) }),
  credit: Schema.Struct({
    username: Schema.String,
    siteCode: Schema.optional(Schema.String),
    amount: Amount,
    /** A turnover requirement on the credited amount: bet `multiple` times before it can be withdrawn (server/withdraw.ts). */
    turnover: Schema.optional(Schema.Struct({
      multiple: Schema.String.check(Schema.isPattern(/^\d{1,6}(\.\d{1,4})?$/)),
      source: Schema.optional(Schema.Literals(['deposit', 'bonus', 'activity', 'task', 'vip', 'rebate', 'manual'])),
      title: Schema.optional(Schema.String),
    })),
  }),
  reset: Schema.Struct({}),
  /**
   * Moves the hall's clock (server/state.ts clockOffsetMs): `advanceMs` ahead of where it is, or to
   * `offsetMs` from its base clock ({ offsetMs: 0 } puts it back; so does `reset`). Answers the
   * offset and the hall's time. What decides "today" follows it: a daily check-in, a period's deposits.
   */
  clock: Schema.Struct({ advanceMs: Schema.optional(Schema.Int), offsetMs: Schema.optional(Schema.Int) }),
  push: Schema.Struct({ username: Schema.String, siteCode: Schema.optional(Schema.String), type: Schema.String, data: Schema.optional(Schema.Unknown) }),
  'site-config': Schema.Struct({ siteCode: Schema.optional(Schema.String) }),
  player: Schema.Struct({
    username: Schema.String,
    siteCode: Schema.optional(Schema.String),
    ...PlayerSettings,
  }),
  /**
   * Creates a player of its own for a test: a username (given, or the prefix and six random
   * digits), a password (default 'test1234'), an opening balance credited through the ledger, and
   * the settings of `player`. Answers the username, password, currency and balance.
   */
  'new-player': Schema.Struct({
    siteCode: Schema.optional(Schema.String),
    username: Schema.optional(Username),
    prefix: Schema.optional(Schema.String.check(Schema.isPattern(/^[A-Za-z][A-Za-z0-9]{0,9}$/))),
    password: Schema.optional(Password),
    balance: Schema.optional(Amount),
    ...PlayerSettings,
  }),
  /** Lists the frames (no ids), or switches the given frames on or off for their sites. */
  frames: Schema.Struct({ ids: Schema.optional(Schema.Array(Schema.Int)), on: Schema.optional(Schema.Boolean) }),
  /** The last verification code the hall "sent" to a player (it sends no SMS or mail). */
  'last-code': Schema.Struct({ username: Schema.String, siteCode: Schema.optional(Schema.String), purpose: Schema.optional(Schema.Literals(['phone', 'email', 'googleAuth'])) }),
  /** The newest human challenge (1119) and the digits its image shows. */
  'last-challenge': Schema.Struct({}),
  /** The answer of the challenge of this key (the digits, the slider's x, the click's points, the nine-square's tiles). */
  'challenge-answer': Schema.Struct({ key: Schema.String }),
  /**
   * Replaces a site's home banners by the given ones, in order (server/banners.ts); answers the
   * banners it had (to put back) and the new ids. Without banners: only reads them.
   */
  banners: Schema.Struct({
    siteCode: Schema.String,
    banners: Schema.optional(Schema.Array(Schema.Struct({
      /** A banner put back keeps its id (what the control answered as `banners` before). */
      id: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 999_999_999 }))),
      title: Schema.String,
      subtitle: Schema.optional(Schema.String),
      colourFrom: Schema.optional(Schema.String.check(Schema.isPattern(/^#[0-9a-fA-F]{6}$/))),
      colourTo: Schema.optional(Schema.String.check(Schema.isPattern(/^#[0-9a-fA-F]{6}$/))),
      locationType: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 10 })),
      locationValue: Schema.optional(Schema.String),
      locationTemplate: Schema.optional(Schema.String),
      jumpWindow: Schema.optional(Schema.Literals([0, 1])),
    }))),
  }),
  /** Patches a stored settings document (and removes keys); answers the document as it is then. Neither: reads it. */
  'site-document': Schema.Struct({
    siteCode: Schema.String,
    name: Schema.Literals(['site', 'sysInfo', 'layout', 'brandLogo', 'aboutUs', 'accessRestricted', 'maintain', 'footerConfig', 'download', 'club', 'webPush', 'challenge', 'register', 'delivery']),
    patch: Schema.optional(Schema.Record(Schema.String, Schema.Unknown)),
    remove: Schema.optional(Schema.Array(Schema.String)),
  }),
  /** The added delay of one network line (server/lines.ts); 0 removes it. */
  'line-delay': Schema.Struct({
    line: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: LINE_COUNT })),
    ms: Schema.Number.check(Schema.isGreaterThanOrEqualTo(0)),
  }),
  /** Starts a red-packet activity (status 1 unless given), for the site or only the named players; answers its id. */
  'red-activity': Schema.Struct({
    siteCode: Schema.optional(Schema.String),
    /** Usernames of the site: the activity is offered to these players only (default: every player). */
    players: Schema.optional(Schema.Array(Schema.String)),
    title: Schema.optional(Schema.String),
    action: Schema.optional(RedPacketAction),
    amount: Amount,
    deviceTypes: Schema.optional(Schema.Array(DeviceTypeString)),
    refreshInterval: Schema.optional(RedPacketRefresh),
    packets: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 10 }))),
    status: Schema.optional(ActivityStatus),
  }),
  /**
   * Adds (or replaces, by template) an event-centre activity of a site with its tiers ([need,
   * value]); start and end are ISO instants (default: this year to 2030). Answers its activeId.
   */
  activity: Schema.Struct({
    siteCode: Schema.optional(Schema.String),
    category: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 2 }))),
    type: Schema.Literals([1, 3, 5, 10, 12, 15, 17]),
    template: Schema.String.check(Schema.isPattern(/^[a-z0-9-]{1,40}$/)),
    title: Schema.String,
    rules: Schema.optional(Schema.String),
    period: Schema.Literals([0, 1, 2]),
    condition: Schema.Literals([0, 1, 2]),
    rewardMode: Schema.Literals([0, 1]),
    distribution: Schema.Literals([2, 3, 4, 5]),
    turnover: Schema.optional(Schema.String.check(Schema.isPattern(/^\d+(\.\d{1,4})?$/))),
    receiveHours: Schema.optional(Count),
    tiers: Schema.Array(Schema.Tuple([Amount, Amount])),
    start: Schema.optional(Schema.String),
    end: Schema.optional(Schema.String),
  }),
  /**
   * Adds (or replaces, by template) a lucky wheel (type 2, 20) or word collection (18) of a site:
   * its tasks ([condition 1 deposit / 2 bet, need, chances]), points per spin, prizes ([title,
   * amount, weight] clockwise from the top) or words ([word, weight]) and set ([title, amount]),
   * and optionally the seed of its random source. Answers its activeId.
   */
  'wheel-activity': Schema.Struct({
    siteCode: Schema.optional(Schema.String),
    type: Schema.Literals([2, 20, 18]),
    template: Schema.String.check(Schema.isPattern(/^[a-z0-9-]{1,40}$/)),
    title: Schema.String,
    rules: Schema.optional(Schema.String),
    period: Schema.Literals([0, 1, 2]),
    turnover: Schema.optional(Schema.String.check(Schema.isPattern(/^\d+(\.\d{1,4})?$/))),
    tasks: Schema.Array(Schema.Tuple([Schema.Literals([1, 2]), Amount, Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 1000 }))])),
    pointsPerSpin: Schema.optional(Amount),
    prizes: Schema.optional(Schema.Array(Schema.Tuple([Schema.String, Amount, Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))]))),
    words: Schema.optional(Schema.Array(Schema.Tuple([Schema.String, Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))]))),
    set: Schema.optional(Schema.Tuple([Schema.String, Amount])),
    seed: Schema.optional(Schema.NullOr(Schema.String)),
    start: Schema.optional(Schema.String),
    end: Schema.optional(Schema.String),
  }),
  /**
   * Sets (a string) or clears (null) the seed of a wheel's or collection's random source, by
   * template: the n-th draw after it is sha256(seed:activeId:n) (server/play/wheel.ts).
   */
  'wheel-seed': Schema.Struct({ siteCode: Schema.optional(Schema.String), template: Schema.String, seed: Schema.NullOr(Schema.String) }),
  /** Moves an activity's end (an ISO instant): the operator ends it early, or its window is over. */
  'activity-end': Schema.Struct({ siteCode: Schema.optional(Schema.String), template: Schema.String, end: Schema.String }),
  /** Records that `inviter` invited `username` (both of the site): what the promote and proxy activities count. */
  invite: Schema.Struct({ siteCode: Schema.optional(Schema.String), username: Schema.String, inviter: Schema.String }),
  /**
   * Closes an agent's open commission period now (the operator settles early; migration 210):
   * its figures and commission are stored and can be received. Answers whether a period closed.
   */
  'agent-settle': Schema.Struct({ siteCode: Schema.optional(Schema.String), username: Schema.String }),
  /** Sets a site's agent mode (Infinite 30004, FirstLevel 1, NetProfit 2, ThreeNetProfix 10002). */
  'agent-mode': Schema.Struct({ siteCode: Schema.optional(Schema.String), mode: Schema.Literals([30004, 1, 2, 10002]) }),
  /** Starts (1) or stops (3 closed, 2 over, 4 expired) a red-packet activity. */
  'red-activity-status': Schema.Struct({ activeId: Schema.Int, status: ActivityStatus }),
  /**
   * Sets how a site's tasks of a group and type are paid (server/tasks.ts): self-collect 2, the
   * player receives them; auto dispatch 4, the hall sends them once done (HasSend 4). Answers how
   * many tasks it set.
   */
  'task-dispatch': Schema.Struct({
    siteCode: Schema.optional(Schema.String),
    template: Schema.Literals(['newcomer', 'daily']),
    taskType: Schema.Int,
    condition: Schema.optional(Schema.Literals([0, 1, 2, 3])),
    dispatch: Schema.Literals([2, 4]),
  }),
  /** Sets a player's badge counters (task/rebate/award red dots) and, with no username, only the site's highest charge rate. */
  counters: Schema.Struct({
    username: Schema.optional(Schema.String),
    siteCode: Schema.optional(Schema.String),
    maxChargeRate: Schema.optional(Schema.String.check(Schema.isPattern(/^\d+(\.\d{1,4})?$/))),
    task_count: Schema.optional(Count),
    task_amount: Schema.optional(Amount),
    return_count: Schema.optional(Count),
    return_amount: Schema.optional(Amount),
    reward_count: Schema.optional(Count),
    reward_amount: Schema.optional(Amount),
  }),
  /**
   * Sends messages (notice 1, announcement 2, marquee 3) to one player (username, told on their
   * socket) or to every player of the site; `count` sends that many, numbered in their titles.
   * An award is credited once when received, within `awardSeconds` when given. Answers the ids.
   */
  message: Schema.Struct({
    siteCode: Schema.optional(Schema.String),
    username: Schema.optional(Schema.String),
    type: Schema.Literals([1, 2, 3]),
    title: Schema.String.check(Schema.isMaxLength(200)),
    content: Schema.String.check(Schema.isMaxLength(20_000)),
    award: Schema.optional(Schema.String.check(Schema.isPattern(/^\d{1,12}(\.\d{1,10})?$/))),
    awardSeconds: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 31_536_000 }))),
    count: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 500 }))),
  }),
  /**
   * The operator's reply to a player's feedback (its id, or their newest when it names none); sets or
   * replaces the reply, unread again. Answers the feedback's id.
   */
  'feedback-reply': Schema.Struct({
    siteCode: Schema.optional(Schema.String),
    username: Schema.String,
    id: Schema.optional(Schema.Int),
    reply: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(2000)),
  }),
  /** The version op.json reports to a site's lobbies (a new build is out); null: the build's own again. */
  'app-version': Schema.Struct({ siteCode: Schema.String, version: Schema.NullOr(Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(50))) }),
  /** Replaces a site's customer-service agents, in order (no url: the hall's chat page); answers them as staffallv2 would. */
  'service-agents': Schema.Struct({
    siteCode: Schema.optional(Schema.String),
    agents: Schema.Array(Schema.Struct({
      name: Schema.String.check(Schema.isMaxLength(100)),
      code: Schema.optional(Schema.String.check(Schema.isMaxLength(10_000))),
      url: Schema.optional(Schema.String.check(Schema.isMaxLength(2000))),
      openType: Schema.optional(Schema.Int),
      online: Schema.optional(Schema.Boolean),
    })).check(Schema.isMaxLength(20)),
  }),
  /** Sets a site's savings terms (switch, year rate in percent, least amounts in and out); answers them. */
  'savings-site': Schema.Struct({
    siteCode: Schema.optional(Schema.String),
    switchStatus: Schema.optional(Schema.Literals([0, 1])),
    yearRate: Schema.optional(Schema.String.check(Schema.isPattern(/^\d{1,4}(\.\d{1,4})?$/))),
    minIn: Schema.optional(Schema.String.check(Schema.isPattern(/^\d+(\.\d{1,10})?$/))),
    minOut: Schema.optional(Schema.String.check(Schema.isPattern(/^\d+(\.\d{1,10})?$/))),
  }),
  /** Moves a player's savings on by whole days: their interest accrues as if the hall's clock had passed that many day-ends. */
  'savings-days': Schema.Struct({
    username: Schema.String,
    siteCode: Schema.optional(Schema.String),
    days: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 3660 })),
  }),
  /** An operator's decision on a withdraw order: approve, pay, reject or fail (server/withdraw.ts); pushes the socket notices. */
  'withdraw-order': Schema.Struct({ orderNo: Schema.String.check(Schema.isPattern(/^\d{1,19}$/)), action: Schema.Literals(['approve', 'pay', 'reject', 'fail']), reason: Schema.optional(Schema.String) }),
  /** A site's withdraw settings: all closed, some kinds closed, the notice, the SMS step, the daily allowance, the kinds that ask a proof. */
  'withdraw-settings': Schema.Struct({
    siteCode: Schema.optional(Schema.String),
    closed: Schema.optional(Schema.Boolean),
    closedKinds: Schema.optional(Schema.Array(AccountKind)),
    message: Schema.optional(Schema.String),
    needSms: Schema.optional(Schema.Boolean),
    dailyTimes: Schema.optional(Count),
    dailyMaxAmount: Schema.optional(Schema.String.check(Schema.isPattern(/^\d{1,20}(\.\d{1,10})?$/))),
    proofKinds: Schema.optional(Schema.Array(AccountKind)),
  }),
  /** Settles a deposit order as its provider would (paid, failed) or as time does (expired); a settled order stays as it is. */
  'pay-order': Schema.Struct({ orderNo: Schema.String, outcome: Schema.Literals(['paid', 'failed', 'expired']) }),
  /** Creates or replaces a discount code of a site: its amount in a currency (default the site's), uses, whether a bound phone is needed. */
  'discount-code': Schema.Struct({
    siteCode: Schema.optional(Schema.String),
    code: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9]{4,32}$/)),
    amount: Amount,
    currency: Schema.optional(Schema.String),
    uses: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
    needPhone: Schema.optional(Schema.Boolean),
    active: Schema.optional(Schema.Boolean),
  }),
  /** The playing activities' controls (server/play/control.ts): play-activity, guess-settle, invest-mature. */
  ...playBodies,
} as const

type ControlName = keyof typeof bodies

/** The control endpoints, for docs and error messages. */
export const CONTROL_NAMES = Object.keys(bodies) as ReadonlyArray<ControlName>

/** A call path as the control surface accepts it: with or without the hall prefix. */
const callPath = (p: string): string | undefined => {
  const path = p.startsWith(`${HALL_PREFIX}/`) ? p.slice(HALL_PREFIX.length) : p
  return allCalls.some((c) => c.path === path) ? path : undefined
}

/** True for loopback addresses (IPv4 127/8, IPv6 ::1, IPv4-mapped loopback). */
export const isLoopback = (address: string | undefined): boolean =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\./.test(address))

/** The password of a `new-player` when none is given. */
const DEFAULT_PASSWORD = 'test1234'

const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && 'code' in e && e.code === '23505'

/** Writes the settings of a `player` or `new-player` body that are present. */
const applySettings = async (db: Queryable, playerId: string, b: Partial<Record<keyof typeof PlayerSettings, unknown>>): Promise<void> => {
  const columns = ['change_password', 'user_status', 'has_recharged', 'must_bind_item', 'recharge_pop', 'newcomer_pop', 'mobile_phone', 'email'] as const
  for (const column of columns) {
    const value = b[column]
    if (value !== undefined) await db.query(`UPDATE players SET ${column} = $2 WHERE id = $1`, [playerId, value])
  }
  if (b.frames !== undefined) await setPlayerFrames(db, playerId, b.frames as ReadonlyArray<number>)
  if (b.last_game !== undefined) await db.query('UPDATE players SET last_game = $2 WHERE id = $1', [playerId, b.last_game === null ? null : JSON.stringify(b.last_game)])
  // A frozen or blacklisted account is signed out everywhere and its fast-login key replaced.
  if (typeof b.user_status === 'number' && FROZEN_STATUSES.has(b.user_status)) await endAccess(db, playerId, Date.now())
}

/** Runs one control command. */
export const runControl = async (
  deps: { readonly db: Db; readonly state: HallState; readonly socket?: SocketHub; readonly now?: () => number },
  name: string,
  rawBody: string,
  origin: string,
): Promise<ControlAnswer> => {
  let parsed: unknown = {}
  if (rawBody.trim() !== '') {
    try {
      parsed = JSON.parse(rawBody)
    } catch {
      return fail(400, 'body is not JSON')
    }
  }
  // Promotion's controls (server/promotion-control.ts).
  const promotion = await runPromotionControl(deps.db, name, parsed)
  if (promotion !== undefined) return promotion
  // Trace reports and the player's own buried config (server/trace-control.ts).
  const trace = await runTraceControl(deps.db, name, parsed)
  if (trace !== undefined) return trace
  // Web push's controls (server/webpush-control.ts).
  const webPush = await runWebPushControl(deps.db, name, parsed, (deps.now ?? Date.now)())
  if (webPush !== undefined) return webPush
  // The event centre's operator controls (server/activities-control.ts).
  const activity = await runActivityControl(deps.db, name, parsed, (deps.now ?? Date.now)())
  if (activity !== undefined) return activity
  if (!(name in bodies)) return fail(404, `unknown control: ${name}; one of ${CONTROL_NAMES.join(', ')}`)
  const control = name as ControlName
  const decoded = Schema.decodeUnknownExit(bodies[control])(parsed)
  if (Exit.isFailure(decoded)) return fail(400, `invalid body for ${control}`)
  const { db, state } = deps
  if (isPlayControl(control)) return runPlayControl(deps, control, decoded.value)
  switch (control) {
    case 'maintenance': {
      const b = decoded.value as typeof bodies.maintenance.Type
      if ((await siteByCode(db, b.siteCode)) === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const before = state.maintenance.get(b.siteCode) ?? {}
      state.maintenance.set(b.siteCode, {
        ...before,
        ...(b.maintainStatus === undefined ? {} : { maintainStatus: b.maintainStatus }),
        ...(b.siteMaintenanceStatus === undefined ? {} : { siteMaintenanceStatus: b.siteMaintenanceStatus }),
      })
      return ok()
    }
    case 'area': {
      const b = decoded.value as typeof bodies.area.Type
      if ((await siteByCode(db, b.siteCode)) === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      state.area.set(b.siteCode, b.areaStatus)
      return ok()
    }
    case 'expire-token': {
      const b = decoded.value as (typeof bodies)['expire-token']['Type']
      return ok({ expired: await expireSessions(db, b.username, b.siteCode, Date.now()) })
    }
    case 'latency': {
      const b = decoded.value as typeof bodies.latency.Type
      const path = b.path === undefined ? '*' : callPath(b.path)
      if (path === undefined) return fail(404, `not a hall call path: ${b.path}`)
      if (b.ms === 0) state.latency.delete(path)
      else state.latency.set(path, b.ms)
      return ok()
    }
    case 'force': {
      const b = decoded.value as typeof bodies.force.Type
      const path = callPath(b.path)
      if (path === undefined) return fail(404, `not a hall call path: ${b.path}`)
      const times = b.times ?? 1
      state.force.set(path, {
        code: b.code ?? 1,
        msg: b.msg ?? (b.code === undefined || b.code === 1 ? 'success' : 'forced by the control surface'),
        data: b.data === undefined ? null : b.data,
        raw: b.raw,
        remaining: times === 0 ? Infinity : times,
      })
      return ok()
    }
    case 'clear-force': {
      const b = decoded.value as (typeof bodies)['clear-force']['Type']
      if (b.path === undefined) state.force.clear()
      else {
        const path = callPath(b.path)
        if (path !== undefined) state.force.delete(path)
      }
      return ok()
    }
    case 'credit': {
      const b = decoded.value as typeof bodies.credit.Type
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const player = await playerByUsername(db, site.code, b.username)
      if (player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
      const amount = String(b.amount)
      const turnover = b.turnover
      if (turnover !== undefined && !(Number(amount) > 0 && Number(turnover.multiple) > 0)) return fail(400, 'a turnover goes with a credit above zero and a multiple above zero')
      const balance = await db.transaction(async (tx) => {
        const after = await adjust(tx, { playerId: player.id, currency: player.currency }, amount, 'control')
        if (after !== undefined && turnover !== undefined) {
          await addTurnover(tx, player.id, player.currency, amount, turnover.multiple, turnover.source ?? 'manual', turnover.title ?? '')
        }
        return after
      })
      if (balance === undefined) return fail(409, 'the balance would go below zero')
      const shown = await balanceOf(db, player.id, player.currency)
      // A completed credit is a real balance event: the player's socket hears payOrderSuccess.
      const pushed = Number(amount) > 0 && deps.socket !== undefined
        ? await deps.socket.push(player.id, 'payOrderSuccess', { orderNo: `C${Date.now()}${randomHex(3)}`, amount, currency: player.currency, balance: shown, isFirst: 0 })
        : undefined
      return ok({ balance: shown, currency: player.currency, ...(pushed === undefined ? {} : { msgId: pushed.msgId }) })
    }
    case 'player': {
      // Account flags an operator sets: a forced password change, a frozen or blacklisted status.
      const b = decoded.value as typeof bodies.player.Type
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const player = await playerByUsername(db, site.code, b.username)
      if (player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
      await applySettings(db, player.id, b)
      return ok()
    }
    case 'new-player': {
      const b = decoded.value as (typeof bodies)['new-player']['Type']
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const balance = String(b.balance ?? '0')
      if (!(Number(balance) >= 0)) return fail(400, 'an opening balance is not negative')
      const password = b.password ?? DEFAULT_PASSWORD
      const passwordHash = await hashPassword(password)
      // A given name is taken or not; a generated one is drawn again (six digits: rarely needed).
      for (let attempt = 0; attempt < (b.username === undefined ? 5 : 1); attempt++) {
        const username = b.username ?? `${b.prefix ?? 'player'}${String(randomInt(1_000_000)).padStart(6, '0')}`
        try {
          const player = await db.transaction(async (tx) => {
            const created = await createPlayer(tx, { siteCode: site.code, username, passwordHash, accountType: 0, currency: site.currencyCode })
            if (Number(balance) > 0) await credit(tx, { playerId: created.id, currency: created.currency }, balance, 'control')
            await applySettings(tx, created.id, b)
            return created
          })
          return ok({ username, password, siteCode: site.code, currency: player.currency, balance: await balanceOf(db, player.id, player.currency) })
        } catch (e) {
          if (!isUniqueViolation(e)) throw e
        }
      }
      return fail(409, b.username === undefined ? 'no free username found' : `username ${b.username} is taken on site ${site.code}`)
    }
    case 'frames': {
      const b = decoded.value as typeof bodies.frames.Type
      if (b.ids === undefined) return ok({ frames: await allFrames(db) })
      return ok({ changed: await setFrameSwitch(db, b.ids, b.on ?? true) })
    }
    case 'last-code': {
      const b = decoded.value as (typeof bodies)['last-code']['Type']
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const player = await playerByUsername(db, site.code, b.username)
      if (player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
      const sent = await lastCode(db, player.id, b.purpose)
      return sent === undefined ? fail(404, `no code sent to ${b.username}`) : ok(sent)
    }
    case 'last-challenge': {
      const challenge = await lastChallenge(db)
      return challenge === undefined ? fail(404, 'no challenge was asked for') : ok(challenge)
    }
    case 'challenge-answer': {
      // A dev or test hall only (the control surface): a browser test solves a challenge as a person would see it.
      const b = decoded.value as (typeof bodies)['challenge-answer']['Type']
      const found = await challengeAnswerOf(db, b.key)
      return found === undefined ? fail(404, `no challenge ${b.key}`) : ok(found)
    }
    case 'banners': {
      const b = decoded.value as (typeof bodies)['banners']['Type']
      if ((await siteByCode(db, b.siteCode)) === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const before = await bannerSeedsOf(db, b.siteCode)
      const ids = b.banners === undefined ? [] : await db.transaction((tx) => setBanners(tx, b.siteCode, b.banners ?? []))
      return ok({ banners: before, ids })
    }
    case 'site-document': {
      // An operator's settings change (e.g. auto visitor login off): stored, so it outlives a restart.
      const b = decoded.value as (typeof bodies)['site-document']['Type']
      const updated = await db.query<{ doc: Record<string, unknown> }>(
        `UPDATE site_documents SET doc = (doc || $3::jsonb) - $4::text[], updated_at = CASE WHEN $5 THEN now() ELSE updated_at END
         WHERE site_code = $1 AND name = $2 RETURNING doc`,
        [b.siteCode, b.name, JSON.stringify(b.patch ?? {}), b.remove ?? [], b.patch !== undefined || b.remove !== undefined],
      )
      const doc = updated.rows[0]?.doc
      if (doc === undefined) return fail(404, `site ${b.siteCode} has no ${b.name} document`)
      return ok({ doc })
    }
    case 'push': {
      const b = decoded.value as typeof bodies.push.Type
      if (deps.socket === undefined) return fail(501, 'this hall has no socket')
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const player = await playerByUsername(db, site.code, b.username)
      if (player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
      return ok(await deps.socket.push(player.id, b.type, b.data ?? null))
    }
    case 'line-delay': {
      const b = decoded.value as (typeof bodies)['line-delay']['Type']
      setLineDelay(state, b.line, b.ms)
      return ok()
    }
    case 'red-activity': {
      const b = decoded.value as (typeof bodies)['red-activity']['Type']
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const amount = String(b.amount)
      if (!(Number(amount) > 0)) return fail(400, 'a red packet is worth more than zero')
      const players: string[] = []
      for (const username of b.players ?? []) {
        const player = await playerByUsername(db, site.code, username)
        if (player === undefined) return fail(404, `no player ${username} on site ${site.code}`)
        players.push(player.id)
      }
      const activity = await createRedActivity(db, {
        siteCode: site.code,
        title: b.title ?? 'Red packet rain',
        action: b.action ?? 'grab',
        status: b.status ?? 1,
        deviceTypes: b.deviceTypes ?? ['1', '2', '3', '4'],
        refreshSeconds: b.refreshInterval ?? 10,
        amount,
        packets: b.packets ?? 1,
      }, players)
      return ok({ activeId: activity.id })
    }
    case 'activity': {
      const b = decoded.value as typeof bodies.activity.Type
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const { siteCode: _s, tiers, ...input } = b
      const activeId = await db.transaction((tx) => putActivity(tx, site.code, { ...input, tiers: tiers.map(([need, value]) => [String(need), String(value)] as const) }))
      return ok({ activeId })
    }
    case 'wheel-activity': {
      const b = decoded.value as (typeof bodies)['wheel-activity']['Type']
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const { siteCode: _s, tasks, prizes, set, pointsPerSpin, ...input } = b
      const activeId = await db.transaction((tx) =>
        putPlayActivity(tx, site.code, {
          ...input,
          tasks: tasks.map(([c, need, n]) => [c, String(need), n] as const),
          pointsPerSpin: pointsPerSpin === undefined ? undefined : String(pointsPerSpin),
          prizes: prizes?.map(([t, amount, w]) => [t, String(amount), w] as const),
          set: set === undefined ? undefined : [set[0], String(set[1])] as const,
        }))
      return ok({ activeId })
    }
    case 'wheel-seed': {
      const b = decoded.value as (typeof bodies)['wheel-seed']['Type']
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const a = (await db.query<{ id: number }>('SELECT id FROM activities WHERE site_code = $1 AND template = $2 AND type IN (2, 18, 20)', [site.code, b.template])).rows[0]
      if (a === undefined) return fail(404, `no wheel or word collection ${b.template} on site ${site.code}`)
      await setSeed(db, a.id, b.seed)
      return ok({ activeId: a.id })
    }
    case 'activity-end': {
      const b = decoded.value as (typeof bodies)['activity-end']['Type']
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const r = await db.query('UPDATE activities SET end_at = $3 WHERE site_code = $1 AND template = $2 AND start_at < $3 RETURNING id', [site.code, b.template, b.end])
      return r.rows.length === 1 ? ok() : fail(404, `no activity ${b.template} on site ${site.code} starting before ${b.end}`)
    }
    case 'invite': {
      const b = decoded.value as typeof bodies.invite.Type
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const [player, inviter] = [await playerByUsername(db, site.code, b.username), await playerByUsername(db, site.code, b.inviter)]
      if (player === undefined || inviter === undefined || player.id === inviter.id) return fail(404, `no players ${b.username} and ${b.inviter} on site ${site.code}`)
      await db.query('UPDATE players SET invited_by = $2 WHERE id = $1', [player.id, inviter.id])
      return ok()
    }
    case 'agent-settle': {
      const b = decoded.value as (typeof bodies)['agent-settle']['Type']
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const player = await playerByUsername(db, site.code, b.username)
      if (player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
      const now = (deps.now ?? Date.now)()
      const closed = await db.transaction(async (tx) => {
        await lockPlayer(tx, player.id)
        return closePeriod(tx, site.code, player, now)
      })
      return ok({ closed })
    }
    case 'agent-mode': {
      const b = decoded.value as (typeof bodies)['agent-mode']['Type']
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      await db.query('INSERT INTO agent_sites (site_code, mode) VALUES ($1, $2) ON CONFLICT (site_code) DO UPDATE SET mode = EXCLUDED.mode', [site.code, b.mode])
      return ok()
    }
    case 'red-activity-status': {
      const b = decoded.value as (typeof bodies)['red-activity-status']['Type']
      return (await setRedActivityStatus(db, b.activeId, b.status)) ? ok() : fail(404, `no red-packet activity ${b.activeId}`)
    }
    case 'task-dispatch': {
      const b = decoded.value as (typeof bodies)['task-dispatch']['Type']
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const set = await db.query(
        'UPDATE tasks SET dispatch = $5 WHERE site_code = $1 AND template = $2 AND task_type = $3 AND ($4::int IS NULL OR condition = $4) RETURNING id',
        [site.code, b.template, b.taskType, b.condition ?? null, b.dispatch],
      )
      return set.rows.length === 0 ? fail(404, `no ${b.template} task of type ${b.taskType} on site ${site.code}`) : ok({ tasks: set.rows.length })
    }
    case 'counters': {
      const b = decoded.value as typeof bodies.counters.Type
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      if (b.maxChargeRate !== undefined) await setMaxChargeRate(db, site.code, b.maxChargeRate)
      if (b.username === undefined) return ok()
      const player = await playerByUsername(db, site.code, b.username)
      if (player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
      const { username: _u, siteCode: _s, maxChargeRate: _m, ...values } = b
      await setPlayerCounters(db, player.id, values)
      return ok()
    }
    case 'message': {
      const b = decoded.value as typeof bodies.message.Type
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const player = b.username === undefined ? undefined : await playerByUsername(db, site.code, b.username)
      if (b.username !== undefined && player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
      const count = b.count ?? 1
      const ids: number[] = []
      for (let i = 1; i <= count; i++) {
        ids.push(await sendMessage(db, deps.socket, {
          siteCode: site.code, playerId: player?.id, type: b.type, title: count === 1 ? b.title : `${b.title} ${i}`, content: b.content,
          award: b.award, awardSeconds: b.awardSeconds,
        }, (deps.now ?? Date.now)()))
      }
      return ok({ ids })
    }
    case 'app-version': {
      const b = decoded.value as (typeof bodies)['app-version']['Type']
      if (b.version === null) state.servedVersion.delete(b.siteCode)
      else state.servedVersion.set(b.siteCode, b.version)
      return ok()
    }
    case 'feedback-reply': {
      const b = decoded.value as (typeof bodies)['feedback-reply']['Type']
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const player = await playerByUsername(db, site.code, b.username)
      if (player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
      const id = b.id ?? (await latestFeedbackOf(db, player.id))
      if (id === undefined || !(await replyToFeedback(db, id, b.reply, (deps.now ?? Date.now)(), player.id))) return fail(404, `no feedback ${b.id ?? ''} of ${b.username}`)
      return ok({ id })
    }
    case 'service-agents': {
      const b = decoded.value as (typeof bodies)['service-agents']['Type']
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      await db.transaction((tx) => setAgents(tx, site.code, b.agents))
      return ok({ agents: await onlineAgents(db, site.code) })
    }
    case 'savings-site': {
      const b = decoded.value as (typeof bodies)['savings-site']['Type']
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const { siteCode: _s, ...terms } = b
      return ok({ terms: await setTerms(db, site.code, terms) })
    }
    case 'savings-days': {
      const b = decoded.value as (typeof bodies)['savings-days']['Type']
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const player = await playerByUsername(db, site.code, b.username)
      if (player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
      const now = (deps.now ?? Date.now)()
      return ok({ curIncome: await db.transaction((tx) => advanceSavingsDays(tx, player, site, now, b.days)) })
    }
    case 'withdraw-order': {
      const b = decoded.value as (typeof bodies)['withdraw-order']['Type']
      let r: Awaited<ReturnType<typeof settleWithdraw>>
      try {
        r = await settleWithdraw(db, b.orderNo, b.action, b.reason ?? '', Date.now())
      } catch (e) {
        if (e instanceof WithdrawError) return fail(404, e.message)
        throw e
      }
      if (!r.changed) return fail(409, `order ${b.orderNo} is in status ${r.status}: it cannot be ${b.action === 'pay' ? 'paid' : `${b.action}d`}`)
      // The player's socket hears the progress, and a payout's success with the balance after it.
      if (deps.socket !== undefined) {
        await deps.socket.push(r.playerId, 'withdraw/orderProgress', { orderNo: r.orderNo, status: r.status, amount: r.amount, currency: r.currency })
        if (r.status === 2) {
          await deps.socket.push(r.playerId, 'withdrawOrderSuccess', { orderNo: r.orderNo, amount: r.amount, currency: r.currency, balance: r.balance, isFirst: 0 })
        }
      }
      return ok({ status: r.status, balance: r.balance })
    }
    case 'withdraw-settings': {
      const b = decoded.value as (typeof bodies)['withdraw-settings']['Type']
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const { siteCode: _s, ...patch } = b
      return ok({ settings: await setSettings(db, site.code, patch) })
    }
    case 'pay-order': {
      const b = decoded.value as (typeof bodies)['pay-order']['Type']
      const settled = await settleOrder(db, deps.socket, { orderNo: b.orderNo }, b.outcome, Date.now())
      return settled === undefined ? fail(404, `no deposit order ${b.orderNo}`) : ok({ status: settled.order.status, changed: settled.changed })
    }
    case 'discount-code': {
      const b = decoded.value as (typeof bodies)['discount-code']['Type']
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      if (!(Number(b.amount) > 0)) return fail(400, 'a discount code is worth more than zero')
      await putDiscountCode(db, { siteCode: site.code, code: b.code, amount: String(b.amount), currency: b.currency ?? site.currencyCode, maxUses: b.uses ?? 1000, needPhone: b.needPhone ?? false, active: b.active ?? true })
      return ok({ code: b.code.toUpperCase() })
    }
    case 'clock': {
      const b = decoded.value as typeof bodies.clock.Type
      if ((b.advanceMs === undefined) === (b.offsetMs === undefined)) return fail(400, 'give advanceMs or offsetMs')
      state.clockOffsetMs = b.offsetMs ?? state.clockOffsetMs + (b.advanceMs ?? 0)
      return ok({ offsetMs: state.clockOffsetMs, now: new Date((deps.now ?? Date.now)()).toISOString() })
    }
    case 'reset':
      state.reset()
      // Every test's players share the loopback address: what one test failed is not the next one's (server/guard.ts).
      await db.query('DELETE FROM attempt_failures')
      // The support console's own lockout of usernames too (server/support/accounts.ts).
      await db.query('DELETE FROM support_sign_in_failures')
      return ok()
    case 'site-config': {
      const b = decoded.value as (typeof bodies)['site-config']['Type']
      const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      // The control surface runs outside production only: the page's configuration there, stand-ins included.
      return ok({ config: await siteConfigOf(db, state, site, origin, { pixelStandIns: true }) })
    }
  }
}

