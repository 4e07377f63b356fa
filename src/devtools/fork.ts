import { filter, map, merge, Subject, type Observable } from 'rxjs'
import { actorSpecs, type ActorSpec } from '../../actors'
import type { LobbyEvent } from '../../schemas/events'
import type { SiteConfig } from '../../schemas/events/app'
import { REDACTED } from '../../schemas/sensitive'
import type { LogHeader } from '../../schemas/log'
import { Bus, type BusRecord } from '../bus/bus'
import { BusClock, type TimerPort } from '../bus/clock'
import { ActorHost } from '../bus/host'
import type { LogFile } from '../bus/ndjson'
import { Recorder } from '../bus/recorder'
import { startHallRunner } from '../effects/hall-runner'
import type { LobbySystem } from '../system'

/**
 * Fork: from any record of a log, continue live against a hall. The fork is a live system (bus,
 * actors, the hall runner, a recorder in memory) whose actors reach the replayed state the
 * simplest correct way: the logged intents and facts up to the fork point are injected again,
 * in order and at their logged times, with the runners muted; then the runners are unmuted and
 * the clock runs from the fork point on. Muted means:
 *
 * - the hall runner sees every record (it follows the site, language and credentials from them)
 *   but performs no `hall.requested` while muted; the logged answers are injected instead. A call
 *   still unanswered at the fork point is performed when the fork goes live;
 * - actor delays set while muted are held, and start when the fork goes live with the time they
 *   had left at the fork point; delays the log fired (`clock.fired`) are fired from the log.
 *
 * Secrets are not in the log. The fork takes the site key and hall URL from the hall it runs
 * against (the page's own site configuration), and a redacted token or session key becomes "no
 * session": calls that need the player's session answer token-expired, and the player can sign in
 * again inside the fork. No history, storage or DOM runner runs: the fork lives in the frame.
 */

/** A running fork. */
export interface Fork {
  readonly system: LobbySystem
  /** The seq the fork continues from. */
  readonly atSeq: number
  /** The fork's own log (the replayed prefix, then what happened live), as NDJSON. */
  exportLog(): Promise<string>
  stop(): void
}

export interface ForkOptions {
  /** The site configuration of the hall to continue against (from its page). */
  readonly site: SiteConfig
  readonly actors?: ReadonlyArray<ActorSpec>
  /** Real timers (tests replace them). */
  readonly timers?: TimerPort
  /** Wall clock (tests replace it). */
  readonly wallNow?: () => number
  readonly fingerprint?: string
}

const isRedacted = (v: unknown): boolean => v === REDACTED

/** The logged app.started with the secrets and hall URL of the hall the fork runs against. */
const liveStart = (event: LobbyEvent, site: SiteConfig): LobbyEvent => {
  if (event.type !== 'app.started') return event
  return { ...event, site: { ...event.site, siteKey: site.siteKey, configApiBaseUrl: site.configApiBaseUrl, siteCode: event.site.siteCode } }
}

/** What the hall runner sees: redacted credentials become no session, under the site key. */
const forRunner = (record: BusRecord, site: SiteConfig): BusRecord => {
  const e = record.event
  if (e.type === 'session.credentialsChanged' && (isRedacted(e.token) || isRedacted(e.keyMaterial))) {
    return { ...record, event: { ...e, token: '', keyMaterial: site.siteKey } }
  }
  if (e.type === 'hall.responded' && e.call === 'getSysInfo' && isRedacted((e.data as { token?: unknown } | null)?.token)) {
    return { ...record, event: { ...e, data: { ...(e.data as object), token: '' } } }
  }
  return record
}

