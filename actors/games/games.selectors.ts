import type { SnapshotFrom } from 'xstate'
import type { FavoriteRef, Game, GamePlatform } from '../../schemas/hall/calls/games'
import type { catalogueMachine } from './catalogue.machine'
import { effectiveCategory, hasMore } from './games.logic'
import type { GamePhoneContext, gamePhoneMachine } from './gamephone.machine'
import type { LaunchError, LaunchTarget } from './launch.logic'
import type { launchMachine } from './launch.machine'
import { isAwaiting } from '../kit'

type CatalogueSnapshot = SnapshotFrom<typeof catalogueMachine>
type LaunchSnapshot = SnapshotFrom<typeof launchMachine>
type GamePhoneSnapshot = SnapshotFrom<typeof gamePhoneMachine>

const NO_GAMES: ReadonlyArray<Game> = Object.freeze([])

/** The games of the list on screen (as loaded so far). */
export const selectGames = (s: CatalogueSnapshot): ReadonlyArray<Game> => s.context.list?.games ?? NO_GAMES

/** How many games the list has in all (0 before the first page). */
export const selectTotal = (s: CatalogueSnapshot): number => s.context.list?.total ?? 0

/** A page is loading. */
export const selectLoading = (s: CatalogueSnapshot): boolean => isAwaiting(s.context.requests, 'list')

/**
 * The list held is what the lobby had (a list read before, or a search's matches among the games
 * read) while its first page is asked for again: drawn, and replaced when the answer comes.
 */
export const selectListCached = (s: CatalogueSnapshot): boolean => s.context.listCached

/** The key of the list held, as text (a string: equal lists compare equal), or '' with none. */
export const selectListKey = (s: CatalogueSnapshot): string => (s.context.list === null ? '' : JSON.stringify(s.context.list.key))

/** The last page failed to load. */
export const selectListFailed = (s: CatalogueSnapshot): boolean => s.context.listFailed

/** More pages can be loaded. */
export const selectHasMore = (s: CatalogueSnapshot): boolean => s.context.list !== null && hasMore(s.context.list)

/** The category shown and its platform (spec §2: platformId defaults to <category>999). */
export const selectCategory = (s: CatalogueSnapshot): { category: number; platform: number } =>
  selectCategoryMemo(s.context.category, s.context.platform)
let memo: { category: number; platform: number } = { category: 0, platform: 999 }
const selectCategoryMemo = (category: number, platform: number) =>
  memo.category === category && memo.platform === platform ? memo : (memo = { category, platform })

/** Where home must redirect (spec §4), as the category id to show instead; null when none. */
export const selectRedirect = (s: CatalogueSnapshot): number | null => {
  const c = s.context
  if (c.route !== 'game') return null
  const eff = effectiveCategory(c.askedCategory, { real: c.real, skin: c.skin })
  return eff === c.askedCategory ? null : eff
}

/** The platforms of the category on screen (sub-game list). */
export const selectPlatforms = (s: CatalogueSnapshot): ReadonlyArray<GamePlatform> => s.context.platforms

/** The search text and history (newest first). */
export const selectSearchText = (s: CatalogueSnapshot): string => s.context.searchText
export const selectSearchHistory = (s: CatalogueSnapshot): ReadonlyArray<string> => s.context.history

/** The favourites (optimistic while a change is in flight). */
export const selectFavorites = (s: CatalogueSnapshot): ReadonlyArray<FavoriteRef> => s.context.favorites

/** Whether favourites can be changed (signed in, no change in flight). */
export const selectCanFavorite = (s: CatalogueSnapshot): boolean => s.context.signedIn && !isAwaiting(s.context.requests, 'favorite')

/** The layout value (skinTypeValue of site info). */
export const selectSkin = (s: CatalogueSnapshot): number => s.context.skin

/** Where the launch stands, for the embedded page. */
export type LaunchPhase = 'lobby' | 'opening' | 'playing' | 'refused' | 'needsRegistration' | 'needsPhone' | 'needsSignIn' | 'failed'

export const selectLaunchPhase = (s: LaunchSnapshot): LaunchPhase => {
  if (s.matches({ running: { game: 'playing' } })) return 'playing'
  if (s.matches({ running: { game: 'refused' } })) return 'refused'
  if (s.matches({ running: { game: 'awaitingRegistration' } })) return 'needsRegistration'
  if (s.matches({ running: { game: 'awaitingPhone' } })) return 'needsPhone'
  if (s.matches({ running: { game: 'awaitingSignIn' } })) return 'needsSignIn'
  if (s.matches({ running: { game: 'failed' } })) return 'failed'
  if (s.matches({ running: { game: 'lobby' } }) || s.matches('idle')) return 'lobby'
  return 'opening'
}

/** The game address once built (holds the encrypted session key). */
export const selectGameUrl = (s: LaunchSnapshot): string | null => s.context.url

/** The game being opened. */
export const selectLaunchTarget = (s: LaunchSnapshot): LaunchTarget | null => s.context.target

/** Why the launch stopped, or null. */
export const selectLaunchError = (s: LaunchSnapshot): LaunchError | null => s.context.error

/** The prize balance is being fetched (launches are refused meanwhile). */
export const selectPrizeFetching = (s: LaunchSnapshot): boolean => s.matches({ running: { prize: 'fetching' } })

/** The phone verification a game asked for (3002): a bind in flight, and why the last one failed. */
export interface GamePhoneView {
  readonly binding: boolean
  readonly error: LaunchError | null
}
let phoneMemo: { key: GamePhoneContext | null; view: GamePhoneView } = { key: null, view: { binding: false, error: null } }
export const selectGamePhone = (s: GamePhoneSnapshot): GamePhoneView => {
  const c = s.context
  if (phoneMemo.key === c) return phoneMemo.view
  phoneMemo = { key: c, view: { binding: s.matches('binding'), error: c.error } }
  return phoneMemo.view
}

/** The phone is bound: the popup closes and the launch is retried once it has. */
export const selectGamePhoneBound = (s: GamePhoneSnapshot): boolean => s.matches('bound')
