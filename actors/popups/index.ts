import type { ActorSpec } from '../spec'
import { POPUPS_CONSUMES, popupsMachine } from './popups.machine'

/**
 * The popup queue actor: the global popups (spec §2), one shown at a time, the token-expired
 * modal and the forced password change first, the rest in arrival order. Views render the popup
 * in front through the selectors and send `popup.closeRequested` (or the popup's own answer).
 */
export const popupsActor = {
  id: 'popups',
  machine: popupsMachine,
  consumes: POPUPS_CONSUMES,
} as const satisfies ActorSpec

export { popupsMachine, planOf, CLOSE_DELAY_MS, POPUPS_CONSUMES } from './popups.machine'
export type { PopupsContext, PopupsEvent } from './popups.machine'
export {
  AUTH_POPUPS,
  RANKED_POPUPS,
  SESSION_POPUPS,
  UNCLOSABLE_POPUPS,
  byPriority,
  isClosable,
  isFullScreen,
  outranks,
  rankOf,
} from './popups.queue'
export type { PopupEntry, PopupProps } from './popups.queue'
export * from './popups.selectors'
