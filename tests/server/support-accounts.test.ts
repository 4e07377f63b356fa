/**
 * The support-accounts command (scripts/support-accounts.ts) on a deployment's store, run as an
 * operator runs it: against a PostgreSQL server while a production hall uses it, and against a
 * PGlite directory (which it refuses while the hall holds it). An account it adds signs in to the
 * console of a production hall; once disabled, the next request of its sign-in is refused.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../server/db'
import { startHall } from '../../server/hall'
import { startPostgres, type Server } from './embedded-postgres'

const root = join(import.meta.dirname, '../..')

/**
 * Runs `npm run support-accounts -- …args` (its script, without npm's banner); stdin is piped `input`.
 * One Node process with tsx's loader (`node --import tsx`), as the tsx command starts for it: the
 * tsx command itself would be a second process around it, half a second more on each of the
 * eleven runs.
 */
const command = (args: ReadonlyArray<string>, input = ''): Promise<{ code: number | null; out: string; err: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/support-accounts.ts', ...args], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (b: Buffer) => (out += b.toString('utf8')))
    child.stderr.on('data', (b: Buffer) => (err += b.toString('utf8')))
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, out, err }))
    child.stdin.end(input)
  })

const generated = (out: string): string => {
  const m = /Password \(shown once\): (\S+)/.exec(out)
  if (m === null) throw new Error(`no password in: ${out}`)
  return m[1]!
}

const signIn = async (hallUrl: string, username: string, password: string) => {
  const res = await fetch(`${hallUrl}/support/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) })
  return { status: res.status, body: (await res.json()) as { ok: boolean; token: string; role: string; error?: string } }
}

const get = (hallUrl: string, path: string, token: string) => fetch(`${hallUrl}/support/api/${path}`, { headers: { authorization: `Bearer ${token}` } })

const dir = mkdtempSync(join(tmpdir(), 'lobby-support-accounts-'))
let server: Server | undefined
let databaseUrl = ''

beforeAll(async () => {
  server = await startPostgres(dir)
  const admin = new pg.Client(server.url('postgres'))
  await admin.connect()
  try {
    await admin.query('CREATE DATABASE lobby_support')
  } finally {
    await admin.end()
  }
  databaseUrl = server.url('lobby_support')
}, 60_000)

afterAll(async () => {
  try {
    await server?.stop()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 20_000)

describe('the support-accounts command', () => {
  it('on a PostgreSQL server: adds a lead with a generated password, who signs in to a production hall; disabled while the hall runs, the next request is refused', async () => {
    const add = await command(['add', 'Lead.Pg', '--role', 'lead', '--database-url', databaseUrl])
    expect(add.err).toBe('')
    expect(add.code).toBe(0)
    expect(add.out).toContain('Added the lead lead.pg to PostgreSQL at postgres://postgres:***@127.0.0.1:')
    const password = generated(add.out)

    const hall = await startHall({ port: 0, databaseUrl, mode: 'production' })
    try {
      // Production seeds no account: only the one the command added.
      expect((await signIn(hall.url, 'support', 'support-dev')).status).toBe(401)
      const login = await signIn(hall.url, 'lead.pg', password)
      expect([login.status, login.body.role]).toEqual([200, 'lead'])
      const token = login.body.token
      expect((await get(hall.url, 'sessions', token)).status).toBe(200)
      expect((await get(hall.url, 'accounts', token)).status).toBe(200)

      const disable = await command(['disable', 'lead.pg', '--database-url', databaseUrl])
      expect([disable.code, disable.err]).toEqual([0, ''])
      const next = await get(hall.url, 'sessions', token)
      expect(next.status).toBe(401)
      expect(await signIn(hall.url, 'lead.pg', password)).toMatchObject({ status: 403, body: { error: 'this support account is disabled' } })

      // Listed as disabled; enabled again and given a new password, the old one no longer works.
      const list = await command(['list', '--json', '--database-url', databaseUrl])
      expect(JSON.parse(list.out)).toEqual([expect.objectContaining({ username: 'lead.pg', role: 'lead', disabled: true })])
      expect((await command(['enable', 'lead.pg', '--database-url', databaseUrl])).code).toBe(0)
      const reset = await command(['reset-password', 'lead.pg', '--database-url', databaseUrl])
      expect(reset.code).toBe(0)
      expect((await signIn(hall.url, 'lead.pg', password)).status).toBe(401)
      const again = await signIn(hall.url, 'lead.pg', generated(reset.out))
      expect(again.status).toBe(200)

      // The lead sees the command's changes in the audit trail, by the operator's account.
      const trail = (await (await get(hall.url, 'audit?player=&account=', again.body.token)).json()) as { entries: Array<{ account: string; action: string }> }
      expect(trail.entries.filter((e) => e.action.startsWith('account.')).map((e) => e.action)).toEqual([
        'account.password-reset',
        'account.enabled',
        'account.disabled',
        'account.added',
      ])
      expect(trail.entries.find((e) => e.action === 'account.added')?.account).toMatch(/^command:/)
    } finally {
      await hall.close()
    }

    // Bad usage and refusals say why.
    const twice = await command(['add', 'lead.pg', '--database-url', databaseUrl])
    expect([twice.code, twice.err.trim()]).toEqual([1, "the support account 'lead.pg' exists already"])
    const role = await command(['add', 'x.y', '--role', 'boss', '--database-url', databaseUrl])
    expect(role.code).toBe(2)
    expect(role.err).toContain('the role is agent, lead, finance or marketing, not boss')
  }, 120_000)

  it('on a PGlite directory: adds an agent with a prompted password; refuses the directory while the hall runs; disabled after, the old sign-in is refused', async () => {
    const data = join(dir, 'pglite')
    const add = await command(['add', 'agent.lite', '--prompt', '--data', data], 'a typed password 1\n')
    expect([add.code, add.err]).toEqual([0, ''])
    expect(add.out).toBe(`Added the agent agent.lite to PGlite in ${data}.\n`)

    let token: string
    const hall = await startHall({ port: 0, dataDir: data, mode: 'production' })
    try {
      const login = await signIn(hall.url, 'agent.lite', 'a typed password 1')
      expect([login.status, login.body.role]).toEqual([200, 'agent'])
      token = login.body.token
      expect((await get(hall.url, 'sessions', token)).status).toBe(200)
      expect((await get(hall.url, 'audit', token)).status).toBe(403)

      // PGlite allows one process: the command will not open the directory under a running hall.
      const busy = await command(['disable', 'agent.lite', '--data', data])
      expect(busy.code).toBe(1)
      expect(busy.err).toContain(`is in use by process ${process.pid} (a running hall?)`)
    } finally {
      await hall.close()
    }

    const disable = await command(['disable', 'agent.lite', '--data', data])
    expect([disable.code, disable.err]).toEqual([0, ''])
    const after = await startHall({ port: 0, dataDir: data, mode: 'production' })
    try {
      expect((await get(after.url, 'sessions', token)).status).toBe(401)
    } finally {
      await after.close()
    }

    // Hashed as players' passwords are: Argon2id with a salt at OWASP's parameters, never the password itself.
    const db = await openDb(data)
    try {
      const hash = (await db.query<{ h: string }>(`SELECT password_hash AS h FROM support_accounts WHERE username = 'agent.lite'`)).rows[0]?.h ?? ''
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/)
    } finally {
      await db.close()
    }
    const short = await command(['reset-password', 'agent.lite', '--prompt', '--data', data], 'short\n')
    expect([short.code, short.err.trim()]).toEqual([1, 'a support password has at least 12 characters'])
  }, 120_000)
})
