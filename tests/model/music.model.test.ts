import { describe, expect, it } from 'vitest'
import { and, createMachine, type AnyEventObject, type AnyStateMachine, type SnapshotFrom } from 'xstate'
import { MUSIC_DELAYS, musicMachine, type MusicContext, type MusicEvent } from '../../actors/music'
import type { MusicItem } from '../../schemas/hall/calls/site'
import { modelHarness, type DelayEvent } from './harness'

/**
 * The music actor against its model. The model is the real statechart with its one delay (the
 * second automatic download, 500 ms) turned into an explicit `delay` event, which the harness
 * plays on the real actor by advancing its SimulatedClock. What the model cannot say by itself,
 * the per-step checks below say independently: the rules of spec §4 music as invariants.
 */

type ModelEvent = MusicEvent | DelayEvent

/** The machine with every `after` turned into `on.delay`, guarded by the delay having come due. */
const delaysAsEvents = (machine: AnyStateMachine): AnyStateMachine => {
  const delays = (machine.implementations.delays ?? {}) as Record<string, number>
  const due: Record<string, (a: { event: AnyEventObject }) => boolean> = {}
  const rewrite = (node: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = { ...node }
    const after = node['after'] as Record<string, unknown> | undefined
    if (after !== undefined) {
      delete out['after']
      const branches: unknown[] = []
      for (const [key, t] of Object.entries(after)) {
        const ms = delays[key] ?? Number(key)
        const name = `delayDue_${key}`
        due[name] = ({ event }) => (event as unknown as DelayEvent).ms >= ms
        for (const b of Array.isArray(t) ? t : [t]) {
          const branch = typeof b === 'string' ? { target: b } : (b as Record<string, unknown>)
          branches.push({ ...branch, guard: branch['guard'] === undefined ? name : and([name, branch['guard'] as string]) })
        }
      }
      out['on'] = { ...(node['on'] as object | undefined), delay: branches }
    }
    const states = node['states'] as Record<string, Record<string, unknown>> | undefined
    if (states !== undefined) out['states'] = Object.fromEntries(Object.entries(states).map(([k, v]) => [k, rewrite(v)]))
    return out
  }
  const config = rewrite(machine.config)
  return createMachine(config as never, {
    ...machine.implementations,
    guards: { ...machine.implementations.guards, ...due },
  } as never)
}

const musicModel = delaysAsEvents(musicMachine) as typeof musicMachine
type Snap = SnapshotFrom<typeof musicMachine>

const track = (id: number): MusicItem => ({ id, music_name: `T${id}`, music_size: 100, oss_url: `/audio/${id}.wav` })
const SYS = [track(1), track(2), track(3)]
const site = { type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'USD', languages: [], currencies: [], systemToken: '', autoVisitorLogin: true, device: 'desktop' } as const
const my = (requestId: string, ids: number[]): MusicEvent => ({ type: 'hall.responded', requestId, call: 'musicList', data: { data: ids.map(track), total: ids.length } })
const sys = (requestId: string, list: MusicItem[]): MusicEvent => ({ type: 'hall.responded', requestId, call: 'musicList', data: { sys_list: list } })
const fail = (requestId: string): MusicEvent => ({ type: 'hall.failed', requestId, call: 'musicList', error: { _tag: 'Network', message: 'down' } })

const player = (s: Snap): string => (s.value as { player: string }).player
const library = (s: Snap): string => {
  const v = (s.value as { library: string | { active: string } }).library
  return typeof v === 'string' ? v : v.active
}

const loggedIn: MusicEvent = { type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false }
const appStarted: MusicEvent = {
  type: 'app.started', appVersion: '0', storedLanguage: null, device: 'desktop', viewport: { width: 1, height: 1 }, url: 'http://x/',
  site: { siteCode: '001', configApiBaseUrl: 'http://x', siteKey: 'k', languageCode: 'en_US', healthy: true, injected: { sysInfo: { musicShow: 'open' }, siteInfo: { musicAutoPlay: 0 } } },
}

/**
 * Three focused event sets, each small enough for a finite model: the library (lists, automatic
 * downloads, downloads and deletes, reloads, failures), the player (play types, pause, hidden
 * page, blocked autoplay, random picks) and the root (flags, settings, volume, the modal). Each
 * counter grows only a little. Coverage is the union of the three runs.
 */
/** The request a purpose awaits, or null. */
const aw = (c: Snap['context'], purpose: 'sys' | 'my' | 'op'): string | null => c.requests.awaiting[purpose] ?? null

