import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { actorSpecs } from '../../actors'
import { eventDef } from '../../schemas/events'
import { renderEventCatalogue } from '../support/event-catalogue'

describe('event catalogue', () => {
  it('docs/events.md is what the catalogue says (run `npx tsx scripts/events-doc.ts` after a change)', () => {
    const file = path.resolve(import.meta.dirname, '../../docs/events.md')
    expect(readFileSync(file, 'utf8')).toBe(renderEventCatalogue())
  })

  it('every event an actor consumes is in the catalogue', () => {
    for (const spec of actorSpecs) for (const type of spec.consumes) expect(eventDef(type), `${spec.id} consumes ${type}`).toBeDefined()
  })
})
