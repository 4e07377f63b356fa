/**
 * Support accounts (docs/timeline.md, "Support accounts"): who may use the support console, with
 * which role, and their sign-ins. Passwords are hashed as players' are (Argon2id, server/crypto.ts).
 * An agent searches and opens sessions; a lead also manages accounts and reads the audit trail.
 * A disabled account cannot sign in and its sign-ins end at once. Sign-in failures lock the
 * attempted username for a while, doubling, so a password cannot be guessed at speed.
 * Every change is written to the audit trail in the same transaction. Times are the hall's clock.
 * Tables: server/migrations/009_support.sql and 080_support_roles_audit.sql.
 */
import { randomBytes } from 'node:crypto'
import { hashPassword, randomHex, verifyPassword } from '../crypto'
import type { Db, Queryable } from '../db'
import { recordAudit } from './audit'
import { spendChallenge } from '../calls/challenge'

/** What an account may do: agents search and open sessions; leads also manage accounts and read the audit trail. */
/**
 * What an account may do: agents search and open sessions; leads also read the audit trail and
 * manage accounts (and may grant every role); finance settles money (withdrawals, deposits,
 * players' accounts); marketing runs promotions and content (activities, codes, notices, push).
 * The hall enforces each route by role (routes.ts, operator.ts), whatever the page shows.
 */
export type SupportRole = 'agent' | 'lead' | 'finance' | 'marketing'
export const SUPPORT_ROLES: ReadonlyArray<SupportRole> = ['agent', 'lead', 'finance', 'marketing']
export const isSupportRole = (s: unknown): s is SupportRole => typeof s === 'string' && (SUPPORT_ROLES as ReadonlyArray<string>).includes(s)

/** A refused account operation (bad name, taken, unknown, the last lead); the message says why. */
export class AccountError extends Error {}

/** An account as listed. */
export interface SupportAccount {
  readonly username: string
  readonly role: SupportRole
  readonly disabled: boolean
  readonly createdAt: string
  readonly disabledAt: string | null
  readonly lastSignInAt: string | null
}

/** Who a console sign-in is. */
export interface SupportUser {
  readonly username: string
  readonly role: SupportRole
}

/** Lifetime of a console sign-in. */
export const SUPPORT_TOKEN_TTL_MS = 12 * 60 * 60 * 1000

/** The account the hall seeds in dev and test mode (never in production), a lead. */
export const DEV_SUPPORT_ACCOUNT = { username: 'support', password: 'support-dev' } as const

/** Shortest password the command and the console accept when one is typed. */
export const MIN_PASSWORD_LENGTH = 12

/**
 * The sign-in lockout: after `freeFailures` consecutive failures a username is refused for
 * `firstLockMs`, doubling with each further failure up to `maxLockMs`; failures older than
 * `forgetAfterMs` no longer count.
 */
export const SIGN_IN_LOCKOUT = { freeFailures: 5, firstLockMs: 60_000, maxLockMs: 60 * 60_000, forgetAfterMs: 60 * 60_000 } as const

/**
 * Consecutive failures of a username after which a sign-in must carry a solved human challenge
 * (the hall's image of digits, server/calls/challenge.ts: one use, 5 minutes), until a success.
 * An attempt without it, or with a wrong answer, is refused unchecked and counted as a failure, so
 * guessing without solving reaches the lock all the same (issue 24 "Guessing is stopped").
 */
export const SIGN_IN_CHALLENGE_AFTER = 3

/** A sign-in's answer to the human challenge it was given. */
export interface SignInAnswer {
  readonly captchaKey?: string | undefined
  readonly captcha?: string | undefined
}

const USERNAME = /^[a-z0-9][a-z0-9._-]{1,63}$/

