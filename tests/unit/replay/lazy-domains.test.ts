import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { emit, setup } from 'xstate'
import { actorSpecs, domains } from '../../../actors'
import { bootDomains, lazyDomains } from '../../../actors/boot'
import type { Domain } from '../../../actors/domain'
import type { ActorSpec } from '../../../actors/spec'
import type { LobbyEvent } from '../../../schemas/events'
import { LOG_FORMAT_VERSION } from '../../../schemas/log'
import { definedCall } from '../../../schemas/hall/call'
import { LAZY_CALL_AREAS } from '../../../schemas/hall/calls/lazy-areas'
import { Bus, type BusRecord } from '../../../src/bus/bus'
import { BusClock } from '../../../src/bus/clock'
import { lazyStartsOf } from '../../../src/bus/domains'
import { ActorHost } from '../../../src/bus/host'
import { parseNdjson, type LogFile } from '../../../src/bus/ndjson'
import { Recorder } from '../../../src/bus/recorder'
import { replayLog } from '../../../src/bus/replayer'
import { bootActorSpecs, createReplaySystem, createTestSystem } from '../../../src/system'
import { LAZY_SCREENS } from '../../../src/views/routing/registry'

/**
 * Domains started when first needed (docs/architecture.md, "Domains start when first needed";
 * docs/replay.md, "Domains started after boot"): the always-loaded table agrees with the modules,
 * a start is a recorded fact, the late actors are handed what they must know, secrets are
 * redacted before storage, and a log replays identically whether the replayer had every domain's
 * code at boot or got each only at its start.
 */

const byName = new Map<string, Domain>(domains.map((d) => [d.name, d]))
const lazyNames = lazyDomains.map((d) => d.name as string)

const readLog = (name: string): LogFile => {
  const parsed = parseNdjson(readFileSync(new URL(`../../replay/${name}`, import.meta.url), 'utf8'))
  if (!parsed.ok) throw new Error(parsed.error.message)
  return parsed.file
}

describe('the lazy domains table', () => {
  it('is the domain list without the lazy ones, in its order, and each lazy entry names its module’s routes and popups', async () => {
    expect(bootDomains.map((d) => d.name)).toEqual(domains.map((d) => d.name).filter((n) => !lazyNames.includes(n)))
    for (const entry of lazyDomains) {
      const module = await entry.load()
      expect(module).toBe(byName.get(entry.name))
      expect([...entry.routes].sort()).toEqual([...module.routes].sort())
      expect([...entry.popups].sort()).toEqual([...module.popups].sort())
    }
    expect(bootActorSpecs.map((a) => a.id)).toEqual(bootDomains.flatMap((d) => d.actors.map((a) => a.id)))
  })

  it("has each lazy domain's screens in src/views/<name>/screens.tsx, imported only when first needed", () => {
    expect(Object.keys(LAZY_SCREENS).sort()).toEqual(lazyNames.map((n) => `../${n}/screens.tsx`).sort())
  })
})

