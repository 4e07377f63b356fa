/**
 * Manages the support console's accounts on a deployment's store (docs/timeline.md, "Support
 * accounts"): `npm run support-accounts -- <command> [--data ./data | --database-url postgres://…]`.
 *
 *   list [--json]                         every account: role, enabled or disabled, last sign-in
 *   add <username> [--role agent|lead|finance|marketing]    a new account with a generated password (printed once),
 *       [--prompt]                        or one typed at a hidden prompt (or the first line of stdin)
 *   reset-password <username> [--prompt]  a new password; the account's sign-ins end
 *   disable <username>                    no more sign-ins; its current sign-ins are refused at once
 *   enable <username>                     allowed to sign in again
 *   role <username> agent|lead|finance|marketing            changes what the account may do
 *
 * The store is a PostgreSQL server (`--database-url`, else env DATABASE_URL), changed while the
 * hall runs, or a PGlite directory (`--data`, default ./data), which only one process may have
 * open: stop the hall first (the command refuses a directory in use). Passwords are hashed as
 * players' are; every change is written to the audit trail as `command:<os user>`.
 * Exit status: 0 done, 1 refused (the reason is printed), 2 bad usage.
 */
import { userInfo } from 'node:os'
import { parseArgs } from 'node:util'
import type { Db } from '../server/db'
import { migrate, openDb } from '../server/db'
import { describeUrl, openPostgres } from '../server/pg'
import {
  AccountError,
  addAccount,
  disableAccount,
  enableAccount,
  generatePassword,
  isSupportRole,
  listAccounts,
  passwordProblem,
  resetPassword,
  setRole,
  type SupportRole,
} from '../server/support/accounts'

const USAGE = `Usage: npm run support-accounts -- <command> [--data ./data | --database-url postgres://user:pass@host:5432/db]
  list [--json]
  add <username> [--role agent|lead|finance|marketing] [--prompt]
  reset-password <username> [--prompt]
  disable <username>
  enable <username>
  role <username> agent|lead|finance|marketing
--database-url (or env DATABASE_URL): a PostgreSQL server, changed while the hall runs.
--data: a PGlite directory (default ./data); stop the hall that uses it first.
--prompt: type the password at a hidden prompt (or give it as the first line of stdin); else one is generated.`

class UsageError extends Error {}

const readStdinLine = async (): Promise<string> => {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer)
    if (Buffer.concat(chunks).includes(10)) break
  }
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? ''
}

/** Reads a line from the terminal without echoing it. */
const askHidden = (question: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const stdin = process.stdin
    process.stderr.write(question)
    stdin.setRawMode(true)
    stdin.setEncoding('utf8')
    stdin.resume()
    let typed = ''
    const done = () => {
      stdin.off('data', onData)
      stdin.setRawMode(false)
      stdin.pause()
      process.stderr.write('\n')
    }
    const onData = (text: string) => {
      for (const ch of text) {
        if (ch === '\r' || ch === '\n') {
          done()
          resolve(typed)
          return
        }
        if (ch === '\u0003' || ch === '\u0004') {
          done()
          reject(new AccountError('cancelled'))
          return
        }
        typed = ch === '\u007f' || ch === '\b' ? typed.slice(0, -1) : typed + ch
      }
    }
    stdin.on('data', onData)
  })

/** The password to set: typed (twice, at a terminal) when --prompt, else generated. */
const passwordFor = async (username: string, prompt: boolean): Promise<{ password: string; generated: boolean }> => {
  if (!prompt) return { password: generatePassword(), generated: true }
  let password: string
  if (process.stdin.isTTY) {
    password = await askHidden(`Password for ${username}: `)
    if ((await askHidden('Again: ')) !== password) throw new AccountError('the two passwords differ')
  } else password = await readStdinLine()
  const problem = passwordProblem(password)
  if (problem !== undefined) throw new AccountError(problem)
  return { password, generated: false }
}

