import type { ActorSpec } from '../spec'
import { musicMachine } from './music.machine'

/**
 * The music actor: the system list and my list from the hall, the automatic download of the first
 * two system tracks into an empty list, downloads and deletes (the only track cannot be deleted),
 * the play types, pause on a hidden page, autoplay blocked until the first click, the volume and
 * the persisted settings (spec §2, §4 music, §9). It commands the audio runner with
 * `music.audioRequested` and takes its answers, and the random pick of random play, as facts.
 */
export const musicActor = {
  id: 'music',
  machine: musicMachine,
  consumes: [
    'app.started',
    'site.ready',
    'session.loggedIn',
    'session.loggedOut',
    'hall.responded',
    'hall.failed',
    'dom.visibilityChanged',
    'dom.clicked',
    'music.libraryOpened',
    'music.libraryClosed',
    'music.tabChosen',
    'music.playClicked',
    'music.pauseClicked',
    'music.nextClicked',
    'music.previousClicked',
    'music.playTypeCycled',
    'music.volumeSet',
    'music.downloadClicked',
    'music.deleteClicked',
    'music.deleteConfirmed',
    'music.deleteCancelled',
    'music.settingsLoaded',
    'music.audioStarted',
    'music.audioBlocked',
    'music.audioEnded',
    'music.audioFailed',
    'music.randomPicked',
  ],
} as const satisfies ActorSpec

/** The music statechart, as the system starts it. */
export { musicMachine } from './music.machine'
/** The music call, its reqType values, the delays and defaults, and the pure rules, for tests and runners. */
export {
  MUSIC_CALL, REQ_TYPE, MY_LIST_PAYLOAD, MUSIC_DELAYS, PLAY_TYPES, DEFAULT_SETTINGS, nextPlayType, keepCurrent, stepTrack,
} from './music.logic'
/** The music actor's context, the events it takes and emits. */
export type { MusicContext, MusicEvent, MusicEmitted, MusicNotice } from './music.logic'
export * from './music.selectors'
