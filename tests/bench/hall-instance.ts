/**
 * One hall instance for the load benches (tests/bench/halls.ts, tests/bench/signin.ts), in a
 * process of its own so its memory and CPU time are its own: `node --import tsx
 * tests/bench/hall-instance.ts <postgres URL | memory | data directory>` (`memory`: PGlite in
 * memory; an absolute path: PGlite in that data directory, which the bench reads after). Test mode
 * (the control surface the load generator uses), on loopback, the per-address rate limit raised
 * since every simulated player calls from 127.0.0.1. Prints its URL as a JSON line; SIGTERM closes it.
 */
import path from 'node:path'
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
process.once('SIGTERM', () => {
  hall.close().then(
    () => process.exit(0),
    () => process.exit(1),
  )
})
