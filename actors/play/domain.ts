import { defineDomain } from '../domain'
import { playEvents } from '../../schemas/events/play'
import { matchesActor, guessesActor, guessActor, investActor, investingActor, luckyActor, luckyReceiveActor, quizActor, quizAnswerActor } from '.'

/** The play domain (docs/architecture.md, "How a domain is registered"). */
export const playDomain = defineDomain({
  name: 'play',
  actors: [matchesActor, guessesActor, guessActor, investActor, investingActor, luckyActor, luckyReceiveActor, quizActor, quizAnswerActor],
  events: playEvents,
  namespaces: ['play'],
})
