import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { actorSpecs } from '../../../actors'
import { SILENT_CODES, commandActor, type CodeHandling } from '../../../actors/kit'
import { allCalls } from '../../../schemas/hall/calls'
import { yuebaoSaveGold } from '../../../schemas/hall/calls/yuebao'
import { traceCodeHandling } from '../../../src/effects/trace'

/**
 * Service codes are declared once, on the call (schemas/hall/calls/codes.ts); the hall fails by
 * those names. A code a call declares must have a handling in the lobby: a command's form message
 * or its modal, a query's view, an actor's or an effect's own reaction, or one of the kit's silent
 * codes. A new code on a call fails here until the lobby decides what the player sees.
 */

/** Calls whose codes the lobby never meets: it does not ask them (the test checks it does not). */
const NOT_ASKED: ReadonlyArray<string> = []

const handlings = (): ReadonlyArray<CodeHandling> => [...actorSpecs.flatMap((s) => s.handles ?? []), traceCodeHandling]

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(f) ? [p] : []
  })

describe('service codes', () => {
  it('every code a call declares has a handling in the lobby', () => {
    const handled = new Set(handlings().flatMap((h) => h.codes.map((c) => `${h.call}.${c}`)))
    const missing = allCalls
      .filter((call) => !NOT_ASKED.includes(call.name))
      .flatMap((call) =>
        Object.entries(call.codes).filter(([name, code]) => !SILENT_CODES.has(code) && !handled.has(`${call.name}.${name}`)).map(([name]) => `${call.name}.${name}`),
      )
    expect(missing).toEqual([])
  })

  it('a handling names only codes its call declares', () => {
    const byName = new Map(allCalls.map((c) => [c.name, c]))
    const wrong = handlings().flatMap((h) => h.codes.filter((c) => !(c in (byName.get(h.call)?.codes ?? {}))).map((c) => `${h.by}: ${h.call}.${c}`))
    expect(wrong).toEqual([])
  })

  it('the calls left out are asked nowhere in the lobby', () => {
    const text = ['actors', 'src'].flatMap((d) => sources(d)).map((f) => readFileSync(f, 'utf8')).join('\n')
    for (const name of NOT_ASKED) expect(new RegExp(`\\b${name}\\b`).test(text), name).toBe(false)
  })

  it('a command refuses a code its call does not declare', () => {
    // @ts-expect-error 'tooMany' is not a code of yuebaoSaveGold
    expect(() => commandActor({ id: 'save', call: yuebaoSaveGold, audience: 'real', select: (d) => d, codes: { tooMany: 'x' } })).toThrow(/does not declare/)
  })
})
