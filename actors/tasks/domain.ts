import { defineDomain } from '../domain'
import { tasksEvents } from '../../schemas/events/tasks'
import { taskGroupsActor, taskListActor, taskBoxesActor, taskReceiveActor, taskReceiveAllActor, taskBoxActor, taskSaveAddressActor } from '.'

/** The tasks domain (docs/architecture.md, "How a domain is registered"). */
export const tasksDomain = defineDomain({
  name: 'tasks',
  actors: [taskGroupsActor, taskListActor, taskBoxesActor, taskReceiveActor, taskReceiveAllActor, taskBoxActor, taskSaveAddressActor],
  events: tasksEvents,
  routes: ['eventTask'],
  popups: ['task'],
  namespaces: ['tasks'],
})
