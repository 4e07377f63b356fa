/**
 * The withdraw password of a withdrawal request checked once for the request, not once per copy
 * (issue 46, docs/hall.md "Under load"). The lobby sends each withdrawal twice under one request id
 * (at once to two halls, or again after a lost answer); on two PostgreSQL halls each copy verified
 * the password with Argon2id (each hall's memo, server/pin-memo.ts, is its own), 400 verifications
 * in the first seconds of 200 players, and the withdrawal's p99 passed 2 s.
 *
 * - The first copy to arrive claims the request id (table withdraw_request_claims, migration 276)
 *   with a salted SHA-256 digest of the player, the request id, the account, the amount, the
 *   player's stored password hash (so a new password is another digest) and the password, then checks the password in full (checkPin: the failures' lock, the memo, Argon2id,
 *   each wrong one counted) and records the outcome: right, or not.
 * - A repeat (the claim is there) computes the same digest with the claim's salt. When it matches,
 *   the repeat asks for the same thing with the same password: it waits for the first copy's
 *   outcome (at most CLAIM_WAIT_MS) and, when the password was right, is not checked again.
 * - Any other repeat (another password, account or amount), one whose first copy found the
 *   password wrong, did not finish in time, or whose claim is gone, checks the password in full,
 *   as a first copy does: a repeat is never let through on a password nobody verified, and a wrong
 *   one is counted.
 *
 * What this gives up: for WITHDRAW_CLAIM_MS after a withdrawal, whoever reads the database can find
 * its 6-digit password by trying the 10^6 of them against the SHA-256 digest, where the stored
 * Argon2id hash costs about 46 ms a try. Older claims are deleted.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
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
  readonly pin: string
  /** The hall's clock (ms). */
  readonly now: number
}

/** The digest of a copy; `stored` is the player's withdraw password hash now, so a new password is another digest. */
const digestOf = (salt: Buffer, c: WithdrawCopy, stored: string): Buffer => {
  const hash = createHash('sha256').update(salt)
  for (const part of [c.playerId, c.requestId, String(c.accountId), c.amount, stored, c.pin]) hash.update(part).update('\0')
  return hash.digest()
}

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
  const salt = randomBytes(16)
  const claimed = await db.query(
    `INSERT INTO withdraw_request_claims (player_id, request_id, salt, digest, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (player_id, request_id) DO NOTHING RETURNING outcome`,
    [copy.playerId, copy.requestId, salt, digestOf(salt, copy, stored), at.toISOString()],
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
      await db.query<{ salt: Uint8Array; digest: Uint8Array; outcome: number; created_at: Date }>(
        'SELECT salt, digest, outcome, created_at FROM withdraw_request_claims WHERE player_id = $1 AND request_id = $2',
        [copy.playerId, copy.requestId],
      )
    ).rows[0]
  let first = await outcomeOf()
  const fresh = first !== undefined && copy.now - new Date(first.created_at).getTime() < WITHDRAW_CLAIM_MS
  const same = first !== undefined && fresh && timingSafeEqual(digestOf(Buffer.from(first.salt), copy, stored), Buffer.from(first.digest))
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
