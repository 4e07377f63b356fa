/**
 * Guessing is stopped (issue 24; docs/hall.md "Guessing is stopped"): the failed attempts of a key
 * (an account's sign-ins, an address's sign-ins, an account's recovery checks, an address's code
 * sends) are counted in a window (migration 200, attempt_failures). Past `challengeAfter` failures
 * an attempt must carry a solved human challenge (1119, the image of server/calls/challenge.ts);
 * at `lockAfter` failures the key is locked for `lockMs` and every attempt is refused with 2010
 * and the seconds to wait, without being checked. A success forgets the key's failures; a window
 * without failures starts the count again, and so does a lock that ran out, except where the
 * policy's lock grows (`maxLockMs`): there every failure past the lock locks again for twice as
 * long, up to `maxLockMs`. A player's sign-ins are guarded per place (server/calls/auth.ts
 * signInKeys): a stranger's failures never lock out a device or address the player signed in from.
 */
import type { Queryable } from './db'
import { ServiceError } from './calls/types'
import { ChallengeCodes, admitSend, demandOf, forgetMisses, refuseAnswer, spendChallenge } from './calls/challenge'
import type { CallContext } from './calls/types'
import type { GeetestResult } from '../schemas/hall/calls'

/** The reference hall's own codes of the guard (issue 24's range 2000-2049). */
export const GuardCodes = {
  /** A human challenge first (spec §8 force geetest). */
  challenge: ChallengeCodes.forced,
  /** Too many failed attempts: the message ends with the seconds to wait ('… try again in 300 s'). */
  limited: 2010,
  /** A wrong challenge answer, the first in a row (the second is 1127 error_12): server/calls/challenge.ts refuseAnswer. */
  missed: ChallengeCodes.missed,
} as const

export interface GuardPolicy {
  /** Failures after which an attempt needs a solved challenge (Infinity: never). */
  readonly challengeAfter: number
  /** Failures at which the key is locked. */
  readonly lockAfter: number
  readonly lockMs: number
  /**
   * Set for a lock that grows: each failure at or past `lockAfter` locks for lockMs × 2^(failures −
   * lockAfter), at most this long, and the failures outlive the lock (until the window passes).
   */
  readonly maxLockMs?: number
  /** Failures older than this (since the last one) are forgotten. */
  readonly windowMs: number
}

const MINUTE = 60_000

/** The policies of the hall's keys. */
export const GUARD_POLICIES = {
  /**
   * An account's password sign-ins from one place (a device or an address it signed in from, or
   * anywhere else): 5 free failures, then the challenge; from the 10th a wait of 1 minute that
   * doubles with each failure, up to 15 minutes.
   */
  account: { challengeAfter: 5, lockAfter: 10, lockMs: MINUTE, maxLockMs: 15 * MINUTE, windowMs: 60 * MINUTE },
  /** An address's sign-ins over every account: the challenge after 20 failures; from the 50th a wait of 1 minute, doubling up to 15. */
  address: { challengeAfter: 20, lockAfter: 50, lockMs: MINUTE, maxLockMs: 15 * MINUTE, windowMs: 60 * MINUTE },
  /** An account's recovery checks (codes, answers, withdraw password): locked at 5 for 15 minutes. */
  recovery: { challengeAfter: Infinity, lockAfter: 5, lockMs: 15 * MINUTE, windowMs: 15 * MINUTE },
  /**
   * An address's names of accounts that do not exist, before sign-in (the forgotten password's
   * lookups): locked at 10 in the window for 15 minutes, so the lookup cannot be used to list a
   * site's usernames. A name that exists forgets nothing.
   */
  lookups: { challengeAfter: Infinity, lockAfter: 10, lockMs: 15 * MINUTE, windowMs: 15 * MINUTE },
  /**
   * An address's support console sign-ins over every username (server/support/routes.ts): the
   * challenge after 10 failures, locked at 20 for 15 minutes. The username's own failures have
   * the console's doubling lock (server/support/accounts.ts SIGN_IN_LOCKOUT).
   */
  supportAddress: { challengeAfter: 10, lockAfter: 20, lockMs: 15 * MINUTE, windowMs: 15 * MINUTE },
  /** An address's code sends before sign-in: the challenge after 5, locked at 20 for 15 minutes. */
  sends: { challengeAfter: 5, lockAfter: 20, lockMs: 15 * MINUTE, windowMs: 15 * MINUTE },
} as const satisfies Record<string, GuardPolicy>

