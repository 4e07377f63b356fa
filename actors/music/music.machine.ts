import { and, assign, enqueueActions, raise, setup } from 'xstate'
import {
  MUSIC_CALL, MUSIC_DELAYS, MY_LIST_PAYLOAD, REQ_TYPE, autoPlayOf, currentIndex, initialContext, keepCurrent, myListOf,
  nextPlayType, settingsOf, showOf, srcOf, stepTrack, sysListOf, trackAt,
  type MusicContext, type MusicEmitted, type MusicEvent,
} from './music.logic'

/**
 * The music player (spec §2 music library modal, §4 music, §9 volume default). Two parallel
 * regions: `library` (musicShow, the system list and my list from the hall, the automatic
 * download of the first two system tracks into an empty list, downloads and deletes) and `player`
 * (what the audio element should be doing: play types, pause on a hidden page, autoplay blocked
 * until the first click). The audio element, the random pick and the settings store are runners:
 * commands go out as notices, their answers come back as facts.
 *
 * Consumes: app.started, hall.responded, hall.failed, site.ready, session.loggedIn,
 *   session.loggedOut, dom.visibilityChanged, dom.clicked, every music.* intent and fact.
 * Emits: hall.requested, music.audioRequested, music.randomRequested, music.settingsChanged.
 */

type Ctx = MusicContext
type Ev = MusicEvent

const answerTo = (e: Ev, id: string | null): boolean =>
  (e.type === 'hall.responded' || e.type === 'hall.failed') && id !== null && e.requestId === id
const inMy = (c: Ctx, id: number | undefined | null): boolean => id != null && c.myList.some((m) => m.id === id)
const isPlay = (c: Ctx, e: Ev): boolean =>
  (e.type === 'music.audioStarted' || e.type === 'music.audioBlocked' || e.type === 'music.audioEnded' || e.type === 'music.audioFailed') &&
  e.play === c.playCount
/** The track a play click asks for: the one clicked, else the current one. */
const clickedTrack = (c: Ctx, e: Ev): number | null =>
  e.type === 'music.playClicked' && e.musicId !== undefined ? (inMy(c, e.musicId) ? e.musicId : null) : c.currentId

