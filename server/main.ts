/**
 * The hall's command line: `tsx server/main.ts --port 8080 --data ./data --mode dev --static dist`.
 * `--database-url postgres://user:password@host:5432/lobby`, else env DATABASE_URL, keeps the store
 * on that PostgreSQL server instead of PGlite under --data (which is then not used).
 * Prints the URL once listening and closes the store cleanly on SIGINT or SIGTERM, so the data
 * directory is never left half-written.
 */
import { isIP } from 'node:net'
import { parseArgs } from 'node:util'
import { startHall } from './hall'
import { parseAllowedOrigins } from './origins'
import { describeUrl } from './pg'
import { parseRetentionDays } from './support/retention'

const USAGE = `Usage: tsx server/main.ts [--port 8080] [--host 127.0.0.1]
                         [--data ./data | --data memory | --database-url postgres://user:pass@host:5432/db]
                         [--mode production|dev|test] [--static dist] [--session-ttl-hours 168]
                         [--trust-proxy 127.0.0.1,::1] [--diagnostics] [--support-retention-days 30]
                         [--allowed-origins https://lobby.example,…] [--stand-ins]`

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env['PORT'] ?? '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string' },
      'database-url': { type: 'string' },
      mode: { type: 'string', default: 'dev' },
      static: { type: 'string' },
      'session-ttl-hours': { type: 'string' },
      'trust-proxy': { type: 'string' },
      // Production only: the page exposes its debug handle window.__lobby (dev and test always do).
      diagnostics: { type: 'boolean', default: false },
      // Days diagnostics uploads are kept (else env LOBBY_SUPPORT_RETENTION_DAYS, else 30).
      'support-retention-days': { type: 'string' },
      // Origins of other pages that may call the hall (besides its own and its sites' hosts).
      'allowed-origins': { type: 'string' },
      // Production only: the stand-ins (provider page paying without money, identity providers,
      // seeded demo players) for a demo; printed loudly and shown as a banner in the lobby.
      'stand-ins': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  const port = Number(values.port)
  const mode = values.mode
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`bad --port: ${values.port}`)
  if (mode !== 'production' && mode !== 'dev' && mode !== 'test') throw new Error(`bad --mode: ${mode}`)
  const ttlHours = values['session-ttl-hours'] === undefined ? undefined : Number(values['session-ttl-hours'])
  if (ttlHours !== undefined && !(ttlHours > 0)) throw new Error(`bad --session-ttl-hours: ${values['session-ttl-hours']}`)
  // A server URL, given or in the environment, wins over --data (which `npm start` always passes).
  const databaseUrl = values['database-url'] ?? (process.env['DATABASE_URL'] || undefined)
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error(`bad --database-url: ${describeUrl(databaseUrl)}`)

  // Reverse proxies whose X-Forwarded-For names the client the rate limit counts (docs/hall.md, "The edge").
  const trustProxy = (values['trust-proxy'] ?? '').split(',').map((a) => a.trim()).filter((a) => a !== '')
  if (trustProxy.some((a) => isIP(a) === 0)) throw new Error(`bad --trust-proxy: ${values['trust-proxy']} (addresses, comma-separated)`)

  const retention = values['support-retention-days'] ?? (process.env['LOBBY_SUPPORT_RETENTION_DAYS'] || undefined)
  const retentionDays = retention === undefined ? undefined : parseRetentionDays(retention, values['support-retention-days'] === undefined ? 'LOBBY_SUPPORT_RETENTION_DAYS' : '--support-retention-days')

  const allowedOrigins = parseAllowedOrigins(values['allowed-origins'] ?? '')

  const hall = await startHall({
    port,
    host: values.host,
    ...(databaseUrl === undefined ? { dataDir: values.data ?? './data' } : { databaseUrl }),
    mode,
    ...(values.static === undefined ? {} : { staticDir: values.static }),
    ...(ttlHours === undefined ? {} : { sessionTtlMs: ttlHours * 3_600_000 }),
    ...(trustProxy.length === 0 ? {} : { edge: { trustProxy } }),
    ...(values.diagnostics ? { diagnostics: true } : {}),
    ...(retentionDays === undefined ? {} : { supportRetentionDays: retentionDays }),
    ...(allowedOrigins.length === 0 ? {} : { allowedOrigins }),
    ...(values['stand-ins'] ? { standIns: true } : {}),
  })
  process.stdout.write(`Reference hall (${mode}) listening on ${hall.url}  (hall calls under ${hall.url}/hall)\n`)
  const ignored = databaseUrl !== undefined && values.data !== undefined ? ` (--data ${values.data} not used)` : ''
  const store = databaseUrl === undefined ? `PGlite in ${values.data ?? './data'}` : `PostgreSQL at ${describeUrl(databaseUrl)}${ignored}`
  process.stdout.write(`Store: ${store}\n`)

  let stopping = false
  const stop = (signal: string): void => {
    if (stopping) return
    stopping = true
    process.stdout.write(`${signal}: closing the hall\n`)
    hall.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`close failed: ${String(e)}\n`)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n${USAGE}\n`)
  process.exit(1)
})
