import { defineDomain } from '../domain'
import { postloginEvents } from '../../schemas/events/postlogin'
import { postloginActor } from '.'

/** The postlogin domain (docs/architecture.md, "How a domain is registered"). */
export const postloginDomain = defineDomain({
  name: 'postlogin',
  actors: [postloginActor],
  events: postloginEvents,
  popups: ['newBenefitsModal', 'rechargePopup', 'downloadApp', 'forceBind', 'bind'],
  namespaces: ['postlogin'],
})