describe('a domain started when first needed', () => {
  it('starts at its recorded domain.started, once, its actors after those of the boot domains', async () => {
    const system = createTestSystem()
    expect(system.host.actor('withdrawinfo')).toBeUndefined()
    expect(system.domains?.running('withdraw')).toBe(false)
    // Before the start an intent addressed to it is valid (its schemas are always loaded) and reaches no actor.
    system.send({ type: 'withdraw.opened' })
    await system.domains!.ensure('withdraw')
    expect(system.domains!.running('withdraw')).toBe(true)
    const ids = system.host.ids
    expect(ids.slice(0, bootActorSpecs.length)).toEqual(bootActorSpecs.map((a) => a.id))
    expect(ids.slice(bootActorSpecs.length)).toEqual(byName.get('withdraw')!.actors.map((a) => a.id))
    const log = parseNdjson(await system.exportLog())
    if (!log.ok) throw new Error(log.error.message)
    const types = log.file.records.map((r) => r.event.type)
    expect(types[0]).toBe('domains.booted')
    expect(log.file.records[0]!.event).toEqual({ type: 'domains.booted', domains: bootDomains.map((d) => d.name) })
    expect(types.filter((t) => t === 'domain.started')).toEqual(['domain.started'])
    expect(log.file.records.find((r) => r.event.type === 'domain.started')!.source).toBe('domains')
    // Asked again: nothing more (one start per page).
    await system.domains!.ensure('withdraw')
    const again = parseNdjson(await system.exportLog())
    expect(again.ok && again.file.records.filter((r) => r.event.type === 'domain.started').length).toBe(1)
    system.stop()
  })

  it('hands late actors the latest sign-in notice: their state is what it would be had they run from boot', () => {
    // A stand-in session announcing a sign-in when the page shows or hides (only actors publish notices).
    const stub: ActorSpec = {
      id: 'signstub',
      consumes: ['dom.visibilityChanged'],
      machine: setup({ types: { events: {} as LobbyEvent, emitted: {} as LobbyEvent } }).createMachine({
        on: {
          'dom.visibilityChanged': {
            actions: emit(({ event }) =>
              event.type === 'dom.visibilityChanged' && event.visible
                ? ({ type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false })
                : ({ type: 'session.loggedOut', reason: 'logout' }),
            ),
          },
        },
      }),
    }
    const run = (late: boolean, visibility: ReadonlyArray<boolean>) => {
      const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
      const actors = byName.get('withdraw')!.actors
      const host = new ActorHost(bus, late ? [stub] : [stub, ...actors], new BusClock(null), late ? lazyStartsOf(lazyDomains) : undefined)
      host.start()
      for (const visible of visibility) bus.publish({ type: 'dom.visibilityChanged', visible }, 'runner', 'dom')
      if (late) {
        host.provide('withdraw', actors)
        bus.publish({ type: 'domain.started', domain: 'withdraw' }, 'runner', 'domains')
      }
      return Object.fromEntries(
        actors.map((a) => {
          const snap = host.actor(a.id)!.getSnapshot() as { value: unknown; context: unknown }
          return [a.id, { value: snap.value, context: snap.context }]
        }),
      )
    }
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 5 }), (visibility) => {
        expect(run(true, visibility)).toEqual(run(false, visibility))
      }),
      { numRuns: 20 },
    )
  })

  it("has a lazy domain's call schemas when it starts, from its own chunk: the recorder redacts its secrets by schema", async () => {
    const system = createTestSystem()
    const atStart: Array<boolean> = []
    const sub = system.bus.records$.subscribe((r) => {
      if (r.event.type === 'domain.started' && r.event.domain === 'withdraw') atStart.push(definedCall('withdrawCash') !== undefined)
    })
    await system.domains!.ensure('withdraw')
    sub.unsubscribe()
    expect(atStart).toEqual([true])
    // The call's request schema marks the password: redacted, the rest kept.
    system.send({ type: 'command.submitted', command: 'withdrawCash', call: 'withdrawCash', payload: { account_id: 1, amount: '10', withdraw_pass: '654321', request_id: 'r-2' } })
    // A call not loaded (none is named before its domain's start; a safety net): its secret-named fields.
    system.send({ type: 'command.submitted', command: 'notLoaded', call: 'notLoaded', payload: { amount: '10', withdraw_pass: '123456' } })
    const text = await system.exportLog()
    expect(text).not.toContain('654321')
    expect(text).not.toContain('123456')
    const log = parseNdjson(text)
    if (!log.ok) throw new Error(log.error.message)
    const payloads = log.file.records.filter((r) => r.event.type === 'command.submitted').map((r) => r.event['payload'])
    expect(payloads).toEqual([
      { account_id: 1, amount: '10', withdraw_pass: '[redacted]', request_id: 'r-2' },
      { amount: '10', withdraw_pass: '[redacted]' },
    ])
    system.stop()
  })

  it("keeps the call areas only lazy domains use out of the first route's calls", async () => {
    const source = readFileSync(new URL('../../../schemas/hall/calls/first-route.ts', import.meta.url), 'utf8')
    const imported = [...source.matchAll(/^import '\.\/([^']+)'/gm)].map((m) => m[1]!)
    for (const area of LAZY_CALL_AREAS) expect(imported).not.toContain(area)
    // Each lazy area is imported by a lazy domain's actors, so its calls come with that domain's chunk.
    const lazyActors = lazyNames.map((n) => readFileSync(new URL(`../../../actors/${n}/index.ts`, import.meta.url), 'utf8')).join('\n')
    for (const area of LAZY_CALL_AREAS) expect(lazyActors).toContain(`schemas/hall/calls/${area}'`)
  })

  it("redacts a lazy domain's secrets before storage, before and after its start", async () => {
    const system = createTestSystem()
    const withdrawCash = { type: 'command.submitted', command: 'withdrawCash', call: 'withdrawCash', payload: { account_id: 1, amount: '10', withdraw_pass: '654321', request_id: 'r-1' } }
    system.send(withdrawCash as never)
    await system.domains!.ensure('withdraw')
    system.send(withdrawCash as never)
    const text = await system.exportLog()
    expect(text).not.toContain('654321')
    const log = parseNdjson(text)
    if (!log.ok) throw new Error(log.error.message)
    const submitted = log.file.records.filter((r) => r.event.type === 'command.submitted')
    expect(submitted).toHaveLength(2)
    for (const r of submitted) expect((r.event['payload'] as { withdraw_pass: string }).withdraw_pass).toBe('[redacted]')
    system.stop()
  })
})

/**
 * Records a session live with lazy domains: the inputs of a log recorded before domains started
 * lazily, with some lazy domains started at chosen points, exactly as the live loader does it
 * (hand the code to the host, publish domain.started).
 */