/** A guarded key and its policy. */
export interface Guarded {
  readonly key: string
  readonly policy: GuardPolicy
}

export const guarded = (policy: keyof typeof GUARD_POLICIES, ...parts: ReadonlyArray<string>): Guarded => ({
  key: [policy, ...parts.map((p) => p.trim().toLowerCase())].join(':'),
  policy: GUARD_POLICIES[policy],
})

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000))

/** The refusal of a locked key, with the seconds to wait. */
export const limited = (ms: number): ServiceError => new ServiceError(GuardCodes.limited, `too many failed attempts: try again in ${seconds(ms)} s`, { seconds: seconds(ms) })

/** A key's stored failures (attempt_failures). */
export interface FailureRow {
  readonly failures: number
  readonly lastFailedAt: Date
  readonly lockedUntil: Date | null
}

/** The failures of a key that still count, and the ms its lock lasts (0: none), from its stored row. */
const stateOfRow = (row: FailureRow | undefined, g: Guarded, now: number): { failures: number; lockedMs: number } => {
  if (row === undefined) return { failures: 0, lockedMs: 0 }
  const until = row.lockedUntil === null ? 0 : new Date(row.lockedUntil).getTime()
  if (until > now) return { failures: row.failures, lockedMs: until - now }
  // Failures older than the window start the count again; so does a fixed lock that ran out.
  if (new Date(row.lastFailedAt).getTime() <= now - g.policy.windowMs) return { failures: 0, lockedMs: 0 }
  if (until > 0 && g.policy.maxLockMs === undefined) return { failures: 0, lockedMs: 0 }
  return { failures: row.failures, lockedMs: 0 }
}

/** The failures of a key that still count, and the ms its lock lasts (0: none). */
const stateOf = async (db: Queryable, g: Guarded, now: number): Promise<{ failures: number; lockedMs: number }> =>
  stateOfRow(
    (await db.query<FailureRow>('SELECT failures, last_failed_at AS "lastFailedAt", locked_until AS "lockedUntil" FROM attempt_failures WHERE key = $1', [g.key])).rows[0],
    g,
    now,
  )

/** The failures of a key that still count. */
export const failuresOf = async (db: Queryable, g: Guarded, now: number): Promise<number> => (await stateOf(db, g, now)).failures

/** The ms a key's lock still lasts (0: none). */
export const lockedMsOf = async (db: Queryable, g: Guarded, now: number): Promise<number> => (await stateOf(db, g, now)).lockedMs

/** What an attempt carries when it answers a challenge. */
export interface ChallengeAnswer {
  readonly captchaKey?: string | undefined
  readonly captcha?: string | undefined
  /** A Geetest v4 validation's pass (hall profile `geetest: 'v4'`), spent in place of a key and answer. */
  readonly geetest?: GeetestResult | undefined
}

const carries = (a: ChallengeAnswer): boolean => a.captchaKey !== undefined || a.captcha !== undefined || a.geetest !== undefined

/**
 * Before an attempt: refuses it while any of its keys is locked (2010); past a key's challenge
 * threshold demands a solved challenge (1119; counted as a failure, so guessing without solving
 * reaches the lock), and spends one that is carried. A wrong one is counted as a failure and
 * refused by challenge.ts refuseAnswer over the same keys: 2011 the first time, 1127 error_12 the
 * second time in a row; a solved one forgets the keys' misses.
 */
