/**
 * Password hashes (docs/hall.md "Password hashes"): a production hall stores Argon2id at OWASP's
 * parameters; an older scrypt hash still signs in and is replaced by one at the current parameters
 * at its next successful sign-in; the process's hash queue answers in order
 * of arrival and refuses past its bound with the busy code, which a sign-in passes on.
 */
import { randomBytes, scryptSync } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDb } from '../../server/db'
import { PASSWORD_HASH, verifyPassword } from '../../server/crypto'
import { BUSY_CODE, HASH_QUEUE_DEFAULTS, HashQueue, hashQueue } from '../../server/hash-queue'
import { startHall } from '../../server/hall'
import { ServiceError } from '../../server/calls/types'
import { callHall, control, visitor } from './support'
import type { Caller } from './support'

const dataDir = mkdtempSync(join(tmpdir(), 'lobby-passwords-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** The hash the store holds for a player. */
const storedHash = async (username: string): Promise<string> => {
  const db = await openDb(dataDir)
  try {
    return (await db.query<{ hash: string }>('SELECT password_hash AS hash FROM players WHERE username = $1', [username])).rows[0]!.hash
  } finally {
    await db.close()
  }
}

/** A visitor of a production hall, with the site key its page carries (no control surface there). */
const productionVisitor = async (url: string): Promise<Caller> => {
  const html = await (await fetch(`${url}/`, { headers: { accept: 'text/html' } })).text()
  const siteKey = /"siteKey":"([^"]+)"/.exec(html)?.[1]
  if (siteKey === undefined) throw new Error('the page carries no site key')
  return { siteCode: '001', keyMaterial: siteKey, token: '' }
}

/** The scrypt hash the hall stored before Argon2id: scrypt$N$r$p$salt$hash, N = 2^14. */
const legacyHash = (password: string): string => {
  const salt = randomBytes(16)
  const key = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 })
  return ['scrypt', 16384, 8, 1, salt.toString('hex'), key.toString('hex')].join('$')
}

describe('the stored hash', () => {
  it("is Argon2id at OWASP's parameters in a production hall; an older scrypt hash signs in and is replaced at the next successful sign-in", async () => {
    const first = await startHall({ port: 0, dataDir, mode: 'production', log: () => undefined })
    try {
      const site = await productionVisitor(first.url)
      expect((await callHall(first.url, site, 'POST', '/home/register', { username: 'hashed01', password: 'abc12345' })).envelope.code).toBe(1)
    } finally {
      await first.close()
    }
    const made = await storedHash('hashed01')
    expect(made).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/)
    expect(PASSWORD_HASH).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 })
    expect(await verifyPassword('abc12345', made)).toBe(true)
    expect(await verifyPassword('abc12346', made)).toBe(false)

    // The player's hash as the hall stored it before: scrypt, N = 2^14.
    const old = legacyHash('abc12345')
    const db = await openDb(dataDir)
    try {
      await db.query('UPDATE players SET password_hash = $2 WHERE username = $1', ['hashed01', old])
    } finally {
      await db.close()
    }
    const second = await startHall({ port: 0, dataDir, mode: 'production', log: () => undefined })
    try {
      const site = await productionVisitor(second.url)
      const login = (password: string) => callHall(second.url, site, 'POST', '/home/login', { username: 'hashed01', password })
      expect((await login('abc12346')).envelope.code).toBe(1011)
      expect((await login('abc12345')).envelope.code).toBe(1)
    } finally {
      await second.close()
    }
    const upgraded = await storedHash('hashed01')
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/)
    expect(await verifyPassword('abc12345', upgraded)).toBe(true)
  }, 120_000)
})

describe('the hash queue', () => {
  afterEach(() => hashQueue.configure(HASH_QUEUE_DEFAULTS))

  /** A job that runs until released, noting when it started. */
  const gate = (started: string[], name: string) => {
    let release = () => undefined as void
    const done = new Promise<void>((resolve) => (release = resolve))
    return { release, job: () => (started.push(name), done.then(() => name)) }
  }

  it('runs as many jobs at once as it is bounded to, the rest in order of arrival, and refuses past its wait with the busy code', async () => {
    const queue = new HashQueue({ concurrency: 2, waiting: 2 })
    const started: string[] = []
    const jobs = ['a', 'b', 'c', 'd'].map((name) => gate(started, name))
    const results = jobs.map((g) => queue.run(g.job))
    expect(started).toEqual(['a', 'b'])
    expect(queue.load).toEqual({ running: 2, waiting: 2 })
    const refused = await queue.run(async () => 'e').catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ServiceError)
    expect((refused as ServiceError).code).toBe(BUSY_CODE)
    expect((refused as ServiceError).message).toMatch(/^the hall is busy: try again in \d+ s$/)
    // b ends first: c, the first waiting, takes its place; then d.
    jobs[1]!.release()
    await results[1]
    expect(started).toEqual(['a', 'b', 'c'])
    jobs[0]!.release()
    await results[0]
    expect(started).toEqual(['a', 'b', 'c', 'd'])
    jobs[2]!.release()
    jobs[3]!.release()
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd'])
    expect(queue.load).toEqual({ running: 0, waiting: 0 })
  })

  it("answers a sign-in with the busy code while the hall's hash queue is full, and signs it in once there is room", async () => {
    const hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', log: () => undefined })
    try {
      const site = await visitor(hall.url, '001')
      const made = await control(hall.url, 'new-player', { prefix: 'busy' })
      const login = () => callHall(hall.url, site, 'POST', '/home/login', { username: made['username'], password: made['password'] })
      // One hash at a time and none waiting; one is running.
      hashQueue.configure({ concurrency: 1, waiting: 0 })
      const held = gate([], 'held')
      const running = hashQueue.run(held.job)
      const refused = (await login()).envelope
      expect(refused.code).toBe(BUSY_CODE)
      expect(refused.msg).toMatch(/^the hall is busy: try again in \d+ s$/)
      held.release()
      await running
      expect((await login()).envelope.code).toBe(1)
    } finally {
      await hall.close()
    }
  }, 60_000)
})
