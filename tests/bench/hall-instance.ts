/**
 * One hall instance for the load benches (tests/bench/halls.ts, tests/bench/signin.ts), in a
 * process of its own so its memory and CPU time are its own: `node --import tsx
 * tests/bench/hall-instance.ts <postgres URL | memory | data directory>` (`memory`: PGlite in
 * memory; an absolute path: PGlite in that data directory, which the bench reads after). Test mode
 * (the control surface the load generator uses), on loopback, the per-address rate limit raised
 * since every simulated player calls from 127.0.0.1. Prints its URL as a JSON line; SIGUSR2 prints
 * its memory and event-loop delay as another; SIGTERM closes it.
 */
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { startHall } from '../../server/hall'

const store = process.argv[2] ?? ''
const postgres = /^postgres(ql)?:\/\//.test(store)
if (store !== 'memory' && !postgres && !path.isAbsolute(store)) throw new Error('usage: hall-instance.ts postgres://… | memory | /data/directory')
const hall = await startHall({
  port: 0,
  ...(postgres ? { databaseUrl: store } : { dataDir: store }),
  mode: 'test',
  edge: { rateLimit: { perSecond: 1_000_000, burst: 1_000_000 } },
  log: (line) => process.stderr.write(`${line}\n`),
})
process.stdout.write(`${JSON.stringify({ url: hall.url })}\n`)
// SIGUSR2: one JSON line of what the process holds (MiB; `external` holds PGlite's WebAssembly
// memory) and its event-loop delay since the start (ms): a starved hall shows here.
const lag = monitorEventLoopDelay({ resolution: 20 })
lag.enable()
process.on('SIGUSR2', () => {
  const m = process.memoryUsage()
  const mib = (n: number) => Math.round(n / 2 ** 20)
  const memory = { rss: mib(m.rss), heapUsed: mib(m.heapUsed), external: mib(m.external), arrayBuffers: mib(m.arrayBuffers) }
  process.stdout.write(`${JSON.stringify({ memory, lag: { p50: lag.percentile(50) / 1e6, p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 } })}\n`)
})
process.once('SIGTERM', () => {
  hall.close().then(
    () => process.exit(0),
    () => process.exit(1),
  )
})
