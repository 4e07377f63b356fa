import { tasksDomain } from '../../../actors/tasks/domain'
import { lazyNamed } from '../routing/lazy-view'
import { defineScreens } from '../routing/screens'

const TaskPage = lazyNamed(() => import('./TaskCentre'), 'TaskPage')
const TaskPopup = lazyNamed(() => import('./TaskCentre'), 'TaskPopup')

/** The task centre: its page and its popup. */
export const tasksScreens = defineScreens(tasksDomain, {
  pages: { eventTask: () => <TaskPage /> },
  popups: { task: TaskPopup },
})
