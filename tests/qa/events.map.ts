import { categoriesActor } from '../../actors/activities'
import { queryMap } from './map'

/**
 * The event centre: its categories (actor eventcats), read when the event centre opens; the hall
 * answers or refuses them, and the page offers Try again.
 */
export default queryMap({
  name: 'events',
  actor: categoriesActor.id,
  machine: categoriesActor.machine,
  opened: { type: 'activities.opened' },
  call: 'activeCategory',
  path: '/active/category',
  openSay: 'open the event centre (the Promotions tab)',
  openRoute: 'eventIndex',
  answer: { list: [] },
  // Anyone reads the event centre: a sign-in adds nothing to its paths but a socket that retries a failed read.
  signIn: false,
  idle: { say: 'the lobby, the event centre not opened', find: (p) => p.getByRole('banner') },
  ready: { say: 'the event centre', find: (p) => p.getByRole('heading', { name: 'Promotions' }) },
  failed: { say: 'Try again in the event centre', find: (p) => p.getByRole('button', { name: 'Try again' }) },
})
