import { Schema } from 'effect'
import type { EventOfType } from '../../schemas/events'
import { MusicSettings } from '../../schemas/events/music'
import type { Bus } from '../bus/bus'
import { hallOrigin } from './hall-runner'

/**
 * The music runners. The audio runner plays what the music actor commands
 * (`music.audioRequested`) on one audio element and reports what happened as facts: started,
 * blocked by the autoplay policy (then the first click on the page becomes `dom.clicked`), ended,
 * failed. It also answers `music.randomRequested` with a random index, so random play is a fact
 * in the log and replays exactly. The settings runner reads the persisted music settings at start
 * and writes them when they change. The audio element and the click listener sit behind small
 * ports, so the runners run in Node with fakes.
 */

/** Why a play attempt did not start: the autoplay policy, an interruption (a pause came first), or a failure. */
export type PlayOutcome = 'started' | 'blocked' | 'aborted' | { readonly failed: string }

/** What the runner needs of an audio element. */
export interface AudioPort {
  /** Plays src; from the start unless resuming the same src. Resolves with what happened. */
  play(src: string, fromStart: boolean, volume: number): Promise<PlayOutcome>
  pause(): void
  stop(): void
  /** Volume 0-1; 0 also mutes. */
  setVolume(volume: number): void
  /** Calls back when the track ends or fails to load; returns the unsubscribe. */
  onEnded(fn: () => void): () => void
  onError(fn: (reason: string) => void): () => void
}

/** One click anywhere on the page, once; returns a cancel. */
export type ClickPort = (fn: () => void) => () => void

/** The browser's audio element (one for the page). */
export const htmlAudioPort = (w: Window): AudioPort => {
  const audio = w.document.createElement('audio')
  audio.preload = 'auto'
  const setVolume = (volume: number) => {
    audio.volume = volume
    audio.muted = volume === 0
  }
  return {
    play: async (src, fromStart, volume) => {
      setVolume(volume)
      if (audio.src !== src) audio.src = src
      else if (fromStart) audio.currentTime = 0
      try {
        await audio.play()
        return 'started'
      } catch (e) {
        const name = e instanceof Error ? e.name : ''
        if (name === 'NotAllowedError') return 'blocked'
        if (name === 'AbortError') return 'aborted'
        return { failed: e instanceof Error ? `${e.name}: ${e.message}` : String(e) }
      }
    },
    pause: () => audio.pause(),
    stop: () => {
      audio.pause()
      audio.removeAttribute('src')
      audio.load()
    },
    setVolume,
    onEnded: (fn) => {
      audio.addEventListener('ended', fn)
      return () => audio.removeEventListener('ended', fn)
    },
    onError: (fn) => {
      const listener = () => {
        // An element without a source reports an error on load(); that is a stop, not a failure.
        if (audio.getAttribute('src') !== null) fn(`media error ${audio.error?.code ?? 0}`)
      }
      audio.addEventListener('error', listener)
      return () => audio.removeEventListener('error', listener)
    },
  }
}

/** The first click on the document, in the capture phase so it comes before the view's own handler. */
export const documentClicks =
  (d: Document): ClickPort =>
  (fn) => {
    const listener = () => fn()
    d.addEventListener('click', listener, { capture: true, once: true })
    return () => d.removeEventListener('click', listener, { capture: true })
  }

/** A random index below count, avoiding exclude when there is another choice. */
export const pickIndex = (random: number, count: number, exclude: number): number => {
  if (count <= 1) return 0
  if (exclude < 0 || exclude >= count) return Math.min(count - 1, Math.floor(random * count))
  const r = Math.min(count - 2, Math.floor(random * (count - 1)))
  return r >= exclude ? r + 1 : r
}

export interface AudioRunnerPorts {
  readonly audio: AudioPort
  readonly clicks: ClickPort
  /** A number in [0, 1). */
  readonly random: () => number
}

/** Starts the audio runner; returns its stop. */
export const startAudioRunner = (bus: Bus, ports: AudioRunnerPorts): (() => void) => {
  let origin = ''
  let current = 0
  let disarm: (() => void) | null = null
  const publish = (fact: EventOfType<'music.audioStarted' | 'music.audioBlocked' | 'music.audioEnded' | 'music.audioFailed' | 'music.randomPicked' | 'dom.clicked'>) =>
    bus.publish(fact, 'runner', 'audio')
  const resolve = (src: string): string => {
    try {
      return new URL(src, origin === '' ? undefined : origin).href
    } catch {
      return src
    }
  }
  const arm = () => {
    disarm?.()
    disarm = ports.clicks(() => {
      disarm = null
      publish({ type: 'dom.clicked' })
    })
  }
  const perform = (e: EventOfType<'music.audioRequested'>) => {
    if (e.action === 'volume') return ports.audio.setVolume(e.volume)
    if (e.action === 'pause') return ports.audio.pause()
    if (e.action === 'stop') return ports.audio.stop()
    current = e.play
    const play = e.play
    void ports.audio.play(resolve(e.src ?? ''), !e.resume, e.volume).then((outcome) => {
      if (outcome === 'aborted') return
      if (outcome === 'started') return publish({ type: 'music.audioStarted', play })
      if (outcome === 'blocked') {
        publish({ type: 'music.audioBlocked', play })
        return arm()
      }
      publish({ type: 'music.audioFailed', play, reason: outcome.failed })
    })
  }
  const offEnded = ports.audio.onEnded(() => publish({ type: 'music.audioEnded', play: current }))
  const offError = ports.audio.onError((reason) => publish({ type: 'music.audioFailed', play: current, reason }))
  const sub = bus.records$.subscribe(({ event }) => {
    if (event.type === 'app.started') origin = hallOrigin(event.site.configApiBaseUrl)
    else if (event.type === 'music.audioRequested') perform(event)
    else if (event.type === 'music.randomRequested') {
      publish({ type: 'music.randomPicked', pick: event.pick, index: pickIndex(ports.random(), event.count, event.exclude) })
    }
  })
  return () => {
    sub.unsubscribe()
    offEnded()
    offError()
    disarm?.()
    ports.audio.stop()
  }
}

/** Where the music settings are kept (Dexie prefs in the live system). */
export interface SettingsStore {
  load(): Promise<unknown>
  save(settings: MusicSettings): Promise<unknown>
}

const isSettings = Schema.is(MusicSettings)

/** Reads the stored settings once (publishing `music.settingsLoaded`) and writes every change; returns its stop. */
export const startMusicSettingsRunner = (bus: Bus, store: SettingsStore): (() => void) => {
  let stopped = false
  const sub = bus.records$.subscribe(({ event }) => {
    if (event.type === 'music.settingsChanged') void store.save(event.settings)
  })
  void store.load().then(
    (v) => {
      if (!stopped) bus.publish({ type: 'music.settingsLoaded', settings: isSettings(v) ? v : null }, 'runner', 'music-settings')
    },
    () => {
      if (!stopped) bus.publish({ type: 'music.settingsLoaded', settings: null }, 'runner', 'music-settings')
    },
  )
  return () => {
    stopped = true
    sub.unsubscribe()
  }
}
