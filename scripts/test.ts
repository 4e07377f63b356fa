/**
 * `npm test`: every check of the lobby, in one run, ending with one line `tests: N passed, N failed`.
 *
 * Stages, in order (docs/testing.md):
 *   typecheck  tsc -p . with the TypeScript 7 compiler                  1 check
 *   imports    depcruise (.dependency-cruiser.mjs): import rules, cycles 1 check
 *   lint       eslint actors src schemas tests server scripts          1 check
 *   unit       vitest: tests/unit, model, contract, server             1 per test
 *   replay     scripts/replay.ts on every tests/replay/*.ndjson        1 per golden log
 *   e2e        vitest with vitest.e2e.config.ts: browser flows         1 per test
 *
 * The import graph and the replays run beside lint (BESIDE), which leaves a core idle; their
 * output is kept and printed after lint's, each stage's output in one block.
 *
 * A failing stage does not stop the run, so one run reports everything. A stage that crashes
 * (cannot start, dies, times out, writes no report) counts as one failed check. Skipped and todo
 * tests count as failed: the rules allow none.
 *
 * `npm test -- --only unit,e2e` runs some stages only; `npm test -- --changed [REF]` runs only the
 * tests a change since REF (default: what is not committed) reaches.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name: string): string => path.join(root, 'node_modules', '.bin', name)

/** What a stage counted. */
export interface Tally {
  passed: number
  failed: number
  /** Short remarks for the summary (skipped tests, crashes). */
  notes: string[]
}

interface Stage {
  readonly name: string
  readonly aliases: readonly string[]
  readonly title: string
  readonly run: () => Promise<Tally>
}

// ---------------------------------------------------------------------------------------------
// Running commands

const MINUTE = 60_000
/** The commands running now (one, or the browser workers beside each other). */
const running = new Set<ReturnType<typeof spawn>>()

interface Exit {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly error?: string
  readonly timedOut: boolean
}

/**
 * Where a stage that runs beside another writes: its lines are kept here and printed as one block
 * once the stage it runs beside has ended, so each stage's output stays together. Unset for the
 * stage whose output goes to the terminal as it comes.
 */
const keptOutput = new AsyncLocalStorage<string[]>()

/** A line of the running stage's own output: to the terminal, or kept for its block. */
const say = (line: string): void => {
  const kept = keptOutput.getStore()
  if (kept === undefined) console.log(line)
  else kept.push(`${line}\n`)
}

/** Copies a stream's lines to `to`, each after `prefix`. */
function pipeLines(prefix: string, from: NodeJS.ReadableStream | null, to: NodeJS.WriteStream): void {
  let rest = ''
  from?.setEncoding('utf8')
  from?.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n')
    rest = lines.pop() ?? ''
    for (const line of lines) to.write(`${prefix} ${line}\n`)
  })
  from?.on('end', () => {
    if (rest !== '') to.write(`${prefix} ${rest}\n`)
  })
}

/**
 * Runs a command in the repository root with the terminal as its output (each line after
 * `prefix` when one is given, for commands running beside each other); never rejects.
 */
function runCommand(command: string, args: readonly string[], timeoutMs: number, env: NodeJS.ProcessEnv = {}, prefix?: string): Promise<Exit> {
  return new Promise((resolve) => {
    let timedOut = false
    let settled = false
    const kept = keptOutput.getStore()
    const output = prefix === undefined && kept === undefined ? 'inherit' : 'pipe'
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', output, output], detached: true, env: { ...process.env, ...env } })
    running.add(child)
    if (kept !== undefined) {
      // A stage beside another: its output, both streams in the order they came, kept for its block.
      for (const stream of [child.stdout, child.stderr]) {
        stream?.setEncoding('utf8')
        stream?.on('data', (chunk: string) => kept.push(prefix === undefined ? chunk : chunk.replace(/^(?=.)/gm, `${prefix} `)))
      }
    } else if (prefix !== undefined) {
      pipeLines(prefix, child.stdout, process.stdout)
      pipeLines(prefix, child.stderr, process.stderr)
    }
    const timer = setTimeout(() => {
      timedOut = true
      killGroup(child)
    }, timeoutMs)
    const done = (exit: Exit): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      running.delete(child)
      resolve(exit)
    }
    child.on('error', (e) => done({ code: null, signal: null, error: e.message, timedOut }))
    child.on('close', (code, signal) => done({ code, signal, timedOut }))
  })
}

