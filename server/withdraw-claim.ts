/**
 * The withdraw password of a withdrawal request checked once for the request, not once per copy
 * (issue 46, docs/hall.md "Under load"). The lobby sends each withdrawal twice under one request id
 * (at once to two halls, or again after a lost answer); on two PostgreSQL halls each copy verified
 * the password with Argon2id (each hall's memo, server/pin-memo.ts, is its own), 400 verifications
 * in the first seconds of 200 players, and the withdrawal's p99 passed 2 s.
 *
 * - The first copy to arrive claims the request id (table withdraw_request_claims, migrations 276
 *   and 277) with what it asks: the account, the amount and a digest of the player's stored
 *   password hash (so a new password is another claim), then checks the password in full
 *   (checkPin: the failures' lock, the memo, Argon2id, each wrong one counted) and records the
 *   outcome: right, or not.
 * - A repeat (the claim is there) asking the same account and amount under the same stored hash
 *   waits for that outcome (at most CLAIM_WAIT_MS) and, when the password was right, is not checked
 *   again: it is the same request, whose one order the request id keeps, so it creates nothing the
 *   first copy did not ask for and whatever password it carries tells its sender nothing.
 * - Any other repeat (another account or amount, a new password), one whose first copy found the
 *   password wrong, did not finish in time, or whose claim is gone, checks the password in full,
 *   as a first copy does, and a wrong one is counted.
 *
 * Nothing derived from the password is stored: the claim holds no digest of it (migration 277
 * dropped the salted SHA-256 that 276 kept, which whoever read the store could have reversed in
 * 10^6 fast tries). Claims older than WITHDRAW_CLAIM_MS are deleted.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { Queryable } from './db'

/** How long a claim is kept (ms): the lobby's repeat of a request comes within its 60 s timeout. */
export const WITHDRAW_CLAIM_MS = 2 * 60_000

/** The longest a repeat waits for its first copy's check of the password (ms), then checks it itself. */
export const CLAIM_WAIT_MS = 10_000

/** How often a waiting repeat looks at the first copy's outcome (ms). */
const CLAIM_POLL_MS = 40

/** One copy of a withdrawal request, as its password is to be checked. */
export interface WithdrawCopy {
  readonly playerId: string
  readonly requestId: string
  readonly accountId: number
  readonly amount: string
  /** The hall's clock (ms). */
  readonly now: number
}

/** The digest of the player's stored withdraw password hash: a new password is another claim. */
const storedDigest = (stored: string): Buffer => createHash('sha256').update(stored).digest()

const lastSweep = new WeakMap<Queryable, number>()

/** What a wait for the first copy's outcome uses (tests give their own). */
export interface ClaimDeps {
  readonly sleep?: (ms: number) => Promise<void>
  readonly waitMs?: number
}

/**
 * Runs `check` (the full check of the password) unless this copy is a repeat of a claimed request
 * whose first copy found the same password right for the same account and amount. Throws what
 * `check` throws. Answers how it went: 'first' (this copy claimed and checked), 'repeat' (not
 * checked again), 'checked' (a repeat checked in full).
 */
export const checkPinOnce = async (db: Queryable, copy: WithdrawCopy, check: () => Promise<void>, deps: ClaimDeps = {}): Promise<'first' | 'repeat' | 'checked'> => {
  const at = new Date(copy.now)
  if (copy.now - (lastSweep.get(db) ?? 0) > 60_000) {
    lastSweep.set(db, copy.now)
    await db.query('DELETE FROM withdraw_request_claims WHERE created_at < $1', [new Date(copy.now - WITHDRAW_CLAIM_MS).toISOString()])
  }
  const stored = (await db.query<{ hash: string | null }>('SELECT withdraw_pass_hash AS hash FROM players WHERE id = $1', [copy.playerId])).rows[0]?.hash ?? ''
  const digest = storedDigest(stored)
  const claimed = await db.query(
    `INSERT INTO withdraw_request_claims (player_id, request_id, account_id, amount, stored_hash_digest, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (player_id, request_id) DO NOTHING RETURNING outcome`,
    [copy.playerId, copy.requestId, copy.accountId, copy.amount, digest, at.toISOString()],
  )
  const settle = (outcome: 1 | 2) =>
    db.query('UPDATE withdraw_request_claims SET outcome = $3 WHERE player_id = $1 AND request_id = $2 AND outcome = 0', [copy.playerId, copy.requestId, outcome])
  if (claimed.rows.length === 1) {
    try {
      await check()
    } catch (e) {
      await settle(2)
      throw e
    }
    await settle(1)
    return 'first'
  }
  const outcomeOf = async () =>
    (
      await db.query<{ account_id: string | number; amount: string; stored_hash_digest: Uint8Array; outcome: number; created_at: Date }>(
        'SELECT account_id, amount, stored_hash_digest, outcome, created_at FROM withdraw_request_claims WHERE player_id = $1 AND request_id = $2',
        [copy.playerId, copy.requestId],
      )
    ).rows[0]
  let first = await outcomeOf()
  const fresh = first !== undefined && copy.now - new Date(first.created_at).getTime() < WITHDRAW_CLAIM_MS
  const same =
    first !== undefined &&
    fresh &&
    Number(first.account_id) === copy.accountId &&
    first.amount === copy.amount &&
    timingSafeEqual(digest, Buffer.from(first.stored_hash_digest))
  if (same) {
    const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
    const until = performance.now() + (deps.waitMs ?? CLAIM_WAIT_MS)
    while (first?.outcome === 0 && performance.now() < until) {
      await sleep(CLAIM_POLL_MS)
      first = await outcomeOf()
    }
    if (first?.outcome === 1) return 'repeat'
  }
  await check()
  return 'checked'
}
