/**
 * npm run golden -- <reference or file.ndjson> [--name NAME] [--from SEQ] [--until SEQ]
 *                   [--in ACTOR=STATE]... [--context ACTOR.PATH=JSON]... [--notice TYPE]... [--no-notice TYPE]...
 *                   [--out DIR] [--hall URL] [--actors MODULE] [--force]
 *
 * Turns a player's session into a regression test (docs/replay.md, "A test from a session"):
 *
 * 1. the log: an uploaded diagnostics session fetched by its reference (LB-7K3M-9QX2) from a hall's
 *    support API with support credentials from the environment (the download is in the audit
 *    trail as any download from the console), or a local file;
 * 2. cut from its start to the end of record --until (default: the last), with the notices that
 *    record caused: self-contained, the actors reach that point from the records alone;
 * 3. written as <out>/<name>.ndjson (default tests/replay) with <name>.expect.json: the first record
 *    of the part the test is about (--from, default the last input), and what must hold at the end:
 *      --in wallet=player.balance.idle         the actor is in that state
 *      --context wallet.stale=true             a context value equals that JSON (or text)
 *      --notice toast.shown / --no-notice T    a notice of that type is / is not emitted from --from on
 *    With none given, the file states what the lobby did at the end (the states of the actors that
 *    changed from --from on): edit it to say what should have happened;
 * 4. run: `npm run replay` on the new file, as the golden stage of `npm test` will (with --actors,
 *    the actor specs that module exports replace the lobby's: a candidate fix).
 *
 * Environment for a reference: LOBBY_SUPPORT_URL (the hall, or --hall), and LOBBY_SUPPORT_TOKEN, or
 * LOBBY_SUPPORT_USERNAME with LOBBY_SUPPORT_PASSWORD (a support account, agent or lead).
 * Exit: the replay's (0 as expected, 1 not: a new test of an unfixed bug fails, as it should);
 * 2 bad usage, an unreadable log, a refused download or a file that exists (--force overwrites).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseNdjson, toNdjson } from '../src/bus/ndjson'
import { EXPECT_FORMAT, cutLog, expectationOf, observedExpectations, runStart, type ExpectFile, type Expectation } from '../src/devtools/golden'

const root = path.resolve(import.meta.dirname, '..')
const usage =
  'usage: npm run golden -- <reference or file.ndjson> [--name NAME] [--from SEQ] [--until SEQ] [--in ACTOR=STATE] [--context ACTOR.PATH=JSON] [--notice TYPE] [--no-notice TYPE] [--out DIR] [--hall URL] [--actors MODULE] [--force]'

class UsageError extends Error {}

const fail = (message: string): never => {
  console.error(message)
  process.exit(2)
}

interface Options {
  source: string
  name?: string
  from?: number
  until?: number
  out: string
  hall?: string
  actors?: string
  force: boolean
  expect: Expectation[]
}

const parseArgs = (argv: ReadonlyArray<string>): Options => {
  const o: Options = { source: '', out: path.join(root, 'tests', 'replay'), force: false, expect: [] }
  const rest: string[] = []
  const seqOf = (flag: string, v: string | undefined): number => {
    if (v === undefined || !/^\d+$/.test(v)) throw new UsageError(`${flag} takes a record's seq`)
    return Number(v)
  }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    const next = (): string => {
      const v = argv[++i]
      if (v === undefined) throw new UsageError(`${a} takes a value`)
      return v
    }
    if (a === '--name') o.name = next()
    else if (a === '--from') o.from = seqOf(a, argv[++i])
    else if (a === '--until') o.until = seqOf(a, argv[++i])
    else if (a === '--out') o.out = path.resolve(next())
    else if (a === '--hall') o.hall = next()
    else if (a === '--actors') o.actors = next()
    else if (a === '--force') o.force = true
    else if (a === '--in' || a === '--context' || a === '--notice' || a === '--no-notice') {
      const e = expectationOf(a, next())
      if (typeof e === 'string') throw new UsageError(e)
      o.expect.push(e)
    }
    else if (a.startsWith('--')) throw new UsageError(`unknown option ${a}`)
    else rest.push(a)
  }
  if (rest.length !== 1) throw new UsageError('one reference or file')
  o.source = rest[0]!
  if (o.name !== undefined && !/^[a-z0-9][a-z0-9-]*$/.test(o.name)) throw new UsageError('--name: lower-case letters, digits and dashes')
  if (o.from !== undefined && o.until !== undefined && o.from > o.until) throw new UsageError('--from is after --until')
  return o
}

/** A reference as players quote it ('lb 7k3m 9qx2' is LB-7K3M-9QX2), or null when it is not one. */
const referenceOf = (text: string): string | null => {
  const m = /^lb[\s-]*([0-9a-z]{4})[\s-]*([0-9a-z]{4})$/i.exec(text.trim())
  return m === null ? null : `LB-${m[1]!.toUpperCase()}-${m[2]!.toUpperCase()}`
}

