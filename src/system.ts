import { APP_VERSION } from './app-version'
import type { AnyActorRef } from 'xstate'
import { bootDomains, lazyDomains } from '../actors/boot'
import { actorsOf, type Domain } from '../actors/domain'
import type { ActorSpec } from '../actors/spec'
import type { EventOfType, LobbyEventInput } from '../schemas/events'
import { SiteConfig } from '../schemas/events/app'
import { LOG_FORMAT_VERSION, type LogHeader } from '../schemas/log'
import { Schema } from 'effect'
import { Bus } from './bus/bus'
import { BusClock, realTimers, wallNow, type TimerPort } from './bus/clock'
import { ActorHost } from './bus/host'
import { allRunning, lazyStartsOf, startDomainLoader, type DomainStarter } from './bus/domains'
import { domainsForReplay } from './bus/replay-domains'
import { Recorder, type RecorderOptions, type RecorderStatus } from './bus/recorder'
import { startDiagnosticsRunner } from './effects/diagnostics'
import { documentClicks, htmlAudioPort, startAudioRunner, startMusicSettingsRunner } from './effects/audio'
import { afterNextPaint, deviceOf, startDomRunner } from './effects/dom'
import { startVersionRunner } from './effects/version'
import { startGameAddressRunner, startGamesStoreRunner } from './effects/games'
import { startHallRunner } from './effects/hall-runner'
import { startMaintenanceRunner } from './effects/maintenance'
import { startSocketRunner, type SocketLike } from './effects/socket'
import { browserLinesPorts, startLinesRunner } from './effects/lines'
import { startStorageRunner } from './effects/storage'
import { browserTabsPort, startTabsRunner } from './effects/tabs'
import { startThirdPartyRunner } from './effects/thirdparty'
import { FRAMEBOX_PREF_KEY, installsDayHook, startFrameboxRunner } from './effects/framebox'
import { browserHistory, startHistoryRunner } from './effects/history'
import { startI18nRunner } from './effects/i18n'
import { barsCookie, startBannersRunner } from './effects/banners'
import { startActivitiesCacheRunner } from './effects/activities'
import { browserPwaEnv, startPwaRunner } from './effects/pwa'
import { browserWorkerContainer, startOfflineWorker } from './effects/offline-worker'
import { browserPromotionPorts, startPromotionRunner } from './effects/promotion'
import { browserTracePorts, startTraceRunner } from './effects/trace'
import { browserWebPushPorts, startWebPushRunner } from './effects/webpush'
import type { CallOptions } from './effects/hall'
import { createDeferredStore } from './store/deferred'
import { isString, PREF_KEYS, readPref, writePref } from './store/prefs'
import { isLanguage, setLanguage } from './i18n'

/**
 * The composition root: creates the bus, the actors and, depending on the mode, the runners and
 * the recorder. Live: runners and recorder on. Test: runners on with injectable ports, recorder
 * in memory unless given storage. Replay: actors only; the devtools inject logged records.
 */

export type SystemMode = 'live' | 'test' | 'replay'

/** The actors started at boot: the boot domains' (actors/boot.ts); the other domains start when first needed. */
export const bootActorSpecs: ReadonlyArray<ActorSpec> = actorsOf(bootDomains)

/** The Dexie prefs key of the music settings (play type, volume). */
const MUSIC_PREF_KEY = 'music'
/** The Dexie prefs key of the game store (search history, favourites cache). */
const GAMES_PREF_KEY = 'games'

/** The running lobby as views and tools see it. */
export interface LobbySystem {
  readonly mode: SystemMode
  readonly bus: Bus
  readonly host: ActorHost
  readonly recorder: Recorder | null
  /** Starts a domain when first needed (a view showing its route or popup asks it first); none: every domain runs from boot. */
  readonly domains?: DomainStarter
  /** Sends an intent from a view (a secret as the text typed: the bus wraps it). */
  send(intent: LobbyEventInput): void
  /** A running actor by id (see actors/index.ts). */
  actor(id: string): AnyActorRef
  /** The current log session as an NDJSON file. */
  exportLog(): Promise<string>
  /** Writes what the recorder holds. */
  flushLog(): Promise<void>
  recorderStatus(): RecorderStatus | null
  stop(): void
}

