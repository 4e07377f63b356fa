import type { SnapshotFrom } from 'xstate'
import type { siteMachine } from '../../../actors/site'

/** Whether the site's hall reads activities by template (hall profile `events: 'quickList'`; docs/hall.md "Hall profile"). */
export const selectByTemplate = (s: SnapshotFrom<typeof siteMachine>): boolean => s.context.config?.hallProfile?.events === 'quickList'