export const musicMachine = setup({
  types: { context: {} as Ctx, events: {} as Ev, emitted: {} as MusicEmitted },
  delays: { secondDownload: MUSIC_DELAYS.secondDownload },
  guards: {
    siteAnswer: ({ event: e }) => e.type === 'hall.responded' && (e.call === 'getSiteInfo' || e.call === 'getSysInfo'),
    shown: ({ context }) => context.show,
    sysAnswer: ({ context, event }) => event.type === 'hall.responded' && answerTo(event, context.pendingSys),
    myAnswer: ({ context, event }) => event.type === 'hall.responded' && answerTo(event, context.pendingMy),
    listFailed: ({ context, event }) => event.type === 'hall.failed' && (answerTo(event, context.pendingSys) || answerTo(event, context.pendingMy)),
    listsLoaded: ({ context }) => context.pendingSys === null && context.pendingMy === null,
    mustSeed: ({ context }) => context.myList.length === 0 && context.sysList.length > 0,
    hasSecond: ({ context }) => context.sysList.length > 1 && !inMy(context, context.sysList[1]?.id),
    opAnswer: ({ context, event }) => event.type === 'hall.responded' && answerTo(event, context.pendingOp),
    opFailed: ({ context, event }) => event.type === 'hall.failed' && answerTo(event, context.pendingOp),
    canDownload: ({ context: c, event: e }) =>
      e.type === 'music.downloadClicked' && c.pendingOp === null && c.sysList.some((m) => m.id === e.musicId) && !inMy(c, e.musicId),
    onlyTrack: ({ context: c, event: e }) => e.type === 'music.deleteClicked' && inMy(c, e.musicId) && c.myList.length === 1,
    canDelete: ({ context: c, event: e }) => e.type === 'music.deleteClicked' && inMy(c, e.musicId) && c.pendingOp === null,
    confirming: ({ context: c }) => c.confirmDelete !== null && c.pendingOp === null,
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
    takeFlags: assign(({ context, event: e }) => {
      if (e.type !== 'hall.responded') return {}
      return e.call === 'getSysInfo' ? { show: showOf(e.data) ?? context.show } : { autoPlay: autoPlayOf(e.data) ?? context.autoPlay }
    }),
    markSiteReady: assign({ siteReady: true }),
    requestLists: enqueueActions(({ context: c, enqueue }) => {
      const sys = `music-${c.requestCount + 1}`
      const my = `music-${c.requestCount + 2}`
      enqueue.assign({ requestCount: c.requestCount + 2, pendingSys: sys, pendingMy: my, pendingOp: null, confirmDelete: null })
      enqueue.emit({ type: 'hall.requested', requestId: sys, call: MUSIC_CALL, payload: { reqType: REQ_TYPE.system } })
      enqueue.emit({ type: 'hall.requested', requestId: my, call: MUSIC_CALL, payload: { ...MY_LIST_PAYLOAD } })
    }),
    takeSys: assign(({ event }) => (event.type === 'hall.responded' ? { sysList: sysListOf(event.data), pendingSys: null } : {})),
    takeMy: assign(({ context: c, event }) => {
      if (event.type !== 'hall.responded') return {}
      const myList = myListOf(event.data)
      return { myList, currentId: keepCurrent(c.myList, c.currentId, myList), pendingMy: null, pendingOp: null }
    }),
    dropLists: assign({ pendingSys: null, pendingMy: null }),
    download: enqueueActions(({ context: c, event: e, enqueue }, p: { seed: 0 | 1 } | null) => {
      const musicId = p === null ? (e.type === 'music.downloadClicked' ? e.musicId : null) : (c.sysList[p.seed]?.id ?? null)
      if (musicId === null) return
      const requestId = `music-${c.requestCount + 1}`
      enqueue.assign({ requestCount: c.requestCount + 1, pendingOp: requestId })
      enqueue.emit({ type: 'hall.requested', requestId, call: MUSIC_CALL, payload: { reqType: REQ_TYPE.download, music_id: musicId } })
    }),
    remove: enqueueActions(({ context: c, enqueue }) => {
      if (c.confirmDelete === null) return
      const requestId = `music-${c.requestCount + 1}`
      enqueue.assign({ requestCount: c.requestCount + 1, pendingOp: requestId, confirmDelete: null })
      enqueue.emit({ type: 'hall.requested', requestId, call: MUSIC_CALL, payload: { reqType: REQ_TYPE.remove, music_id: c.confirmDelete } })
    }),
    dropOp: assign({ pendingOp: null, notice: 'failed' }),
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
}).createMachine({
  id: 'music',
  context: initialContext,
  type: 'parallel',
  on: {
    'app.started': { actions: 'takeInjected' },
    'dom.visibilityChanged': { actions: 'markVisibility' },
    'music.settingsLoaded': { guard: 'settingsOpen', actions: 'takeSettings' },
    'music.playTypeCycled': { actions: 'cyclePlayType' },
    'music.volumeSet': { actions: 'setVolume' },
    'music.libraryOpened': { actions: 'openLibrary' },
    'music.libraryClosed': { actions: 'closeLibrary' },
    'music.tabChosen': { actions: 'chooseTab' },
  },
  states: {
    library: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'hall.responded': { guard: 'siteAnswer', actions: 'takeFlags' },
            'site.ready': [
              { guard: 'shown', target: 'active', actions: 'markSiteReady' },
              { target: 'off', actions: 'markSiteReady' },
            ],
          },
        },
        /** musicShow is off: no lists, no player, no entries. */
        off: {},
        active: {
          initial: 'loading',
          on: {
            'session.loggedIn': { target: '.loading', reenter: true },
            'session.loggedOut': { target: '.loading', reenter: true },
          },
          states: {
            loading: {
              entry: 'requestLists',
              on: {
                'hall.responded': [
                  { guard: 'sysAnswer', actions: 'takeSys', target: 'loaded' },
                  { guard: 'myAnswer', actions: 'takeMy', target: 'loaded' },
                ],
                'hall.failed': { guard: 'listFailed', target: 'failed', actions: 'dropLists' },
              },
            },
            loaded: {
              always: [
                { guard: 'listsLoaded', target: 'seeding' },
                { target: 'waiting' },
              ],
            },
            /** One list answered, the other not yet. */
            waiting: {
              on: {
                'hall.responded': [
                  { guard: 'sysAnswer', actions: 'takeSys', target: 'loaded' },
                  { guard: 'myAnswer', actions: 'takeMy', target: 'loaded' },
                ],
                'hall.failed': { guard: 'listFailed', target: 'failed', actions: 'dropLists' },
              },
            },
            seeding: {
              always: [{ guard: 'mustSeed', target: 'seedFirst' }, { target: 'ready' }],
            },
            /** my_list is empty: the first system track is downloaded (spec §4). */
            seedFirst: {
              entry: { type: 'download', params: { seed: 0 } },
              on: {
                'hall.responded': { guard: 'opAnswer', target: 'seedWait', actions: ['takeMy', 'listChanged'] },
                'hall.failed': { guard: 'opFailed', target: 'ready', actions: 'dropOp' },
              },
            },
            /** ... and the second 500 ms later. */
            seedWait: {
              after: {
                secondDownload: [{ guard: 'hasSecond', target: 'seedSecond' }, { target: 'ready' }],
              },
            },
            seedSecond: {
              entry: { type: 'download', params: { seed: 1 } },
              on: {
                'hall.responded': { guard: 'opAnswer', target: 'ready', actions: 'takeMy' },
                'hall.failed': { guard: 'opFailed', target: 'ready', actions: 'dropOp' },
              },
            },
            ready: {
              entry: 'listChanged',
              on: {
                'music.downloadClicked': { guard: 'canDownload', actions: { type: 'download', params: null } },
                'music.deleteClicked': [
                  { guard: 'onlyTrack', actions: 'refuseDelete' },
                  { guard: 'canDelete', actions: 'askDelete' },
                ],
                'music.deleteConfirmed': { guard: 'confirming', actions: 'remove' },
                'music.deleteCancelled': { actions: 'clearDelete' },
                'hall.responded': { guard: 'opAnswer', actions: ['takeMy', 'listChanged'] },
                'hall.failed': { guard: 'opFailed', actions: 'dropOp' },
              },
            },
            failed: {
              on: { 'music.libraryOpened': { target: 'loading' } },
            },
          },
        },
      },
    },
    player: {
      initial: 'stopped',
      on: {
        'music.playClicked': { guard: 'playable', target: '.starting', actions: ['chooseClicked', { type: 'play', params: { resume: true } }] },
        'music.nextClicked': [
          { guard: 'randomNext', target: '.picking', actions: 'requestPick' },
          { guard: 'hasTracks', target: '.starting', actions: [{ type: 'chooseStep', params: 1 }, { type: 'play', params: { resume: false } }] },
        ],
        'music.previousClicked': {
          guard: 'hasTracks', target: '.starting', actions: [{ type: 'chooseStep', params: -1 }, { type: 'play', params: { resume: false } }],
        },
        'music.listChanged': { guard: 'listEmpty', target: '.stopped', actions: [{ type: 'command', params: 'stop' }, 'forget'] },
      },
      states: {
        stopped: {
          on: {
            'music.listChanged': [
              { guard: 'listEmpty' },
              { guard: and(['autoPlayDue', 'pageHidden']), target: 'hidden', actions: 'markAutoPlayed' },
              { guard: 'autoPlayDue', target: 'starting', actions: ['markAutoPlayed', { type: 'play', params: { resume: false } }] },
            ],
          },
        },
        starting: {
          on: {
            'music.audioStarted': { guard: 'thisPlay', target: 'playing' },
            'music.audioBlocked': { guard: 'thisPlay', target: 'blocked' },
            'music.audioFailed': { guard: 'thisPlay', target: 'stopped', actions: 'failPlay' },
            'music.playClicked': [
              { guard: 'otherTrack', target: 'starting', reenter: true, actions: ['chooseClicked', { type: 'play', params: { resume: false } }] },
              {},
            ],
            'music.pauseClicked': { target: 'paused', actions: { type: 'command', params: 'pause' } },
            'dom.visibilityChanged': { guard: 'hidden', target: 'hidden', actions: { type: 'command', params: 'pause' } },
            'music.listChanged': { guard: 'trackMoved', target: 'starting', reenter: true, actions: { type: 'play', params: { resume: false } } },
          },
        },
        playing: {
          on: {
            'music.audioEnded': { guard: 'thisPlay', target: 'ended' },
            'music.audioFailed': { guard: 'thisPlay', target: 'stopped', actions: 'failPlay' },
            'music.playClicked': [
              { guard: 'otherTrack', target: 'starting', actions: ['chooseClicked', { type: 'play', params: { resume: false } }] },
              {},
            ],
            'music.pauseClicked': { target: 'paused', actions: { type: 'command', params: 'pause' } },
            'dom.visibilityChanged': { guard: 'hidden', target: 'hidden', actions: { type: 'command', params: 'pause' } },
            'music.listChanged': { guard: 'trackMoved', target: 'starting', actions: { type: 'play', params: { resume: false } } },
          },
        },
        /** The track ended: what comes next depends on the play type (spec §4). */
        ended: {
          always: [
            { guard: 'randomNext', target: 'picking', actions: 'requestPick' },
            { guard: 'repeatOne', target: 'starting', actions: { type: 'play', params: { resume: false } } },
            { target: 'starting', actions: [{ type: 'chooseStep', params: 1 }, { type: 'play', params: { resume: false } }] },
          ],
        },
        /** Random play: waiting for the random runner's pick (a fact, so replay is exact). */
        picking: {
          on: {
            'music.randomPicked': { guard: 'thisPick', target: 'picked', actions: 'choosePicked' },
            'music.pauseClicked': { target: 'paused' },
          },
        },
        picked: {
          always: [
            { guard: 'pageHidden', target: 'hidden', actions: 'forget' },
            { target: 'starting', actions: { type: 'play', params: { resume: false } } },
          ],
        },
        paused: {},
        /** Paused because the page was hidden while playing; plays on when it is visible again. */
        hidden: {
          on: {
            'dom.visibilityChanged': { guard: 'visible', target: 'starting', actions: { type: 'play', params: { resume: true } } },
            'music.pauseClicked': { target: 'paused' },
          },
        },
        /** The browser refused to play without a gesture: the first click on the page retries (spec §4). */
        blocked: {
          on: {
            'dom.clicked': { target: 'starting', actions: { type: 'play', params: { resume: true } } },
            'music.pauseClicked': { target: 'paused' },
          },
        },
      },
    },
  },
})
