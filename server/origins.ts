/**
 * The origins whose pages may use the hall from a browser (docs/hall.md, "Deploying"): CORS on
 * the hall calls and the network lines, and the Origin check of the support console's changes.
 *
 * Allowed are the hall's own origin (the origin the request was addressed to), the sites' host
 * names (`http://<host>` and `https://<host>` on their default ports, read from the store at each
 * check, so a site added later counts at once) and the origins the operator lists
 * (`--allowed-origins`). Nothing else: `null`, another port of an allowed host, another scheme of a
 * listed origin.
 */
import type { Queryable } from './db'

/** The allowed origins of a hall. */
export interface AllowedOrigins {
  /** Whether a page of `origin` may use the hall addressed as `own` (its own origin). */
  allows(origin: string, own: string): Promise<boolean>
}

/** An origin as the browser writes it (scheme, host, port when not the default), or undefined. */
export const normalizeOrigin = (text: string): string | undefined => {
  try {
    const u = new URL(text)
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined
    if (u.username !== '' || u.password !== '' || (u.pathname !== '/' && u.pathname !== '') || u.search !== '' || u.hash !== '') return undefined
    return u.origin
  } catch {
    return undefined
  }
}

/** Reads `--allowed-origins`: comma-separated origins; throws naming the first that is not one. */
export const parseAllowedOrigins = (text: string): string[] =>
  text
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')
    .map((o) => {
      const origin = normalizeOrigin(o)
      if (origin === undefined) throw new Error(`bad --allowed-origins: ${o} (origins such as https://lobby.example, comma-separated)`)
      return origin
    })

/** The allowed origins of a hall on `db`, with the operator's `extra` ones. */
export const allowedOrigins = (db: Queryable, extra: ReadonlyArray<string>): AllowedOrigins => {
  const listed = new Set(extra.flatMap((o) => normalizeOrigin(o) ?? []))
  return {
    allows: async (origin, own) => {
      if (origin === '' || origin === 'null') return false
      if (origin === own || listed.has(origin)) return true
      const o = normalizeOrigin(origin)
      if (o === undefined || o !== origin) return false
      const u = new URL(o)
      if (u.port !== '') return false
      const hosts = (await db.query<{ host: string }>('SELECT DISTINCT lower(unnest(host_names)) AS host FROM sites')).rows
      return hosts.some((h) => h.host === u.hostname)
    },
  }
}
