import { assign, enqueueActions, setup } from 'xstate'
import type { EventOfType } from '../../schemas/events'
import { SELF_OPERATED_PLATFORM } from '../../schemas/hall/calls/games'
import { resolvePath } from '../nav'
import { CATEGORY } from './games.logic'

/**
 * Entering a game (screens §4 entering a game; calls §7.8 launch; errors §8 game open). The
 * launch follows the location, the lobby's own (`nav.navigated`) and the browser's
 * (`nav.locationChanged`: the entry location, kept until the site is ready, back and forward):
 * arriving on /home/embedded (platformId, gameId, gameName, gameCategoryId) opens that game,
 * leaving it ends the game and refreshes the balance. Entered at start on a formal game, the
 * launch waits for a sign-in (the session has not decided yet). A sign-in while the launch is in flight or
 * has failed opens it again for the player (a direct link's launch may start before the stored
 * session has signed in).
 *
 * - Refused with the warning lobby.game.fetchingPrize while the prize balance (/home/prize) is
 *   being fetched; the player may try again.
 * - Self-operated platform 13 with a logged-out player or the demo category (113) launches as
 *   demo, everything else as formal.
 * - The answer's first socket_url entry becomes the game address: the launch runner adds the
 *   encrypted session key and the userkey (`games.addressRequested` → `games.addressBuilt`).
 * - While in a game the balance is '-1' (`games.balanceChanged`); back in the lobby it is
 *   refreshed with RefreshGold.
 * - 3004, 210103 and 41020 ask for registration and retry once a real player is signed in; 3002
 *   asks for phone verification (the verifyBindPhone popup: a code sent to the phone with
 *   securityCreateSms, the phone bound with it through securityModifyPhone), closes the popup
 *   once the phone is bound and retries when it has closed; 3003 shows needBindBankCard.
 * - After a sign-in whose prize answer names a last game, the continue-last-game confirm is
 *   requested 1000 ms later (debounced: another answer within the second restarts the wait).
 *
 * Consumes: site.ready, hall.responded, hall.failed, nav.navigated, session.loggedIn,
 *   session.loggedOut, popup.closed, games.addressBuilt, games.launchRetried,
 *   games.phoneCodeRequested, games.phoneSubmitted.
 * Emits: hall.requested, games.addressRequested, games.popupRequested, games.popupDismissed,
 *   games.warned, games.balanceChanged.
 */

export type LaunchEvent =
  | EventOfType<'site.ready'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>
  | EventOfType<'nav.navigated'>
  | EventOfType<'nav.locationChanged'>
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.loggedOut'>
  | EventOfType<'popup.closed'>
  | EventOfType<'games.addressBuilt'>
  | EventOfType<'games.launchRetried'>
  | EventOfType<'games.phoneCodeRequested'>
  | EventOfType<'games.phoneSubmitted'>

export type LaunchEmitted =
  | EventOfType<'hall.requested'>
  | EventOfType<'games.addressRequested'>
  | EventOfType<'games.popupRequested'>
  | EventOfType<'games.popupDismissed'>
  | EventOfType<'games.warned'>
  | EventOfType<'games.balanceChanged'>

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

export interface LaunchContext {
  readonly requestCount: number
  readonly language: string
  readonly real: boolean
  readonly signedIn: boolean
  readonly username: string
  readonly prizeRequest: string | null
  readonly lastGame: Readonly<Record<string, unknown>> | null
  readonly target: LaunchTarget | null
  readonly launchRequest: string | null
  readonly launchId: number
  readonly url: string | null
  readonly error: LaunchError | null
  readonly goldRequest: string | null
  /** The balance as the launch last knew it ('-1' in a game), or null. */
  readonly gold: string | null
  /** The phone verification a 3002 asked for: the code send and the bind in flight, and where it stands. */
  readonly phone: PhoneVerification
  /** The browser's location before the site was ready (route name and search), or null. */
  readonly entry: { readonly name: string; readonly search: string } | null
}