/**
 * Downloads an uploaded session's log with the support API (GET /support/api/sessions/<ref>/log,
 * audited as a download), signing in with the account from the environment and out after.
 */
const download = async (reference: string, hall: string | undefined): Promise<string> => {
  const env = process.env
  const base = (hall ?? env['LOBBY_SUPPORT_URL'] ?? fail('a reference needs the hall: LOBBY_SUPPORT_URL or --hall')).replace(/\/+$/, '')
  let token = env['LOBBY_SUPPORT_TOKEN']
  let signedIn = false
  if (token === undefined || token === '') {
    const username = env['LOBBY_SUPPORT_USERNAME']
    const password = env['LOBBY_SUPPORT_PASSWORD']
    if (username === undefined || password === undefined) fail('a reference needs support credentials: LOBBY_SUPPORT_TOKEN, or LOBBY_SUPPORT_USERNAME and LOBBY_SUPPORT_PASSWORD')
    const res = await fetch(`${base}/support/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) })
    const body = (await res.json().catch(() => ({}))) as { token?: string; error?: string; message?: string }
    if (!res.ok || typeof body.token !== 'string') fail(`support sign-in refused (${res.status}): ${body.error ?? body.message ?? 'no token'}`)
    token = body.token!
    signedIn = true
  }
  try {
    const res = await fetch(`${base}/support/api/sessions/${encodeURIComponent(reference)}/log`, { headers: { authorization: `Bearer ${token}` } })
    const text = await res.text()
    if (!res.ok) fail(`download of ${reference} refused (${res.status}): ${text.slice(0, 300)}`)
    return text
  } finally {
    if (signedIn) await fetch(`${base}/support/api/logout`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' }).catch(() => undefined)
  }
}

const main = async (): Promise<number> => {
  let o: Options
  try {
    o = parseArgs(process.argv.slice(2))
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`${e.message}\n${usage}`)
      return 2
    }
    throw e
  }
  const reference = referenceOf(o.source)
  const fromFile = reference === null || existsSync(o.source)
  let text: string
  if (fromFile) {
    try {
      text = readFileSync(o.source, 'utf8')
    } catch (e) {
      return fail(`cannot read ${o.source}: ${e instanceof Error ? e.message : String(e)}`)
    }
  } else text = await download(reference, o.hall)
  const parsed = parseNdjson(text)
  if (!parsed.ok) return fail(`${o.source}: line ${parsed.error.line}: ${parsed.error.message}`)
  const records = parsed.file.records
  const last = records.at(-1)
  if (last === undefined) return fail(`${o.source}: the log has no records`)
  const until = o.until ?? last.seq
  if (!records.some((r) => r.seq === until)) return fail(`the log has no record ${until} (records ${records[0]!.seq} to ${last.seq})`)
  const cut = cutLog(parsed.file, until)
  const from = runStart(cut, o.from ?? until)
  const name = o.name ?? (fromFile ? path.basename(o.source).replace(/\.ndjson$/, '').toLowerCase().replace(/[^a-z0-9-]+/g, '-') : reference.toLowerCase())
  const logPath = path.join(o.out, `${name}.ndjson`)
  const expectPath = path.join(o.out, `${name}.expect.json`)
  if (!o.force) for (const p of [logPath, expectPath]) if (existsSync(p)) return fail(`${path.relative(process.cwd(), p)} exists: choose another --name, or --force`)

  const stated = o.expect.length > 0
  const expect = stated ? o.expect : observedExpectations(cut, from)
  const spec: ExpectFile = {
    format: EXPECT_FORMAT,
    version: 1,
    log: `${name}.ndjson`,
    source: `${fromFile ? `file ${path.basename(o.source)}` : `${reference} from ${o.hall ?? process.env['LOBBY_SUPPORT_URL']}`}, records to ${until} of ${last.seq}`,
    from,
    until,
    expect,
  }
  mkdirSync(o.out, { recursive: true })
  writeFileSync(logPath, toNdjson(cut.header, cut.records))
  writeFileSync(expectPath, `${JSON.stringify(spec, null, 2)}\n`)
  const shown = (p: string) => path.relative(process.cwd(), p) || p
  console.log(`golden   ${shown(logPath)}: ${cut.records.length} of ${records.length} records (to seq ${cut.records.at(-1)!.seq}), the part under test from seq ${from}`)
  console.log(`expect   ${shown(expectPath)}: ${expect.length} expectations`)
  if (!stated) console.log('         (what the lobby did there: edit them to say what should have happened)')
  const replay = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'scripts', 'replay.ts'), logPath, ...(o.actors === undefined ? [] : ['--actors', o.actors])], {
    stdio: 'inherit',
  })
  return replay.status ?? 2
}

process.exit(await main())
