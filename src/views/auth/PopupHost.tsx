import { Schema } from 'effect'
import { useMemo } from 'react'
import { popupProps, type PopupId, type PopupPropsOf } from '../../../schemas/events/popup'
import { useSend } from '../../system-react'
import { usePopupView } from './popup-hooks'
import { LazyViews } from '../routing/lazy-view'
import { popupViewOf } from '../routing/registry'
import type { PopupViewProps } from '../routing/screens'
import './auth.css'

/**
 * Renders the popups actor's popup in front (spec §2 global popups): nothing while it waits; the
 * dialog while it is open; hidden, content kept, while it closes; gone (content reset) after.
 * Each popup's view is its domain's (src/views/<folder>/screens.tsx, found by the registry); the
 * sign-in popup comes with the first route, every other one is its own chunk. Closing a closable
 * popup (Escape, the close button) sends `popup.closeRequested`; the popup's own answers go to the
 * session.
 */
export const PopupHost = () => (
  <LazyViews inline>
    <PopupContent />
  </LazyViews>
)

/**
 * The props of the popup in front, decoded with its declared schema (schemas/events/popup.ts): a
 * view reads typed props. Props that do not decode (an opener that broke its popup's declaration;
 * the bus refuses such a request from a view) show the popup without them, or not at all when it
 * needs them.
 */
const decodeProps = <P extends PopupId>(popup: P, props: unknown): PopupPropsOf<P> | undefined => {
  const decoded = Schema.decodeUnknownOption(popupProps[popup])(props)
  return decoded._tag === 'Some' ? decoded.value : undefined
}

const PopupContent = () => {
  const view = usePopupView()
  const send = useSend()
  const { popup, phase } = view
  const props = useMemo(() => (popup === null ? undefined : decodeProps(popup, view.props)), [popup, view.props])
  if (popup === null || phase === null || phase === 'waiting' || props === undefined) return null
  const View = popupViewOf(popup)
  if (View === undefined) throw new Error(`no view for the popup ${popup}`)
  const shown: PopupViewProps<PopupId> = {
    popup,
    props,
    open: phase === 'open',
    showCloseButton: view.showCloseButton,
    fullScreen: view.fullScreen,
    onClose: view.closable ? () => send({ type: 'popup.closeRequested', popup }) : undefined,
  }
  return <View {...shown} />
}
