import { noRequests, type Requests } from '../kit'
import type { EventOfType } from '../../schemas/events'
import type { MusicSettings, MusicTab, PlayType } from '../../schemas/events/music'
import type { MusicItem } from '../../schemas/hall/calls/site'

/**
 * The music actor's context, the events it takes and emits, and the pure rules it applies
 * (spec §4 music, §9 volume default): which track comes next, what a hall answer holds, what the
 * site and system info say about music.
 */

/** The hall call of the library (schemas/hall/calls musicList) and its reqType values. */
export const MUSIC_CALL = 'musicList'
export const REQ_TYPE = { system: 1, download: 2, remove: 3 } as const
/** The list is read in one page (spec §7.3, §9: page 1, pageLimit 500). */
export const MY_LIST_PAYLOAD = { page: 1, pageLimit: 500 } as const

/** Delays (spec §4: the second system track is downloaded 500 ms after the first). */
export const MUSIC_DELAYS = { secondDownload: 500 } as const

/** The play-type button's order (spec §4). */
export const PLAY_TYPES: ReadonlyArray<PlayType> = ['xhbf', 'sj', 'dqxh']
/** Default settings: sequential play at half volume (spec §9). */
export const DEFAULT_SETTINGS: MusicSettings = { playType: 'xhbf', volume: 0.5 }

/** Why a track could not be deleted or played, for the view to say. */
export type MusicNotice = 'onlyTrack' | 'failed' | null

export interface MusicContext {
  /** musicShow of system info: the player and its entries exist only when on (on until system info says close). */
  readonly show: boolean
  /** musicAutoPlay of site info: play as soon as my list has a track. */
  readonly autoPlay: boolean
  /** The page got its answers (or took the injected copies) and site.ready came. */
  readonly siteReady: boolean
  /** The system list, my list and the download or delete in flight, each awaited by its newest request (the kit's bookkeeping). */
  readonly requests: Requests<'sys' | 'my' | 'op'>
  readonly sysList: ReadonlyArray<MusicItem>
  readonly myList: ReadonlyArray<MusicItem>
  /** The track of my list the player is on. */
  readonly currentId: number | null
  readonly playType: PlayType
  readonly volume: number
  /** Settings came from the store or the player changed them: a late load must not override. */
  readonly settingsSettled: boolean
  /** Numbers the commands to the audio element; facts about older commands are stale. */
  readonly playCount: number
  /** The track the audio element was last told to play (null: none, or it must start over). */
  readonly playingId: number | null
  /** Numbers random-pick requests. */
  readonly pickCount: number
  readonly pageHidden: boolean
  /** Autoplay happens once per page. */
  readonly autoPlayed: boolean
  readonly libraryOpen: boolean
  readonly tab: MusicTab
  /** The track waiting for the delete confirm. */
  readonly confirmDelete: number | null
  readonly notice: MusicNotice
}

export const initialContext: MusicContext = {
  show: true,
  autoPlay: false,
  siteReady: false,
  requests: noRequests,
  sysList: [],
  myList: [],
  currentId: null,
  playType: DEFAULT_SETTINGS.playType,
  volume: DEFAULT_SETTINGS.volume,
  settingsSettled: false,
  playCount: 0,
  playingId: null,
  pickCount: 0,
  pageHidden: false,
  autoPlayed: false,
  libraryOpen: false,
  tab: 1,
  confirmDelete: null,
  notice: null,
}

/** Raised inside the actor when my list changed, so the player region sees the new list. */
export interface ListChanged {
  readonly type: 'music.listChanged'
}

