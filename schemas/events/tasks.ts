import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * The task centre (spec screens §2 global popup task and /home/event/task; calls §7.10). The
 * groups, the vitality boxes and a group's tasks are read when the task centre opens and when the
 * player chooses another group; receiving announces `tasks.changed`, which reads them again with
 * the red dots (the system menu's task count).
 */

/** The task centre opened (the popup or the page) on a group: the groups, the boxes and the group's tasks are read. */
export const tasksOpened = defineEvent('tasks.opened', 'intent', "The task centre opened on a group: the groups, the vitality boxes and the group's tasks are read.", {
  template: Schema.String,
  /** The site's code, which the vitality boxes call names (spec §7.10). */
  siteCode: Schema.String,
})

/** The player chose another group of the task centre: its tasks are read. */
export const taskGroupChosen = defineEvent('tasks.groupChosen', 'intent', "The player chose a group of the task centre: the group's tasks are read.", {
  template: Schema.String,
})

/** The player received task prizes or opened a vitality box: the groups, the tasks, the boxes and the red dots are read again. */
export const tasksChanged = defineEvent('tasks.changed', 'notice', 'The player received task prizes or opened a vitality box: the groups, the tasks, the boxes and the red dots are read again.', {
  count: Schema.Number,
})

/** The task-centre events. */
export const tasksEvents = [tasksOpened, taskGroupChosen, tasksChanged] as const
