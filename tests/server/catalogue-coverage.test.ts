/**
 * The spec's catalogue on both sides (issue 45, "196/196 served by the reference hall and sent by
 * the lobby"): every row of tests/fixtures/hall-calls.tsv (the socket's row aside) must be served
 * by the reference hall (its route registry: server/calls/index.ts `implementations` and the
 * pipeline's PUBLIC_PATHS) and sent by
 * the lobby (the registry below: the calls the lobby's actors, effects and views take from
 * schemas/hall/calls). A call sent only on some site profiles counts as sent: the registry reads
 * the code, which holds every profile's.
 *
 * What the lobby does not send yet is listed by name with the reason; the lists are exact (a call
 * that starts being sent must leave its list), so they only shrink.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as calls from '../../schemas/hall/calls'
import type { HallCall } from '../../schemas/hall/call'
import { implementations } from '../../server/calls'
import { PUBLIC_PATHS } from '../../server/pipeline'

const root = new URL('../../', import.meta.url).pathname

const rows = readFileSync(new URL('../fixtures/hall-calls.tsv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [area = '', method = '', path = ''] = line.split('\t')
    return { area, method, path }
  })
  .filter((r) => r.method !== 'WS')

const key = (c: { readonly method: string; readonly path: string }): string => `${c.method} ${c.path}`

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(f) ? [p] : []
  })

const callExports = new Map<string, HallCall>(
  Object.entries(calls as Record<string, unknown>).filter((e): e is [string, HallCall] => calls.allCalls.includes(e[1] as HallCall)),
)

/**
 * The lobby's call registry: every call description an actor, an effect or a view of the lobby
 * (actors/, src/) imports from schemas/hall/calls. A call reaches the hall only through its
 * description (the kit's command, query and paged-list factories, the `request` bookkeeping, the
 * effects' runners), so the imports are the calls the lobby can send.
 */
const lobbyCalls = (): ReadonlySet<string> => {
  const sent = new Set<string>()
  const imports = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'[^']*schemas\/hall\/calls(?:\/[^']*)?'/g
  for (const file of ['actors', 'src'].flatMap((d) => sources(join(root, d)))) {
    for (const m of readFileSync(file, 'utf8').matchAll(imports)) {
      for (const name of (m[1] ?? '').split(',')) {
        const call = callExports.get(name.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0] ?? '')
        if (call !== undefined) sent.add(key(call))
      }
    }
  }
  return sent
}

/**
 * Variants the lobby does not speak yet (issue 45 lists them; its later work, "the lobby speaks every
 * variant the catalogue has, chosen per site", removes them): the lobby uses another call of the
 * catalogue for the same thing.
 */
const OTHER_VARIANT: Readonly<Record<string, string>> = {
  'GET /api/lobby/recentreport/lobby_platform_cate_load': 'the lobby reads categories and platforms separately',
  'GET /manifest.json': "the page links the hall's manifest.webmanifest; the catalogue's manifest call is read by no screen",
}

/**
 * Of the thirteen calls issue 45 found in neither side, those the lobby does not send yet: the
 * reference hall serves all thirteen (below); the lobby's senders are the open work.
 */
const THIRTEEN_NOT_YET_SENT: ReadonlyArray<string> = []

describe('the call catalogue on both sides', () => {
  it('the reference hall serves every call of the catalogue', () => {
    // Its route registry: the implementations, and the public files the pipeline answers without a check.
    const served = new Set([...implementations.map((i) => key(i.call)), ...[...PUBLIC_PATHS].map((p) => `GET ${p}`)])
    expect(rows.filter((r) => !served.has(key(r))).map(key)).toEqual([])
    expect(new Set(implementations.map((i) => key(i.call))).size).toBe(implementations.length)
  })

  it('the lobby sends every call of the catalogue but the documented variants', () => {
    const sent = lobbyCalls()
    const unsent = rows.map(key).filter((k) => !sent.has(k))
    expect(unsent.sort()).toEqual([...Object.keys(OTHER_VARIANT), ...THIRTEEN_NOT_YET_SENT].sort())
  })

  it('the registry reads the senders it should: a command, a query, a hand-written actor and an effect', () => {
    const sent = lobbyCalls()
    for (const k of ['POST /user/security/bindEmail', 'POST /user/getaccountquestion', 'POST /active/redactive', 'POST /gameapi/login', 'POST /v1/netstat/player/logger']) {
      expect(sent.has(k), k).toBe(true)
    }
  })
})