/** A username as stored: trimmed, lower case; AccountError when it is not 2–64 of a-z 0-9 . _ - (starting with a letter or digit). */
export const normalizeUsername = (s: string): string => {
  const u = s.trim().toLowerCase()
  if (!USERNAME.test(u)) throw new AccountError(`'${s}' is not a support username: 2 to 64 characters of a-z, 0-9, '.', '_' and '-', starting with a letter or digit`)
  return u
}

/** Why a password is refused, or undefined when it is acceptable. */
export const passwordProblem = (p: string): string | undefined =>
  p.length < MIN_PASSWORD_LENGTH ? `a support password has at least ${MIN_PASSWORD_LENGTH} characters` : p.length > 200 ? 'a support password has at most 200 characters' : undefined

// Lower-case Crockford base32 (no i, l, o, u): read off a screen and typed without confusion.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'

/** A new random password: 20 characters in four groups (100 bits), e.g. 7k3m9-qx2ab-… */
export const generatePassword = (): string => {
  const chars = [...randomBytes(20)].map((b) => ALPHABET[b % 32]!)
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join('')).join('-')
}

const ts = (ms: number): string => new Date(ms).toISOString()

const ACCOUNT_COLUMNS = `username, role, disabled_at IS NOT NULL AS disabled,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
  to_char(disabled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "disabledAt",
  to_char(last_sign_in_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastSignInAt"`

/** Every account, enabled ones first, by name. */
export const listAccounts = async (db: Queryable): Promise<ReadonlyArray<SupportAccount>> =>
  (await db.query<SupportAccount>(`SELECT ${ACCOUNT_COLUMNS} FROM support_accounts ORDER BY disabled_at IS NOT NULL, username`)).rows

/** One account, or undefined. */
export const accountOf = async (db: Queryable, username: string): Promise<SupportAccount | undefined> =>
  (await db.query<SupportAccount>(`SELECT ${ACCOUNT_COLUMNS} FROM support_accounts WHERE username = $1`, [username.trim().toLowerCase()])).rows[0]

const mustExist = async (tx: Queryable, username: string): Promise<SupportAccount> => {
  const a = (await tx.query<SupportAccount>(`SELECT ${ACCOUNT_COLUMNS} FROM support_accounts WHERE username = $1 FOR UPDATE`, [username])).rows[0]
  if (a === undefined) throw new AccountError(`no support account '${username}'`)
  return a
}

/** Options of an account change: who does it (for the audit trail) and at what time. */
export interface ChangeBy {
  /** The acting support account, or 'command:<os user>'. */
  readonly by: string
  readonly now: number
  /** Refuse to leave no enabled lead (the console asks this; the command, the operator's own tool, does not). */
  readonly keepALead?: boolean
}