export type MusicEvent =
  | EventOfType<'app.started'>
  | EventOfType<'site.ready'>
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.loggedOut'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>
  | EventOfType<'dom.visibilityChanged'>
  | EventOfType<'dom.clicked'>
  | EventOfType<'music.libraryOpened'>
  | EventOfType<'music.libraryClosed'>
  | EventOfType<'music.tabChosen'>
  | EventOfType<'music.playClicked'>
  | EventOfType<'music.pauseClicked'>
  | EventOfType<'music.nextClicked'>
  | EventOfType<'music.previousClicked'>
  | EventOfType<'music.playTypeCycled'>
  | EventOfType<'music.volumeSet'>
  | EventOfType<'music.downloadClicked'>
  | EventOfType<'music.deleteClicked'>
  | EventOfType<'music.deleteConfirmed'>
  | EventOfType<'music.deleteCancelled'>
  | EventOfType<'music.settingsLoaded'>
  | EventOfType<'music.audioStarted'>
  | EventOfType<'music.audioBlocked'>
  | EventOfType<'music.audioEnded'>
  | EventOfType<'music.audioFailed'>
  | EventOfType<'music.randomPicked'>
  | ListChanged

export type MusicEmitted =
  | EventOfType<'hall.requested'>
  | EventOfType<'music.audioRequested'>
  | EventOfType<'music.randomRequested'>
  | EventOfType<'music.settingsChanged'>

/** The play type after this one (xhbf → sj → dqxh → xhbf). */
export const nextPlayType = (t: PlayType): PlayType => PLAY_TYPES[(PLAY_TYPES.indexOf(t) + 1) % PLAY_TYPES.length] ?? 'xhbf'

/** Index of the current track in my list, -1 when none. */
export const currentIndex = (c: MusicContext): number => c.myList.findIndex((m) => m.id === c.currentId)

/** The track `step` places from the current one, wrapping; the first when there is no current one. */
export const stepTrack = (c: MusicContext, step: 1 | -1): number | null => {
  const n = c.myList.length
  if (n === 0) return null
  const i = currentIndex(c)
  const j = i === -1 ? 0 : (i + step + n) % n
  return c.myList[j]?.id ?? null
}

/** The track of my list at this index, or null. */
export const trackAt = (c: MusicContext, index: number): number | null => c.myList[index]?.id ?? null

/** The URL of a track of my list ('' when it is not in the list). */
export const srcOf = (c: MusicContext, id: number | null): string => c.myList.find((m) => m.id === id)?.oss_url ?? ''

/**
 * After my list changed: the current track if still there; otherwise the track that took its
 * place (same index, or the last); otherwise the first; null for an empty list.
 */
export const keepCurrent = (previous: ReadonlyArray<{ readonly id: number }>, currentId: number | null, next: ReadonlyArray<{ readonly id: number }>): number | null => {
  if (next.length === 0) return null
  if (currentId !== null && next.some((m) => m.id === currentId)) return currentId
  const was = previous.findIndex((m) => m.id === currentId)
  if (was === -1) return next[0]?.id ?? null
  return next[Math.min(was, next.length - 1)]?.id ?? null
}

const isItem = (v: unknown): v is MusicItem =>
  typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'number' && typeof (v as { oss_url?: unknown }).oss_url === 'string'

/** my_list from an answer of the plain list, a download or a delete (data.data). */
export const myListOf = (data: unknown): ReadonlyArray<MusicItem> => {
  const list = (data as { data?: unknown } | null)?.data
  return Array.isArray(list) ? list.filter(isItem) : []
}

/** sys_list from the system-music answer. */
export const sysListOf = (data: unknown): ReadonlyArray<MusicItem> => {
  const list = (data as { sys_list?: unknown } | null)?.sys_list
  return Array.isArray(list) ? list.filter(isItem) : []
}

/** musicShow of system info ('open' or 'close'); null when it says neither. */
export const showOf = (sysInfo: unknown): boolean | null => {
  const v = (sysInfo as { musicShow?: unknown } | null)?.musicShow
  return v === 'open' ? true : v === 'close' ? false : null
}

/** musicAutoPlay of site info (1 on). */
export const autoPlayOf = (siteInfo: unknown): boolean | null => {
  const v = (siteInfo as { musicAutoPlay?: unknown } | null)?.musicAutoPlay
  return typeof v === 'number' ? v === 1 : null
}

/** The settings of the context, as persisted. */
export const settingsOf = (c: MusicContext): MusicSettings => ({ playType: c.playType, volume: c.volume })