/** Ends a command and everything it started (it runs in its own process group). */
function killGroup(child: ReturnType<typeof spawn>): void {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    // already gone
  }
}

const describeExit = (e: Exit, limitMs: number): string =>
  e.error !== undefined
    ? `could not start: ${e.error}`
    : e.timedOut
      ? `timed out after ${limitMs / MINUTE} min`
      : e.signal !== null
        ? `killed by ${e.signal}`
        : `exit ${e.code}`

/** A command that is one check: exit 0 passes. */
async function oneCheck(command: string, args: readonly string[], timeoutMs = 15 * MINUTE): Promise<Tally> {
  const exit = await runCommand(command, args, timeoutMs)
  if (exit.code === 0) return { passed: 1, failed: 0, notes: [] }
  return { passed: 0, failed: 1, notes: [describeExit(exit, timeoutMs)] }
}

// ---------------------------------------------------------------------------------------------
// Vitest

/** The parts of Vitest's JSON report that are counted. */
export interface VitestReport {
  readonly testResults?: ReadonlyArray<{
    readonly name: string
    readonly status: string
    readonly message?: string
    readonly startTime?: number
    readonly endTime?: number
    readonly assertionResults: ReadonlyArray<{ readonly status: string; readonly fullName?: string }>
  }>
}

/**
 * Counts a Vitest JSON report: each test is a check. Skipped and todo tests count as failed; a
 * file that fails outside any test (an import error, a failing hook) counts as one failed
 * check; and a non-zero exit with nothing failed (an unhandled error) counts as one more.
 */
export function countVitestReport(report: VitestReport, exitCode: number | null): Tally {
  const tally: Tally = { passed: 0, failed: 0, notes: [] }
  let skipped = 0
  let brokenFiles = 0
  for (const file of report.testResults ?? []) {
    let failedHere = 0
    for (const t of file.assertionResults) {
      if (t.status === 'passed') tally.passed++
      else if (t.status === 'failed') failedHere++
      else skipped++ // skipped, pending, todo, disabled
    }
    tally.failed += failedHere
    if (file.status === 'failed' && failedHere === 0) brokenFiles++
  }
  tally.failed += skipped + brokenFiles
  if (skipped > 0) tally.notes.push(`${skipped} skipped or todo (counted as failed)`)
  if (brokenFiles > 0) tally.notes.push(`${brokenFiles} file(s) failed outside a test`)
  if (exitCode !== 0 && tally.failed === 0) {
    tally.failed = 1
    tally.notes.push(`vitest exited ${exitCode} with no failed test (unhandled error, or no test files)`)
  }
  return tally
}

/**
 * What failed browser tests' pages showed (tests/e2e/support/browser.ts writes it to
 * LOBBY_FAILURE_LOG): printed again after the summary, where a CI log's tail still has it.
 */
const failureDescriptions: string[] = []

async function vitest(config: string, timeoutMs: number, extra: readonly string[] = []): Promise<Tally> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lobby-test-'))
  const out = path.join(dir, 'vitest.json')
  const failures = path.join(dir, 'failures.txt')
  try {
    const exit = await runCommand(
      bin('vitest'),
      ['run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra],
      timeoutMs,
      { LOBBY_FAILURE_LOG: failures },
    )
    if (existsSync(failures)) failureDescriptions.push(readFileSync(failures, 'utf8'))
    if (!existsSync(out)) {
      return { passed: 0, failed: 1, notes: [`no report: vitest ${describeExit(exit, timeoutMs)}`] }
    }
    const tally = countVitestReport(JSON.parse(readFileSync(out, 'utf8')) as VitestReport, exit.code)
    if (exit.timedOut || exit.signal !== null) {
      tally.failed++
      tally.notes.push(describeExit(exit, timeoutMs))
    }
    return tally
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

// ---------------------------------------------------------------------------------------------
// Browser tests, on several workers

/**
 * How many browser workers run at once: each is a Vitest process with its own hall (its own
 * database) and its own Chromium, running its share of the files one after another, so files
 * still never share a hall with a file running at the same time.
 */
const browserWorkers = (): number => {
  const n = Number(process.env['LOBBY_E2E_WORKERS'] ?? 2)
  return Number.isInteger(n) && n >= 1 ? n : 2
}

/** Seconds each browser test file took in a run: the committed baseline, then this machine's last run. */
const DURATIONS_BASELINE = path.join(root, 'tests', 'e2e', 'durations.json')
const DURATIONS_LOCAL = path.join(root, 'node_modules', '.cache', 'lobby-e2e-durations.json')

function readDurations(): Record<string, number> {
  const out: Record<string, number> = {}
  for (const file of [DURATIONS_BASELINE, DURATIONS_LOCAL]) {
    if (!existsSync(file)) continue
    try {
      Object.assign(out, JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>)
    } catch {
      // an unreadable list only makes the split less even
    }
  }
  return out
}

/** The browser test files, relative to the root, in a stable order. */
export function browserTestFiles(dir = path.join(root, 'tests', 'e2e')): string[] {
  const found: string[] = []
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.test.ts')) found.push(path.relative(root, full).split(path.sep).join('/'))
    }
  }
  walk(dir)
  return found.sort()
}

