import { assign, enqueueActions, setup } from 'xstate'
import { SELF_OPERATED_PLATFORM, gameLogin, gameLoginV2 } from '../../schemas/hall/calls/games'
import { prize } from '../../schemas/hall/calls/site'
import { answers, dataOf, isAwaiting, request, settle } from '../kit'
import {
  BANK_CARD_CODE, PHONE_CODE, REGISTER_CODES, codeOf, embeddedTarget, initialLaunch, locationOf, userTypeOf,
  type LaunchContext, type LaunchEmitted, type LaunchEvent, type PlayState,
} from './launch.logic'

/**
 * Entering a game (screens §4 entering a game; calls §7.8 launch; errors §8 game open). The
 * launch follows the location, the lobby's own (`nav.navigated`) and the browser's
 * (`nav.locationChanged`: the entry location, kept until the site is ready, back and forward):
 * arriving on /home/embedded (platformId, gameId, gameName, gameCategoryId) opens that game,
 * leaving it ends the game. Entered at start on a formal game, the launch waits for a sign-in
 * (the session has not decided yet). A sign-in while the launch is in flight or has failed opens
 * it again for the player (a direct link's launch may start before the stored session has signed
 * in). Two regions: `prize` (the prize balance a sign-in fetches) and `game` (the launch).
 *
 * - Every sign-in fetches the prize balance (/home/prize): its game_gold goes to the wallet
 *   (`wallet.balanceReported`), and for a real player a named last game is offered by the
 *   continue-last-game actor (`games.lastGameFound`, lastgame.machine.ts), unless the player has
 *   opened a game on this page since signing in (a later prize answer names that very game).
 * - Refused with the warning lobby.game.fetchingPrize while the prize balance is being fetched;
 *   the player may try again.
 * - Self-operated platform 13 with a logged-out player or the demo category (113) launches as
 *   demo, everything else as formal.
 * - The answer's first socket_url entry becomes the game address: the launch runner adds the
 *   encrypted session key and the userkey (`games.addressRequested` → `games.addressBuilt`).
 * - It tells the wallet where it stands (`games.playStateChanged`: lobby, opening a game,
 *   playing): the wallet puts the money in the game and brings it back (RefreshGold).
 * - 3004, 210103 and 41020 ask for registration and retry once a real player is signed in; 3002
 *   asks for phone verification (`games.phoneNeeded`: the game phone actor, gamephone.machine.ts,
 *   on the verification flow) and retries once the phone is verified (`games.phoneVerified`);
 *   leaving the game page or retrying first abandons it (`games.phoneAbandoned`); 3003 shows
 *   needBindBankCard.
 *
 * Consumes: site.ready (with the site's hall profile: a site whose hall launches by loginv2 asks
 *   gameLoginV2, whose answer is the finished address, opened as it is without the address runner),
 *   hall.responded, hall.failed, nav.navigated, nav.locationChanged,
 *   session.loggedIn, session.loggedOut, games.addressBuilt, games.launchRetried, games.phoneVerified.
 * Emits: hall.requested, games.addressRequested, games.popupRequested, games.warned,
 *   games.playStateChanged, games.lastGameFound, games.phoneNeeded, games.phoneAbandoned,
 *   wallet.balanceReported.
 */

