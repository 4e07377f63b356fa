import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../server/db'
import { seed } from '../../server/seed'
import { checkPinOnce, WITHDRAW_CLAIM_MS, type WithdrawCopy } from '../../server/withdraw-claim'

/**
 * A withdrawal request's password checked once per request id, not once per copy
 * (server/withdraw-claim.ts, issue 46): the first copy claims the request and checks the password
 * in full; a repeat asking the same (account, amount, under the same stored password hash) waits
 * for that check and is not checked again, whatever password it carries (it is the same request:
 * its one order is the first copy's); any other repeat, or one whose first copy found the password
 * wrong, is checked in full. Nothing derived from the password is stored with the claim. The full
 * check is a stand-in that counts its calls and is right for '123456' only.
 */
let db: Db
let playerId = ''
let n = 0

beforeAll(async () => {
  db = await openDb('memory', { migrated: true })
  await seed(db, { demoPlayers: false })
  playerId = (
    await db.query<{ id: string }>(
      `INSERT INTO players (site_code, username, username_key, password_hash, userkey, currency, withdraw_pass_hash)
       VALUES ('001', 'claims', 'claims', 'x', 'claims-userkey', 'USD', 'hash-a') RETURNING id::text AS id`,
    )
  ).rows[0]!.id
}, 120_000)
afterAll(async () => {
  await db.close()
})

/** A full check that counts its calls; `hold` makes the next ones wait until `release`. */
const counting = () => {
  let checks = 0
  let started: () => void = () => undefined
  const began = new Promise<void>((r) => (started = r))
  let release: () => void = () => undefined
  let held: Promise<void> = Promise.resolve()
  const check = (pin: string) => async () => {
    checks += 1
    started()
    await held
    if (pin !== '123456') throw new Error('wrong withdraw password')
  }
  return {
    check,
    began,
    hold: () => void (held = new Promise<void>((r) => (release = r))),
    release: () => release(),
    get checks() {
      return checks
    },
  }
}

const copy = (o: Partial<WithdrawCopy> = {}): WithdrawCopy => ({ playerId, requestId: `r${(n += 1)}`, accountId: 7, amount: '20', now: Date.now(), ...o })
const PIN = '123456'

describe('a withdrawal request checked once', () => {
  it('checks the first copy; a repeat at once with the same password waits for it and is not checked again', async () => {
    const c = counting()
    const first = copy()
    c.hold()
    const firstDone = checkPinOnce(db, first, c.check(PIN))
    await c.began
    // The first copy holds its check: the repeat finds the claim and waits for its outcome.
    let waiting: () => void = () => undefined
    const waited = new Promise<void>((r) => (waiting = r))
    const repeatDone = checkPinOnce(db, { ...first }, c.check(PIN), {
      sleep: async () => {
        waiting()
        await firstDone.catch(() => undefined)
      },
    })
    await waited
    c.release()
    expect(await firstDone).toBe('first')
    expect(await repeatDone).toBe('repeat')
    expect(c.checks).toBe(1)
    // A repeat later (within the claim's life) is not checked either.
    expect(await checkPinOnce(db, { ...first }, c.check(PIN))).toBe('repeat')
    expect(c.checks).toBe(1)
  })

  it('checks in full a repeat with another amount or account; a repeat with another password is the same request', async () => {
    const c = counting()
    const first = copy()
    expect(await checkPinOnce(db, first, c.check(PIN))).toBe('first')
    // Another password under the same request: not checked (nothing is compared with it or stored of it); the
    // request's one order is the first copy's.
    expect(await checkPinOnce(db, { ...first }, c.check('654321'))).toBe('repeat')
    expect(await checkPinOnce(db, { ...first, amount: '2000' }, c.check(PIN))).toBe('checked')
    expect(await checkPinOnce(db, { ...first, accountId: 8 }, c.check(PIN))).toBe('checked')
    await expect(checkPinOnce(db, { ...first, amount: '2000' }, c.check('654321'))).rejects.toThrow('wrong withdraw password')
    expect(c.checks).toBe(4)
  })

  it('keeps nothing derived from the password with a claim', async () => {
    const c = counting()
    const first = copy()
    expect(await checkPinOnce(db, first, c.check(PIN))).toBe('first')
    const columns = (await db.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'withdraw_request_claims' ORDER BY column_name`)).rows.map((r) => r.column_name)
    expect(columns).toEqual(['account_id', 'amount', 'created_at', 'outcome', 'player_id', 'request_id', 'stored_hash_digest'])
    const row = (await db.query<Record<string, unknown>>('SELECT * FROM withdraw_request_claims WHERE request_id = $1', [first.requestId])).rows[0]!
    const bytes = Buffer.from(row['stored_hash_digest'] as Uint8Array)
    const { createHash } = await import('node:crypto')
    expect(bytes.equals(createHash('sha256').update('hash-a').digest())).toBe(true)
  })

  it('checks a repeat in full when the first copy found the password wrong', async () => {
    const c = counting()
    const first = copy()
    await expect(checkPinOnce(db, first, c.check('000000'))).rejects.toThrow('wrong withdraw password')
    await expect(checkPinOnce(db, { ...first }, c.check('000000'))).rejects.toThrow('wrong withdraw password')
    // The right password after a wrong first copy: checked in full, then let through.
    expect(await checkPinOnce(db, { ...first }, c.check(PIN))).toBe('checked')
    expect(c.checks).toBe(3)
  })

  it('checks a repeat in full after the password changed, after the claim is old, and when the first copy does not finish in time', async () => {
    const c = counting()
    const first = copy()
    expect(await checkPinOnce(db, first, c.check(PIN))).toBe('first')
    await db.query(`UPDATE players SET withdraw_pass_hash = 'hash-b' WHERE id = $1`, [playerId])
    try {
      expect(await checkPinOnce(db, { ...first }, c.check(PIN))).toBe('checked')
    } finally {
      await db.query(`UPDATE players SET withdraw_pass_hash = 'hash-a' WHERE id = $1`, [playerId])
    }
    expect(await checkPinOnce(db, { ...first, now: first.now + WITHDRAW_CLAIM_MS }, c.check(PIN))).toBe('checked')
    expect(c.checks).toBe(3)

    // A first copy still checking when the repeat's wait is over: the repeat checks itself.
    const slow = counting()
    const held = copy()
    slow.hold()
    const firstDone = checkPinOnce(db, held, slow.check(PIN))
    await slow.began
    const quick = counting()
    expect(await checkPinOnce(db, { ...held }, quick.check(PIN), { waitMs: 0 })).toBe('checked')
    expect(quick.checks).toBe(1)
    slow.release()
    expect(await firstDone).toBe('first')
  })
})