/**
 * Splits files over `workers` lists of about equal time: longest first, each to the list that
 * ends soonest (a file with no figure counts as the median of the known ones).
 */
export function balance(files: readonly string[], seconds: Readonly<Record<string, number>>, workers: number): string[][] {
  const known = files.map((f) => seconds[f]).filter((n): n is number => typeof n === 'number' && n > 0).sort((a, b) => a - b)
  const median = known.length === 0 ? 1 : known[Math.floor(known.length / 2)]!
  const cost = (f: string): number => (typeof seconds[f] === 'number' && seconds[f] > 0 ? seconds[f] : median)
  const lists = Array.from({ length: Math.max(1, Math.min(workers, files.length)) }, () => ({ files: [] as string[], total: 0 }))
  for (const f of [...files].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b))) {
    const target = lists.reduce((best, l) => (l.total < best.total ? l : best))
    target.files.push(f)
    target.total += cost(f)
  }
  return lists.map((l) => l.files.sort())
}

/**
 * The kit's phases (tests/e2e/support/profile.ts) added up: how often each ran, its total and its
 * mean, beside the files' own total time.
 */
export function profileTable(lines: readonly string[], fileSeconds: Readonly<Record<string, number>>): string[] {
  const phases = new Map<string, { count: number; ms: number }>()
  for (const line of lines) {
    try {
      const { phase, ms } = JSON.parse(line) as { phase?: unknown; ms?: unknown }
      if (typeof phase !== 'string' || typeof ms !== 'number') continue
      const p = phases.get(phase) ?? { count: 0, ms: 0 }
      p.count++
      p.ms += ms
      phases.set(phase, p)
    } catch {
      // a torn line of a killed worker
    }
  }
  const filesTotal = Object.values(fileSeconds).reduce((a, b) => a + b, 0)
  const rows = [...phases].sort((a, b) => b[1].ms - a[1].ms)
  const out = [`${'phase'.padEnd(28)} ${'count'.padStart(6)} ${'total s'.padStart(8)} ${'mean ms'.padStart(8)} ${'share'.padStart(6)}`]
  for (const [phase, p] of rows) {
    const share = filesTotal > 0 ? `${Math.round((p.ms / 1000 / filesTotal) * 100)}%` : ''
    out.push(`${phase.padEnd(28)} ${String(p.count).padStart(6)} ${(p.ms / 1000).toFixed(1).padStart(8)} ${String(Math.round(p.ms / p.count)).padStart(8)} ${share.padStart(6)}`)
  }
  out.push(`${'all files (their own time)'.padEnd(28)} ${String(Object.keys(fileSeconds).length).padStart(6)} ${filesTotal.toFixed(1).padStart(8)}`)
  return out
}