export const admitAttempt = async (
  db: Queryable,
  keys: ReadonlyArray<Guarded>,
  answer: ChallengeAnswer,
  now: number,
  /** The code demanding a challenge on the caller's site (1119, or 1124-1126 by its kind: demandOf). */
  demand: number = GuardCodes.challenge,
  /**
   * The keys' stored rows when the caller has read them already (a key without one has none), so
   * a sign-in reads them with the player in one statement (server/calls/auth.ts); else read here.
   */
  stored?: ReadonlyMap<string, FailureRow>,
): Promise<void> => {
  const states = await Promise.all(
    keys.map(async (g) => ({ g, s: stored === undefined ? await stateOf(db, g, now) : stateOfRow(stored.get(g.key), g, now) })),
  )
  const locked = Math.max(0, ...states.map(({ s }) => s.lockedMs))
  if (locked > 0) throw limited(locked)
  if (carries(answer)) {
    const named = keys.map((g) => g.key)
    if (!(await spendChallenge(db, answer, now))) {
      await failAttempt(db, keys, now)
      throw await refuseAnswer(db, named, now)
    }
    await forgetMisses(db, named)
    return
  }
  if (states.some(({ g, s }) => s.failures >= g.policy.challengeAfter)) {
    const lockedNow = await failAttempt(db, keys, now)
    if (lockedNow > 0) throw limited(lockedNow)
    throw new ServiceError(demand, 'force geetest')
  }
}

/** The lock a key's `failures`-th failure starts (ms; meaningful at lockAfter and past it). */
export const lockOf = (policy: GuardPolicy, failures: number): number =>
  policy.maxLockMs === undefined ? policy.lockMs : Math.min(policy.maxLockMs, policy.lockMs * 2 ** Math.max(0, failures - policy.lockAfter))

/** Counts a failed attempt on every key; answers the ms of a lock it started (0: none). */
export const failAttempt = async (db: Queryable, keys: ReadonlyArray<Guarded>, now: number): Promise<number> => {
  let lock = 0
  for (const g of keys) {
    const failures = (await stateOf(db, g, now)).failures + 1
    const locks = failures >= g.policy.lockAfter
    const lockMs = lockOf(g.policy, failures)
    await db.query(
      `INSERT INTO attempt_failures (key, failures, last_failed_at, locked_until) VALUES ($1, $2, $3, $4)
       ON CONFLICT (key) DO UPDATE SET failures = EXCLUDED.failures, last_failed_at = EXCLUDED.last_failed_at, locked_until = EXCLUDED.locked_until`,
      [g.key, failures, new Date(now).toISOString(), locks ? new Date(now + lockMs).toISOString() : null],
    )
    if (locks) lock = Math.max(lock, lockMs)
  }
  // Keys nobody failed lately are forgotten (the longest window is an hour).
  await db.query('DELETE FROM attempt_failures WHERE last_failed_at < $1 AND (locked_until IS NULL OR locked_until < $2)', [
    new Date(now - 60 * MINUTE).toISOString(),
    new Date(now).toISOString(),
  ])
  return lock
}

/** A failed attempt as answered: counted, then the refusal given, or the lock it started. */
export const refuseAttempt = async (db: Queryable, keys: ReadonlyArray<Guarded>, refusal: unknown, now: number): Promise<never> => {
  const lock = await failAttempt(db, keys, now)
  throw lock > 0 ? limited(lock) : refusal
}

/** A successful attempt forgets the failures of its own keys (an address's stay). */
export const forgetFailures = async (db: Queryable, keys: ReadonlyArray<Guarded>): Promise<void> => {
  if (keys.length > 0) await db.query('DELETE FROM attempt_failures WHERE key = ANY($1)', [keys.map((g) => g.key)])
}

/** Whether a service error is one of the guard's own (it is passed on as it is). */
export const isGuardRefusal = (e: unknown): boolean =>
  e instanceof ServiceError && (e.code === GuardCodes.limited || (Object.values(ChallengeCodes) as number[]).includes(e.code))

/**
 * A code send before sign-in: the address's sends are guarded (server/guard.ts 'sends': a solved
 * challenge past 5 in the window, locked at 20), then the account's own allowance (challenge.ts:
 * 1119 past 3, 2010 past 10). A challenge answer is spent once, by whichever asked for it.
 */
export const admitOpenSend = async (
  ctx: CallContext,
  playerId: string,
  purpose: string,
  answer: ChallengeAnswer,
): Promise<void> => {
  const address = guarded('sends', ctx.site.code, ctx.ip)
  const asks = (await failuresOf(ctx.db, address, ctx.now)) >= address.policy.challengeAfter
  const demand = await demandOf(ctx)
  await admitAttempt(ctx.db, [address], asks ? answer : {}, ctx.now, demand)
  await admitSend(ctx.db, playerId, purpose, asks ? {} : answer, ctx.now, asks, demand)
  // Every send counts against the address.
  await failAttempt(ctx.db, [address], ctx.now)
}

