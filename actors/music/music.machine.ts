import { and, not } from 'xstate'
import { initialContext } from './music.logic'
import { musicSetup } from './music.setup'

/**
 * The music player (spec §2 music library modal, §4 music, §9 volume default). Three parallel
 * regions: `library` (musicShow, the system list and my list from the hall, the automatic
 * download of the first two system tracks into an empty list, downloads and deletes) and `player`
 * (what the audio element should be doing: play types, pause on a hidden page, autoplay blocked
 * until the first click) and `page` (visibility, settings, volume, the modal). The audio element, the random pick and the settings store are runners:
 * commands go out as notices, their answers come back as facts.
 *
 * Consumes: app.started, hall.responded, hall.failed, site.ready, session.loggedIn,
 *   session.loggedOut, dom.visibilityChanged, dom.clicked, every music.* intent and fact.
 * Emits: hall.requested, music.audioRequested, music.randomRequested, music.settingsChanged.
 */

export const musicMachine = musicSetup.createMachine({
  id: 'music',
  context: initialContext,
  type: 'parallel',
  states: {
    library: {
      initial: 'idle',
      states: {
        idle: {
          on: {
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
                  { guard: 'myAnswer', actions: ['takeMy', 'listChanged'], target: 'loaded' },
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
                  { guard: 'myAnswer', actions: ['takeMy', 'listChanged'], target: 'loaded' },
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
                'hall.responded': { guard: 'opAnswer', target: 'ready', actions: ['takeMy', 'listChanged'] },
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
                'music.deleteConfirmed': [
                  { guard: 'confirming', actions: 'remove' },
                  { guard: 'confirmOnly', actions: 'refuseDelete' },
                ],
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
    /**
     * The page around the player: visibility, the stored settings, play type and volume, the
     * library modal. A region of its own so its handlers run whatever the other regions do (a
     * parallel machine's own handlers would run only when no region takes the event).
     */
    page: {
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
    },
    player: {
      initial: 'stopped',
      on: {
        // Nothing starts on a hidden page: the choice is kept and plays when the page is visible.
        'music.playClicked': [
          { guard: and(['playable', 'pageHidden']), target: '.hidden', actions: 'chooseClicked' },
          { guard: 'playable', target: '.starting', actions: ['chooseClicked', { type: 'play', params: { resume: true } }] },
        ],
        'music.nextClicked': [
          { guard: 'randomNext', target: '.picking', actions: 'requestPick' },
          { guard: and(['hasTracks', 'pageHidden']), target: '.hidden', actions: { type: 'chooseStep', params: 1 } },
          { guard: 'hasTracks', target: '.starting', actions: [{ type: 'chooseStep', params: 1 }, { type: 'play', params: { resume: false } }] },
        ],
        'music.previousClicked': [
          { guard: and(['hasTracks', 'pageHidden']), target: '.hidden', actions: { type: 'chooseStep', params: -1 } },
          { guard: 'hasTracks', target: '.starting', actions: [{ type: 'chooseStep', params: -1 }, { type: 'play', params: { resume: false } }] },
        ],
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
            'music.listChanged': [
              { guard: 'listEmpty', target: 'stopped', actions: [{ type: 'command', params: 'stop' }, 'forget'] },
              { guard: 'trackMoved', target: 'starting', reenter: true, actions: { type: 'play', params: { resume: false } } },
            ],
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
            'music.listChanged': [
              { guard: 'listEmpty', target: 'stopped', actions: [{ type: 'command', params: 'stop' }, 'forget'] },
              { guard: 'trackMoved', target: 'starting', actions: { type: 'play', params: { resume: false } } },
            ],
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
            'dom.clicked': { guard: not('pageHidden'), target: 'starting', actions: { type: 'play', params: { resume: true } } },
            'music.pauseClicked': { target: 'paused' },
          },
        },
      },
    },
  },
})