/** The lobby's build for the browser stage (into LOBBY_E2E_OUT_DIR or dist/). */
const buildLobby = (prefix?: string): Promise<Exit> => {
  const outDir = path.resolve(root, process.env['LOBBY_E2E_OUT_DIR'] ?? 'dist')
  return runCommand(bin('vite'), ['build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], 10 * MINUTE, {}, prefix)
}

/**
 * The build started beside the lint stage: ESLint runs on one core and leaves the other idle
 * for about a minute, which is what the build takes; the browser stage then waits for it instead
 * of building. No other stage reads the build's folder.
 */
let earlyBuild: Promise<Exit> | undefined

/** Whether the run will build the lobby for browser tests (the e2e stage runs, not on a kept build, and a change reaches one). */
const willBuild = (stages: readonly Stage[]): boolean =>
  stages.some((s) => s.name === 'e2e') &&
  process.env['LOBBY_E2E_SKIP_BUILD'] !== '1' &&
  (changed === undefined || browserFilesReached(browserTestFiles(), changed.files).length > 0)

async function browserStage(timeoutMs: number): Promise<Tally> {
  const outDir = path.resolve(root, process.env['LOBBY_E2E_OUT_DIR'] ?? 'dist')
  const every = browserTestFiles()
  const files = changed === undefined ? every : browserFilesReached(every, changed.files)
  if (changed !== undefined && files.length === 0) {
    console.log('--changed: no browser test is reached by the change')
    return { passed: 0, failed: 0, notes: ['not reached by the change'] }
  }
  if (changed !== undefined) console.log(`--changed: ${files.length} of ${every.length} browser test files`)
  if (files.length === 0) {
    console.log('no browser test files in tests/e2e')
    return { passed: 0, failed: 1, notes: ['no browser test files'] }
  }
  if (process.env['LOBBY_E2E_SKIP_BUILD'] !== '1') {
    // One build for every worker: the one started beside the lint stage, or one now.
    const build = await (earlyBuild ?? buildLobby())
    if (build.code !== 0) return { passed: 0, failed: 1, notes: [`vite build: ${describeExit(build, 10 * MINUTE)}`] }
  }
  const shares = balance(files, readDurations(), browserWorkers())
  const dir = mkdtempSync(path.join(tmpdir(), 'lobby-e2e-'))
  const profileLines: string[] = []
  try {
    const runs = await Promise.all(
      shares.map(async (share, i) => {
        const out = path.join(dir, `vitest-${i + 1}.json`)
        const failures = path.join(dir, `failures-${i + 1}.txt`)
        const profile = path.join(dir, `profile-${i + 1}.ndjson`)
        const prefix = `[browser ${i + 1}/${shares.length}]`
        console.log(`${prefix} ${share.length} files: ${share.map((f) => path.basename(f, '.test.ts')).join(' ')}`)
        const exit = await runCommand(
          bin('vitest'),
          ['run', '--config', 'vitest.e2e.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...share],
          timeoutMs,
          { LOBBY_FAILURE_LOG: failures, LOBBY_E2E_PROFILE: profile, LOBBY_E2E_SKIP_BUILD: '1', LOBBY_E2E_OUT_DIR: outDir, FORCE_COLOR: '0' },
          prefix,
        )
        if (existsSync(failures)) failureDescriptions.push(readFileSync(failures, 'utf8'))
        if (existsSync(profile)) profileLines.push(...readFileSync(profile, 'utf8').split('\n').filter(Boolean))
        const report = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as VitestReport) : undefined
        return { exit, report, prefix }
      }),
    )
    const tally: Tally = { passed: 0, failed: 0, notes: [] }
    const took: Record<string, number> = {}
    for (const { exit, report, prefix } of runs) {
      if (report === undefined) {
        tally.failed++
        tally.notes.push(`${prefix} no report: vitest ${describeExit(exit, timeoutMs)}`)
        continue
      }
      const t = countVitestReport(report, exit.code)
      tally.passed += t.passed
      tally.failed += t.failed
      tally.notes.push(...t.notes.map((n) => `${prefix} ${n}`))
      if (exit.timedOut || exit.signal !== null) {
        tally.failed++
        tally.notes.push(`${prefix} ${describeExit(exit, timeoutMs)}`)
      }
      for (const r of report.testResults ?? []) {
        if (r.startTime !== undefined && r.endTime !== undefined) {
          took[path.relative(root, r.name).split(path.sep).join('/')] = Math.round((r.endTime - r.startTime) / 100) / 10
        }
      }
    }
    console.log(`\n=== where the browser stage's time went (${shares.length} workers, summed over them)`)
    for (const line of profileTable(profileLines, took)) console.log(line)
    try {
      mkdirSync(path.dirname(DURATIONS_LOCAL), { recursive: true })
      writeFileSync(DURATIONS_LOCAL, `${JSON.stringify({ ...readDurations(), ...took }, null, 1)}\n`)
    } catch {
      // the next split is only less even
    }
    return tally
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

// ---------------------------------------------------------------------------------------------
// Replay

async function replayGoldenLogs(): Promise<Tally> {
  if (changed !== undefined && !replayReached(changed.files)) {
    say('--changed: nothing that a replay depends on changed; no golden log replayed')
    return { passed: 0, failed: 0, notes: ['not reached by the change'] }
  }
  const dir = path.join(root, 'tests', 'replay')
  const logs = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.ndjson')).sort() : []
  if (logs.length === 0) {
    say('no golden logs in tests/replay/*.ndjson')
    return { passed: 0, failed: 1, notes: ['no golden logs'] }
  }
  if (!existsSync(path.join(root, 'scripts', 'replay.ts'))) {
    say('scripts/replay.ts is missing: no log can be replayed')
    return { passed: 0, failed: logs.length, notes: ['scripts/replay.ts is missing'] }
  }
  const tally: Tally = { passed: 0, failed: 0, notes: [] }
  for (const log of logs) {
    const file = path.join('tests', 'replay', log)
    say(`--- replay ${file}`)
    const limit = 5 * MINUTE
    const exit = await runCommand(bin('tsx'), ['scripts/replay.ts', file], limit)
    if (exit.code === 0) {
      tally.passed++
      say(`--- ${file}: identical`)
    } else {
      tally.failed++
      tally.notes.push(`${log}: ${exit.code === 1 ? 'differs' : describeExit(exit, limit)}`)
      say(`--- ${file}: FAILED (${describeExit(exit, limit)})`)
    }
  }
  return tally
}

// ---------------------------------------------------------------------------------------------
// Only what a change reaches (--changed)

/** `--changed [REF]`: the files changed since REF (default HEAD: what is not committed), untracked ones too. */
let changed: { readonly ref: string; readonly files: readonly string[] } | undefined

function changedFiles(ref: string): string[] {
  const git = (args: readonly string[]): string[] => {
    const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' })
    if (r.status !== 0) throw new UsageError(`git ${args.join(' ')}: ${r.stderr.trim()}`)
    return r.stdout.split('\n').filter(Boolean)
  }
  return [...new Set([...git(['diff', '--name-only', ref]), ...git(['ls-files', '--others', '--exclude-standard'])])].sort()
}

/** Changes that reach every browser test: the lobby that is built, the hall that serves it, the kit. */
const REACHES_EVERY_BROWSER_TEST = /^(src|actors|schemas|server|public|tests\/e2e\/support)\/|^(index\.html|vite\.config\.ts|vitest\.e2e\.config\.ts|package(-lock)?\.json|tests\/e2e\/global-setup\.ts)$/
/** Changes that can change a replay: the actors, the schemas, the bus, the golden logs and the replayer (with the golden tests' expectation check). */
const REACHES_REPLAY = /^(actors|schemas|src\/bus|tests\/replay)\/|^(scripts\/replay\.ts|src\/devtools\/golden\.ts|package(-lock)?\.json)$/

/** The browser test that opens every golden log in the timeline: a changed log reaches it. */
const GOLDEN_TIMELINE_TEST = 'tests/e2e/golden-timeline.test.ts'

/** The browser test files a change reaches: all of them, or the changed test files themselves (and the golden logs' timeline test for a changed log, expectation file or expectation reader). */
export function browserFilesReached(all: readonly string[], files: readonly string[]): string[] {
  if (files.some((f) => REACHES_EVERY_BROWSER_TEST.test(f))) return [...all]
  const touched = new Set(files)
  if (files.some((f) => /^tests\/replay\/[^/]+\.(ndjson|expect\.json|ts)$/.test(f))) touched.add(GOLDEN_TIMELINE_TEST)
  return all.filter((f) => touched.has(f))
}

/** Whether a change can change how a golden log replays. */
export const replayReached = (files: readonly string[]): boolean => files.some((f) => REACHES_REPLAY.test(f))

// ---------------------------------------------------------------------------------------------
// Stages

export const STAGES: readonly Stage[] = [
  {
    name: 'typecheck',
    aliases: ['types', 'tsc'],
    title: 'typecheck: tsc -p . (TypeScript 7)',
    run: () => oneCheck(process.execPath, [path.join(root, 'node_modules/typescript-7/bin/tsc'), '-p', '.']),
  },
  {
    name: 'imports',
    aliases: ['graph', 'check-imports'],
    title: 'import graph: depcruise --config .dependency-cruiser.mjs schemas actors src server',
    run: () => oneCheck(bin('depcruise'), ['--config', '.dependency-cruiser.mjs', 'schemas', 'actors', 'src', 'server']),
  },
  {
    name: 'lint',
    aliases: ['eslint'],
    title: 'lint: eslint actors src schemas tests server scripts',
    // Local runs keep ESLint's cache (a file unchanged since the last run is not linted again);
    // CI, on a clean clone, lints everything (a type-aware rule can change with another file).
    run: () =>
      oneCheck(bin('eslint'), [
        '--max-warnings=0',
        '--no-error-on-unmatched-pattern',
        ...(process.env['CI'] === undefined || process.env['CI'] === '' ? ['--cache', '--cache-location', 'node_modules/.cache/eslint/'] : []),
        'actors', 'src', 'schemas', 'tests', 'server', 'scripts',
      ]),
  },
  {
    name: 'unit',
    aliases: ['vitest', 'model', 'contract', 'server'],
    title: 'unit, model, contract and server tests: vitest run',
    // With --changed, Vitest's own import graph picks the tests that import a changed file.
    run: () => vitest('vitest.config.ts', 30 * MINUTE, changed === undefined ? [] : ['--changed', changed.ref, '--passWithNoTests']),
  },
  {
    name: 'replay',
    aliases: ['golden'],
    title: 'replay of golden logs: scripts/replay.ts tests/replay/*.ndjson',
    run: replayGoldenLogs,
  },
  {
    name: 'e2e',
    aliases: ['browser'],
    title: 'browser tests: vitest run --config vitest.e2e.config.ts',
    run: () => browserStage(45 * MINUTE),
  },
]

/**
 * Stages that run beside another: short ones, on the core the stage they run beside leaves idle
 * (docs/testing.md, "The stages"). ESLint runs on one core; the lobby's build beside it takes the
 * other for most of its minute, these two short ones the rest. (The type check is no place for
 * them: TypeScript 7 checks on both cores, 32 s of CPU in 15 s.) Their output is kept and printed
 * as one block after that stage's, and each is counted as it would be on its own.
 */
export const BESIDE: Readonly<Record<string, readonly string[]>> = { lint: ['imports', 'replay'] }

/** The selected stages as the run starts them: each with the selected stages that run beside it, in run order. */
export function schedule(stages: readonly Stage[]): Array<{ readonly lead: Stage; readonly beside: readonly Stage[] }> {
  // A stage that goes beside a selected one waits for it; the others lead, in run order.
  const partners = new Set(stages.flatMap((s) => BESIDE[s.name] ?? []))
  return stages
    .filter((s) => !partners.has(s.name))
    .map((lead) => ({ lead, beside: stages.filter((b) => (BESIDE[lead.name] ?? []).includes(b.name)) }))
}

/** The stages named by `--only a,b` (names or aliases), in run order; all without `--only`. */
export function selectStages(argv: readonly string[]): Stage[] {
  const picked = new Set<string>()
  let only = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    let list: string | undefined
    if (arg === '--changed') {
      const next = argv[i + 1]
      const ref = next !== undefined && !next.startsWith('--') ? (i++, next) : 'HEAD'
      changed = { ref, files: changedFiles(ref) }
      continue
    }
    if (arg === '--only') list = argv[++i]
    else if (arg.startsWith('--only=')) list = arg.slice('--only='.length)
    else throw new UsageError(`unknown argument '${arg}'`)
    if (list === undefined || list === '') throw new UsageError('--only needs a list of stages')
    only = true
    for (const want of list.split(',').map((s) => s.trim()).filter(Boolean)) {
      const stage = STAGES.find((s) => s.name === want || s.aliases.includes(want))
      if (!stage) throw new UsageError(`unknown stage '${want}'`)
      picked.add(stage.name)
    }
  }
  return only ? STAGES.filter((s) => picked.has(s.name)) : [...STAGES]
}

class UsageError extends Error {}

const seconds = (ms: number): string => {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`
  const s = Math.round(ms / 1000)
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`
}

async function main(argv: readonly string[]): Promise<number> {
  let stages: Stage[]
  try {
    stages = selectStages(argv)
  } catch (e) {
    if (!(e instanceof UsageError)) throw e
    console.error(`test: ${e.message}`)
    console.error(`usage: npm test [-- [--only ${STAGES.map((s) => s.name).join(',')}] [--changed [REF]]]`)
    return 2
  }

  const results: { stage: Stage; tally: Tally; ms: number }[] = []
  const started = Date.now()
  const numbered = (stage: Stage): string => `[${stages.indexOf(stage) + 1}/${stages.length}]`
  const runStage = async (stage: Stage): Promise<{ stage: Stage; tally: Tally; ms: number }> => {
    const t0 = Date.now()
    let tally: Tally
    try {
      tally = await stage.run()
    } catch (e) {
      if (keptOutput.getStore() === undefined) console.error(e)
      else keptOutput.getStore()?.push(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`)
      tally = { passed: 0, failed: 1, notes: [`crashed: ${e instanceof Error ? e.message : String(e)}`] }
    }
    return { stage, tally, ms: Date.now() - t0 }
  }
  const report = (r: { stage: Stage; tally: Tally; ms: number }): void => {
    results.push(r)
    console.log(`=== ${r.stage.name}: ${r.tally.passed} passed, ${r.tally.failed} failed (${seconds(r.ms)})`)
  }
  for (const { lead, beside } of schedule(stages)) {
    console.log(`\n=== ${numbered(lead)} ${lead.title}`)
    if (beside.length > 0) console.log(`(${beside.map((b) => b.name).join(' and ')} run${beside.length === 1 ? 's' : ''} beside it: ${beside.length === 1 ? 'its' : 'their'} output follows this stage's)`)
    if (lead.name === 'lint' && earlyBuild === undefined && willBuild(stages)) {
      console.log('(the lobby builds for the browser stage meanwhile: lines from [build])')
      earlyBuild = buildLobby('[build]')
    }
    const besideRuns = beside.map((stage) => {
      const kept: string[] = []
      return { stage, kept, done: keptOutput.run(kept, () => runStage(stage)) }
    })
    report(await runStage(lead))
    for (const b of besideRuns) {
      const r = await b.done
      console.log(`\n=== ${numbered(b.stage)} ${b.stage.title} (ran beside ${lead.name})`)
      process.stdout.write(b.kept.join(''))
      report(r)
    }
  }
  results.sort((a, b) => stages.indexOf(a.stage) - stages.indexOf(b.stage))

  const passed = results.reduce((n, r) => n + r.tally.passed, 0)
  const failed = results.reduce((n, r) => n + r.tally.failed, 0)
  console.log('\n=== summary')
  console.log(`${'stage'.padEnd(10)} ${'passed'.padStart(6)} ${'failed'.padStart(6)} ${'time'.padStart(8)}`)
  for (const { stage, tally, ms } of results) {
    const mark = tally.failed > 0 ? '  FAILED' : ''
    console.log(
      `${stage.name.padEnd(10)} ${String(tally.passed).padStart(6)} ${String(tally.failed).padStart(6)} ${seconds(ms).padStart(8)}${mark}`,
    )
    for (const note of tally.notes) console.log(`${''.padEnd(10)}   ${note}`)
  }
  console.log(`${'total'.padEnd(10)} ${String(passed).padStart(6)} ${String(failed).padStart(6)} ${seconds(Date.now() - started).padStart(8)}`)
  if (failureDescriptions.length > 0) {
    console.log('\n=== what the failed browser tests showed')
    const text = failureDescriptions.join('\n')
    console.log(text.length > 6000 ? `${text.slice(0, 6000)}\n[…]` : text)
  }
  console.log(`tests: ${passed} passed, ${failed} failed`)
  return failed > 0 || passed === 0 ? 1 : 0
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    process.on(signal, () => {
      for (const child of running) killGroup(child)
      process.exit(code)
    })
  }
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code
    },
    (e: unknown) => {
      console.error(e)
      console.log('tests: 0 passed, 1 failed')
      process.exitCode = 1
    },
  )
}
