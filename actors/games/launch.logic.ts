import type { EventOfType } from '../../schemas/events'
import { SELF_OPERATED_PLATFORM, gameLogin } from '../../schemas/hall/calls/games'
import { resolvePath } from '../nav'
import { CATEGORY } from './games.logic'
import { noRequests, type Requests } from '../kit'

/**
 * The launch's data and pure rules (screens §4 entering a game; calls §7.8 launch; errors §8 game
 * open): the target a location names, demo or formal, and the service codes. Kept apart from the
 * statechart so launch.machine.ts stays a statechart.
 */

export type LaunchEvent =
  | EventOfType<'site.ready'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>
  | EventOfType<'nav.navigated'>
  | EventOfType<'nav.locationChanged'>
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.loggedOut'>
  | EventOfType<'games.addressBuilt'>
  | EventOfType<'games.launchRetried'>
  | EventOfType<'games.phoneVerified'>

export type LaunchEmitted =
  | EventOfType<'hall.requested'>
  | EventOfType<'games.addressRequested'>
  | EventOfType<'games.popupRequested'>
  | EventOfType<'games.warned'>
  | EventOfType<'games.playStateChanged'>
  | EventOfType<'games.lastGameFound'>
  | EventOfType<'games.phoneNeeded'>
  | EventOfType<'games.phoneAbandoned'>
  | EventOfType<'wallet.balanceReported'>

/** The game being opened. */
export interface LaunchTarget {
  readonly gameId: number
  readonly platformId: number
  readonly categoryId: number
  readonly gameName: string
}

/** Why a launch stopped: a service code (spec §8) or the lobby's own reason, as a message key. */
export interface LaunchError {
  readonly code: number | null
  readonly message: string
}

/** Where the launch stands, as the wallet learns it. */
export type PlayState = EventOfType<'games.playStateChanged'>['state']

/** What the launch awaits: the sign-in's prize balance, and the game's launch. */
export type LaunchPurpose = 'prize' | 'launch'

export interface LaunchContext {
  /** The prize read and the launch in flight: the kit's bookkeeping. */
  readonly requests: Requests<LaunchPurpose>
  /**
   * How the site's hall launches a game (its hall profile, site.ready): 'login' answers socket_url
   * entries the game address runner finishes; 'loginv2' answers the finished address, opened as it
   * is (against the hall's origin).
   */
  readonly launchCall: 'login' | 'loginv2'
  /** The hall's address (the site configuration's configApiBaseUrl) a loginv2 address resolves against; '' on other sites. */
  readonly hallBase: string
  readonly language: string
  readonly real: boolean
  readonly signedIn: boolean
  readonly username: string
  readonly target: LaunchTarget | null
  readonly launchId: number
  readonly url: string | null
  readonly error: LaunchError | null
  /** Where the launch stands, as last announced to the wallet. */
  readonly play: PlayState
  /** The browser's location before the site was ready (route name and search), or null. */
  readonly entry: { readonly name: string; readonly search: string } | null
  /**
   * The signed-in player opened a game on this page: a prize answer now names that game as the
   * last one, and offering to continue it would only repeat what the player just chose.
   */
  readonly openedHere: boolean
}

export const initialLaunch: LaunchContext = {
  requests: noRequests, launchCall: 'login', hallBase: '', language: 'en_US', real: false, signedIn: false, username: '',
  target: null, launchId: 0, url: null, error: null, play: 'lobby', entry: null, openedHere: false,
}

/** Codes that ask for registration (a test-register game; the providers' demo disabled). */
export const REGISTER_CODES: ReadonlyArray<number> = [gameLogin.codes.registerFirst, gameLogin.codes.demoDisabled, gameLogin.codes.providerDemoDisabled]
export const PHONE_CODE = gameLogin.codes.bindPhone
export const BANK_CARD_CODE = gameLogin.codes.bindWithdraw

/** Demo or formal (spec §4): self-operated with a logged-out player or the demo choice is demo. */
export const userTypeOf = (t: LaunchTarget, real: boolean): 'demo' | 'formal' =>
  t.platformId === SELF_OPERATED_PLATFORM && (!real || t.categoryId === CATEGORY.demo) ? 'demo' : 'formal'

export const targetOf = (search: string): LaunchTarget | null => {
  const q = new URLSearchParams(search)
  const gameId = Number(q.get('gameId'))
  const platformId = Number(q.get('platformId'))
  const categoryId = Number(q.get('gameCategoryId') ?? '0')
  if (!Number.isInteger(gameId) || gameId <= 0 || !Number.isInteger(platformId) || platformId <= 0 || !Number.isInteger(categoryId)) return null
  return { gameId, platformId, categoryId, gameName: q.get('gameName') ?? '' }
}

/** The route and search a location event names (the browser's location resolved as the navigation actor does). */
export const locationOf = (e: LaunchEvent): { name: string; search: string } | null => {
  if (e.type === 'nav.navigated') return { name: e.name, search: e.search }
  if (e.type !== 'nav.locationChanged') return null
  const { location } = resolvePath(e.path, e.search)
  return { name: location.name, search: location.search }
}

export const embeddedTarget = (l: { name: string; search: string } | null): LaunchTarget | null => (l?.name === 'embedded' ? targetOf(l.search) : null)

export const codeOf = (e: LaunchEvent): number | null =>
  e.type === 'hall.failed' && e.error._tag === 'ServiceCode' ? (e.error as { code: number }).code : null


