import { describe, expect, it } from 'vitest'
import type { LobbyEvent } from '../../../../schemas/events'
import { Bus } from '../../../../src/bus/bus'
import { pickIndex, startAudioRunner, startMusicSettingsRunner, type AudioPort, type PlayOutcome } from '../../../../src/effects/audio'

/** An audio element in memory: each play resolves with the next scripted outcome. */
const fakeAudio = (outcomes: PlayOutcome[]) => {
  const calls: string[] = []
  let ended: () => void = () => {}
  const port: AudioPort = {
    play: (src, fromStart, volume) => {
      calls.push(`play ${src} ${fromStart ? 'start' : 'resume'} ${volume}`)
      return Promise.resolve(outcomes.shift() ?? 'started')
    },
    pause: () => calls.push('pause'),
    stop: () => calls.push('stop'),
    setVolume: (v) => calls.push(`volume ${v}`),
    onEnded: (fn) => {
      ended = fn
      return () => {}
    },
    onError: () => () => {},
  }
  return { port, calls, end: () => ended() }
}

const setup = (outcomes: PlayOutcome[] = [], random = 0.5) => {
  const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
  const facts: LobbyEvent[] = []
  bus.records$.subscribe((r) => {
    if (r.kind === 'fact') facts.push(r.event)
  })
  const audio = fakeAudio(outcomes)
  let click: (() => void) | null = null
  const stop = startAudioRunner(bus, {
    audio: audio.port,
    clicks: (fn) => {
      click = fn
      return () => (click = null)
    },
    random: () => random,
  })
  const command = (action: 'play' | 'pause' | 'stop' | 'volume', play: number, src: string | null = null, resume = false) =>
    bus.publish({ type: 'music.audioRequested', action, play, src, resume, volume: 0.5 }, 'actor', 'music')
  const once = () => {
    const fn = click
    click = null
    fn?.()
  }
  return { bus, facts, audio, command, click: once, armed: () => click !== null, stop }
}

/** Lets the fake's resolved promises and the runner's reactions run. */
const tick = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

describe('audio runner', () => {
  it('plays relative to the hall origin and reports the start, the end, and the commands', async () => {
    const r = setup()
    r.bus.publish(
      {
        type: 'app.started', appVersion: '0', storedLanguage: null, device: 'desktop', viewport: { width: 1, height: 1 }, url: 'http://x/',
        site: { siteCode: '001', configApiBaseUrl: 'http://hall.test:8080/hall', siteKey: 'k', languageCode: 'en_US', healthy: false },
      },
      'runner',
      'page',
    )
    r.command('play', 1, '/audio/river.wav')
    await tick()
    expect(r.facts.at(-1)).toEqual({ type: 'music.audioStarted', play: 1 })
    r.audio.end()
    expect(r.facts.at(-1)).toEqual({ type: 'music.audioEnded', play: 1 })
    r.command('pause', 1)
    r.command('volume', 1)
    r.command('play', 2, '/audio/river.wav', true)
    expect(r.audio.calls).toEqual(['play http://hall.test:8080/audio/river.wav start 0.5', 'pause', 'volume 0.5', 'play http://hall.test:8080/audio/river.wav resume 0.5'])
  })

  it('reports a blocked autoplay and turns the next click into dom.clicked, once', async () => {
    const r = setup(['blocked'])
    r.command('play', 1, 'http://a/x.wav')
    await tick()
    expect(r.facts).toEqual([{ type: 'music.audioBlocked', play: 1 }])
    expect(r.armed()).toBe(true)
    r.click()
    expect(r.facts.at(-1)).toEqual({ type: 'dom.clicked' })
    expect(r.armed()).toBe(false)
  })

  it('says nothing for an interrupted play and reports a failure', async () => {
    const r = setup(['aborted', { failed: 'NotSupportedError' }])
    r.command('play', 1, 'http://a/x.wav')
    r.command('play', 2, 'http://a/y.wav')
    await tick()
    expect(r.facts).toEqual([{ type: 'music.audioFailed', play: 2, reason: 'NotSupportedError' }])
  })

  it('answers a random request with a fact that avoids the current track', () => {
    const r = setup([], 0.99)
    r.bus.publish({ type: 'music.randomRequested', pick: 4, count: 3, exclude: 2 }, 'actor', 'music')
    expect(r.facts).toEqual([{ type: 'music.randomPicked', pick: 4, index: 1 }])
    expect([0, 0.34, 0.67, 0.99].map((x) => pickIndex(x, 3, 0))).toEqual([1, 1, 2, 2])
    expect(pickIndex(0.99, 3, -1)).toBe(2)
    expect(pickIndex(0.5, 1, 0)).toBe(0)
  })
})

describe('music settings runner', () => {
  it('publishes what is stored (null when it is not settings) and saves every change', async () => {
    const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
    const facts: LobbyEvent[] = []
    bus.records$.subscribe((r) => facts.push(r.event))
    const saved: unknown[] = []
    startMusicSettingsRunner(bus, { load: () => Promise.resolve({ playType: 'sj', volume: 0.3 }), save: (s) => Promise.resolve(saved.push(s)) })
    await tick()
    expect(facts).toEqual([{ type: 'music.settingsLoaded', settings: { playType: 'sj', volume: 0.3 } }])
    bus.publish({ type: 'music.settingsChanged', settings: { playType: 'dqxh', volume: 0 } }, 'actor', 'music')
    expect(saved).toEqual([{ playType: 'dqxh', volume: 0 }])

    const bad = new Bus({ now: () => 0, onInvalid: 'throw' })
    const got: LobbyEvent[] = []
    bad.records$.subscribe((r) => got.push(r.event))
    startMusicSettingsRunner(bad, { load: () => Promise.resolve({ volume: 7 }), save: () => Promise.resolve() })
    await tick()
    expect(got).toEqual([{ type: 'music.settingsLoaded', settings: null }])
  })
})
