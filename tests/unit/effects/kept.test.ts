import { describe, expect, it } from 'vitest'
import type { BannerFlags } from '../../../schemas/events/banners'
import { Bus, type BusRecord } from '../../../src/bus/bus'
import { READ_BOUND_MS, startBannersRunner } from '../../../src/effects/banners'
import { startKeptValue } from '../../../src/effects/kept'
import { appStarted } from '../../support/site-fixtures'

const CLOSED: BannerFlags = { downloadClosed: true, noShortcutTip: false }
const TIP_OFF: BannerFlags = { downloadClosed: true, noShortcutTip: true }

/** A bus without actors and a kept value whose reads and writes the test answers. */
const setup = () => {
  const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
  const records: BusRecord[] = []
  bus.records$.subscribe((r) => records.push(r))
  const reads: Array<{ resolve: (v: unknown) => void; reject: (e: unknown) => void }> = []
  const writes: Array<{ value: BannerFlags; resolve: () => void; reject: (e: unknown) => void }> = []
  const runner = startKeptValue<BannerFlags>(bus, {
    source: 'kept-test',
    load: () => new Promise((resolve, reject) => reads.push({ resolve, reject })),
    save: (value) => new Promise<void>((resolve, reject) => writes.push({ value, resolve, reject })),
    readOn: 'activities.opened',
    decode: (raw) => (typeof raw === 'object' && raw !== null && 'downloadClosed' in raw ? (raw as BannerFlags) : null),
    loaded: (flags) => (flags === null ? null : { type: 'banners.flagsLoaded', flags }),
    toKeep: (event) => (event.type === 'banners.flagsChanged' ? event.flags : undefined),
  })
  const loaded = () => records.filter((r) => r.event.type === 'banners.flagsLoaded').map((r) => ({ event: r.event, source: r.source }))
  const start = () => bus.publish({ type: 'activities.opened' }, 'view', 'events')
  const change = (flags: BannerFlags) => bus.publish({ type: 'banners.flagsChanged', flags }, 'actor', 'banners')
  // A turn of the event loop: every answer given so far, and what follows it, has run.
  const turn = () => new Promise((r) => setImmediate(r))
  return { runner, reads, writes, loaded, start, change, turn }
}

describe('a value kept on the device across visits', () => {
  it('is read once, at the first event that asks for it, and told with the runner’s name', async () => {
    const s = setup()
    expect(s.reads).toHaveLength(0)
    s.start()
    s.start()
    expect(s.reads).toHaveLength(1)
    s.reads[0]!.resolve(CLOSED)
    await s.turn()
    expect(s.loaded()).toEqual([{ event: { type: 'banners.flagsLoaded', flags: CLOSED }, source: 'kept-test' }])
  })

  it('tells nothing when the kept value is unusable or the read fails, as its `loaded` says', async () => {
    const unusable = setup()
    unusable.start()
    unusable.reads[0]!.resolve({ something: 'else' })
    const failed = setup()
    failed.start()
    failed.reads[0]!.reject(new Error('storage refused'))
    await unusable.turn()
    expect(unusable.loaded()).toEqual([])
    expect(failed.loaded()).toEqual([])
  })

  it('writes every value given, one after the other, and goes on after a failed write', async () => {
    const s = setup()
    s.start()
    s.change(CLOSED)
    s.change(TIP_OFF)
    await s.turn()
    // The second write waits for the first.
    expect(s.writes.map((w) => w.value)).toEqual([CLOSED])
    s.writes[0]!.reject(new Error('disk full'))
    await s.turn()
    expect(s.writes.map((w) => w.value)).toEqual([CLOSED, TIP_OFF])
    let settled = false
    void s.runner.settled().then(() => (settled = true))
    await s.turn()
    expect(settled).toBe(false)
    s.writes[1]!.resolve()
    await s.turn()
    expect(settled).toBe(true)
  })

  it('reads nothing after a value was given: that value is newer than anything kept', () => {
    const s = setup()
    s.change(TIP_OFF)
    s.start()
    expect(s.reads).toHaveLength(0)
  })

  it('tells nothing once stopped, even when the read answers after', async () => {
    const s = setup()
    s.start()
    s.runner.stop()
    s.reads[0]!.resolve(CLOSED)
    await s.turn()
    expect(s.loaded()).toEqual([])
  })
})