const libraryEvents = (s: Snap): ModelEvent[] => {
  const [ps, pm, po] = [aw(s.context, 'sys'), aw(s.context, 'my'), aw(s.context, 'op')]
  const c = s.context
  const lib = library(s)
  const out: ModelEvent[] = []
  if (lib === 'idle') {
    out.push(site, { ...site, musicAutoPlay: true })
    if (!c.pageHidden) out.push({ type: 'dom.visibilityChanged', visible: false })
  }
  if (ps !== null) out.push(sys(ps, SYS), sys(ps, SYS.slice(0, 1)), sys(ps, []), fail(ps))
  if (pm !== null) out.push(my(pm, []), my(pm, [1, 2]), fail(pm))
  if (po !== null) {
    const ids = c.myList.map((m) => m.id)
    out.push(my(po, ids.length >= 2 ? ids.slice(1) : [...ids, ids.includes(1) ? 2 : 1]), fail(po))
    if (c.confirmDelete !== null) out.push(my(po, [c.confirmDelete])) // another tab left only the track being confirmed
  }
  if (lib !== 'idle') out.push(my('music-99', [3])) // a stale answer
  if (lib === 'seedWait') out.push({ type: 'delay', ms: MUSIC_DELAYS.secondDownload - 1 }, { type: 'delay', ms: MUSIC_DELAYS.secondDownload })
  if (c.requests.count <= 4 && lib !== 'idle') out.push(loggedIn)
  if (lib === 'ready' && c.requests.count <= 4) {
    out.push({ type: 'music.downloadClicked', musicId: 3 }, { type: 'music.deleteClicked', musicId: c.myList[0]?.id ?? 1 })
  }
  if (c.confirmDelete !== null || c.notice !== null) out.push({ type: 'music.deleteConfirmed' }, { type: 'music.deleteCancelled' })
  if (lib === 'failed' && c.requests.count <= 4) out.push({ type: 'music.libraryOpened' })
  if (player(s) === 'starting') out.push({ type: 'music.audioStarted', play: c.playCount }, { type: 'music.pauseClicked' })
  if (player(s) === 'playing' && c.requests.count <= 4) out.push({ type: 'session.loggedOut', reason: 'logout' })
  return out
}

const playerEvents = (s: Snap): ModelEvent[] => {
  const [ps, pm] = [aw(s.context, 'sys'), aw(s.context, 'my')]
  const c = s.context
  const lib = library(s)
  const p = player(s)
  const out: ModelEvent[] = []
  if (lib === 'idle') out.push(site)
  if (ps !== null) out.push(sys(ps, SYS))
  if (pm !== null) out.push(my(pm, [1, 2]), my(pm, [1]))
  if (c.myList.length === 0) return out
  const more = c.playCount < 3 && c.pickCount < 2 // every event below that plays again is offered only while this holds
  if (more) {
    out.push({ type: 'music.playClicked' }, { type: 'music.nextClicked' })
    if (c.myList.length > 1) out.push({ type: 'music.playClicked', musicId: c.myList[1]!.id }, { type: 'music.previousClicked' })
  }
  if (p !== 'stopped' && p !== 'paused') out.push({ type: 'music.pauseClicked' })
  if (p === 'starting') {
    out.push({ type: 'music.audioStarted', play: c.playCount }, { type: 'music.audioFailed', play: c.playCount, reason: 'media error 4' }, { type: 'music.audioStarted', play: c.playCount - 1 })
    if (more) out.push({ type: 'music.audioBlocked', play: c.playCount })
  }
  if (p === 'playing') {
    out.push({ type: 'music.audioFailed', play: c.playCount, reason: 'media error 4' })
    if (more) out.push({ type: 'music.audioEnded', play: c.playCount })
  }
  if (p === 'blocked') out.push({ type: 'dom.clicked' })
  if (p === 'picking') out.push({ type: 'music.randomPicked', pick: c.pickCount, index: 1 }, { type: 'music.randomPicked', pick: c.pickCount - 1, index: 0 })
  if (c.playType !== 'dqxh' && more) out.push({ type: 'music.playTypeCycled' })
  if (more || c.pageHidden) out.push({ type: 'dom.visibilityChanged', visible: c.pageHidden })
  return out
}

const rootEvents = (s: Snap): ModelEvent[] => {
  const c = s.context
  const lib = library(s)
  const out: ModelEvent[] = []
  if (lib === 'idle') {
    out.push(site, appStarted, { ...site, musicShow: false })
    if (c.volume === 0.5) out.push({ type: 'music.volumeSet', volume: 0 })
    if (!c.settingsSettled) out.push({ type: 'music.settingsLoaded', settings: { playType: 'dqxh', volume: 0.2 } }, { type: 'music.settingsLoaded', settings: null })
    out.push(c.libraryOpen ? { type: 'music.libraryClosed' } : { type: 'music.libraryOpened' })
    if (c.tab === 1) out.push({ type: 'music.tabChosen', tab: 2 })
  }
  return out
}