/** The app's version, stamped into every log header (src/app-version.ts). */
export { APP_VERSION }

interface CoreOptions {
  readonly mode: SystemMode
  readonly now: () => number
  readonly actors?: ReadonlyArray<ActorSpec>
  readonly timers?: TimerPort
  /** Lazy domains whose code is here before their start (a replay system's). */
  readonly held?: ReadonlyArray<Domain>
  /** Every domain in the list's order (a replay system's), to start them all at boot for a log without domains.booted. */
  readonly all?: ReadonlyArray<Domain>
}

/**
 * A development build: the Vite dev server, or `vite build --mode development`. Vite decides it when
 * it builds and writes a constant in its place (vite.config.ts pins NODE_ENV for builds, so the
 * shell's cannot make `vite build` a development build). Only the live system reads it, and only
 * a page Vite built runs the live system; Node tests and replays never evaluate it.
 */
const devBuild = (): boolean => import.meta.env.DEV

/**
 * Whether the page exposes `window.__lobby` (the running system, its bus and log): in a
 * development build, or when the hall serving the page turned diagnostics on (`diagnostics: true`
 * in the injected configuration: a hall in dev or test mode, or `--diagnostics` on a production
 * hall; docs/hall.md). Never in production by default.
 */
export const exposesDebugHandle = (site: { readonly diagnostics?: boolean }, dev: boolean): boolean => dev || site.diagnostics === true

/** What the page exposes as `window.__lobby` when exposesDebugHandle says so: the devtools and the browser tests read it. */
export interface LobbyDevHook {
  readonly system: LobbySystem
  exportLog(): Promise<string>
  flushLog(): Promise<void>
}

declare global {
  interface Window {
    __lobby?: LobbyDevHook
  }
}

const createCore = (o: CoreOptions) => {
  // A production build drops an invalid event and reports it; development, tests and replay throw.
  const bus = new Bus({ now: o.now, onInvalid: o.mode === 'live' && !devBuild() ? 'report' : 'throw' })
  const clock = new BusClock(
    o.mode === 'replay' ? null : (timer) => bus.publish({ type: 'clock.fired', timer }, 'runner', 'clock'),
    o.timers ?? realTimers,
  )
  // A system given its own actors (tests) runs those only, every domain "running"; otherwise the
  // boot domains start at once and the others when first needed.
  const lazy = o.actors === undefined
  const held = new Map((o.held ?? []).map((d) => [d.name, d.actors]))
  const booted = new Set<string>(bootDomains.map((d) => d.name))
  const unlessBooted =
    o.all === undefined
      ? undefined
      : {
          specs: o.all.filter((d) => !booted.has(d.name)).flatMap((d) => d.actors),
          rank: new Map(o.all.flatMap((d) => d.actors).map((a, i) => [a.id, i] as const)),
        }
  const host = new ActorHost(bus, o.actors ?? bootActorSpecs, clock, lazy ? { ...lazyStartsOf(lazyDomains, held), ...(unlessBooted === undefined ? {} : { unlessBooted }) } : undefined)
  const domains = lazy ? startDomainLoader(bus, host, lazyDomains, { publish: o.mode !== 'replay' }) : null
  return { bus, host, domains }
}

/** Starts the host, and records which domains started at boot (the others start at their domain.started). */
const startHost = (core: Core): void => {
  core.host.start()
  if (core.domains !== null) core.bus.publish({ type: 'domains.booted', domains: bootDomains.map((d) => d.name) }, 'runner', 'domains')
}

type Core = ReturnType<typeof createCore>