const recordLazily = async (source: LogFile, starts: ReadonlyArray<{ readonly at: number; readonly domain: string }>): Promise<LogFile> => {
  let now = source.header.startedAt
  const bus = new Bus({ now: () => now, onInvalid: 'throw' })
  const host = new ActorHost(bus, bootActorSpecs, new BusClock(null), lazyStartsOf(lazyDomains))
  const recorder = new Recorder({ header: { ...source.header, formatVersion: LOG_FORMAT_VERSION }, sink: null })
  const sub = recorder.attach(bus)
  host.start()
  bus.publish({ type: 'domains.booted', domains: bootDomains.map((d) => d.name) }, 'runner', 'domains')
  const inputs = source.records.filter((r) => r.kind !== 'notice')
  for (const [i, r] of inputs.entries()) {
    now = Math.max(now, r.at)
    for (const s of starts.filter((x) => x.at === i)) {
      host.provide(s.domain, byName.get(s.domain)!.actors)
      bus.publish({ type: 'domain.started', domain: s.domain }, 'runner', 'domains')
    }
    bus.publish(r.event as unknown as LobbyEvent, 'replay', r.source)
  }
  const parsed = parseNdjson(await recorder.exportNdjson())
  sub.unsubscribe()
  host.stop()
  if (!parsed.ok) throw new Error(parsed.error.message)
  return parsed.file
}

describe('replaying a log with lazy starts', () => {
  it.each(['session-flow.ndjson', 'secrets-account.ndjson'])(
    'is identical whether the replayer had every domain’s code at boot or each at its start (%s, random starts)',
    async (name) => {
      const source = readLog(name)
      const inputs = source.records.filter((r) => r.kind !== 'notice').length
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.record({ domain: fc.constantFrom(...lazyNames), at: fc.integer({ min: 0, max: inputs - 1 }) }), { selector: (s) => s.domain, maxLength: 4 }),
          async (starts) => {
            const log = await recordLazily(source, starts)
            expect(log.records.filter((r) => r.event.type === 'domain.started').map((r) => String(r.event['domain'])).sort()).toEqual(starts.map((s) => s.domain).sort())
            const atBoot = replayLog(log, { actors: actorSpecs, codeAt: 'boot' })
            const atStart = replayLog(log, { actors: actorSpecs, codeAt: 'start' })
            expect(atBoot.divergence).toBeNull()
            expect(atStart.divergence).toBeNull()
            expect(atStart.snapshots).toEqual(atBoot.snapshots)
            // The late domains' actors run only from their start, after the boot ones.
            const late = starts.flatMap((s) => byName.get(s.domain)!.actors.map((a) => a.id))
            expect(Object.keys(atBoot.finalStates).filter((id) => late.includes(id)).sort()).toEqual([...late].sort())
            const never = lazyNames.filter((n) => !starts.some((s) => s.domain === n)).flatMap((n) => byName.get(n)!.actors.map((a) => a.id))
            expect(Object.keys(atBoot.finalStates).filter((id) => never.includes(id))).toEqual([])
          },
        ),
        { numRuns: 12 },
      )
    },
    60_000,
  )

  it('replays the golden log recorded in the browser with lazy starts identically, the code at boot or at each start', () => {
    const log = readLog('lazy-withdraw.ndjson')
    expect(log.records.filter((r) => r.event.type === 'domain.started').map((r) => String(r.event['domain']))).toEqual(['yuebao', 'withdraw'])
    const atBoot = replayLog(log, { codeAt: 'boot' })
    const atStart = replayLog(log, { codeAt: 'start' })
    expect(atBoot.divergence).toBeNull()
    expect(atStart.divergence).toBeNull()
    expect(atStart.snapshots).toEqual(atBoot.snapshots)
  })

  it('replays a log recorded before domains started lazily with every domain from boot', () => {
    const result = replayLog(readLog('session-flow.ndjson'))
    expect(result.divergence).toBeNull()
    expect(Object.keys(result.finalStates)).toEqual(actorSpecs.map((a) => a.id))
  })
})

describe('a replay system (the devtools’ cursor)', () => {
  it.each(['session-flow.ndjson', 'lazy-withdraw.ndjson'])('regenerates %s as recorded, started at boot or when its log says', (name) => {
    const log = readLog(name)
    let now = log.records[0]!.at
    const system = createReplaySystem({ now: () => now })
    const produced: BusRecord[] = []
    system.bus.records$.subscribe((r) => produced.push(r))
    for (const r of log.records) {
      if (r.kind === 'notice') continue
      now = Math.max(now, r.at)
      system.bus.publish(r.event as unknown as LobbyEvent, 'replay', r.source)
    }
    expect(produced.map((p) => [p.seq, p.event.type, p.states ?? null])).toEqual(log.records.map((r) => [r.seq, r.event.type, r.states ?? null]))
    system.stop()
  })
})
