/**
 * The hall's load generator: many players at once against one or more halls (no sticky sessions:
 * each call goes to the next hall in turn), speaking the real protocol through the hall client of
 * the server tests (tests/server/support.ts: the cipher, the signature, fresh nonces) and the real
 * socket. Each player signs in, opens the socket on a hall of its own, then until the time is up
 * lists games, plays rounds, is credited a deposit, withdraws (the same request sent to two halls
 * at once, then approved and paid through the control surface) and takes red packets. Bounded in
 * players and time, and only to loopback.
 *
 * checkLoad reads the store afterwards: every notice of the outbox delivered once, each withdrawal
 * request one order, every balance equal to the sum of its ledger entries.
 */
import { randomInt } from 'node:crypto'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { Queryable } from '../../server/db'
import { aesEncrypt, callHall, control, nonce, player, visitor, type Caller } from '../server/support'
import { BUSY_RETRIES, busyWaitMs, HALL_BUSY_CODE } from '../../src/effects/hall/client'
import { openLoadSocket, type LoadSocket } from './load-socket'

/** What runLoad is asked. */
export interface LoadOptions {
  /** Hall base URLs (loopback only). */
  readonly urls: ReadonlyArray<string>
  readonly players: number
  readonly seconds: number
  /** Usernames start with this (a new one per run keeps runs apart in one store). */
  readonly prefix: string
  /**
   * How many notices the store holds for these players (storedNotices): once every call is
   * answered, all pushes are stored, and the run ends when that many arrived (or after drainMs).
   * Without it, the count the answers promise: a credit pushes one notice, an approval one, a
   * payout two (server/control.ts).
   */
  readonly stored?: (prefix: string) => Promise<number>
  /** How long the run waits, after the last call was answered, for notices still on their way (DRAIN_MS). */
  readonly drainMs?: number
}

/**
 * The end of a run waits this long for the notices still on their way: past the delivery bound
 * (DELIVERY_BOUND_MS) plus a socket's longest reconnect delay (10 s) and its connect timeout, so a
 * notice the run does not see by then is lost, not late.
 */
export const DRAIN_MS = 60_000

