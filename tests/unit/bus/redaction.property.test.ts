import 'fake-indexeddb/auto'
import fc from 'fast-check'
import type { SchemaAST } from 'effect'
import { describe, expect, it } from 'vitest'
import { actorSpecs } from '../../../actors'
import type { LobbyEvent } from '../../../schemas/events'
import { allCalls } from '../../../schemas/hall/calls'
import type { HallCall } from '../../../schemas/hall/call'
import { isSensitive } from '../../../schemas/sensitive'
import { Bus } from '../../../src/bus/bus'
import { BusClock } from '../../../src/bus/clock'
import { ActorHost } from '../../../src/bus/host'
import { Recorder } from '../../../src/bus/recorder'
import { LobbyDb } from '../../../src/store/db'
import { DexieLogSink } from '../../../src/store/log-sink'
import { appStarted, siteConfig } from '../../support/site-fixtures'

/**
 * A value of a schema holding a secret in every field it marks sensitive, at any depth (through
 * structs, arrays, unions and optional fields); undefined when it marks none.
 */
const withSecretsAt = (ast: SchemaAST.AST, secret: () => string, depth = 0): unknown => {
  if (isSensitive(ast)) return secret()
  if (depth > 12) return undefined
  switch (ast._tag) {
    case 'Objects': {
      const out: Record<string, unknown> = {}
      for (const ps of ast.propertySignatures) {
        const v = withSecretsAt(ps.type, secret, depth + 1)
        if (v !== undefined) out[String(ps.name)] = v
      }
      return Object.keys(out).length === 0 ? undefined : out
    }
    case 'Arrays': {
      const item = ast.rest[0] ?? ast.elements[0]
      const v = item === undefined ? undefined : withSecretsAt(item, secret, depth + 1)
      return v === undefined ? undefined : [v]
    }
    case 'Union':
      for (const member of ast.types) {
        const v = withSecretsAt(member, secret, depth + 1)
        if (v !== undefined) return v
      }
      return undefined
    case 'Suspend':
      return withSecretsAt(ast.thunk(), secret, depth + 1)
    default:
      return undefined
  }
}

const marks = (ast: SchemaAST.AST): boolean => withSecretsAt(ast, () => 'x') !== undefined
const withSecrets = allCalls.filter((call) => marks(call.request.ast) || marks(call.response.ast))

// Secrets and ordinary text come from disjoint alphabets, so a secret can only appear in a
// record if the secret itself leaked.
const secret = fc.stringMatching(/^[A-Z]{10,24}$/)
const plain = fc.stringMatching(/^[a-z0-9 ]{0,12}$/)

const eventsFor = (call: HallCall, secrets: string[], text: string): LobbyEvent[] => {
  let i = 0
  const next = () => secrets[i++ % secrets.length]!
  const fill = (ast: SchemaAST.AST): Record<string, unknown> => {
    const v = withSecretsAt(ast, next)
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  }
  return [
    { type: 'hall.requested', requestId: 'r-1', call: call.name, payload: { note: text, ...fill(call.request.ast) } },
    { type: 'hall.responded', requestId: 'r-1', call: call.name, data: { note: text, ...fill(call.response.ast) } },
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
  // IndexedDB: the chunks and the blobs their records refer to (a large answer body is stored once, by hash).
  const stored = db ? JSON.stringify([await db.logChunks.toArray(), await db.logBlobs.toArray()]) : JSON.stringify(await rec.records())
  const exported = await rec.exportNdjson()
  db?.close()
  return { stored, exported }
}

describe('redaction', () => {
  it('covers the calls whose schemas mark secrets', () => {
    expect(withSecrets.map((c) => c.name)).toEqual(
      expect.arrayContaining(['login', 'register', 'fastLogin', 'forceChangePassword', 'withdrawCash', 'bindCard', 'bindGoogleAuth', 'resetPasswd']),
    )
  })

  it('every call that marks secrets, at any depth, keeps them out of the records', async () => {
    for (const call of withSecrets) {
      const secrets = ['SECRETONEAAAA', 'SECRETTWOBBBB', 'SECRETTHREECC']
      const { stored, exported } = await record(eventsFor(call, secrets, 'plain text'), false)
      for (const s of secrets) {
        expect(stored, call.name).not.toContain(s)
        expect(exported, call.name).not.toContain(s)
      }
    }
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
