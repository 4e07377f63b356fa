import { isAwaiting } from '../kit'
import type { SnapshotFrom } from 'xstate'
import type { MusicItem } from '../../schemas/hall/calls/site'
import type { musicMachine } from './music.machine'

type MusicSnapshot = SnapshotFrom<typeof musicMachine>

/** What the player is doing, for the play/pause button and the track line. */
export type PlayerPhase = 'stopped' | 'starting' | 'playing' | 'paused' | 'hidden' | 'blocked' | 'picking'

const playerValue = (s: MusicSnapshot): string => {
  const v = (s.value as { player?: unknown }).player
  return typeof v === 'string' ? v : 'stopped'
}

/** The header music button and the personal-centre entry show only when musicShow is on and the site is ready. */
export const selectMusicShown = (s: MusicSnapshot): boolean => s.context.show && s.context.siteReady

/** The player's phase; transient states read as what they lead to. */
export const selectPlayerPhase = (s: MusicSnapshot): PlayerPhase => {
  const v = playerValue(s)
  if (v === 'ended' || v === 'picked') return 'starting'
  return v as PlayerPhase
}

/** Playing or about to: the button offers pause. */
export const selectIsPlaying = (s: MusicSnapshot): boolean => {
  const p = selectPlayerPhase(s)
  return p === 'playing' || p === 'starting' || p === 'picking'
}

/** The library's phase: loading the lists, ready, failed (retried when the library opens), or off. */
export const selectLibraryPhase = (s: MusicSnapshot): 'idle' | 'off' | 'loading' | 'ready' | 'failed' => {
  const lib = (s.value as { library?: unknown }).library
  if (lib === 'idle' || lib === 'off') return lib
  const inner = typeof lib === 'object' && lib !== null ? (lib as { active?: unknown }).active : undefined
  if (inner === 'failed') return 'failed'
  if (inner === 'ready' || inner === 'seedWait' || inner === 'seedSecond') return 'ready'
  return 'loading'
}

/** The system music (tab 1). */
export const selectSystemList = (s: MusicSnapshot): ReadonlyArray<MusicItem> => s.context.sysList
/** My music (tab 2). */
export const selectMyList = (s: MusicSnapshot): ReadonlyArray<MusicItem> => s.context.myList
/** The track the player is on, or null. */
export const selectCurrentTrack = (s: MusicSnapshot): MusicItem | null => s.context.myList.find((m) => m.id === s.context.currentId) ?? null
/** The play type (xhbf, sj, dqxh). */
export const selectPlayType = (s: MusicSnapshot) => s.context.playType
/** The volume as the slider shows it, 0 to 100. */
export const selectVolumePercent = (s: MusicSnapshot): number => Math.round(s.context.volume * 100)
/** Volume 0 mutes (spec §5). */
export const selectMuted = (s: MusicSnapshot): boolean => s.context.volume === 0
/** The library modal is open, and on which tab. */
export const selectLibraryOpen = (s: MusicSnapshot): boolean => s.context.libraryOpen
export const selectTab = (s: MusicSnapshot) => s.context.tab
/** The track waiting for the delete confirm, or null. */
export const selectConfirmDelete = (s: MusicSnapshot): MusicItem | null =>
  s.context.confirmDelete === null ? null : (s.context.myList.find((m) => m.id === s.context.confirmDelete) ?? null)
/** The refusal or failure to tell the player ('onlyTrack', 'failed'), or null. */
export const selectMusicNotice = (s: MusicSnapshot) => s.context.notice
/** A download or delete is in flight (its buttons wait). */
export const selectBusy = (s: MusicSnapshot): boolean => isAwaiting(s.context.requests, 'op')
/** Whether a system track is already in my list (its download button becomes 'downloaded'). */
export const selectInMyList = (s: MusicSnapshot, id: number): boolean => s.context.myList.some((m) => m.id === id)
