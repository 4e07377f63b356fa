import { defineDomain } from '../domain'
import { sessionEvents } from '../../schemas/events/session'
import { sessionActor, languageActor } from '.'

/** The session domain (docs/architecture.md, "How a domain is registered"). */
export const sessionDomain = defineDomain({
  name: 'session',
  actors: [sessionActor, languageActor],
  events: sessionEvents,
  popups: ['auth', 'login', 'register', 'tokenExpired', 'logoutConfirm', 'forceChangePwd'],
  namespaces: ['auth', 'signin'],
})
