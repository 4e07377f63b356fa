import { describe, expect, it } from 'vitest'
import {
  MUSIC_DELAYS, selectConfirmDelete, selectCurrentTrack, selectIsPlaying, selectLibraryPhase, selectMusicNotice, selectMusicShown,
  selectMuted, selectMyList, selectPlayType, selectPlayerPhase, selectVolumePercent,
} from '../../../../actors/music'
import {
  SYS, blocked, ended, failed, intent, myAnswer, picked, playCmd, readyWith, siteReady, siteReadyWith, started, startMusic, sysAnswer, track,
  visibility,
} from './support'

const request = (requestId: string, payload: unknown) => ({ type: 'hall.requested', requestId, call: 'musicList', payload })

describe('music actor: the library', () => {
  it('asks for the system list (reqType 1) and my list (page 1, 500) once the site is ready', () => {
    const m = startMusic()
    expect(m.drain()).toEqual([])
    m.send(siteReadyWith({ musicShow: true }))
    expect(m.drain()).toEqual([request('music-1', { reqType: 1 }), request('music-2', { page: 1, pageLimit: 500 })])
    expect(m.library()).toBe('loading')
    expect(selectLibraryPhase(m.snapshot())).toBe('loading')
    expect(selectMusicShown(m.snapshot())).toBe(true)
  })

  it('does nothing and hides its entries when musicShow is off', () => {
    const m = startMusic()
    m.send(siteReadyWith({ musicShow: false }))
    expect(m.drain()).toEqual([])
    expect(m.library()).toBe('off')
    expect(selectMusicShown(m.snapshot())).toBe(false)
  })

  it('takes musicShow from the injected system info when the page is healthy', () => {
    const m = startMusic()
    m.send({
      type: 'app.started', appVersion: '0', storedLanguage: null, device: 'desktop', viewport: { width: 1, height: 1 }, url: 'http://x/',
      site: { siteCode: '001', configApiBaseUrl: 'http://x', siteKey: 'k', languageCode: 'en_US', healthy: true, injected: { sysInfo: { musicShow: 'close' }, siteInfo: { musicAutoPlay: 1 } } },
    })
    expect(m.snapshot().context.show).toBe(false)
    expect(m.snapshot().context.autoPlay).toBe(true)
  })

  it('downloads the first system track into an empty list, and the second 500 ms later', () => {
    const m = startMusic()
    m.send(siteReady)
    m.drain()
    m.send(myAnswer('music-2', []), sysAnswer('music-1'))
    expect(m.drain()).toEqual([request('music-3', { reqType: 2, music_id: 1 })])
    expect(m.library()).toBe('seedFirst')
    m.send(myAnswer('music-3', [track(1)]))
    expect(m.library()).toBe('seedWait')
    expect(selectCurrentTrack(m.snapshot())?.id).toBe(1)
    m.clock.increment(MUSIC_DELAYS.secondDownload - 1)
    expect(m.drain()).toEqual([])
    m.clock.increment(1)
    expect(m.drain()).toEqual([request('music-4', { reqType: 2, music_id: 2 })])
    m.send(myAnswer('music-4', [track(1), track(2)]))
    expect(m.library()).toBe('ready')
    expect(selectMyList(m.snapshot()).map((t) => t.id)).toEqual([1, 2])
  })

  it('does not download when my list has tracks, and fails over to a retry when the library opens', () => {
    const m = startMusic()
    m.send(siteReady, sysAnswer('music-1'), failed('music-2'))
    expect(m.library()).toBe('failed')
    m.drain()
    m.send(intent('music.libraryOpened'))
    expect(m.drain()).toEqual([request('music-3', { reqType: 1 }), request('music-4', { page: 1, pageLimit: 500 })])
    m.send(myAnswer('music-4', [track(3)]), sysAnswer('music-3'))
    expect(m.library()).toBe('ready')
    expect(m.drain()).toEqual([])
  })

  it('refuses to delete the only track, and confirms any other delete', () => {
    const m = readyWith([track(1)])
    m.drain()
    m.send(intent('music.deleteClicked', { musicId: 1 }))
    expect(selectMusicNotice(m.snapshot())).toBe('onlyTrack')
    expect(selectConfirmDelete(m.snapshot())).toBeNull()
    expect(m.drain()).toEqual([])
    m.send(intent('music.deleteCancelled'))
    expect(selectMusicNotice(m.snapshot())).toBeNull()

    m.send(intent('music.downloadClicked', { musicId: 2 }))
    expect(m.drain()).toEqual([request('music-3', { reqType: 2, music_id: 2 })])
    m.send(intent('music.downloadClicked', { musicId: 3 }))
    expect(m.drain()).toEqual([]) // one operation at a time
    m.send(myAnswer('music-3', [track(1), track(2)]))
    m.send(intent('music.deleteClicked', { musicId: 1 }))
    expect(selectConfirmDelete(m.snapshot())?.id).toBe(1)
    m.send(intent('music.deleteConfirmed'))
    expect(m.drain()).toEqual([request('music-4', { reqType: 3, music_id: 1 })])
    m.send(myAnswer('music-4', [track(2)]))
    expect(selectMyList(m.snapshot()).map((t) => t.id)).toEqual([2])
    expect(selectCurrentTrack(m.snapshot())?.id).toBe(2)
  })

  it('reloads both lists when the session changes', () => {
    const m = readyWith([track(1)])
    m.drain()
    m.send({ type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false })
    expect(m.drain()).toEqual([request('music-3', { reqType: 1 }), request('music-4', { page: 1, pageLimit: 500 })])
  })
})

