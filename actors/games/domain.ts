import { defineDomain } from '../domain'
import { gamesEvents } from '../../schemas/events/games'
import { gamesActor, launchActor, lastGameActor, gamePhoneActor } from '.'

/** The games domain (docs/architecture.md, "How a domain is registered"). */
export const gamesDomain = defineDomain({
  name: 'games',
  actors: [gamesActor, launchActor, lastGameActor, gamePhoneActor],
  events: gamesEvents,
  routes: ['game', 'subgame', 'search', 'embedded', 'sports'],
  popups: ['verifyBindPhone', 'continueLastGame'],
  namespaces: ['games'],
})
