import 'fake-indexeddb/auto'
import fc from 'fast-check'
import type { SchemaAST } from 'effect'
import { describe, expect, it } from 'vitest'
import { actorSpecs } from '../../../actors'
import type { LobbyEvent } from '../../../schemas/events'
import { allCalls } from '../../../schemas/hall/calls'
import type { HallCall } from '../../../schemas/hall/call'
import { SENSITIVE_KEY } from '../../../schemas/sensitive'
import { Bus } from '../../../src/bus/bus'
import { BusClock } from '../../../src/bus/clock'
import { ActorHost } from '../../../src/bus/host'
import { Recorder } from '../../../src/bus/recorder'
import { LobbyDb } from '../../../src/store/db'
import { DexieLogSink } from '../../../src/store/log-sink'
import { appStarted, siteConfig } from '../../support/site-fixtures'

/** Top-level keys a struct schema marks sensitive. */
const sensitiveKeys = (ast: SchemaAST.AST): string[] => {
  const marked = (a: SchemaAST.AST): boolean =>
    (a.annotations as Record<string, unknown> | undefined)?.[SENSITIVE_KEY] === true || (a._tag === 'Union' && a.types.some(marked))
  if (ast._tag !== 'Objects') return []
  return ast.propertySignatures.filter((p) => marked(p.type)).map((p) => String(p.name))
}

const withSecrets = allCalls
  .map((call) => ({ call, request: sensitiveKeys(call.request.ast), response: sensitiveKeys(call.response.ast) }))
  .filter((c) => c.request.length + c.response.length > 0)

// Secrets and ordinary text come from disjoint alphabets, so a secret can only appear in a
// record if the secret itself leaked.
const secret = fc.stringMatching(/^[A-Z]{10,24}$/)
const plain = fc.stringMatching(/^[a-z0-9 ]{0,12}$/)

const eventsFor = (c: (typeof withSecrets)[number], secrets: string[], text: string): LobbyEvent[] => {
  const fill = (keys: string[]) => Object.fromEntries(keys.map((k, i) => [k, secrets[i % secrets.length]!]))
  const call: HallCall = c.call
  return [
    { type: 'hall.requested', requestId: 'r-1', call: call.name, payload: { note: text, ...fill(c.request) } },
    { type: 'hall.responded', requestId: 'r-1', call: call.name, data: { note: text, ...fill(c.response) } },
    appStarted({ site: siteConfig({ siteKey: secrets[0]! }), url: text }),
  ]
}

const record = async (events: LobbyEvent[], durable: boolean) => {
  const bus = new Bus({ now: () => 1, onInvalid: 'throw' })
  new ActorHost(bus, actorSpecs, new BusClock(null)).start()
  const db = durable ? new LobbyDb(`p-${Math.random()}`) : null
  const header = { format: 'lobby-log' as const, formatVersion: 1, appVersion: 't', session: 's', siteCode: '001', language: 'en_US', viewport: { width: 1, height: 1 }, startedAt: 0 }
  const rec = new Recorder({ header, sink: db ? new DexieLogSink(db) : null, batchSize: 2 })
  rec.attach(bus)
  for (const e of events) bus.publish(e, e.type === 'hall.requested' ? 'actor' : 'runner')
  await rec.flush()
  const stored = db ? JSON.stringify(await db.logChunks.toArray()) : JSON.stringify(await rec.records())
  const exported = await rec.exportNdjson()
  db?.close()
  return { stored, exported }
}

describe('redaction', () => {
  it('covers the calls whose schemas mark secrets', () => {
    expect(withSecrets.map((c) => c.call.name)).toEqual(expect.arrayContaining(['login', 'register', 'fastLogin']))
  })

  it('no value of a field marked sensitive ever appears in a stored or exported record (memory)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withSecrets), fc.array(secret, { minLength: 1, maxLength: 4 }), plain, async (c, secrets, text) => {
        const { stored, exported } = await record(eventsFor(c, secrets, text), false)
        for (const s of secrets) {
          expect(stored).not.toContain(s)
          expect(exported).not.toContain(s)
        }
        expect(exported).toContain('[redacted]')
      }),
      { numRuns: 200 },
    )
  })

  it('no value of a field marked sensitive ever appears in IndexedDB rows (Dexie)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withSecrets), fc.array(secret, { minLength: 1, maxLength: 3 }), plain, async (c, secrets, text) => {
        const { stored } = await record(eventsFor(c, secrets, text), true)
        for (const s of secrets) expect(stored).not.toContain(s)
      }),
      { numRuns: 40 },
    )
  })
})
