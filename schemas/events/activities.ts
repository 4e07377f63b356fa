import { Schema } from 'effect'
import { EventCategory } from '../hall/calls/active'
import { defineEvent } from '../event'

/**
 * The event centre (spec screens §2 /home/event/index, /home/event/detail/{template}/{eventId};
 * calls §7.4). The categories, the running modules and the custom pages are read when the event
 * centre opens; an activity's detail when its page opens; receiving announces
 * `activities.changed`, which reads the detail, the list and the red dots again.
 */

/**
 * The event centre opened: its categories, modules and custom pages are read; `quick` on a site
 * whose hall profile says `events: 'quickList'` (docs/hall.md "Hall profile"): the quick list too.
 */
export const activitiesOpened = defineEvent('activities.opened', 'intent', 'The event centre opened: its categories, running modules and custom pages are read (with quick: the quick list too).', {
  quick: Schema.optionalKey(Schema.Literal(true)),
})

/**
 * An activity's page opened: its detail (rules, progress, tiers) and its winners are read; with
 * `template` (a site whose hall profile says `events: 'quickList'`) the detail by its template.
 */
export const activityOpened = defineEvent('activity.opened', 'intent', "An activity's detail page opened: its detail (by its template when one is named) and its winners are read.", {
  activeId: Schema.Int,
  template: Schema.optionalKey(Schema.String),
})

/** The player received rewards of an activity: its detail, the list and the red dots are read again. */
export const activitiesChanged = defineEvent('activities.changed', 'notice', 'The player received rewards of an activity: its detail, its records, the list and the red dots are read again.', {
  activeId: Schema.Int,
  count: Schema.Number,
})

/**
 * The event categories kept on the device (spec §9: 10 activities each), read when the event centre
 * opens so they show before the hall answers; the hall's answer replaces them.
 */
export const activitiesCacheLoaded = defineEvent('activities.cacheLoaded', 'fact', 'The event categories kept on the device (10 activities each) were read when the event centre opened.', {
  list: Schema.Array(EventCategory),
})

/** The event-centre events. */
export const activitiesEvents = [activitiesOpened, activityOpened, activitiesChanged, activitiesCacheLoaded] as const