const makeSystem = (
  mode: SystemMode,
  core: Core,
  recorder: Recorder | null,
  cleanups: Array<() => void>,
): LobbySystem => ({
  mode,
  bus: core.bus,
  host: core.host,
  recorder,
  domains: core.domains ?? allRunning,
  send: (intent) => core.bus.publish(intent, 'view'),
  actor: (id) => {
    const ref = core.host.actor(id)
    if (ref === undefined) throw new Error(`no actor '${id}'`)
    return ref
  },
  exportLog: () => recorder?.exportNdjson() ?? Promise.resolve(''),
  flushLog: () => recorder?.flush() ?? Promise.resolve(),
  recorderStatus: () => recorder?.currentStatus ?? null,
  stop: () => {
    for (const c of cleanups.splice(0)) c()
    core.domains?.stop()
    core.host.stop()
  },
})

const newSessionId = (): string => globalThis.crypto.randomUUID()

/** Reads the site configuration the hall injected into the page (window.__LOBBY_SITE__). */
export const readInjectedSite = (value: unknown): SiteConfig | null => {
  const exit = Schema.decodeUnknownExit(SiteConfig)(value)
  return exit._tag === 'Success' ? exit.value : null
}

export interface LiveOptions {
  readonly window: Window
  /** Overrides of the recorder (tests of the recorder itself). */
  readonly recorder?: Partial<Omit<RecorderOptions, 'header' | 'sink'>>
  readonly hall?: CallOptions
  /** Database name (tests use their own). */
  readonly dbName?: string
}

