import { describe, expect, it } from 'vitest'
import { assign, emit, setup } from 'xstate'
import type { ActorSpec } from '../../../actors'
import { siteActor } from '../../../actors/site'
import type { LobbyEvent } from '../../../schemas/events'
import { Bus } from '../../../src/bus/bus'
import { BusClock, type TimerPort } from '../../../src/bus/clock'
import { ActorHost } from '../../../src/bus/host'
import { parseNdjson } from '../../../src/bus/ndjson'
import { Recorder } from '../../../src/bus/recorder'
import { replayLog } from '../../../src/bus/replayer'
import { appStarted, responded, siteInfo } from '../../support/site-fixtures'

const header = { format: 'lobby-log' as const, formatVersion: 1, appVersion: 't', session: 's', siteCode: '001', language: 'en_US', viewport: { width: 1, height: 1 }, startedAt: 0 }

/** A live-like system: real host and recorder, timers the test fires by hand. */
/** The site actor alone by default: these tests are about the replayer, with site initialisation as the example. */
const SITE_ONLY: ReadonlyArray<ActorSpec> = [siteActor]

const live = (specs: ReadonlyArray<ActorSpec> = SITE_ONLY) => {
  let now = 10_000
  const due: Array<() => void> = []
  const timers: TimerPort = { set: (fn) => due.push(fn), clear: () => undefined }
  const bus = new Bus({ now: () => now, onInvalid: 'throw' })
  const clock = new BusClock((timer) => bus.publish({ type: 'clock.fired', timer }, 'runner', 'clock'), timers)
  const host = new ActorHost(bus, specs, clock)
  const rec = new Recorder({ header, sink: null, batchSize: 1000 })
  rec.attach(bus)
  host.start()
  return { bus, rec, tick: (ms: number) => (now += ms), fireDue: () => due.splice(0).forEach((f) => f()) }
}

const bootLog = async () => {
  const s = live()
  s.bus.publish(appStarted(), 'runner')
  s.tick(40)
  s.bus.publish(responded('site-1', 'getSiteInfo', siteInfo()), 'runner')
  s.tick(35)
  s.bus.publish(responded('site-2', 'getSysInfo', {}), 'runner')
  s.tick(20)
  s.bus.publish(responded('site-3', 'ipCheck', { areaStatus: true, siteMaintenanceStatus: false }), 'runner')
  return s.rec.exportNdjson()
}

describe('replayer', () => {
  it('replays a recorded boot identically', async () => {
    const parsed = parseNdjson(await bootLog())
    if (!parsed.ok) throw new Error(parsed.error.message)
    const result = replayLog(parsed.file, { actors: SITE_ONLY })
    expect(result.divergence).toBeNull()
    expect(result.identical).toBe(true)
    expect(result.injected).toBe(4)
    expect(result.notices).toBe(4)
    expect(result.finalStates).toEqual({ site: 'ready' })
  })

  it('reports the seq of an edited fact as the first divergence', async () => {
    const parsed = parseNdjson(await bootLog())
    if (!parsed.ok) throw new Error(parsed.error.message)
    const records = parsed.file.records.map((r) =>
      r.event.type === 'hall.responded' && r.event['call'] === 'getSiteInfo'
        ? { ...r, event: { ...r.event, data: siteInfo({ maintainStatus: 4 }) } }
        : r,
    )
    const edited = records.find((r) => r.event.type === 'hall.responded')!
    const result = replayLog({ header: parsed.file.header, records }, { actors: SITE_ONLY })
    expect(result.identical).toBe(false)
    expect(result.divergence).toMatchObject({ seq: edited.seq, actor: 'site' })
  })

  it('stops at --until and reports states there', async () => {
    const parsed = parseNdjson(await bootLog())
    if (!parsed.ok) throw new Error(parsed.error.message)
    const result = replayLog(parsed.file, { until: 3, actors: SITE_ONLY })
    expect(result.identical).toBe(true)
    expect(result.finalStates).toEqual({ site: 'sysInfo' })
  })

  it('reports a logged notice that the replay does not produce', async () => {
    const parsed = parseNdjson(await bootLog())
    if (!parsed.ok) throw new Error(parsed.error.message)
    const records = [...parsed.file.records]
    const last = records.at(-1)!
    records.push({ ...last, seq: last.seq + 1, kind: 'notice', event: { type: 'site.ready', siteCode: 'x', language: 'x', currency: 'x', languages: [], currencies: [], systemToken: '[redacted]', autoVisitorLogin: false, device: 'desktop' } })
    const result = replayLog({ header: parsed.file.header, records }, { actors: SITE_ONLY })
    expect(result.divergence?.seq).toBe(last.seq + 1)
  })

  it('replays actor delays at the logged point through clock.fired', async () => {
    const delayed = setup({
      types: { events: {} as { type: 'dom.visibilityChanged'; visible: boolean }, emitted: {} as LobbyEvent, context: {} as { n: number } },
    }).createMachine({
      id: 'pauser',
      context: { n: 0 },
      initial: 'playing',
      states: {
        playing: { on: { 'dom.visibilityChanged': { guard: ({ event }) => !event.visible, target: 'hiding' } } },
        hiding: {
          after: { 500: { target: 'paused', actions: [assign({ n: ({ context }) => context.n + 1 }), emit({ type: 'site.blocked', page: '/pages/500', reason: 'paused' } as never)] } },
          on: { 'dom.visibilityChanged': { guard: ({ event }) => event.visible, target: 'playing' } },
        },
        paused: { on: { 'dom.visibilityChanged': { guard: ({ event }) => event.visible, target: 'playing' } } },
      },
    })
    const specs: ActorSpec[] = [{ id: 'pauser', machine: delayed, consumes: ['dom.visibilityChanged'] }]
    const s = live(specs)
    s.bus.publish({ type: 'dom.visibilityChanged', visible: false }, 'runner')
    s.tick(500)
    s.fireDue()
    s.bus.publish({ type: 'dom.visibilityChanged', visible: true }, 'runner')
    const text = await s.rec.exportNdjson()
    expect(text).toContain('clock.fired')
    const parsed = parseNdjson(text)
    if (!parsed.ok) throw new Error(parsed.error.message)
    expect(parsed.file.records.map((r) => [r.event.type, r.states])).toEqual([
      ['dom.visibilityChanged', { pauser: 'hiding' }],
      ['clock.fired', { pauser: 'paused' }],
      ['site.blocked', undefined],
      ['dom.visibilityChanged', { pauser: 'playing' }],
    ])
    expect(replayLog(parsed.file, { actors: specs }).identical).toBe(true)
  })
})

describe('log file', () => {
  it('refuses another format version with a message naming it', () => {
    const text = `${JSON.stringify({ ...header, formatVersion: 9 })}\n`
    const parsed = parseNdjson(text)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.error.message).toMatch(/version 9 is not supported/)
  })

  it('names the line that is not a record', () => {
    const parsed = parseNdjson(`${JSON.stringify(header)}\n{"seq":1}\n`)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.error.line).toBe(2)
  })
})