/** The notices stored for the players of a run (usernames starting with prefix). */
export const storedNotices = async (db: Queryable, prefix: string): Promise<number> =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM socket_outbox o JOIN players p ON p.id = o.player_id WHERE p.username LIKE $1`, [`${prefix}%`])).rows[0]?.n ?? 0

/** What the players saw. */
export interface LoadRun {
  readonly prefix: string
  readonly seconds: number
  /** Latencies in ms per call kind, and the answers by code. */
  readonly calls: Map<string, { ms: number[]; codes: Map<string, number> }>
  /** Requests that got no answer (a network error or a non-JSON answer). */
  readonly lost: number
  /** Why requests got no answer: the error's code or message, and how often. */
  readonly lostBy: Map<string, number>
  /** How long signing the players up took, s (their sockets were open meanwhile). */
  readonly setUpSeconds: number
  /**
   * The load generator's own event-loop delay during play, ms (p50, p99, max): a latency is the
   * hall's only while this stays small; on a starved machine the client's lag is part of every figure.
   */
  readonly clientLag: { readonly p50: number; readonly p99: number; readonly max: number }
  /** Per username: its socket (each msgId's arrival, its connections, drops and reconnects). */
  readonly sockets: Map<string, LoadSocket>
  /** When the last call of play was answered (epoch ms): every push is stored by then. */
  readonly playEndedAt: number
  /** From then until every stored notice arrived, ms, or undefined when the drain ran out first. */
  readonly drainedMs: number | undefined
  /** Withdrawal requests sent (each to two halls at once). */
  readonly withdrawals: number
}

const MAX_PLAYERS = 1_000
const MAX_SECONDS = 600
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

export const runLoad = async (o: LoadOptions): Promise<LoadRun> => {
  if (o.urls.length === 0) throw new Error('runLoad: no hall')
  for (const u of o.urls) if (!LOOPBACK.has(new URL(u).hostname)) throw new Error(`runLoad: ${u} is not on loopback`)
  if (!(o.players >= 1 && o.players <= MAX_PLAYERS)) throw new Error(`runLoad: 1 to ${MAX_PLAYERS} players`)
  if (!(o.seconds > 0 && o.seconds <= MAX_SECONDS)) throw new Error(`runLoad: up to ${MAX_SECONDS} s`)
  const run = { prefix: o.prefix, seconds: o.seconds, calls: new Map<string, { ms: number[]; codes: Map<string, number> }>(), lost: 0, lostBy: new Map<string, number>(), sockets: new Map<string, LoadSocket>() }
  // Wakes the end of the run when a notice arrives.
  let onArrival = () => undefined as void
  let turn = 0
  const nextHall = () => o.urls[turn++ % o.urls.length]!
  const count = (kind: string, ms: number, code: string) => {
    const c = run.calls.get(kind) ?? { ms: [], codes: new Map<string, number>() }
    run.calls.set(kind, c)
    c.ms.push(ms)
    c.codes.set(code, (c.codes.get(code) ?? 0) + 1)
  }
  /** One measured request; its answer's code (1 is success), or undefined when none came. */
  const timed = async <T>(kind: string, send: () => Promise<T>, codeOf: (t: T) => string): Promise<T | undefined> => {
    const t0 = performance.now()
    try {
      const answer = await send()
      count(kind, performance.now() - t0, codeOf(answer))
      return answer
    } catch (e) {
      run.lost += 1
      const cause = e instanceof Error && e.cause instanceof Error ? e.cause : e
      const why = cause instanceof Error ? ((cause as { code?: string }).code ?? cause.message) : String(cause)
      run.lostBy.set(why, (run.lostBy.get(why) ?? 0) + 1)
      count(kind, performance.now() - t0, 'lost')
      return undefined
    }
  }
  // As the lobby's client does (src/effects/hall/client.ts): a busy answer (2012) is sent again
  // after the seconds it names, up to BUSY_RETRIES times; each answer is measured on its own.
  const hall = async (kind: string, hallUrl: string, caller: Caller, method: 'GET' | 'POST', path: string, params: unknown) => {
    for (let left = BUSY_RETRIES; ; left--) {
      const a = await timed(kind, () => callHall(hallUrl, caller, method, path, params), (x) => (Number.isNaN(x.envelope.code) ? `http ${x.status}` : String(x.envelope.code)))
      if (a?.envelope.code !== HALL_BUSY_CODE || left === 0) return a
      // eslint-disable-next-line no-restricted-syntax -- the load generator is a client, waiting as the lobby's does before it sends again; no test waits here
      await new Promise((resolve) => setTimeout(resolve, busyWaitMs(a.envelope.msg)))
    }
  }
  // A PGlite hall refuses any request busy at its first turn at the store (server/store-queue.ts):
  // controls, game pages and rounds too. Each is sent again after the seconds named, as above.
  const again = async <T>(kind: string, send: () => Promise<T>, codeOf: (t: T) => string, busy: (t: T) => string | undefined): Promise<T | undefined> => {
    for (let left = BUSY_RETRIES; ; left--) {
      const a = await timed(kind, send, (x) => (busy(x) === undefined ? codeOf(x) : String(HALL_BUSY_CODE)))
      const msg = a === undefined ? undefined : busy(a)
      if (msg === undefined || left === 0) return a
      // eslint-disable-next-line no-restricted-syntax -- the load generator is a client, waiting as the lobby's does before it sends again; no test waits here
      await new Promise((resolve) => setTimeout(resolve, busyWaitMs(msg)))
    }
  }
  const busyOf = (r: Record<string, unknown>): string | undefined => (r['code'] === HALL_BUSY_CODE ? String(r['msg']) : undefined)
  const ctlAt = (kind: string, url: () => string, name: string, body: unknown) =>
    again(kind, () => control(url(), name, body), (r) => (r['ok'] === true ? '1' : typeof r['error'] === 'string' ? r['error'] : 'refused'), busyOf)
  const ctl = (kind: string, name: string, body: unknown) => ctlAt(kind, nextHall, name, body)

  const sites = await Promise.all(o.urls.map((u) => visitor(u, '001')))
  const siteOf = (u: string) => sites[o.urls.indexOf(u)]!
  // The red packets the players take: two activities of ten packets each, for these players only.
  const usernames = Array.from({ length: o.players }, (_, i) => `${o.prefix}${String(i).padStart(4, '0')}`)

  const setUp = async (i: number) => {
    const username = usernames[i]!
    const made = await ctl('newPlayer', 'new-player', { username, balance: '200' })
    if (made?.['ok'] !== true) throw new Error(`no player ${username}: ${JSON.stringify(made)}`)
    const h = nextHall()
    const login = await hall('login', h, siteOf(h), 'POST', '/home/login', { username, password: made['password'] })
    if (login?.envelope.code !== 1) throw new Error(`${username} could not sign in`)
    const data = login.envelope.data as { token: string; session_key: string; userkey: string; currency: string }
    const caller = player('001', data)
    const phone = `5559${String(i).padStart(6, '0')}`
    await hall('createSms', nextHall(), caller, 'POST', '/user/security/createsms', { phone })
    const sent = await ctl('lastCode', 'last-code', { username })
    await hall('modifyPhone', nextHall(), caller, 'POST', '/user/security/modifyphone', { phone, code: sent?.['code'] })
    await hall('modifyWithdrawPass', nextHall(), caller, 'POST', '/user/security/modifywithdrawpass', { newPass: '123456' })
    const bound = await hall('bindCard', nextHall(), caller, 'POST', '/certify/bindcard', { bank_code: 'CHASE', card_no: `4${String(i).padStart(15, '0')}`, holder: 'LOAD PLAYER' })
    const accountId = (bound?.envelope.data as { id?: number } | undefined)?.id
    // The socket on a hall of its own, so notices of calls served elsewhere cross between halls; it
    // pings, acknowledges and reconnects as the lobby's does.
    const socket = openLoadSocket(o.urls[(i + 1) % o.urls.length]!, data.token, '001', () => onArrival())
    run.sockets.set(username, socket)
    await socket.opened
    return { username, caller, data, accountId }
  }

  const players: Array<Awaited<ReturnType<typeof setUp>>> = []
  // Sign-ups a few at a time: the figures are of the play, not of a thousand logins in one instant.
  const setUpStart = Date.now()
  for (let i = 0; i < o.players; i += 20) players.push(...(await Promise.all(usernames.slice(i, i + 20).map((_, k) => setUp(i + k)))))
  for (let k = 0; k < 2; k++) {
    const r = (await ctlAt('setUp', () => o.urls[0]!, 'red-activity', { title: `${o.prefix} ${k}`, amount: '0.5', packets: 10, players: usernames })) ?? {}
    if (r['ok'] !== true) throw new Error(`no red-packet activity: ${JSON.stringify(r)}`)
  }
  // The site lets these players withdraw as often as they play (an operator's daily allowance).
  const allowance = (await ctlAt('setUp', () => o.urls[0]!, 'withdraw-settings', { siteCode: '001', dailyTimes: 100_000, dailyMaxAmount: '100000000' })) ?? {}
  if (allowance['ok'] !== true) throw new Error(`withdraw settings refused: ${JSON.stringify(allowance)}`)

  // The time counts from here: sign-ups are not part of it.
  const setUpSeconds = (Date.now() - setUpStart) / 1000
  const lag = monitorEventLoopDelay({ resolution: 20 })
  lag.enable()
  const deadline = Date.now() + o.seconds * 1000
  let withdrawals = 0
  const play = async (p: (typeof players)[number]) => {
    while (Date.now() < deadline) {
      const pick = randomInt(100)
      if (pick < 25) {
        await hall('gameList', nextHall(), p.caller, 'GET', '/api/lobby/recentreport/game-list', { gameCategoryId: 3, platformId: 13, current: 1, size: 20 })
      } else if (pick < 60) {
        const h = nextHall()
        const login = await hall('gameLogin', h, p.caller, 'POST', '/gameapi/login', { gameid: 130009, platfromid: 13, user_type: 'formal' })
        if (login?.envelope.code !== 1) continue
        const nc = nonce()
        const key = `${nc}.${aesEncrypt(siteOf(h).keyMaterial, nc, p.data.session_key)}`
        const page = await again(
          'gamePage',
          async () => {
            const res = await fetch(`${nextHall()}/games/play?gameId=130009&route=%2Fhome%2Fgame&lang=en_US&key=${encodeURIComponent(key)}&userkey=${p.data.userkey}`, { headers: { accept: 'text/html' } })
            return { status: res.status, html: await res.text() }
          },
          (r) => (r.status === 200 ? '1' : `http ${r.status}`),
          (r) => (r.status === 503 ? r.html : undefined),
        )
        const ticket = page === undefined ? undefined : /const ticket = "([0-9a-f]+)"/.exec(page.html)?.[1]
        for (let round = 0; ticket !== undefined && round < 3; round++) {
          await again(
            'round',
            async () => (await (await fetch(`${nextHall()}/games/round`, { method: 'POST', body: JSON.stringify({ ticket, bet: '1' }) })).json()) as { ok: boolean; error?: string; code?: number; msg?: string },
            (r) => (r.ok ? '1' : (r.error ?? 'refused')),
            (r) => (r.code === HALL_BUSY_CODE ? String(r.msg) : undefined),
          )
        }
      } else if (pick < 75) {
        await ctl('deposit', 'credit', { username: p.username, amount: '20' })
      } else if (pick < 85 && p.accountId !== undefined) {
        withdrawals += 1
        const body = { account_id: p.accountId, amount: '20', withdraw_pass: '123456', request_id: `${p.username}-${withdrawals}` }
        // The same request to two halls at once: one order, held once.
        const [a, b] = await Promise.all([hall('withdraw', nextHall(), p.caller, 'POST', '/certify/cach', body), hall('withdraw', nextHall(), p.caller, 'POST', '/certify/cach', body)])
        const order = ((a?.envelope.code === 1 ? a : b)?.envelope.data as { order?: { order_no?: string } } | undefined)?.order?.order_no
        if (order !== undefined) {
          await ctl('approve', 'withdraw-order', { orderNo: order, action: 'approve' })
          await ctl('pay', 'withdraw-order', { orderNo: order, action: 'pay' })
        }
      } else {
        const listed = await hall('redList', nextHall(), p.caller, 'POST', '/active/redactive', {})
        const offer = (listed?.envelope.data as { list?: Array<{ activeid: number; redId: number; action: string }> } | undefined)?.list?.find((a) => a.action === 'grab')
        if (offer !== undefined) await hall('redGrab', nextHall(), p.caller, 'POST', '/active/getred', { activeId: offer.activeid, redId: offer.redId, requestDeviceType: 4 })
      }
    }
  }
  let playEndedAt = Number.NaN
  let drainedMs: number | undefined
  try {
    await Promise.all(players.map(play))
    playEndedAt = Date.now()
    // Every call is answered, so every push is stored: wait for the notices still on their way.
    const promised = (kind: string) => run.calls.get(kind)?.codes.get('1') ?? 0
    const stored = o.stored === undefined ? promised('deposit') + promised('approve') + 2 * promised('pay') : await o.stored(o.prefix)
    const total = () => [...run.sockets.values()].reduce((n, s) => n + s.arrivals.size, 0)
    const late = AbortSignal.timeout(o.drainMs ?? DRAIN_MS)
    await new Promise<void>((resolve) => {
      const check = () => {
        if (total() >= stored) drainedMs = Date.now() - playEndedAt
        if (total() >= stored || late.aborted) resolve()
      }
      onArrival = check
      late.addEventListener('abort', check, { once: true })
      check()
    })
  } finally {
    lag.disable()
    await Promise.all([...run.sockets.values()].map((s) => s.stop()))
  }
  const clientLag = { p50: lag.percentile(50) / 1e6, p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 }
  return { ...run, withdrawals, playEndedAt, drainedMs, setUpSeconds, clientLag }
}

/** What checkLoad finds in the store after a run. */
export interface LoadCheck {
  readonly players: number
  readonly noticesStored: number
  readonly noticesDelivered: number
  readonly noticesMissing: number
  /** Notices sent twice on one connection (the hall sends each connection a msgId once). */
  readonly noticesDuplicated: number
  /** Arrivals again on a later connection (the resend of what was not acknowledged yet), dropped by msgId. */
  readonly noticesResent: number
  /** Notices that came on a connection after a higher msgId had. */
  readonly noticesOutOfOrder: number
  /** Notices that arrived after the last call was answered. */
  readonly noticesAfterPlay: number
  /** Delay from the outbox row to its arrival at the player, ms, sorted. */
  readonly delays: ReadonlyArray<number>
  /**
   * The delivery wait, ms, sorted: from when the notice was stored, or when the connection it came
   * on opened if that was later (stored while the socket was down), to its arrival. What
   * DELIVERY_BOUND_MS bounds.
   */
  readonly waits: ReadonlyArray<number>
  /** Drops of open sockets, and attempts that did not open, over all players. */
  readonly socketDrops: number
  readonly socketFailedAttempts: number
  readonly withdrawOrders: number
  /** Withdrawal requests with more than one order. */
  readonly ordersTwice: number
  /** Wallets whose balance differs from the sum of their ledger entries or from the last entry's balance. */
  readonly balancesOff: ReadonlyArray<string>
}

export const checkLoad = async (db: Queryable, run: LoadRun): Promise<LoadCheck> => {
  const like = `${run.prefix}%`
  const outbox = (
    await db.query<{ username: string; msgId: string; at: Date }>(
      `SELECT p.username, o.msg_id::text AS "msgId", o.created_at AS at FROM socket_outbox o JOIN players p ON p.id = o.player_id WHERE p.username LIKE $1`,
      [like],
    )
  ).rows
  let missing = 0
  let afterPlay = 0
  const delays: number[] = []
  const waits: number[] = []
  for (const row of outbox) {
    const socket = run.sockets.get(row.username)
    const got = socket?.arrivals.get(row.msgId)
    if (socket === undefined || got === undefined) {
      missing += 1
      continue
    }
    const stored = row.at.getTime()
    delays.push(Math.max(0, got.at - stored))
    waits.push(Math.max(0, got.at - Math.max(stored, socket.openedAt[got.connection - 1] ?? stored)))
    if (got.at > run.playEndedAt) afterPlay += 1
  }
  let delivered = 0
  let duplicated = 0
  let resent = 0
  let outOfOrder = 0
  let drops = 0
  let failedAttempts = 0
  for (const s of run.sockets.values()) {
    for (const a of s.arrivals.values()) {
      delivered += 1
      if (a.twiceOnOneConnection > 0) duplicated += 1
      resent += a.resent
    }
    outOfOrder += s.outOfOrder()
    drops += s.drops()
    failedAttempts += s.failedAttempts()
  }
  const orders = (
    await db.query<{ n: number; twice: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE k > 1)::int AS twice FROM (
         SELECT count(*) AS k FROM withdraw_orders w JOIN players p ON p.id = w.player_id WHERE p.username LIKE $1 GROUP BY w.player_id, w.request_id) x`,
      [like],
    )
  ).rows[0]
  const off = (
    await db.query<{ username: string; balance: string; ledger: string; last: string | null }>(
      `SELECT p.username, w.balance::text AS balance, coalesce(e.total, 0)::text AS ledger,
         (SELECT x.balance::text FROM wallet_entries x WHERE x.player_id = w.player_id AND x.currency = w.currency ORDER BY x.id DESC LIMIT 1) AS last
       FROM wallets w JOIN players p ON p.id = w.player_id
       LEFT JOIN (SELECT player_id, currency, sum(amount) AS total FROM wallet_entries GROUP BY player_id, currency) e ON e.player_id = w.player_id AND e.currency = w.currency
       WHERE p.username LIKE $1`,
      [like],
    )
  ).rows.filter((r) => Number(r.balance) !== Number(r.ledger) || (r.last !== null && Number(r.last) !== Number(r.balance)) || Number(r.balance) < 0)
  return {
    players: run.sockets.size,
    noticesStored: outbox.length,
    noticesDelivered: delivered,
    noticesMissing: missing,
    noticesDuplicated: duplicated,
    noticesResent: resent,
    noticesOutOfOrder: outOfOrder,
    noticesAfterPlay: afterPlay,
    delays: delays.sort((a, b) => a - b),
    waits: waits.sort((a, b) => a - b),
    socketDrops: drops,
    socketFailedAttempts: failedAttempts,
    withdrawOrders: orders?.n ?? 0,
    ordersTwice: orders?.twice ?? 0,
    balancesOff: off.map((r) => `${r.username}: balance ${r.balance}, ledger ${r.ledger}, last entry ${r.last ?? '-'}`),
  }
}

/** The q-quantile of sorted values. */
export const quantile = (sorted: ReadonlyArray<number>, q: number): number => (sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!)
