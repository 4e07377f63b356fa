import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * The music player (spec §2 music library modal, §3 music item, §4 music, §9 volume default):
 * the player's intents, the audio element's answers and the random pick as facts, and the
 * commands the music actor gives the audio and settings runners as notices.
 */

/** Play types (spec §4): xhbf sequential, sj random, dqxh single repeat; the button cycles them in this order. */
export const PlayType = Schema.Literals(['xhbf', 'sj', 'dqxh'])
export type PlayType = typeof PlayType.Type

/** Library modal tabs (spec §2): 1 system music, 2 my music. */
export const MusicTab = Schema.Literals([1, 2])
export type MusicTab = typeof MusicTab.Type

/** Volume as the audio element takes it, 0 to 1 (0 mutes; default 0.5, spec §9). */
export const Volume = Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 1 }))

/** What is persisted across visits (Dexie prefs): the play type and the volume. */
export const MusicSettings = Schema.Struct({ playType: PlayType, volume: Volume })
export type MusicSettings = typeof MusicSettings.Type

const MusicId = Schema.Number
/** Numbers each command to the audio element, so a late answer about an earlier track is told apart. */
const PlayId = Schema.Number

// Intents -------------------------------------------------------------------------------------

/** The player opened the music library (header music button, personal-centre music entry). */
export const libraryOpened = defineEvent('music.libraryOpened', 'intent', 'The player opened the music library modal.', {})
/** The player closed the music library. */
export const libraryClosed = defineEvent('music.libraryClosed', 'intent', 'The player closed the music library modal.', {})
/** The player chose a library tab. */
export const tabChosen = defineEvent('music.tabChosen', 'intent', 'The player chose a music library tab (1 system music, 2 my music).', {
  tab: MusicTab,
})
/** Play: a track of my list, or (no musicId) the current track. */
export const playClicked = defineEvent('music.playClicked', 'intent', 'The player pressed play, on the player or on a track of my list.', {
  musicId: Schema.optionalKey(MusicId),
})
/** Pause. */
export const pauseClicked = defineEvent('music.pauseClicked', 'intent', 'The player pressed pause.', {})
/** Next track (random in sj mode). */
export const nextClicked = defineEvent('music.nextClicked', 'intent', 'The player asked for the next track.', {})
/** Previous track. */
export const previousClicked = defineEvent('music.previousClicked', 'intent', 'The player asked for the previous track.', {})
/** The play-type button: xhbf, then sj, then dqxh, then xhbf again. */
export const playTypeCycled = defineEvent('music.playTypeCycled', 'intent', 'The player pressed the play-type button (xhbf, sj, dqxh in turn).', {})
/** The volume slider, 0 to 100 (0 mutes). */
export const volumeSet = defineEvent('music.volumeSet', 'intent', 'The player moved the volume slider (0 to 100; 0 mutes).', {
  volume: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 })),
})
/** Download a system track into my list. */
export const downloadClicked = defineEvent('music.downloadClicked', 'intent', 'The player asked to add a system track to my music.', {
  musicId: MusicId,
})
/** Delete a track of my list (refused for the only track, otherwise a confirm follows). */
export const deleteClicked = defineEvent('music.deleteClicked', 'intent', 'The player asked to delete a track of my music.', {
  musicId: MusicId,
})
/** The player confirmed the delete. */
export const deleteConfirmed = defineEvent('music.deleteConfirmed', 'intent', 'The player confirmed deleting the track.', {})
/** The player cancelled the delete, or dismissed the refusal. */
export const deleteCancelled = defineEvent('music.deleteCancelled', 'intent', 'The player cancelled the delete or dismissed the only-track refusal.', {})

// Facts ---------------------------------------------------------------------------------------

/** The settings runner read the persisted settings at start (null: none stored). */
export const settingsLoaded = defineEvent('music.settingsLoaded', 'fact', 'The persisted music settings were read at start (null: none stored).', {
  settings: Schema.NullOr(MusicSettings),
})
/** The audio element started playing the commanded track. */
export const audioStarted = defineEvent('music.audioStarted', 'fact', 'The audio element started playing.', { play: PlayId })
/** The browser refused to start playback without a user gesture (autoplay policy). */
export const audioBlocked = defineEvent('music.audioBlocked', 'fact', 'The browser blocked playback until the player interacts with the page.', { play: PlayId })
/** The track played to its end. */
export const audioEnded = defineEvent('music.audioEnded', 'fact', 'The track played to its end.', { play: PlayId })
/** The track could not be loaded or played. */
export const audioFailed = defineEvent('music.audioFailed', 'fact', 'The track could not be loaded or played.', {
  play: PlayId,
  reason: Schema.String,
})
/** The random runner's answer to music.randomRequested: an index below count, not exclude. */
export const randomPicked = defineEvent('music.randomPicked', 'fact', 'A random track index for random play (sj), answering music.randomRequested.', {
  pick: Schema.Number,
  index: Schema.Int,
})
/** The first click on the page after playback was blocked (the audio runner listens only then). */
export const domClicked = defineEvent('dom.clicked', 'fact', 'The player clicked the page after playback was blocked (a user gesture).', {})

// Notices -------------------------------------------------------------------------------------

/** What the audio runner must do: play src (from the start when play is new), pause, stop, or set the volume. */
export const audioRequested = defineEvent('music.audioRequested', 'notice', 'The music actor commands the audio element: play, pause, stop or set the volume.', {
  action: Schema.Literals(['play', 'pause', 'stop', 'volume']),
  play: PlayId,
  /** The track's URL (oss_url); null for pause, stop and volume. */
  src: Schema.NullOr(Schema.String),
  /** Resume from where it paused instead of starting the track over. */
  resume: Schema.Boolean,
  volume: Volume,
})
/** The music actor needs a random index (random play): the runner answers music.randomPicked. */
export const randomRequested = defineEvent('music.randomRequested', 'notice', 'The music actor needs a random track index for random play.', {
  pick: Schema.Number,
  count: Schema.Int,
  /** The index of the current track, avoided when there is another (-1: none). */
  exclude: Schema.Int,
})
/** The settings to persist changed. */
export const settingsChanged = defineEvent('music.settingsChanged', 'notice', 'The music settings changed; the settings runner persists them.', {
  settings: MusicSettings,
})

/** The music events. */
export const musicEvents = [
  libraryOpened,
  libraryClosed,
  tabChosen,
  playClicked,
  pauseClicked,
  nextClicked,
  previousClicked,
  playTypeCycled,
  volumeSet,
  downloadClicked,
  deleteClicked,
  deleteConfirmed,
  deleteCancelled,
  settingsLoaded,
  audioStarted,
  audioBlocked,
  audioEnded,
  audioFailed,
  randomPicked,
  domClicked,
  audioRequested,
  randomRequested,
  settingsChanged,
] as const
