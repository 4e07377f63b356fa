import { defineDomain } from '../domain'
import { betRecordsActor, movementsActor, statementActor } from '.'

/** The records domain (docs/architecture.md, "How a domain is registered"). */
export const recordsDomain = defineDomain({
  name: 'records',
  actors: [betRecordsActor, movementsActor, statementActor],
  routes: ['records', 'report'],
  namespaces: ['records'],
})