/** The live lobby in a browser page. */
export const createLiveSystem = async (o: LiveOptions): Promise<LobbySystem> => {
  const w = o.window
  const site = readInjectedSite((w as unknown as { __LOBBY_SITE__?: unknown }).__LOBBY_SITE__)
  if (site === null) throw new Error('the page carries no valid site configuration (window.__LOBBY_SITE__)')
  // The preferences come from one plain IndexedDB read; Dexie is imported and the database opened
  // after the first paint, the recorder holding the log in memory until then (src/store/deferred.ts).
  const store = createDeferredStore(o.dbName === undefined ? {} : { name: o.dbName })
  const db = store.prefs
  const storedLanguage = await readPref(db, PREF_KEYS.language, isString)
  let fingerprint = await readPref(db, PREF_KEYS.fingerprint, isString)
  if (fingerprint === null) {
    fingerprint = newSessionId()
    // Stored once the database is open (after the first paint); read back from memory until then.
    void writePref(db, PREF_KEYS.fingerprint, fingerprint)
  }
  const viewport = { width: w.innerWidth, height: w.innerHeight }
  const header: LogHeader = {
    format: 'lobby-log',
    formatVersion: LOG_FORMAT_VERSION,
    appVersion: APP_VERSION,
    session: newSessionId(),
    siteCode: site.siteCode,
    language: storedLanguage ?? site.languageCode,
    viewport,
    startedAt: wallNow(),
  }
  const core = createCore({ mode: 'live', now: wallNow })
  const recorder = new Recorder({ header, sink: store.sink, ...o.recorder })
  const cleanups: Array<() => void> = []
  // Where a production build reports the invalid events its bus drops.
  const invalidSub = core.bus.invalid$.subscribe((e) => console.error(`lobby: dropped an invalid bus event '${e.eventType}': ${e.reason}`))
  cleanups.push(() => invalidSub.unsubscribe())
  const recSub = recorder.attach(core.bus)
  cleanups.push(() => recSub.unsubscribe())
  const hallSub = startHallRunner(core.bus, {
    domain: w.location.host,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    fingerprint,
    ...(o.hall === undefined ? {} : { options: o.hall }),
    defer: afterNextPaint(w),
  })
  cleanups.push(() => hallSub.unsubscribe())
  // The maintenance information file, when the site says it is in maintenance mode.
  const maintenanceSub = startMaintenanceRunner(core.bus, o.hall ?? {})
  cleanups.push(() => maintenanceSub.unsubscribe())
  const linesSub = startLinesRunner(core.bus, browserLinesPorts(w))
  cleanups.push(() => linesSub.unsubscribe())
  const diagnostics = startDiagnosticsRunner(core.bus, {
    exportLog: () => recorder.flush().then(() => recorder.exportNdjson()),
    domain: w.location.host,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    fingerprint,
    ...(o.hall === undefined ? {} : { options: o.hall }),
  })
  cleanups.push(() => diagnostics.unsubscribe())
  // Trace reports (script errors, slow resources) for the sites whose sysInfo turns them on (calls §7.3).
  cleanups.push(
    startTraceRunner(core.bus, browserTracePorts(w), {
      domain: w.location.host,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      fingerprint,
      ...(o.hall === undefined ? {} : { options: o.hall }),
    }),
  )
  // Before the host starts, so it sees app.started and answers with session.storedLoaded.
  const storage = startStorageRunner(core.bus, { db, root: w.document.documentElement })
  cleanups.push(() => storage.stop())
  startHost(core)
  cleanups.push(startDomRunner(core.bus, () => void recorder.flush()))
  // The version check of op.json and the chunk failures behind the upgrade prompt (spec §8).
  cleanups.push(startVersionRunner(core.bus, w, () => recorder.flush()))
  // A logout in another tab of this browser reaches this one at once (docs/decisions.md).
  cleanups.push(startTabsRunner(core.bus, browserTabsPort(w, site.siteCode)))
  // Third-party sign-in: the provider's window, the code and its exchange for a token (screens §4).
  cleanups.push(startThirdPartyRunner(core.bus, { window: w, siteCode: site.siteCode }))
  cleanups.push(startSocketRunner(core.bus, (url) => new (w as Window & typeof globalThis).WebSocket(url) as unknown as SocketLike))
  cleanups.push(startAudioRunner(core.bus, { audio: htmlAudioPort(w), clicks: documentClicks(w.document), random: Math.random }))
  cleanups.push(
    startMusicSettingsRunner(core.bus, {
      load: () => readPref(db, MUSIC_PREF_KEY, (v): v is unknown => v !== undefined),
      save: (settings) => writePref(db, MUSIC_PREF_KEY, settings),
    }),
  )
  cleanups.push(startHistoryRunner(core.bus, browserHistory(w)))
  // The day and the kept frame-box flags; window.__lobbyDay is its test hook (set the day, clear
  // it), installed in a dev build or under a dev or test hall only.
  const framebox = startFrameboxRunner(core.bus, {
    load: () => readPref(db, FRAMEBOX_PREF_KEY, (v): v is unknown => v !== undefined),
    save: (history) => writePref(db, FRAMEBOX_PREF_KEY, history),
    now: wallNow,
  })
  if (installsDayHook(site, devBuild())) (w as Window & { __lobbyDay?: unknown }).__lobbyDay = framebox.day
  cleanups.push(() => framebox.stop())
  // The download banner's close and the 'no save shortcut tip' flag, kept in Dexie prefs and
  // mirrored into a cookie for the hall's first screen.
  const banners = startBannersRunner(core.bus, {
    load: () => readPref(db, PREF_KEYS.banners, (v): v is unknown => v !== undefined),
    save: (flags) => writePref(db, PREF_KEYS.banners, flags),
    remember: (flags) => {
      w.document.cookie = barsCookie(flags, w.location.protocol === 'https:')
    },
  })
  cleanups.push(() => banners.stop())
  // The event categories, 10 activities each, kept to show before the hall answers (spec §9).
  const eventCache = startActivitiesCacheRunner(core.bus, {
    load: () => readPref(db, PREF_KEYS.eventCategories, (v): v is unknown => v !== undefined),
    save: (list) => writePref(db, PREF_KEYS.eventCategories, list),
  })
  cleanups.push(() => eventCache.stop())
  cleanups.push(startPwaRunner(core.bus, browserPwaEnv(w, fingerprint)))
  // Web push: the permission, the worker's pushManager and its subscription (actors/webpush asks).
  cleanups.push(startWebPushRunner(core.bus, browserWebPushPorts(w)))
  // Promotion links and tracking pixels, and the promote-game page's replacement (screens §2-§4).
  cleanups.push(
    startPromotionRunner(
      core.bus,
      browserPromotionPorts(w, fingerprint, {
        load: () => readPref(db, PREF_KEYS.invitation, (v): v is unknown => v !== undefined),
        save: (invitation) => writePref(db, PREF_KEYS.invitation, invitation),
      }),
    ),
  )
  cleanups.push(startGameAddressRunner(core.bus))
  cleanups.push(startGamesStoreRunner(core.bus, { load: () => readPref(db, GAMES_PREF_KEY, (v): v is unknown => v !== undefined), save: (v) => writePref(db, GAMES_PREF_KEY, v) }))
  // The offline page's worker: production builds only (devBuild: the dev server's files change under one name).
  // Its update signal (a new build's worker took over) makes a version check due, for the upgrade prompt.
  const offline = startOfflineWorker(w, devBuild() ? undefined : browserWorkerContainer(w), core.bus)
  cleanups.push(offline.stop)
  cleanups.push(
    startI18nRunner(core.bus, {
      supports: isLanguage,
      changeLanguage: (code) => {
        void setLanguage(code)
        offline.language(code)
      },
      setDocumentLang: (lang) => w.document.documentElement.setAttribute('lang', lang),
    }),
  )
  const started: EventOfType<'app.started'> = {
    type: 'app.started',
    appVersion: APP_VERSION,
    site,
    storedLanguage,
    device: deviceOf(viewport.width),
    viewport,
    url: w.location.href,
  }
  core.bus.publish(started, 'runner', 'page')
  cleanups.push(() => store.close())
  afterNextPaint(w)(() => {
    void store.open().then((opened) => {
      if (opened === null) console.warn('event log kept in memory: the database did not open', store.error())
    })
  })
  const system = makeSystem('live', core, recorder, cleanups)
  if (exposesDebugHandle(site, devBuild())) {
    w.__lobby = { system, exportLog: () => system.exportLog(), flushLog: () => system.flushLog() }
    cleanups.push(() => delete w.__lobby)
  }
  return system
}

