import type { SnapshotFrom } from 'xstate'
import type { PopupId } from '../../schemas/events/popup'
import type { popupsMachine } from './popups.machine'
import { isClosable, isFullScreen, type PopupEntry, type PopupProps } from './popups.queue'

type PopupsSnapshot = SnapshotFrom<typeof popupsMachine>

/** Where the popup in front stands: waiting (not rendered yet), open, or closing (hidden, content kept). */
export type PopupPhase = 'waiting' | 'open' | 'closing'

const NO_PROPS: PopupProps = Object.freeze({})

/** The popup in front: the open or closing one, else the first waiting one. */
const front = (s: PopupsSnapshot): PopupEntry | null => s.context.current ?? s.context.queue[0] ?? null

/** The popup in front (rendered only when its phase is not waiting), or null when there is none. */
export const selectShownPopup = (s: PopupsSnapshot): PopupId | null => front(s)?.id ?? null

/** The phase of the popup in front, or null when there is none. */
export const selectPopupPhase = (s: PopupsSnapshot): PopupPhase | null =>
  front(s) === null ? null : s.matches('open') ? 'open' : s.matches('closing') ? 'closing' : 'waiting'

/** The props its opener gave the popup in front (a stable empty object when none). */
export const selectPopupProps = (s: PopupsSnapshot): PopupProps => front(s)?.props ?? NO_PROPS

/** Whether the player may dismiss the popup in front (close button, Escape). */
export const selectPopupClosable = (s: PopupsSnapshot): boolean => {
  const entry = front(s)
  return entry !== null && isClosable(entry.id)
}

/** Whether the popup in front shows a close button: closable, not on mobile, not full screen (spec §2). */
export const selectShowsCloseButton = (s: PopupsSnapshot): boolean => {
  const entry = front(s)
  return entry !== null && isClosable(entry.id) && s.context.device !== 'mobile' && !isFullScreen(entry)
}

/** Whether the popup in front fills the screen. */
export const selectPopupFullScreen = (s: PopupsSnapshot): boolean => {
  const entry = front(s)
  return entry !== null && isFullScreen(entry)
}

/** The device the site announced (the modal's width and the close-button rule). */
export const selectPopupDevice = (s: PopupsSnapshot): 'mobile' | 'desktop' => s.context.device

/** The ids of the popups waiting behind the one in front, in the order they will show. */
export const selectQueuedPopups = (s: PopupsSnapshot): ReadonlyArray<PopupId> =>
  (s.context.current === null ? s.context.queue.slice(1) : s.context.queue).map((e) => e.id)
