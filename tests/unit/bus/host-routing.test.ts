import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { createActor, createMachine } from 'xstate'
import { describe, expect, it } from 'vitest'
import { actorSpecs } from '../../../actors'
import { BusClock } from '../../../src/bus/clock'
import { acceptIndexOf, surelyIgnores } from '../../../src/bus/host'
import { parseNdjson } from '../../../src/bus/ndjson'

/**
 * The host does not step an actor none of whose active states acts on an event's type (an index
 * derived from each machine: its transitions by event type and its eventless ones). Stepping it
 * anyway must leave it exactly as it was: on every golden log, every actor that consumes a
 * record's type is asked, and whenever the index says it ignores the event, it is stepped and
 * its snapshot must be the same object.
 */
describe('the host skips steps that change nothing', () => {
  it('an actor whose active states do not act on an event keeps its snapshot when stepped with it (every golden log)', () => {
    const dir = path.resolve(__dirname, '../../replay')
    let skipped = 0
    let stepped = 0
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.ndjson'))) {
      const parsed = parseNdjson(readFileSync(path.join(dir, name), 'utf8'))
      if (!parsed.ok) throw new Error(`${name}: ${parsed.error.message}`)
      const clock = new BusClock(null)
      const actors = actorSpecs.map((spec) => ({ spec, ref: createActor(spec.machine, { clock, id: spec.id }), index: acceptIndexOf(spec.machine) }))
      for (const a of actors) a.ref.start()
      for (const { event } of parsed.file.records) {
        if (event.type === 'clock.fired') clock.fire(Number(event['timer']))
        for (const a of actors) {
          if (!a.spec.consumes.includes(event.type)) continue
          const ignores = surelyIgnores(a.ref, a.index, event.type)
          const before = a.ref.getSnapshot()
          a.ref.send(event)
          stepped++
          if (!ignores) continue
          skipped++
          expect(a.ref.getSnapshot(), `${name}: ${a.spec.id} on ${event.type}`).toBe(before)
        }
      }
      for (const a of actors) a.ref.stop()
    }
    // Not vacuous: the index finds steps to skip.
    expect(skipped).toBeGreaterThan(stepped / 10)
  })

  it('never skips for a machine with a wildcard transition, nor in a state with an eventless transition', () => {
    const wildcard = createMachine({ initial: 'a', states: { a: { on: { '*': 'b' } }, b: {} } })
    expect(acceptIndexOf(wildcard)).toBeNull()
    const w = createActor(wildcard).start()
    expect(surelyIgnores(w, acceptIndexOf(wildcard), 'any.thing')).toBe(false)
    const eventless = createMachine({
      initial: 'a',
      states: { a: { always: { guard: ({ event }) => event.type === 'go', target: 'b' }, on: { stay: 'a' } }, b: { on: { back: 'a' } } },
    })
    const e = createActor(eventless).start()
    const index = acceptIndexOf(eventless)
    expect(surelyIgnores(e, index, 'go')).toBe(false)
    e.send({ type: 'go' })
    expect(e.getSnapshot().value).toBe('b')
    expect(surelyIgnores(e, index, 'go')).toBe(true)
    expect(surelyIgnores(e, index, 'back')).toBe(false)
  })
})
