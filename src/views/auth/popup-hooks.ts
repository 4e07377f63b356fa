import type { PopupPhase, PopupProps } from '../../../actors/popups'
import {
  selectPopupClosable,
  selectPopupFullScreen,
  selectPopupPhase,
  selectPopupProps,
  selectShownPopup,
  selectShowsCloseButton,
} from '../../../actors/popups'
import type { PopupId } from '../../../schemas/events/popup'
import { useActor } from '../../system-react'


/** The popup in front, as the host renders it (each value selected on its own: no object churn). */
export interface PopupView {
  readonly popup: PopupId | null
  readonly phase: PopupPhase | null
  readonly props: PopupProps
  readonly closable: boolean
  readonly showCloseButton: boolean
  readonly fullScreen: boolean
}

export const usePopupView = (): PopupView => ({
  popup: useActor('popups', selectShownPopup),
  phase: useActor('popups', selectPopupPhase),
  props: useActor('popups', selectPopupProps),
  closable: useActor('popups', selectPopupClosable),
  showCloseButton: useActor('popups', selectShowsCloseButton),
  fullScreen: useActor('popups', selectPopupFullScreen),
})