/** The phone verification of a 3002 (the verifyBindPhone popup). */
export interface PhoneVerification {
  readonly codeRequest: string | null
  readonly bindRequest: string | null
  /** A code was sent (the hall accepted the phone). */
  readonly codeSent: boolean
  /** Why the last send or bind failed (a service code and its message), or null. */
  readonly error: LaunchError | null
  /** The phone is bound (its popup has been dismissed). */
  readonly bound: boolean
}

export const initialPhone: PhoneVerification = { codeRequest: null, bindRequest: null, codeSent: false, error: null, bound: false }

export const initialLaunch: LaunchContext = {
  requestCount: 0, language: 'en_US', real: false, signedIn: false, username: '', prizeRequest: null, lastGame: null,
  target: null, launchRequest: null, launchId: 0, url: null, error: null, goldRequest: null, gold: null, phone: initialPhone, entry: null,
}

/** The launch delays (spec §9: continue-game debounce 1000 ms). */
export const LAUNCH_DELAYS = { continueGame: 1000 } as const

/** Codes that ask for registration (3004 test register game; 210103, 41020 demo disabled). */
export const REGISTER_CODES: ReadonlyArray<number> = [3004, 210103, 41020]
export const PHONE_CODE = 3002
export const BANK_CARD_CODE = 3003
/** The balance while the player's money is in a game (spec §4: in game game_gold is -1). */
export const IN_GAME = '-1'

/** Demo or formal (spec §4): self-operated with a logged-out player or the demo choice is demo. */
export const userTypeOf = (t: LaunchTarget, real: boolean): 'demo' | 'formal' =>
  t.platformId === SELF_OPERATED_PLATFORM && (!real || t.categoryId === CATEGORY.demo) ? 'demo' : 'formal'

const targetOf = (search: string): LaunchTarget | null => {
  const q = new URLSearchParams(search)
  const gameId = Number(q.get('gameId'))
  const platformId = Number(q.get('platformId'))
  const categoryId = Number(q.get('gameCategoryId') ?? '0')
  if (!Number.isInteger(gameId) || gameId <= 0 || !Number.isInteger(platformId) || platformId <= 0 || !Number.isInteger(categoryId)) return null
  return { gameId, platformId, categoryId, gameName: q.get('gameName') ?? '' }
}

/** The route and search a location event names (the browser's location resolved as the navigation actor does). */
const locationOf = (e: LaunchEvent): { name: string; search: string } | null => {
  if (e.type === 'nav.navigated') return { name: e.name, search: e.search }
  if (e.type !== 'nav.locationChanged') return null
  const { location } = resolvePath(e.path, e.search)
  return { name: location.name, search: location.search }
}

const embeddedTarget = (l: { name: string; search: string } | null): LaunchTarget | null => (l?.name === 'embedded' ? targetOf(l.search) : null)

const codeOf = (e: LaunchEvent): number | null =>
  e.type === 'hall.failed' && e.error._tag === 'ServiceCode' ? (e.error as { code: number }).code : null

const answers = (id: string | null, e: LaunchEvent): boolean =>
  (e.type === 'hall.responded' || e.type === 'hall.failed') && id !== null && e.requestId === id

/** Why a call failed, as a launch error (a service code and its message, else the network). */
const failureOf = (e: LaunchEvent): LaunchError =>
  e.type === 'hall.failed' && e.error._tag === 'ServiceCode' ? { code: e.error.code, message: e.error.msg } : { code: null, message: 'games.networkError' }

