import { defineDomain } from '../domain'
import { yuebaoEvents } from '../../schemas/events/yuebao'
import { yuebaoActor, yuebaoProfitActor, yuebaoRecordsActor, yuebaoSaveActor, yuebaoTakeoutActor, yuebaoReceiveActor } from '.'

/** The yuebao domain (docs/architecture.md, "How a domain is registered"). */
export const yuebaoDomain = defineDomain({
  name: 'yuebao',
  actors: [yuebaoActor, yuebaoProfitActor, yuebaoRecordsActor, yuebaoSaveActor, yuebaoTakeoutActor, yuebaoReceiveActor],
  events: yuebaoEvents,
  routes: ['yuebao'],
  popups: ['yuebaoIntro'],
  namespaces: ['yuebao'],
})
