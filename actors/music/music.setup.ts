import { assign, enqueueActions, raise, setup } from 'xstate'
import { musicList } from '../../schemas/hall/calls/site'
import { answers, isAwaiting, request, settle } from '../kit'
import {
  MUSIC_DELAYS, MY_LIST_PAYLOAD, REQ_TYPE, autoPlayOf, currentIndex, keepCurrent, myListOf,
  nextPlayType, settingsOf, showOf, srcOf, stepTrack, sysListOf, trackAt,
  type MusicContext, type MusicEmitted, type MusicEvent,
} from './music.logic'

/**
 * The music actor's named implementations: its guards, actions and delay (music.machine.ts is the
 * statechart that names them).
 */

type Ctx = MusicContext
type Ev = MusicEvent

/** No download or delete in flight. */
const idle = (c: Ctx): boolean => !isAwaiting(c.requests, 'op')
const inMy = (c: Ctx, id: number | undefined | null): boolean => id != null && c.myList.some((m) => m.id === id)
const isPlay = (c: Ctx, e: Ev): boolean =>
  (e.type === 'music.audioStarted' || e.type === 'music.audioBlocked' || e.type === 'music.audioEnded' || e.type === 'music.audioFailed') &&
  e.play === c.playCount
/** The track a play click asks for: the one clicked, else the current one. */
const clickedTrack = (c: Ctx, e: Ev): number | null =>
  e.type === 'music.playClicked' && e.musicId !== undefined ? (inMy(c, e.musicId) ? e.musicId : null) : c.currentId