/**
 * A system for tests in Node: real actors and bus, a recorder in memory, timers the test may
 * replace. Without `actors`, the boot domains start at once and the others when first needed, as live.
 */
export const createTestSystem = (o: { now?: () => number; timers?: TimerPort; actors?: ReadonlyArray<ActorSpec> } = {}): LobbySystem => {
  const core = createCore({ mode: 'test', now: o.now ?? wallNow, ...(o.timers ? { timers: o.timers } : {}), ...(o.actors ? { actors: o.actors } : {}) })
  const recorder = new Recorder({
    header: { format: 'lobby-log', formatVersion: LOG_FORMAT_VERSION, appVersion: APP_VERSION, session: 'test', siteCode: '', language: '', viewport: { width: 0, height: 0 }, startedAt: 0 },
    sink: null,
  })
  const sub = recorder.attach(core.bus)
  startHost(core)
  return makeSystem('test', core, recorder, [() => sub.unsubscribe()])
}

/**
 * Actors only, no runners and no recorder: the devtools drive it with logged records. Without
 * `actors`, the boot domains start at once and each other domain at its logged domain.started,
 * from its code in `domains` (default: every domain's, when the replayer's module was imported);
 * a log whose first record is not domains.booted starts them all at boot, in the list's order.
 */
export const createReplaySystem = (o: { now: () => number; actors?: ReadonlyArray<ActorSpec>; domains?: ReadonlyArray<Domain> }): LobbySystem => {
  const all = o.domains ?? domainsForReplay()
  const core = createCore({ mode: 'replay', now: o.now, ...(o.actors ? { actors: o.actors } : { held: all, all }) })
  core.host.start()
  return makeSystem('replay', core, null, [])
}