describe('music actor: the player', () => {
  it('plays on a click, pauses, and resumes the same track', () => {
    const m = readyWith([track(1), track(2)])
    m.drain()
    m.send(intent('music.playClicked', {}))
    expect(m.drain()).toEqual([playCmd(1, 1)])
    expect(selectIsPlaying(m.snapshot())).toBe(true)
    m.send(started(1))
    expect(m.player()).toBe('playing')
    m.send(intent('music.pauseClicked'))
    expect(m.drain()).toEqual([{ type: 'music.audioRequested', action: 'pause', play: 1, src: null, resume: false, volume: 0.5 }])
    m.send(intent('music.playClicked', {}))
    expect(m.drain()).toEqual([playCmd(2, 1, true)])
  })

  it('autoplays when musicAutoPlay is on, and retries on the first click when the browser blocks it', () => {
    const m = readyWith([track(1)], { autoPlay: 1 })
    expect(m.drain()).toContainEqual(playCmd(1, 1))
    m.send(blocked(1))
    expect(selectPlayerPhase(m.snapshot())).toBe('blocked')
    m.send({ type: 'dom.clicked' })
    expect(m.drain()).toEqual([playCmd(2, 1, true)])
    m.send(blocked(1)) // stale
    expect(m.player()).toBe('starting')
  })

  it('pauses when the page is hidden and plays on when it is visible again; a paused player stays paused', () => {
    const m = readyWith([track(1)])
    m.send(intent('music.playClicked', {}), started(1))
    m.drain()
    m.send(visibility(false))
    expect(m.player()).toBe('hidden')
    expect(m.drain()).toEqual([{ type: 'music.audioRequested', action: 'pause', play: 1, src: null, resume: false, volume: 0.5 }])
    m.send(visibility(true))
    expect(m.drain()).toEqual([playCmd(2, 1, true)])
    m.send(started(2), intent('music.pauseClicked'), visibility(false), visibility(true))
    expect(m.player()).toBe('paused')
  })

  it('cycles the play types xhbf, sj, dqxh and persists each', () => {
    const m = readyWith([track(1)])
    m.drain()
    const types = [1, 2, 3].map(() => {
      m.send(intent('music.playTypeCycled'))
      return selectPlayType(m.snapshot())
    })
    expect(types).toEqual(['sj', 'dqxh', 'xhbf'])
    expect(m.drain()).toEqual(types.map((playType) => ({ type: 'music.settingsChanged', settings: { playType, volume: 0.5 } })))
  })

  it('plays on sequentially (xhbf), repeats one (dqxh), and picks at random from a fact (sj)', () => {
    const m = readyWith([track(1), track(2), track(3)])
    m.send(intent('music.playClicked', {}), started(1), ended(1))
    expect(selectCurrentTrack(m.snapshot())?.id).toBe(2)
    m.send(intent('music.playTypeCycled'), intent('music.playTypeCycled'), started(2), ended(2))
    expect(selectCurrentTrack(m.snapshot())?.id).toBe(2) // dqxh
    m.drain()
    m.send(intent('music.playTypeCycled'), intent('music.playTypeCycled'), started(3), ended(3)) // sj
    expect(m.player()).toBe('picking')
    expect(m.drain()).toContainEqual({ type: 'music.randomRequested', pick: 1, count: 3, exclude: 1 })
    m.send(picked(1, 2))
    expect(selectCurrentTrack(m.snapshot())?.id).toBe(3)
    expect(m.drain()).toContainEqual(playCmd(4, 3))
  })

  it('sets the volume 0 to 100, 0 muting, default half', () => {
    const m = readyWith([track(1)])
    expect(selectVolumePercent(m.snapshot())).toBe(50)
    m.drain()
    m.send(intent('music.volumeSet', { volume: 0 }))
    expect(selectMuted(m.snapshot())).toBe(true)
    expect(m.drain()).toEqual([
      { type: 'music.audioRequested', action: 'volume', play: 0, src: null, resume: false, volume: 0 },
      { type: 'music.settingsChanged', settings: { playType: 'xhbf', volume: 0 } },
    ])
    m.send({ type: 'music.settingsLoaded', settings: { playType: 'sj', volume: 1 } })
    expect(selectVolumePercent(m.snapshot())).toBe(0) // the player's own change wins over a late load
  })

  it('takes stored settings at start', () => {
    const m = startMusic()
    m.send({ type: 'music.settingsLoaded', settings: { playType: 'dqxh', volume: 0.2 } })
    expect(selectPlayType(m.snapshot())).toBe('dqxh')
    expect(selectVolumePercent(m.snapshot())).toBe(20)
  })

  it('moves to the next track when the playing one is deleted', () => {
    const m = readyWith([track(1), track(2)])
    m.send(intent('music.playClicked', {}), started(1), intent('music.deleteClicked', { musicId: 1 }), intent('music.deleteConfirmed'))
    m.drain()
    m.send(myAnswer('music-3', [track(2)]))
    expect(m.drain()).toEqual([playCmd(2, 2)])
  })

  it('ignores the system list when it is empty and keeps the player stopped', () => {
    const m = startMusic()
    m.send(siteReady, sysAnswer('music-1', []), myAnswer('music-2', []))
    expect(m.library()).toBe('ready')
    m.send(intent('music.playClicked', {}))
    expect(m.player()).toBe('stopped')
    expect(SYS.length).toBe(3)
  })

  it('waits for a delayed autoplay while the page is hidden', () => {
    const m = startMusic()
    m.send(visibility(false), siteReadyWith({ musicAutoPlay: true }), sysAnswer('music-1'), myAnswer('music-2', [track(1)]))
    expect(m.player()).toBe('hidden')
    m.drain()
    m.send(visibility(true))
    expect(m.drain()).toEqual([playCmd(1, 1)])
  })
})