describe('the banner flags (screens §2 banners)', () => {
  it('are told at start, the defaults when nothing usable is kept or the read fails', async () => {
    const told = async (load: () => Promise<unknown>) => {
      const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
      const flags: unknown[] = []
      bus.records$.subscribe(({ event }) => event.type === 'banners.flagsLoaded' && flags.push(event.flags))
      startBannersRunner(bus, { load, save: () => Promise.resolve() })
      bus.publish(appStarted(), 'runner', 'app')
      await new Promise((r) => setImmediate(r))
      return flags
    }
    const none = { downloadClosed: false, noShortcutTip: false }
    expect(await told(() => Promise.resolve(CLOSED))).toEqual([CLOSED])
    expect(await told(() => Promise.resolve(undefined))).toEqual([none])
    expect(await told(() => Promise.resolve({ downloadClosed: 'yes' }))).toEqual([none])
    expect(await told(() => Promise.reject(new Error('storage refused')))).toEqual([none])
  })

  it('are mirrored for the hall (the cookie) as read and as changed; a read that fails leaves the mirror as it was', async () => {
    const run = (load: () => Promise<unknown>) => {
      const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
      const mirrored: BannerFlags[] = []
      startBannersRunner(bus, { load, save: () => Promise.resolve(), remember: (flags) => mirrored.push(flags) })
      bus.publish(appStarted(), 'runner', 'app')
      return { bus, mirrored }
    }
    const kept = run(() => Promise.resolve(CLOSED))
    const nothing = run(() => Promise.resolve(undefined))
    const failed = run(() => Promise.reject(new Error('storage refused')))
    await new Promise((r) => setImmediate(r))
    expect(kept.mirrored).toEqual([CLOSED])
    expect(nothing.mirrored).toEqual([{ downloadClosed: false, noShortcutTip: false }])
    expect(failed.mirrored).toEqual([])
    kept.bus.publish({ type: 'banners.flagsChanged', flags: TIP_OFF }, 'actor', 'banners')
    await new Promise((r) => setImmediate(r))
    expect(kept.mirrored).toEqual([CLOSED, TIP_OFF])
    // A browser refusing the cookie loses only the mirror.
    const refusing = new Bus({ now: () => 0, onInvalid: 'throw' })
    const told: unknown[] = []
    refusing.records$.subscribe(({ event }) => event.type === 'banners.flagsLoaded' && told.push(event.flags))
    startBannersRunner(refusing, { load: () => Promise.resolve(CLOSED), save: () => Promise.resolve(), remember: () => { throw new Error('cookies refused') } })
    refusing.publish(appStarted(), 'runner', 'app')
    await new Promise((r) => setImmediate(r))
    expect(told).toEqual([CLOSED])
  })

  it('count as none kept when the read does not answer within its bound (the first screen waits for them)', async () => {
    const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
    const told: unknown[] = []
    bus.records$.subscribe(({ event }) => event.type === 'banners.flagsLoaded' && told.push(event.flags))
    const timers: Array<{ fn: () => void; ms: number }> = []
    let answer: (v: unknown) => void = () => undefined
    startBannersRunner(bus, {
      load: () => new Promise((resolve) => (answer = resolve)),
      save: () => Promise.resolve(),
      setTimer: (fn, ms) => {
        timers.push({ fn, ms })
        return () => undefined
      },
    })
    bus.publish(appStarted(), 'runner', 'app')
    expect(timers.map((t) => t.ms)).toEqual([READ_BOUND_MS])
    await new Promise((r) => setImmediate(r))
    expect(told).toEqual([])
    timers[0]!.fn()
    await new Promise((r) => setImmediate(r))
    expect(told).toEqual([{ downloadClosed: false, noShortcutTip: false }])
    // The late answer changes nothing: the flags were told once.
    answer(CLOSED)
    await new Promise((r) => setImmediate(r))
    expect(told).toHaveLength(1)
  })
})
