import fc from 'fast-check'
import { Schema, type SchemaAST } from 'effect'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { eventDef, eventDefs } from '../../../schemas/events'
import { parseNdjson } from '../../../src/bus/ndjson'
import { surelyValidOf } from '../../../src/bus/surely-valid'

/**
 * The bus's quick check (src/bus/surely-valid.ts) may only answer true where Schema decodes: it
 * skips the decoder there. Values near each event's schema (right and wrong types, missing and
 * excess keys, non-finite numbers, other literals) and every event of the golden logs are checked
 * both ways.
 */

const STRICT = { onExcessProperty: 'error' } as const

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string({ maxLength: 4 }),
  fc.double(),
  fc.boolean(),
  fc.constant({}),
  fc.constant([]),
  fc.constant(Number.NaN),
)

/** Values near a schema: mostly of its shape, sometimes wrong anywhere. */
const near = (ast: SchemaAST.AST, depth = 0): fc.Arbitrary<unknown> => {
  if (depth > 6) return junk
  const right = ((): fc.Arbitrary<unknown> => {
    switch (ast._tag) {
      case 'String':
        return fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('', '0', 'a', '12345678901', 'x@y.z'))
      case 'Number':
        return fc.oneof(fc.integer({ min: -5, max: 1_000_000 }), fc.double(), fc.constantFrom(0, -0, 0.5, Infinity, -Infinity, Number.NaN))
      case 'Boolean':
        return fc.boolean()
      case 'Null':
        return fc.constant(null)
      case 'Undefined':
        return fc.constant(undefined)
      case 'Literal':
        return fc.constant(ast.literal)
      case 'Union':
        return fc.oneof(...ast.types.map((t) => near(t, depth + 1)))
      case 'Arrays': {
        const item = ast.rest[0] ?? ast.elements[0]
        if (ast.elements.length > 0) return fc.tuple(...ast.elements.map((e) => near(e, depth + 1)))
        return item === undefined ? fc.constant([]) : fc.array(near(item, depth + 1), { maxLength: 3 })
      }
      case 'Objects': {
        if (ast.indexSignatures.length > 0) return fc.dictionary(fc.string({ maxLength: 3 }), near(ast.indexSignatures[0]!.type, depth + 1), { maxKeys: 3 })
        const fields = Object.fromEntries(ast.propertySignatures.map((p) => [String(p.name), near(p.type, depth + 1)]))
        return fc.tuple(fc.record(fields, { requiredKeys: [] }), fc.record(fields), fc.boolean(), fc.boolean()).map(([some, all, whole, extra]) => ({
          ...(whole ? all : some),
          ...(extra ? { excess: 1 } : {}),
        }))
      }
      default:
        return fc.anything({ maxDepth: 2 })
    }
  })()
  return fc.oneof({ arbitrary: right, weight: 6 }, { arbitrary: junk, weight: 1 })
}

describe('the bus quick check of an event', () => {
  it('answers true only where Schema decodes (every event type, values near its schema)', () => {
    let shown = 0
    let decoded = 0
    for (const def of eventDefs) {
      const ast = (def.schema as Schema.Top).ast
      const surely = surelyValidOf(ast)
      const decode = Schema.decodeUnknownExit(def.schema)
      fc.assert(
        fc.property(near(ast), (value) => {
          const ok = decode(value, STRICT)._tag === 'Success'
          if (ok) decoded++
          if (surely?.(value) === true) {
            shown++
            expect(ok, `${def.type}: ${JSON.stringify(value)}`).toBe(true)
          }
        }),
        { numRuns: 60, seed: 41 },
      )
    }
    // Not vacuous: most values that decode are shown valid without the decoder.
    expect(shown).toBeGreaterThan(decoded / 2)
  })

  it('shows the golden logs\u2019 events valid where they decode, and never where they do not', () => {
    const dir = path.resolve(__dirname, '../../replay')
    let events = 0
    let shown = 0
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.ndjson'))) {
      const parsed = parseNdjson(readFileSync(path.join(dir, name), 'utf8'))
      if (!parsed.ok) throw new Error(`${name}: ${parsed.error.message}`)
      for (const { event } of parsed.file.records) {
        const def = eventDef(event.type)
        if (def === undefined) continue
        const ok = Schema.decodeUnknownExit(def.schema as Schema.Codec<unknown>)(event, STRICT)._tag === 'Success'
        const surely = surelyValidOf(def.schema.ast)?.(event) === true
        events++
        if (surely) shown++
        if (surely) expect(ok, `${name}: ${event.type}`).toBe(true)
      }
    }
    expect(events).toBeGreaterThan(1000)
    expect(shown).toBeGreaterThan(events / 2)
  })
})