describe('music actor: rules the model tests found', () => {
  it('refuses a confirmed delete when the list shrank to that one track meanwhile', () => {
    const m = readyWith([track(1), track(2)])
    m.send(intent('music.deleteClicked', { musicId: 1 }), intent('music.downloadClicked', { musicId: 3 }))
    m.drain()
    m.send(myAnswer('music-3', [track(1)])) // another tab deleted track 2
    m.send(intent('music.deleteConfirmed'))
    expect(m.drain()).toEqual([])
    expect(selectMusicNotice(m.snapshot())).toBe('onlyTrack')
  })

  it('keeps a choice made while the page is hidden and plays it when the page is visible', () => {
    const m = readyWith([track(1), track(2)])
    m.send(visibility(false))
    m.drain()
    m.send(intent('music.nextClicked'))
    expect(m.player()).toBe('hidden')
    expect(m.drain()).toEqual([])
    m.send(visibility(true))
    expect(m.drain()).toEqual([playCmd(1, 2)])
  })

  it('stops when a reload empties my list while playing', () => {
    const m = readyWith([track(1)])
    m.send(intent('music.playClicked', {}), started(1))
    m.send({ type: 'session.loggedOut', reason: 'logout' })
    m.drain()
    m.send(myAnswer('music-4', []))
    expect(m.player()).toBe('stopped')
    expect(m.drain()).toContainEqual({ type: 'music.audioRequested', action: 'stop', play: 1, src: null, resume: false, volume: 0.5 })
  })
})