export const musicSetup = setup({
  types: { context: {} as Ctx, events: {} as Ev, emitted: {} as MusicEmitted },
  delays: { secondDownload: MUSIC_DELAYS.secondDownload },
  guards: {
    shown: ({ context, event: e }) => (e.type === 'site.ready' ? (e.musicShow ?? context.show) : context.show),
    sysAnswer: ({ context, event }) => event.type === 'hall.responded' && answers(context.requests, 'sys', event),
    myAnswer: ({ context, event }) => event.type === 'hall.responded' && answers(context.requests, 'my', event),
    listFailed: ({ context, event }) => event.type === 'hall.failed' && (answers(context.requests, 'sys', event) || answers(context.requests, 'my', event)),
    listsLoaded: ({ context }) => !isAwaiting(context.requests, 'sys') && !isAwaiting(context.requests, 'my'),
    mustSeed: ({ context }) => context.myList.length === 0 && context.sysList.length > 0,
    hasSecond: ({ context }) => context.sysList.length > 1 && !inMy(context, context.sysList[1]?.id),
    opAnswer: ({ context, event }) => event.type === 'hall.responded' && answers(context.requests, 'op', event),
    opFailed: ({ context, event }) => event.type === 'hall.failed' && answers(context.requests, 'op', event),
    canDownload: ({ context: c, event: e }) =>
      e.type === 'music.downloadClicked' && idle(c) && c.sysList.some((m) => m.id === e.musicId) && !inMy(c, e.musicId),
    onlyTrack: ({ context: c, event: e }) => e.type === 'music.deleteClicked' && inMy(c, e.musicId) && c.myList.length === 1,
    canDelete: ({ context: c, event: e }) => e.type === 'music.deleteClicked' && inMy(c, e.musicId) && idle(c),
    // The list may have changed since the confirm opened (another tab): the only track stays.
    confirming: ({ context: c }) => inMy(c, c.confirmDelete) && c.myList.length > 1 && idle(c),
    confirmOnly: ({ context: c }) => inMy(c, c.confirmDelete) && c.myList.length === 1,
    settingsOpen: ({ context }) => !context.settingsSettled,
    // player
    autoPlayDue: ({ context: c }) => c.autoPlay && !c.autoPlayed && c.currentId !== null,
    pageHidden: ({ context }) => context.pageHidden,
    listEmpty: ({ context }) => context.myList.length === 0,
    trackMoved: ({ context: c }) => c.currentId !== c.playingId,
    playable: ({ context, event }) => clickedTrack(context, event) !== null,
    otherTrack: ({ context: c, event: e }) => e.type === 'music.playClicked' && e.musicId !== undefined && inMy(c, e.musicId) && e.musicId !== c.playingId,
    hasTracks: ({ context }) => context.myList.length > 0,
    randomNext: ({ context: c }) => c.playType === 'sj' && c.myList.length > 1,
    repeatOne: ({ context: c }) => c.playType === 'dqxh',
    thisPlay: ({ context, event }) => isPlay(context, event),
    thisPick: ({ context: c, event: e }) => e.type === 'music.randomPicked' && e.pick === c.pickCount && trackAt(c, e.index) !== null,
    hidden: ({ event }) => event.type === 'dom.visibilityChanged' && !event.visible,
    visible: ({ event }) => event.type === 'dom.visibilityChanged' && event.visible,
  },
  actions: {
    takeInjected: assign(({ context, event: e }) => {
      if (e.type !== 'app.started' || !e.site.healthy) return {}
      return {
        show: showOf(e.site.injected?.['sysInfo']) ?? context.show,
        autoPlay: autoPlayOf(e.site.injected?.['siteInfo']) ?? context.autoPlay,
      }
    }),
    markSiteReady: assign(({ context, event: e }) =>
      e.type === 'site.ready' ? { siteReady: true, show: e.musicShow ?? context.show, autoPlay: e.musicAutoPlay ?? context.autoPlay } : { siteReady: true },
    ),
    requestLists: enqueueActions(({ context: c, enqueue }) => {
      // A reload drops the download or delete in flight: its answer would be an older list.
      const sys = request('music', settle(c.requests, 'op'), 'sys', musicList, { reqType: REQ_TYPE.system })
      const my = request('music', sys.requests, 'my', musicList, { ...MY_LIST_PAYLOAD })
      enqueue.assign({ requests: my.requests, confirmDelete: null })
      enqueue.emit(sys.notice)
      enqueue.emit(my.notice)
    }),
    takeSys: assign(({ context: c, event }) => (event.type === 'hall.responded' ? { sysList: sysListOf(event.data), requests: settle(c.requests, 'sys') } : {})),
    takeMy: assign(({ context: c, event }) => {
      if (event.type !== 'hall.responded') return {}
      const myList = myListOf(event.data)
      const confirmDelete = myList.some((m) => m.id === c.confirmDelete) ? c.confirmDelete : null
      return { myList, currentId: keepCurrent(c.myList, c.currentId, myList), requests: settle(c.requests, 'my', 'op'), confirmDelete }
    }),
    dropLists: assign(({ context: c }) => ({ requests: settle(c.requests, 'sys', 'my') })),
    download: enqueueActions(({ context: c, event: e, enqueue }, p: { seed: 0 | 1 } | null) => {
      const musicId = p === null ? (e.type === 'music.downloadClicked' ? e.musicId : null) : (c.sysList[p.seed]?.id ?? null)
      if (musicId === null) return
      const asked = request('music', c.requests, 'op', musicList, { reqType: REQ_TYPE.download, music_id: musicId })
      enqueue.assign({ requests: asked.requests })
      enqueue.emit(asked.notice)
    }),
    remove: enqueueActions(({ context: c, enqueue }) => {
      if (c.confirmDelete === null) return
      const asked = request('music', c.requests, 'op', musicList, { reqType: REQ_TYPE.remove, music_id: c.confirmDelete })
      enqueue.assign({ requests: asked.requests, confirmDelete: null })
      enqueue.emit(asked.notice)
    }),
    dropOp: assign(({ context: c }) => ({ requests: settle(c.requests, 'op'), notice: 'failed' as const })),
    listChanged: raise({ type: 'music.listChanged' }),
    refuseDelete: assign({ notice: 'onlyTrack', confirmDelete: null }),
    askDelete: assign(({ event }) => (event.type === 'music.deleteClicked' ? { confirmDelete: event.musicId, notice: null } : {})),
    clearDelete: assign({ confirmDelete: null, notice: null }),
    openLibrary: assign({ libraryOpen: true }),
    closeLibrary: assign({ libraryOpen: false, confirmDelete: null, notice: null }),
    chooseTab: assign(({ event }) => (event.type === 'music.tabChosen' ? { tab: event.tab } : {})),
    markVisibility: assign(({ event }) => (event.type === 'dom.visibilityChanged' ? { pageHidden: !event.visible } : {})),
    takeSettings: assign(({ event }) =>
      event.type === 'music.settingsLoaded' && event.settings !== null ? { ...event.settings, settingsSettled: true } : { settingsSettled: true },
    ),
    cyclePlayType: enqueueActions(({ context: c, enqueue }) => {
      const playType = nextPlayType(c.playType)
      enqueue.assign({ playType, settingsSettled: true })
      enqueue.emit({ type: 'music.settingsChanged', settings: { ...settingsOf(c), playType } })
    }),
    setVolume: enqueueActions(({ context: c, event: e, enqueue }) => {
      if (e.type !== 'music.volumeSet') return
      const volume = e.volume / 100
      enqueue.assign({ volume, settingsSettled: true })
      enqueue.emit({ type: 'music.audioRequested', action: 'volume', play: c.playCount, src: null, resume: false, volume })
      enqueue.emit({ type: 'music.settingsChanged', settings: { ...settingsOf(c), volume } })
    }),
    // player
    markAutoPlayed: assign({ autoPlayed: true }),
    chooseClicked: assign(({ context, event }) => ({ currentId: clickedTrack(context, event) })),
    chooseStep: assign(({ context }, step: 1 | -1) => ({ currentId: stepTrack(context, step) })),
    choosePicked: assign(({ context, event }) => (event.type === 'music.randomPicked' ? { currentId: trackAt(context, event.index) } : {})),
    /** Commands the audio element to play the current track; resume only when it is the track it paused. */
    play: enqueueActions(({ context: c, enqueue }, p: { resume: boolean }) => {
      const play = c.playCount + 1
      const resume = p.resume && c.playingId === c.currentId
      enqueue.assign({ playCount: play, playingId: c.currentId, notice: null })
      enqueue.emit({ type: 'music.audioRequested', action: 'play', play, src: srcOf(c, c.currentId), resume, volume: c.volume })
    }),
    command: enqueueActions(({ context: c, enqueue }, action: 'pause' | 'stop') => {
      enqueue.emit({ type: 'music.audioRequested', action, play: c.playCount, src: null, resume: false, volume: c.volume })
    }),
    requestPick: enqueueActions(({ context: c, enqueue }) => {
      const pick = c.pickCount + 1
      enqueue.assign({ pickCount: pick })
      enqueue.emit({ type: 'music.randomRequested', pick, count: c.myList.length, exclude: currentIndex(c) })
    }),
    failPlay: assign({ notice: 'failed', playingId: null }),
    forget: assign({ playingId: null }),
  },
})
