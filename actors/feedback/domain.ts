import { defineDomain } from '../domain'
import { feedbackEvents } from '../../schemas/events/feedback'
import { feedbacksActor, feedbackSubmitActor, feedbackReadActor, feedbackImageActor } from '.'

/** The feedback domain (docs/architecture.md, "How a domain is registered"). */
export const feedbackDomain = defineDomain({
  name: 'feedback',
  actors: [feedbacksActor, feedbackSubmitActor, feedbackReadActor, feedbackImageActor],
  events: feedbackEvents,
  routes: ['feedback'],
  popups: ['feedback'],
  namespaces: ['feedback'],
})