const enabledLeads = async (tx: Queryable): Promise<number> =>
  Number((await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM support_accounts WHERE role = 'lead' AND disabled_at IS NULL`)).rows[0]?.n ?? 0)

/** Adds an account; AccountError when the name is taken or invalid, or the password too short. */
export const addAccount = async (db: Db, a: { username: string; role: SupportRole; password: string }, o: ChangeBy): Promise<SupportAccount> => {
  const username = normalizeUsername(a.username)
  const problem = passwordProblem(a.password)
  if (problem !== undefined) throw new AccountError(problem)
  const hash = await hashPassword(a.password)
  return db.transaction(async (tx) => {
    const added = await tx.query(
      `INSERT INTO support_accounts (username, password_hash, role, created_at) VALUES ($1, $2, $3, $4::timestamptz) ON CONFLICT (username) DO NOTHING`,
      [username, hash, a.role, ts(o.now)],
    )
    if (added.affectedRows === 0) throw new AccountError(`the support account '${username}' exists already`)
    await recordAudit(tx, { account: o.by, action: 'account.added', detail: { username, role: a.role } }, o.now)
    return mustExist(tx, username)
  })
}

/** Ends every sign-in of an account. */
const endSignIns = async (tx: Queryable, username: string): Promise<void> => {
  await tx.query('DELETE FROM support_tokens WHERE username = $1', [username])
}

/** Sets a new password; the account's current sign-ins end and its lockout is lifted. */
export const resetPassword = async (db: Db, username: string, password: string, o: ChangeBy): Promise<void> => {
  const problem = passwordProblem(password)
  if (problem !== undefined) throw new AccountError(problem)
  const hash = await hashPassword(password)
  const u = username.trim().toLowerCase()
  await db.transaction(async (tx) => {
    await mustExist(tx, u)
    await tx.query('UPDATE support_accounts SET password_hash = $2 WHERE username = $1', [u, hash])
    await endSignIns(tx, u)
    await tx.query('DELETE FROM support_sign_in_failures WHERE username = $1', [u])
    await recordAudit(tx, { account: o.by, action: 'account.password-reset', detail: { username: u } }, o.now)
  })
}

/** Disables an account: it cannot sign in, and the next request of a current sign-in is refused. */
export const disableAccount = async (db: Db, username: string, o: ChangeBy): Promise<void> => {
  const u = username.trim().toLowerCase()
  await db.transaction(async (tx) => {
    const a = await mustExist(tx, u)
    if (a.disabled) return
    if (o.keepALead === true && a.role === 'lead' && (await enabledLeads(tx)) <= 1) throw new AccountError(`'${u}' is the last enabled lead: enable or promote another lead first`)
    await tx.query('UPDATE support_accounts SET disabled_at = $2::timestamptz WHERE username = $1', [u, ts(o.now)])
    await endSignIns(tx, u)
    await recordAudit(tx, { account: o.by, action: 'account.disabled', detail: { username: u } }, o.now)
  })
}

/** Enables a disabled account again (with the password it had). */
export const enableAccount = async (db: Db, username: string, o: ChangeBy): Promise<void> => {
  const u = username.trim().toLowerCase()
  await db.transaction(async (tx) => {
    const a = await mustExist(tx, u)
    if (!a.disabled) return
    await tx.query('UPDATE support_accounts SET disabled_at = NULL WHERE username = $1', [u])
    await tx.query('DELETE FROM support_sign_in_failures WHERE username = $1', [u])
    await recordAudit(tx, { account: o.by, action: 'account.enabled', detail: { username: u } }, o.now)
  })
}

/** Changes an account's role; its sign-ins carry the new role from their next request. */
export const setRole = async (db: Db, username: string, role: SupportRole, o: ChangeBy): Promise<void> => {
  const u = username.trim().toLowerCase()
  await db.transaction(async (tx) => {
    const a = await mustExist(tx, u)
    if (a.role === role) return
    if (o.keepALead === true && a.role === 'lead' && !a.disabled && (await enabledLeads(tx)) <= 1) throw new AccountError(`'${u}' is the last enabled lead: promote another lead first`)
    await tx.query('UPDATE support_accounts SET role = $2 WHERE username = $1', [u, role])
    await recordAudit(tx, { account: o.by, action: 'account.role-changed', detail: { username: u, from: a.role, to: role } }, o.now)
  })
}

/** Creates or replaces an account's password and role, enabled (the dev seed; tests). */
export const putSupportAccount = async (db: Queryable, username: string, password: string, role: SupportRole = 'lead'): Promise<void> => {
  await db.query(
    `INSERT INTO support_accounts (username, password_hash, role) VALUES ($1, $2, $3)
     ON CONFLICT (username) DO UPDATE SET password_hash = EXCLUDED.password_hash, role = EXCLUDED.role, disabled_at = NULL`,
    [username, await hashPassword(password), role],
  )
}

/** Seeds the dev account (a lead) when it is missing. */
export const seedSupportAccount = async (db: Queryable): Promise<void> => {
  const exists = await db.query('SELECT 1 FROM support_accounts WHERE username = $1', [DEV_SUPPORT_ACCOUNT.username])
  if (exists.rows.length === 0) await putSupportAccount(db, DEV_SUPPORT_ACCOUNT.username, DEV_SUPPORT_ACCOUNT.password, 'lead')
}

// ---------------------------------------------------------------------------------------------
// Sign-in

/** How a sign-in ended. */
export type SignIn =
  | { readonly ok: true; readonly token: string; readonly user: SupportUser }
  /**
   * Wrong username or password; `lockedForMs` when this failure locked the username, `challenge`
   * when the next attempt must carry a solved human challenge.
   */
  | { readonly ok: false; readonly reason: 'wrong'; readonly lockedForMs?: number; readonly challenge?: true }
  /**
   * A solved human challenge is needed first: none was carried (`missed` false) or its answer was
   * wrong, expired or used (`missed` true). The password was not checked; the attempt counted as a
   * failure (`lockedForMs` when it locked the username).
   */
  | { readonly ok: false; readonly reason: 'challenge'; readonly missed: boolean; readonly lockedForMs?: number }
  /** The username is locked after repeated failures; the password was not even checked. */
  | { readonly ok: false; readonly reason: 'locked'; readonly retryAfterMs: number }
  /** The password is right but the account is disabled. */
  | { readonly ok: false; readonly reason: 'disabled' }

// A hash to check against for an unknown user, so the answer takes as long either way.
let dummyHash: Promise<string> | undefined
const dummy = (): Promise<string> => (dummyHash ??= hashPassword('not-a-support-password'))

/** The lock after `failures` consecutive failures (ms), 0 while under the free failures. */
export const lockFor = (failures: number): number =>
  failures < SIGN_IN_LOCKOUT.freeFailures ? 0 : Math.min(SIGN_IN_LOCKOUT.firstLockMs * 2 ** (failures - SIGN_IN_LOCKOUT.freeFailures), SIGN_IN_LOCKOUT.maxLockMs)

// Attempts on one username are taken one at a time in this process, so a burst of parallel
// guesses cannot all be checked before the first failure is counted.
const queues = new WeakMap<Queryable, Map<string, Promise<unknown>>>()
const oneAtATime = <T>(db: Queryable, key: string, fn: () => Promise<T>): Promise<T> => {
  let perDb = queues.get(db)
  if (perDb === undefined) queues.set(db, (perDb = new Map<string, Promise<unknown>>()))
  const before = perDb.get(key) ?? Promise.resolve()
  const run = before.then(fn, fn)
  const settled = run.then(
    () => undefined,
    () => undefined,
  )
  perDb.set(key, settled)
  void settled.then(() => {
    if (perDb.get(key) === settled) perDb.delete(key)
  })
  return run
}

/**
 * Signs in at `now` (ms): a token, or why not. A locked username is refused without checking the
 * password; a failure counts against the attempted username (known or not, so the answers do not
 * tell which names exist) and locks it after SIGN_IN_LOCKOUT.freeFailures in a row. Past
 * SIGN_IN_CHALLENGE_AFTER failures (or when the caller's address asks it: `challenged`) the attempt
 * must carry a solved human challenge, spent whether right or wrong; without one it is a failure.
 */
export const supportSignIn = (
  db: Queryable,
  username: string,
  password: string,
  now: number,
  o: { readonly answer?: SignInAnswer; readonly challenged?: boolean } = {},
): Promise<SignIn> => {
  const key = username.trim().toLowerCase().slice(0, 64)
  return oneAtATime(db, key, async (): Promise<SignIn> => {
    const failed = (
      await db.query<{ failures: number; lastFailedAt: Date; lockedUntil: Date | null }>(
        'SELECT failures, last_failed_at AS "lastFailedAt", locked_until AS "lockedUntil" FROM support_sign_in_failures WHERE username = $1',
        [key],
      )
    ).rows[0]
    const lockedUntil = failed?.lockedUntil?.getTime() ?? 0
    if (lockedUntil > now) return { ok: false, reason: 'locked', retryAfterMs: lockedUntil - now }
    const recent = failed !== undefined && failed.lastFailedAt.getTime() > now - SIGN_IN_LOCKOUT.forgetAfterMs
    /** Counts this failure; answers the lock it started (0: none) and the failures now. */
    const fail = async (): Promise<{ lock: number; failures: number }> => {
      const failures = recent ? (failed?.failures ?? 0) + 1 : 1
      const lock = lockFor(failures)
      await db.query(
        `INSERT INTO support_sign_in_failures (username, failures, last_failed_at, locked_until) VALUES ($1, $2, $3::timestamptz, $4::timestamptz)
         ON CONFLICT (username) DO UPDATE SET failures = EXCLUDED.failures, last_failed_at = EXCLUDED.last_failed_at, locked_until = EXCLUDED.locked_until`,
        [key, failures, ts(now), lock > 0 ? ts(now + lock) : null],
      )
      // Old failures of names nobody tries any more are forgotten.
      await db.query('DELETE FROM support_sign_in_failures WHERE last_failed_at < $1::timestamptz AND (locked_until IS NULL OR locked_until < $2::timestamptz)', [
        ts(now - SIGN_IN_LOCKOUT.forgetAfterMs),
        ts(now),
      ])
      return { lock, failures }
    }
    if (o.challenged === true || (recent && (failed?.failures ?? 0) >= SIGN_IN_CHALLENGE_AFTER)) {
      const carried = o.answer !== undefined && (o.answer.captchaKey !== undefined || o.answer.captcha !== undefined)
      if (!carried || !(await spendChallenge(db, o.answer ?? {}, now))) {
        const { lock } = await fail()
        return lock > 0 ? { ok: false, reason: 'challenge', missed: carried, lockedForMs: lock } : { ok: false, reason: 'challenge', missed: carried }
      }
    }
    const row = (
      await db.query<{ hash: string; role: SupportRole; disabled: boolean }>(
        'SELECT password_hash AS hash, role, disabled_at IS NOT NULL AS disabled FROM support_accounts WHERE username = $1',
        [key],
      )
    ).rows[0]
    const ok = await verifyPassword(password, row?.hash ?? (await dummy()))
    if (row !== undefined && ok) {
      await db.query('DELETE FROM support_sign_in_failures WHERE username = $1', [key])
      if (row.disabled) return { ok: false, reason: 'disabled' }
      const token = randomHex(32)
      await db.query('INSERT INTO support_tokens (token, username, expires_at) VALUES ($1, $2, $3::timestamptz)', [token, key, ts(now + SUPPORT_TOKEN_TTL_MS)])
      await db.query('UPDATE support_accounts SET last_sign_in_at = $2::timestamptz WHERE username = $1', [key, ts(now)])
      await db.query('DELETE FROM support_tokens WHERE expires_at < $1::timestamptz', [ts(now)])
      return { ok: true, token, user: { username: key, role: row.role } }
    }
    const { lock, failures } = await fail()
    if (lock > 0) return { ok: false, reason: 'wrong', lockedForMs: lock }
    return failures >= SIGN_IN_CHALLENGE_AFTER ? { ok: false, reason: 'wrong', challenge: true } : { ok: false, reason: 'wrong' }
  })
}

/** The enabled account a token signs in, with its role now, or undefined. */
export const supportSession = async (db: Queryable, token: string, now: number): Promise<SupportUser | undefined> =>
  token === ''
    ? undefined
    : (
        await db.query<SupportUser>(
          `SELECT a.username, a.role FROM support_tokens t JOIN support_accounts a ON a.username = t.username
           WHERE t.token = $1 AND t.expires_at > $2::timestamptz AND a.disabled_at IS NULL`,
          [token, ts(now)],
        )
      ).rows[0]

/** Signs out. */
export const supportLogout = async (db: Queryable, token: string): Promise<void> => {
  await db.query('DELETE FROM support_tokens WHERE token = $1', [token])
}
