import { assign, enqueueActions, setup } from 'xstate'
import { gameLogin } from '../../schemas/hall/calls/games'
import { answers, dataOf, request, settle } from '../kit'
import { demoAddressOf, initialPromoteGame, isPromoteGame, promoteGameIdOf, promoteLaunch, type PromoteGameContext, type PromoteGameEmitted, type PromoteGameEvent } from './promotion.logic'

/**
 * The promote-game page (screens §4; route /promote-game?SelfOperatedGameId=<game>): a loading
 * page while the site starts (system info) and the session signs a guest (test user) in; a guest
 * then starts the demo launch of that self-operated game and the page is replaced with the game
 * address (`promotion.gameOpened`: the promotion runner calls location.replace). A missing or
 * invalid id, a failed launch, or a real player (the demo launch is a guest's) goes to root.
 *
 * Where it stands is its context's `status`, not a state value: on every other page the actor
 * stays 'off' and its state value never changes, so the logs of other pages stay as they were.
 * Actors only emit notices: the page's view carries out what the status asks (`needsGuest`: the
 * trial request; `toRoot`: the navigation to root).
 *
 * Consumes: app.started, site.ready, session.loggedIn, session.authPromptNeeded, hall.responded, hall.failed.
 * Emits: hall.requested, promotion.gameOpened.
 */
export const promoteGameMachine = setup({
  types: { context: {} as PromoteGameContext, events: {} as PromoteGameEvent, emitted: {} as PromoteGameEmitted },
  actions: {
    start: assign(({ event }) => {
      if (event.type !== 'app.started' || !isPromoteGame(event.url)) return {}
      const gameId = promoteGameIdOf(event.url)
      return { gameId, origin: new URL(event.site.configApiBaseUrl, event.url).origin, status: gameId === null ? ('toRoot' as const) : ('waiting' as const) }
    }),
    takeSite: assign(({ event }) => (event.type === 'site.ready' ? { language: event.language } : {})),
    signedIn: enqueueActions(({ context: c, event, enqueue }) => {
      if (event.type !== 'session.loggedIn' || (c.status !== 'waiting' && c.status !== 'needsGuest') || c.gameId === null) return
      if (event.real) {
        enqueue.assign({ status: 'toRoot' })
        return
      }
      const asked = request('promoteGame', c.requests, 'launch', gameLogin, promoteLaunch(c.gameId))
      enqueue.assign({ requests: asked.requests, username: event.username, status: 'launching' })
      enqueue.emit(asked.notice)
    }),
    visitor: assign(({ context }) => (context.status === 'waiting' ? { status: 'needsGuest' as const } : {})),
    answer: enqueueActions(({ context: c, event, enqueue }) => {
      if (!answers(c.requests, 'launch', event)) return
      const entry = event.type === 'hall.responded' ? dataOf(gameLogin, event).socket_url[0] : undefined
      if (entry === undefined) {
        enqueue.assign({ requests: settle(c.requests, 'launch'), status: 'toRoot' })
        return
      }
      enqueue.assign({ requests: settle(c.requests, 'launch'), status: 'opened' })
      enqueue.emit({ type: 'promotion.gameOpened', url: demoAddressOf({ base: entry.url, origin: c.origin, gameId: entry.gameid, lang: c.language, username: c.username }) })
    }),
  },
}).createMachine({
  id: 'promoteGame',
  context: initialPromoteGame,
  on: {
    'app.started': { actions: 'start' },
    'site.ready': { actions: 'takeSite' },
    'session.loggedIn': { actions: 'signedIn' },
    'session.authPromptNeeded': { actions: 'visitor' },
    'hall.responded': { actions: 'answer' },
    'hall.failed': { actions: 'answer' },
  },
})