/** The rules of spec §4 music, checked after every step of every path. */
const musicInvariants = () => {
  let before: Snap | null = null
  return ({ real, event, emitted, step }: { real: Snap; event: ModelEvent | null; emitted: ReadonlyArray<AnyEventObject>; step: number }) => {
    if (step === 0) before = null
    const c: MusicContext = real.context
    const prev = before
    before = real
    for (const e of emitted) {
      if (e.type === 'hall.requested') {
        expect(e['call']).toBe('musicList')
        const payload = e['payload'] as { reqType?: number; music_id?: number }
        if (payload.reqType === 2) expect(c.myList.some((m) => m.id === payload.music_id)).toBe(false)
        if (payload.reqType === 3) expect(c.myList.length).toBeGreaterThan(1) // the only track is never deleted
        if (payload.reqType === 2 && payload.music_id === SYS[1]!.id && library(prev!) === 'seedWait') {
          // The second automatic download comes 500 ms after the first.
          expect(event).toEqual({ type: 'delay', ms: MUSIC_DELAYS.secondDownload })
        }
      }
      if (e.type === 'music.audioRequested' && e['action'] === 'play') {
        expect(c.pageHidden).toBe(false) // nothing starts on a hidden page
        expect(c.myList.some((m) => m.oss_url === e['src'])).toBe(true)
        expect(e['play']).toBe(c.playCount)
      }
      if (e.type === 'music.randomRequested') {
        expect(c.playType).toBe('sj')
        expect(e['count']).toBe(c.myList.length)
      }
    }
    const p = player(real)
    if (p === 'playing' || p === 'starting') {
      expect(c.pageHidden).toBe(false)
      expect(c.myList.some((m) => m.id === c.currentId)).toBe(true)
      expect(c.playingId).toBe(c.currentId)
    }
    if (event?.type === 'dom.visibilityChanged' && !event.visible && prev !== null && ['playing', 'starting'].includes(player(prev))) {
      expect(p).toBe('hidden')
      expect(emitted).toContainEqual(expect.objectContaining({ type: 'music.audioRequested', action: 'pause' }))
    }
    if (event?.type === 'music.deleteClicked' && prev?.context.myList.length === 1) {
      expect(c.notice).toBe('onlyTrack')
      expect(c.confirmDelete).toBeNull()
    }
    if (event?.type === 'music.playTypeCycled' && prev !== null) {
      expect(emitted).toEqual([{ type: 'music.settingsChanged', settings: { playType: c.playType, volume: c.volume } }])
    }
    if (prev !== null && c.currentId !== null) expect(c.myList.some((m) => m.id === c.currentId)).toBe(true)
  }
}

const harness = (name: string, events: (s: Snap) => ModelEvent[]) =>
  modelHarness({
    name,
    machine: musicMachine,
    model: musicModel,
    events: events as never,
    check: musicInvariants(),
    limits: { traversal: 50_000, simplePaths: 30, paths: 3_000 },
    log: (line) => console.log(line.split('\n')[0]),
  })

const music = harness('music', libraryEvents)

describe('music actor model', () => {
  it('follows the model on every generated path; together the three runs cover every state, transition and branch', () => {
    const reports = [harness('music (library)', libraryEvents).run(), harness('music (player)', playerEvents).run(), harness('music (page)', rootEvents).run()]
    const uncoveredByAll = (k: 'states' | 'transitions' | 'branches') =>
      reports.map((r) => r[k].uncovered).reduce((acc, u) => acc.filter((x) => u.includes(x)))
    for (const k of ['states', 'transitions', 'branches'] as const) for (const u of uncoveredByAll(k)) console.log(`  uncovered ${k}: ${u}`)
    const total = reports[0]!
    const line = (k: 'states' | 'transitions' | 'branches') => `${k} ${total[k].total - uncoveredByAll(k).length}/${total[k].total}`
    console.log(`model music (union of 3 runs): ${line('states')}, ${line('transitions')}, ${line('branches')} (paths ${reports.reduce((n, r) => n + r.paths, 0)}, steps ${reports.reduce((n, r) => n + r.steps, 0)})`)
    expect(uncoveredByAll('states')).toEqual([])
    expect(uncoveredByAll('transitions')).toEqual([])
    expect(uncoveredByAll('branches')).toEqual([])
  }, 300_000)

  it('downloads the first system track, then the second 500 ms later, and plays at once when autoplay is on', () => {
    const { real, emitted } = music.runEvents([
      { ...site, musicAutoPlay: true },
      sys('music-1', SYS),
      my('music-2', []),
      my('music-3', [1]),
      { type: 'delay', ms: MUSIC_DELAYS.secondDownload },
      my('music-4', [1, 2]),
    ] as never)
    expect(emitted.filter((e) => e.type === 'hall.requested').map((e) => e['payload'])).toEqual([
      { reqType: 1 },
      { page: 1, pageLimit: 500 },
      { reqType: 2, music_id: 1 },
      { reqType: 2, music_id: 2 },
    ])
    expect(emitted).toContainEqual({ type: 'music.audioRequested', action: 'play', play: 1, src: '/audio/1.wav', resume: false, volume: 0.5 })
    expect(player(real)).toBe('starting')
  })
})
