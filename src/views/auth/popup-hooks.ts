import type { ActorRefFrom } from 'xstate'
import type { PopupPhase, PopupProps, popupsMachine } from '../../../actors/popups'
import {
  selectPopupClosable,
  selectPopupFullScreen,
  selectPopupPhase,
  selectPopupProps,
  selectShownPopup,
  selectShowsCloseButton,
} from '../../../actors/popups'
import type { PopupId } from '../../../schemas/events/popup'
import { useActorSelector } from '../../system-react'

type PopupsRef = ActorRefFrom<typeof popupsMachine>

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
  popup: useActorSelector<PopupsRef, PopupId | null>('popups', selectShownPopup),
  phase: useActorSelector<PopupsRef, PopupPhase | null>('popups', selectPopupPhase),
  props: useActorSelector<PopupsRef, PopupProps>('popups', selectPopupProps),
  closable: useActorSelector<PopupsRef, boolean>('popups', selectPopupClosable),
  showCloseButton: useActorSelector<PopupsRef, boolean>('popups', selectShowsCloseButton),
  fullScreen: useActorSelector<PopupsRef, boolean>('popups', selectPopupFullScreen),
})