/** Starts a fork of `file` at `seq`: replays up to it with the runners muted, then goes live. */
export const forkAt = (file: LogFile, seq: number, o: ForkOptions): Fork => {
  const wall = o.wallNow ?? (() => Date.now())
  const real = o.timers ?? { set: (fn: () => void, ms: number) => globalThis.setTimeout(fn, ms), clear: (h: unknown) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>) }
  let muted = true
  let replayNow = file.records[0]?.at ?? file.header.startedAt
  let forkAtTime = replayNow
  let liveFrom = 0
  const now = () => (muted ? replayNow : forkAtTime + (wall() - liveFrom))

  interface Held { fn: () => void; due: number; handle: unknown; cleared: boolean }
  const held = new Set<Held>()
  const timers: TimerPort = {
    set: (fn, ms) => {
      if (muted) {
        const h: Held = { fn, due: now() + ms, handle: undefined, cleared: false }
        held.add(h)
        return h
      }
      return { handle: real.set(fn, ms) }
    },
    clear: (h) => {
      const x = h as Held | { handle: unknown }
      if ('cleared' in x) {
        x.cleared = true
        held.delete(x)
      }
      if (x.handle !== undefined) real.clear(x.handle)
    },
  }

  const bus = new Bus({ now, onInvalid: 'throw' })
  const fired = new Set<number>()
  const clock = new BusClock((timer) => {
    if (!fired.has(timer)) bus.publish({ type: 'clock.fired', timer }, 'runner', 'clock')
  }, timers)
  const host = new ActorHost(bus, o.actors ?? actorSpecs, clock)

  const header: LogHeader = { ...file.header, session: `fork-${globalThis.crypto.randomUUID()}` }
  const recorder = new Recorder({ header, sink: null })
  const recSub = recorder.attach(bus)

  // The hall runner's view of the bus: muted while replaying, secrets replaced, and the calls
  // left unanswered at the fork point sent again when it goes live.
  const resend = new Subject<BusRecord>()
  const requested = new Map<string, BusRecord>()
  const watch = bus.records$.subscribe((r) => {
    if (r.event.type === 'clock.fired') fired.add(r.event.timer)
    if (!muted) return
    if (r.event.type === 'hall.requested') requested.set(r.event.requestId, r)
    if (r.event.type === 'hall.responded' || r.event.type === 'hall.failed') requested.delete(r.event.requestId)
  })
  const runnerRecords: Observable<BusRecord> = merge(
    bus.records$.pipe(
      filter((r) => !(muted && r.event.type === 'hall.requested')),
      map((r) => forRunner(r, o.site)),
    ),
    resend,
  )
  const runnerBus = { records$: runnerRecords, publish: (e: LobbyEvent, from: 'runner', source?: string) => bus.publish(e, from, source) } as unknown as Bus
  const hallSub = startHallRunner(runnerBus, {
    domain: globalThis.location?.host ?? 'devtools',
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    fingerprint: o.fingerprint ?? 'devtools-fork',
  })

  host.start()
  for (const r of file.records) {
    if (r.seq > seq) break
    if (r.kind === 'notice') continue
    replayNow = Math.max(replayNow, r.at)
    bus.publish(liveStart(r.event as unknown as LobbyEvent, o.site), 'replay', r.source)
  }

  // Live from here.
  forkAtTime = replayNow
  liveFrom = wall()
  muted = false
  for (const h of held) {
    if (h.cleared) continue
    h.handle = real.set(h.fn, Math.max(0, h.due - forkAtTime))
  }
  held.clear()
  for (const r of requested.values()) resend.next(r)
  requested.clear()

  const system: LobbySystem = {
    mode: 'live',
    bus,
    host,
    recorder,
    send: (intent) => bus.publish(intent, 'view'),
    actor: (id) => {
      const ref = host.actor(id)
      if (ref === undefined) throw new Error(`no actor '${id}'`)
      return ref
    },
    exportLog: () => recorder.exportNdjson(),
    flushLog: () => recorder.flush(),
    recorderStatus: () => recorder.currentStatus,
    stop: () => {
      hallSub.unsubscribe()
      watch.unsubscribe()
      recSub.unsubscribe()
      host.stop()
    },
  }
  return { system, atSeq: seq, exportLog: () => recorder.exportNdjson(), stop: () => system.stop() }
}

/** The site configuration of the hall serving this page: read from its lobby page (window.__LOBBY_SITE__). */
export const fetchSiteConfig = async (origin: string, siteCode: string): Promise<SiteConfig> => {
  const html = await (await fetch(`${origin}/?site=${encodeURIComponent(siteCode)}`, { headers: { accept: 'text/html' } })).text()
  const m = /<script[^>]*>window\.__LOBBY_SITE__ = ([\s\S]*?)<\/script>/.exec(html)
  if (m === null) throw new Error(`the hall at ${origin} served no site configuration`)
  return JSON.parse(m[1]!) as SiteConfig
}