export const launchMachine = setup({
  types: { context: {} as LaunchContext, events: {} as LaunchEvent, emitted: {} as LaunchEmitted },
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
    prizeFetching: ({ context }) => isAwaiting(context.requests, 'prize'),
    prizeSettled: ({ context }) => !isAwaiting(context.requests, 'prize'),
    prizeAnswer: ({ context, event }) => answers(context.requests, 'prize', event),
    launchAnswer: ({ context, event }) => event.type === 'hall.responded' && answers(context.requests, 'launch', event),
    v2Answer: ({ context, event }) => event.type === 'hall.responded' && event.call === gameLoginV2.name && answers(context.requests, 'launch', event),
    registerCode: ({ context, event }) => answers(context.requests, 'launch', event) && REGISTER_CODES.includes(codeOf(event) ?? 0),
    phoneCode: ({ context, event }) => answers(context.requests, 'launch', event) && codeOf(event) === PHONE_CODE,
    launchFailure: ({ context, event }) => event.type === 'hall.failed' && answers(context.requests, 'launch', event),
    ourAddress: ({ context, event }) => event.type === 'games.addressBuilt' && event.launchId === context.launchId,
    realLogin: ({ event }) => event.type === 'session.loggedIn' && event.real,
  },
  actions: {
    // The language, and the site's hall profile: a loginv2 site announces the hall address its game addresses resolve against.
    takeSite: assign(({ event }) =>
      event.type === 'site.ready'
        ? { language: event.language, launchCall: event.launchV2Base === undefined ? ('login' as const) : ('loginv2' as const), hallBase: event.launchV2Base ?? '' }
        : {},
    ),
    keepEntry: assign(({ event }) => ({ entry: locationOf(event) })),
    takeEntry: assign(({ context }) => ({ target: embeddedTarget(context.entry), entry: null, url: null, error: null })),
    signIn: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'session.loggedIn') return
      const asked = request('launch', context.requests, 'prize', prize, {})
      enqueue.assign({ real: event.real, signedIn: true, username: event.username, requests: asked.requests })
      enqueue.emit(asked.notice)
    }),
    signOut: assign(({ context }) => ({ real: false, signedIn: false, username: '', openedHere: false, requests: settle(context.requests, 'prize') })),
    /** The prize balance: its game_gold to the wallet, a named last game to the continue-last-game actor. */
    takePrize: enqueueActions(({ context: c, event, enqueue }) => {
      enqueue.assign({ requests: settle(c.requests, 'prize') })
      if (event.type !== 'hall.responded') return
      const d = dataOf(prize, event)
      enqueue.emit({ type: 'wallet.balanceReported', balance: d.game_gold, source: 'prize' })
      // A game opened on this page since the sign-in is what the answer names: nothing to continue.
      if (c.real && !c.openedHere && typeof d.lastgameinfo === 'object' && d.lastgameinfo !== null) enqueue.emit({ type: 'games.lastGameFound', lastGame: { ...d.lastgameinfo } })
    }),
    /** Tells the wallet where the launch stands, when it changed. */
    play: enqueueActions(({ context, enqueue }, state: PlayState) => {
      if (context.play === state) return
      enqueue.assign({ play: state })
      enqueue.emit({ type: 'games.playStateChanged', state })
    }),
    target: assign(({ event }) => ({ target: embeddedTarget(locationOf(event)), url: null, error: null })),
    refuse: enqueueActions(({ enqueue }) => {
      enqueue.assign({ error: { code: null, message: 'lobby.game.fetchingPrize' } })
      enqueue.emit({ type: 'games.warned', message: 'lobby.game.fetchingPrize' })
    }),
    launch: enqueueActions(({ context: c, enqueue }) => {
      if (c.target === null) return
      const userType = userTypeOf(c.target, c.real)
      const payload = {
        gameid: c.target.gameId, platfromid: c.target.platformId, user_type: userType, os_type: 3, gameMode: 0,
        ...(userType === 'demo' ? { promoteInfo: '{}' } : c.target.platformId === SELF_OPERATED_PLATFORM ? {} : { exitUrl: '/home/game' }),
      }
      const asked = request('launch', c.requests, 'launch', c.launchCall === 'loginv2' ? gameLoginV2 : gameLogin, payload)
      enqueue.assign({ requests: asked.requests, error: null, url: null })
      enqueue.emit(asked.notice)
    }),
    build: enqueueActions(({ context: c, event, enqueue }) => {
      if (event.type !== 'hall.responded' || c.target === null) return
      const entry = dataOf(gameLogin, event).socket_url[0]
      const launchId = c.launchId + 1
      enqueue.assign({ requests: settle(c.requests, 'launch'), launchId, openedHere: c.openedHere || c.real })
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
    enter: assign(({ event }) => (event.type === 'games.addressBuilt' ? { url: event.url } : {})),
    /** A loginv2 answer is the finished address: opened as it is, resolved against the hall's address (as it is when that is not absolute). */
    enterV2: assign(({ context: c, event }) => {
      if (event.type !== 'hall.responded') return {}
      const gameUrl = dataOf(gameLoginV2, event).game_url
      let url = gameUrl
      try {
        url = new URL(gameUrl, c.hallBase).toString()
      } catch {
        // A relative hall address: the page resolves the game's address against its own.
      }
      return { requests: settle(c.requests, 'launch'), launchId: c.launchId + 1, openedHere: c.openedHere || c.real, url, error: null }
    }),
    askRegister: enqueueActions(({ context, event, enqueue }) => {
      enqueue.assign({ requests: settle(context.requests, 'launch'), error: { code: codeOf(event), message: 'games.needRegister' } })
      enqueue.emit({ type: 'games.popupRequested', popup: 'register' })
    }),
    askPhone: enqueueActions(({ context, event, enqueue }) => {
      enqueue.assign({ requests: settle(context.requests, 'launch'), error: { code: codeOf(event), message: 'games.needPhone' } })
      enqueue.emit({ type: 'games.phoneNeeded' })
    }),
    // Leaving the game page (or retrying) before the phone is verified: its popup belonged to this launch.
    abandonPhone: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'games.phoneVerified') enqueue.emit({ type: 'games.phoneAbandoned' })
    }),
    fail: assign(({ context, event }) => {
      const code = codeOf(event)
      const message = code === BANK_CARD_CODE ? 'needBindBankCard' : event.type === 'hall.failed' && event.error._tag === 'ServiceCode' ? event.error.msg : 'games.launchFailed'
      return { requests: settle(context.requests, 'launch'), error: { code, message } }
    }),
    leave: assign(({ context }) => ({ target: null, url: null, error: null, requests: settle(context.requests, 'launch') })),
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
      states: {
        // The prize balance every sign-in fetches; launches are refused while it is in flight.
        prize: {
          initial: 'settled',
          on: {
            'session.loggedIn': { target: '.fetching', actions: 'signIn' },
            'session.loggedOut': { target: '.settled', actions: 'signOut' },
          },
          states: {
            settled: {},
            fetching: {
              on: {
                'hall.responded': { guard: 'prizeAnswer', target: 'settled', actions: 'takePrize' },
                'hall.failed': { guard: 'prizeAnswer', target: 'settled', actions: 'takePrize' },
              },
            },
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
              entry: { type: 'play', params: 'lobby' },
              always: [
                { guard: 'entryNeedsSignIn', target: 'awaitingSignIn', actions: 'takeEntry' },
                { guard: 'entryEmbedded', target: 'checking', actions: 'takeEntry' },
              ],
            },
            // A direct link to a formal game: opened once a player (the stored session, a guest, a login) is signed in.
            awaitingSignIn: {
              entry: { type: 'play', params: 'opening' },
              on: { 'session.loggedIn': 'waitingPrize', 'games.launchRetried': 'checking' },
            },
            checking: {
              entry: { type: 'play', params: 'opening' },
              always: [{ guard: 'prizeFetching', target: 'refused', actions: 'refuse' }, { target: 'launching', actions: 'launch' }],
            },
            refused: { on: { 'games.launchRetried': 'checking' } },
            launching: {
              on: {
                // A sign-in (the stored session, at start) opens the game again, for the player, once the prize balance is in.
                'session.loggedIn': 'waitingPrize',
                'hall.responded': [
                  { guard: 'v2Answer', target: 'playing', actions: 'enterV2' },
                  { guard: 'launchAnswer', target: 'building', actions: 'build' },
                ],
                'hall.failed': [
                  { guard: 'registerCode', target: 'awaitingRegistration', actions: 'askRegister' },
                  { guard: 'phoneCode', target: 'awaitingPhone', actions: 'askPhone' },
                  { guard: 'launchFailure', target: 'failed', actions: 'fail' },
                ],
              },
            },
            building: { on: { 'games.addressBuilt': { guard: 'ourAddress', target: 'playing', actions: 'enter' } } },
            playing: { entry: { type: 'play', params: 'playing' } },
            awaitingRegistration: {
              on: { 'session.loggedIn': { guard: 'realLogin', target: 'waitingPrize' }, 'games.launchRetried': 'checking' },
            },
            // The sign-in fetches the prize balance; the retry waits for it instead of being refused.
            waitingPrize: { always: { guard: 'prizeSettled', target: 'checking' } },
            // The phone verification (the game phone actor); retried once the phone is verified.
            awaitingPhone: {
              exit: 'abandonPhone',
              on: { 'games.phoneVerified': 'checking', 'games.launchRetried': 'checking' },
            },
            failed: { on: { 'games.launchRetried': 'checking', 'session.loggedIn': 'waitingPrize' } },
          },
        },
      },
    },
  },
})