export const launchMachine = setup({
  types: { context: {} as LaunchContext, events: {} as LaunchEvent, emitted: {} as LaunchEmitted },
  delays: { continueGame: LAUNCH_DELAYS.continueGame },
  guards: {
    toEmbedded: ({ event }) => embeddedTarget(locationOf(event)) !== null,
    leaves: ({ event }) => {
      const l = locationOf(event)
      return l !== null && l.name !== 'embedded'
    },
    entryEmbedded: ({ context }) => embeddedTarget(context.entry) !== null,
    // At start the session has not signed in yet: a formal game waits for the sign-in instead of
    // asking the hall without a session (whose -1 would read as the new session's expiry).
    entryNeedsSignIn: ({ context }) => {
      const t = embeddedTarget(context.entry)
      return t !== null && !context.signedIn && userTypeOf(t, context.real) === 'formal'
    },
    prizeFetching: ({ context }) => context.prizeRequest !== null,
    prizeSettled: ({ context }) => context.prizeRequest === null,
    prizeAnswer: ({ context, event }) => answers(context.prizeRequest, event),
    lastGameNamed: ({ context, event }) =>
      event.type === 'hall.responded' && answers(context.prizeRequest, event) && (event.data as { lastgameinfo?: unknown } | null)?.lastgameinfo != null &&
      context.real,
    launchAnswer: ({ context, event }) => event.type === 'hall.responded' && answers(context.launchRequest, event),
    registerCode: ({ context, event }) => answers(context.launchRequest, event) && REGISTER_CODES.includes(codeOf(event) ?? 0),
    phoneCode: ({ context, event }) => answers(context.launchRequest, event) && codeOf(event) === PHONE_CODE,
    launchFailure: ({ context, event }) => event.type === 'hall.failed' && answers(context.launchRequest, event),
    ourAddress: ({ context, event }) => event.type === 'games.addressBuilt' && event.launchId === context.launchId,
    goldAnswer: ({ context, event }) => answers(context.goldRequest, event),
    realLogin: ({ event }) => event.type === 'session.loggedIn' && event.real,
    phoneClosed: ({ event }) => event.type === 'popup.closed' && event.popup === 'verifyBindPhone',
    codeAnswer: ({ context, event }) => answers(context.phone.codeRequest, event),
    bindAnswer: ({ context, event }) => event.type === 'hall.responded' && answers(context.phone.bindRequest, event),
    bindFailure: ({ context, event }) => event.type === 'hall.failed' && answers(context.phone.bindRequest, event),
  },
  actions: {
    takeSite: assign(({ event }) => (event.type === 'site.ready' ? { language: event.language } : {})),
    keepEntry: assign(({ event }) => ({ entry: locationOf(event) })),
    takeEntry: assign(({ context }) => ({ target: embeddedTarget(context.entry), entry: null, url: null, error: null })),
    signIn: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'session.loggedIn') return
      const requestId = `launch-${context.requestCount + 1}`
      enqueue.assign({ real: event.real, signedIn: true, username: event.username, requestCount: context.requestCount + 1, prizeRequest: requestId })
      enqueue.emit({ type: 'hall.requested', requestId, call: 'prize', payload: {} })
    }),
    signOut: assign({ real: false, signedIn: false, username: '', prizeRequest: null, lastGame: null, gold: null }),
    takePrize: enqueueActions(({ context: c, event, enqueue }) => {
      enqueue.assign({ prizeRequest: null })
      if (event.type !== 'hall.responded') return
      const d = event.data as { game_gold?: unknown; lastgameinfo?: unknown } | null
      if (typeof d?.game_gold === 'string') {
        enqueue.assign({ gold: d.game_gold })
        enqueue.emit({ type: 'games.balanceChanged', game_gold: d.game_gold })
        // The money is still in a game the player is no longer in (the page was reloaded or closed
        // in the game, or the game's own exit link reloaded the lobby) and no game is being
        // opened: bring it back.
        if (d.game_gold === IN_GAME && c.target === null && c.goldRequest === null) {
          const requestId = `launch-${c.requestCount + 1}`
          enqueue.assign({ requestCount: c.requestCount + 1, goldRequest: requestId })
          enqueue.emit({ type: 'hall.requested', requestId, call: 'refreshGold', payload: { os_type: 3 } })
        }
      }
      const last = d?.lastgameinfo
      enqueue.assign({ lastGame: last !== null && typeof last === 'object' ? (last as Record<string, unknown>) : null })
    }),
    offerLastGame: enqueueActions(({ context, enqueue }) => {
      if (context.lastGame !== null) enqueue.emit({ type: 'games.popupRequested', popup: 'continueLastGame', props: { ...context.lastGame } })
    }),
    target: assign(({ event }) => ({ target: embeddedTarget(locationOf(event)), url: null, error: null })),
    refuse: enqueueActions(({ enqueue }) => {
      enqueue.assign({ error: { code: null, message: 'lobby.game.fetchingPrize' } })
      enqueue.emit({ type: 'games.warned', message: 'lobby.game.fetchingPrize' })
    }),
    launch: enqueueActions(({ context: c, enqueue }) => {
      if (c.target === null) return
      const requestId = `launch-${c.requestCount + 1}`
      const userType = userTypeOf(c.target, c.real)
      enqueue.assign({ requestCount: c.requestCount + 1, launchRequest: requestId, error: null, url: null })
      enqueue.emit({
        type: 'hall.requested', requestId, call: 'gameLogin',
        payload: {
          gameid: c.target.gameId, platfromid: c.target.platformId, user_type: userType, os_type: 3, gameMode: 0,
          ...(userType === 'demo' ? { promoteInfo: '{}' } : c.target.platformId === SELF_OPERATED_PLATFORM ? {} : { exitUrl: '/home/game' }),
        },
      })
    }),
    build: enqueueActions(({ context: c, event, enqueue }) => {
      if (event.type !== 'hall.responded' || c.target === null) return
      const entry = (event.data as { socket_url?: ReadonlyArray<{ url: string; gameid: number }> } | null)?.socket_url?.[0]
      const launchId = c.launchId + 1
      enqueue.assign({ launchRequest: null, launchId })
      if (entry === undefined) {
        enqueue.assign({ error: { code: null, message: 'games.noAddress' } })
        return
      }
      const demo = userTypeOf(c.target, c.real) === 'demo'
      enqueue.emit({
        type: 'games.addressRequested', launchId, base: entry.url, gameId: entry.gameid,
        route: `/home/game?gameCategoryId=${c.target.categoryId}`, lang: c.language, try: c.username === '' ? 'demo' : c.username, demo,
      })
    }),
    enter: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'games.addressBuilt') return
      enqueue.assign({ url: event.url, gold: IN_GAME })
      enqueue.emit({ type: 'games.balanceChanged', game_gold: IN_GAME })
    }),
    askRegister: enqueueActions(({ event, enqueue }) => {
      enqueue.assign({ launchRequest: null, error: { code: codeOf(event), message: 'games.needRegister' } })
      enqueue.emit({ type: 'games.popupRequested', popup: 'register' })
    }),
    askPhone: enqueueActions(({ event, enqueue }) => {
      enqueue.assign({ launchRequest: null, error: { code: codeOf(event), message: 'games.needPhone' }, phone: initialPhone })
      enqueue.emit({ type: 'games.popupRequested', popup: 'verifyBindPhone' })
    }),
    sendCode: enqueueActions(({ context: c, event, enqueue }) => {
      if (event.type !== 'games.phoneCodeRequested') return
      const requestId = `launch-${c.requestCount + 1}`
      enqueue.assign({ requestCount: c.requestCount + 1, phone: { ...c.phone, codeRequest: requestId, codeSent: false, error: null } })
      enqueue.emit({ type: 'hall.requested', requestId, call: 'securityCreateSms', payload: { phone: event.phone } })
    }),
    takeCode: assign(({ context: c, event }) => ({
      phone: {
        ...c.phone,
        codeRequest: null,
        ...(event.type === 'hall.responded' ? { codeSent: true } : { error: failureOf(event) }),
      },
    })),
    bindPhone: enqueueActions(({ context: c, event, enqueue }) => {
      if (event.type !== 'games.phoneSubmitted') return
      const requestId = `launch-${c.requestCount + 1}`
      enqueue.assign({ requestCount: c.requestCount + 1, phone: { ...c.phone, bindRequest: requestId, error: null } })
      enqueue.emit({ type: 'hall.requested', requestId, call: 'securityModifyPhone', payload: { phone: event.phone, code: event.code } })
    }),
    phoneBound: enqueueActions(({ context: c, enqueue }) => {
      enqueue.assign({ phone: { ...c.phone, bindRequest: null, error: null, bound: true } })
      enqueue.emit({ type: 'games.popupDismissed', popup: 'verifyBindPhone' })
    }),
    dismissPhone: enqueueActions(({ context: c, enqueue }) => {
      if (!c.phone.bound) enqueue.emit({ type: 'games.popupDismissed', popup: 'verifyBindPhone' })
    }),
    phoneRefused: assign(({ context: c, event }) => ({ phone: { ...c.phone, bindRequest: null, error: failureOf(event) } })),
    fail: assign(({ event }) => {
      const code = codeOf(event)
      const message = code === BANK_CARD_CODE ? 'needBindBankCard' : event.type === 'hall.failed' && event.error._tag === 'ServiceCode' ? event.error.msg : 'games.launchFailed'
      return { launchRequest: null, error: { code, message } }
    }),
    leave: enqueueActions(({ context: c, enqueue }) => {
      enqueue.assign({ target: null, url: null, error: null, launchRequest: null })
      if (c.url === null || !c.signedIn) return
      const requestId = `launch-${c.requestCount + 1}`
      enqueue.assign({ requestCount: c.requestCount + 1, goldRequest: requestId })
      enqueue.emit({ type: 'hall.requested', requestId, call: 'refreshGold', payload: { os_type: 3 } })
    }),
    takeGold: enqueueActions(({ event, enqueue }) => {
      enqueue.assign({ goldRequest: null })
      const gold = event.type === 'hall.responded' ? (event.data as { game_gold?: unknown } | null)?.game_gold : undefined
      if (typeof gold === 'string') {
        enqueue.assign({ gold })
        enqueue.emit({ type: 'games.balanceChanged', game_gold: gold })
      }
    }),
  },
}).createMachine({
  id: 'launch',
  context: initialLaunch,
  initial: 'idle',
  states: {
    idle: {
      on: {
        'site.ready': { target: 'running', actions: 'takeSite' },
        'nav.navigated': { actions: 'keepEntry' },
        'nav.locationChanged': { actions: 'keepEntry' },
      },
    },
    running: {
      type: 'parallel',
      on: { 'session.loggedOut': { actions: 'signOut' } },
      states: {
        lastGame: {
          initial: 'quiet',
          on: {
            'session.loggedIn': { target: '.quiet', actions: 'signIn' },
            'hall.responded': [{ guard: 'prizeAnswer', actions: 'takePrize' }, { guard: 'goldAnswer', actions: 'takeGold' }],
            'hall.failed': [{ guard: 'prizeAnswer', actions: 'takePrize' }, { guard: 'goldAnswer', actions: 'takeGold' }],
          },
          // The debounce's transitions stay inside this region (a re-entry of the region itself would
          // pre-empt the game region's own transition on the same prize answer). Every prize request
          // comes with a sign-in, which goes back to quiet: a new answer restarts the wait from there.
          states: {
            quiet: { on: { 'hall.responded': { guard: 'lastGameNamed', target: 'debouncing', actions: 'takePrize' } } },
            debouncing: { after: { continueGame: { target: 'quiet', actions: 'offerLastGame' } } },
          },
        },
        game: {
          initial: 'lobby',
          on: {
            'nav.navigated': [
              { guard: 'toEmbedded', target: '.checking', actions: 'target' },
              { guard: 'leaves', target: '.lobby', actions: 'leave' },
            ],
            'nav.locationChanged': [
              { guard: 'toEmbedded', target: '.checking', actions: 'target' },
              { guard: 'leaves', target: '.lobby', actions: 'leave' },
            ],
          },
          states: {
            // Entered at start on /home/embedded (the entry location kept while the site was not ready): open it.
            lobby: {
              always: [
                { guard: 'entryNeedsSignIn', target: 'awaitingSignIn', actions: 'takeEntry' },
                { guard: 'entryEmbedded', target: 'checking', actions: 'takeEntry' },
              ],
            },
            // A direct link to a formal game: opened once a player (the stored session, a guest, a login) is signed in.
            awaitingSignIn: { on: { 'session.loggedIn': 'waitingPrize', 'games.launchRetried': 'checking' } },
            checking: {
              always: [{ guard: 'prizeFetching', target: 'refused', actions: 'refuse' }, { target: 'launching', actions: 'launch' }],
            },
            refused: { on: { 'games.launchRetried': 'checking' } },
            launching: {
              on: {
                // A sign-in (the stored session, at start) opens the game again, for the player, once the prize balance is in.
                'session.loggedIn': 'waitingPrize',
                'hall.responded': { guard: 'launchAnswer', target: 'building', actions: 'build' },
                'hall.failed': [
                  { guard: 'registerCode', target: 'awaitingRegistration', actions: 'askRegister' },
                  { guard: 'phoneCode', target: 'awaitingPhone', actions: 'askPhone' },
                  { guard: 'launchFailure', target: 'failed', actions: 'fail' },
                ],
              },
            },
            building: { on: { 'games.addressBuilt': { guard: 'ourAddress', target: 'playing', actions: 'enter' } } },
            playing: {},
            awaitingRegistration: {
              on: { 'session.loggedIn': { guard: 'realLogin', target: 'waitingPrize' }, 'games.launchRetried': 'checking' },
            },
            // The sign-in fetches the prize balance; the retry waits for it instead of being refused.
            waitingPrize: {
              always: { guard: 'prizeSettled', target: 'checking' },
              on: { 'hall.responded': { guard: 'prizeAnswer', target: 'checking' }, 'hall.failed': { guard: 'prizeAnswer', target: 'checking' } },
            },
            // The verifyBindPhone popup: a code to the phone, then the phone bound with it; once bound
            // the popup is closed and the launch retried when it has. Closed unbound, the page waits
            // (the player may open it again or retry).
            awaitingPhone: {
              initial: 'entering',
              // Leaving the game page (or retrying) before the phone is bound closes the popup: it belongs to this launch.
              exit: 'dismissPhone',
              on: { 'games.launchRetried': 'checking' },
              states: {
                entering: {
                  on: {
                    'games.phoneCodeRequested': { actions: 'sendCode' },
                    'games.phoneSubmitted': { target: 'binding', actions: 'bindPhone' },
                    'hall.responded': { guard: 'codeAnswer', actions: 'takeCode' },
                    'hall.failed': { guard: 'codeAnswer', actions: 'takeCode' },
                  },
                },
                binding: {
                  on: {
                    'hall.responded': [{ guard: 'bindAnswer', target: 'bound', actions: 'phoneBound' }, { guard: 'codeAnswer', actions: 'takeCode' }],
                    'hall.failed': [{ guard: 'bindFailure', target: 'entering', actions: 'phoneRefused' }, { guard: 'codeAnswer', actions: 'takeCode' }],
                  },
                },
                bound: { on: { 'popup.closed': { guard: 'phoneClosed', target: '#launch.running.game.checking' } } },
              },
            },
            failed: { on: { 'games.launchRetried': 'checking', 'session.loggedIn': 'waitingPrize' } },
          },
        },
      },
    },
  },
})