const openStore = async (data: string | undefined, url: string | undefined): Promise<{ db: Db; name: string }> => {
  if (url !== undefined) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new UsageError(`bad --database-url: ${describeUrl(url)}`)
    return { db: await openPostgres(url), name: `PostgreSQL at ${describeUrl(url)}` }
  }
  const dir = data ?? './data'
  if (dir === 'memory') throw new UsageError('--data memory is a throw-away store: give the directory of the hall')
  return { db: await openDb(dir), name: `PGlite in ${dir}` }
}

const when = (iso: string | null): string => (iso === null ? '—' : iso.replace('T', ' ').slice(0, 19))

const run = async (argv: ReadonlyArray<string>): Promise<number> => {
  const parse = () => parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      data: { type: 'string' },
      'database-url': { type: 'string' },
      role: { type: 'string' },
      prompt: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse()
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e))
  }
  const { values, positionals } = parsed
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  const [command, username, extra] = positionals
  const needsName = command !== 'list'
  if (command === undefined || !['list', 'add', 'reset-password', 'disable', 'enable', 'role'].includes(command)) throw new UsageError(`unknown command: ${command ?? '(none)'}`)
  if (needsName && username === undefined) throw new UsageError(`${command} needs a username`)
  const role = command === 'role' ? extra : (values.role ?? 'agent')
  if ((command === 'add' || command === 'role') && !isSupportRole(role)) throw new UsageError(`the role is agent, lead, finance or marketing, not ${role ?? '(none)'}`)
  if (values.role !== undefined && command !== 'add') throw new UsageError('--role goes with add (use: role <username> agent|lead|finance|marketing)')
  if (values.prompt && command !== 'add' && command !== 'reset-password') throw new UsageError('--prompt goes with add and reset-password')

  // Ask for the password before opening the store, so a PGlite directory is not held during typing.
  const secret = command === 'add' || command === 'reset-password' ? await passwordFor(username ?? '', values.prompt) : undefined
  const url = values['database-url'] ?? (process.env['DATABASE_URL'] || undefined)
  const store = await openStore(values.data, url)
  const { db } = store
  try {
    await migrate(db)
    const by = { by: `command:${userInfo().username}`, now: Date.now() }
    const name = username ?? ''
    switch (command) {
      case 'list': {
        const accounts = await listAccounts(db)
        if (values.json) process.stdout.write(`${JSON.stringify(accounts, null, 2)}\n`)
        else if (accounts.length === 0) process.stdout.write(`No support account in ${store.name}.\n`)
        else {
          const rows = [['username', 'role', 'status', 'created (UTC)', 'last sign-in (UTC)'], ...accounts.map((a) => [a.username, a.role, a.disabled ? 'disabled' : 'enabled', when(a.createdAt), when(a.lastSignInAt)])]
          const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
          for (const r of rows) process.stdout.write(`${r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()}\n`)
        }
        return 0
      }
      case 'add': {
        const a = await addAccount(db, { username: name, role: role as SupportRole, password: secret!.password }, by)
        process.stdout.write(`Added the ${a.role} ${a.username} to ${store.name}.\n`)
        if (secret!.generated) process.stdout.write(`Password (shown once): ${secret!.password}\n`)
        return 0
      }
      case 'reset-password':
        await resetPassword(db, name, secret!.password, by)
        process.stdout.write(`New password set for ${name.toLowerCase()}; its sign-ins have ended.\n`)
        if (secret!.generated) process.stdout.write(`Password (shown once): ${secret!.password}\n`)
        return 0
      case 'disable':
        await disableAccount(db, name, by)
        process.stdout.write(`Disabled ${name.toLowerCase()}: it cannot sign in, and its sign-ins are refused from their next request.\n`)
        return 0
      case 'enable':
        await enableAccount(db, name, by)
        process.stdout.write(`Enabled ${name.toLowerCase()}.\n`)
        return 0
      default:
        await setRole(db, name, role as SupportRole, by)
        process.stdout.write(`${name.toLowerCase()} is now a${role === 'agent' ? 'n' : ''} ${role}.\n`)
        return 0
    }
  } finally {
    await db.close()
  }
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (e: unknown) => {
    if (e instanceof UsageError) {
      process.stderr.write(`${e.message}\n${USAGE}\n`)
      process.exitCode = 2
      return
    }
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`)
    process.exitCode = 1
  },
)
