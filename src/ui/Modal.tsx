import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react'
import './Modal.css'

/**
 * An accessible modal dialog on the native `<dialog>` element (`showModal()`): the page behind is
 * inert, so focus stays inside; Tab and Shift+Tab also wrap inside the dialog, so focus never
 * leaves it for the browser's own controls. Focus moves in on open (to the element marked
 * `data-autofocus`, else the first control) and back to where it was on close.
 *
 * Spec §2: a click on the mask does nothing (the native backdrop takes no clicks); Escape closes
 * only a closable popup; the close button is hidden on mobile and full-screen popups (the caller
 * passes `showCloseButton` from the popups actor). Width (spec §9): 550 px on the web, 600 design
 * px (of 750) on mobile widths.
 *
 * The popup's open or closing phase is the actor's: `open` false hides the dialog while its
 * content stays mounted until the actor resets it.
 */
export interface ModalProps {
  readonly open: boolean
  /** The dialog's name (aria-labelledby). */
  readonly title: ReactNode
  /** Keep the title for assistive technology only (the content shows its own heading). */
  readonly titleHidden?: boolean
  /** What Escape and the close button do; absent for a popup the player cannot dismiss. */
  readonly onClose?: (() => void) | undefined
  readonly showCloseButton: boolean
  /** The close button's accessible name (translated by the caller). */
  readonly closeLabel: string
  readonly fullScreen?: boolean
  /** Extra class for the dialog (a popup's own layout). */
  readonly className?: string
  readonly children: ReactNode
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

/** The controls a keyboard user can reach inside an element, in tab order of the document. */
export const focusablesIn = (root: HTMLElement): HTMLElement[] =>
  [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden], [inert]') && el.getClientRects().length > 0)

/**
 * Focus back where it was; if that control is gone (a Receive button that vanished once its award
 * was received), to the dialog still open beneath, so Escape and Tab keep working there.
 */
const restoreFocus = (doc: Document, target: HTMLElement | null) => {
  if (target?.isConnected === true) {
    target.focus()
    if (doc.activeElement === target) return
  }
  const beneath = [...doc.querySelectorAll<HTMLDialogElement>('dialog[open]')].at(-1)
  if (beneath === undefined || beneath.contains(doc.activeElement)) return
  ;(beneath.querySelector<HTMLElement>('[data-autofocus]') ?? focusablesIn(beneath)[0])?.focus()
}

export const Modal = ({ open, title, titleHidden = false, onClose, showCloseButton, closeLabel, fullScreen = false, className, children }: ModalProps) => {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const restoreTo = useRef<HTMLElement | null>(null)
  const openRef = useRef(open)
  openRef.current = open

  // Layout effect: the dialog is shown before the browser paints, so there is no flash of it closed.
  useLayoutEffect(() => {
    const dialog = ref.current
    if (dialog === null) return
    if (open && !dialog.open) {
      const active = dialog.ownerDocument.activeElement
      restoreTo.current = active instanceof HTMLElement && active !== dialog.ownerDocument.body ? active : null
      dialog.showModal()
      const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusablesIn(dialog)[0]
      first?.focus()
    } else if (!open && dialog.open) {
      dialog.close()
    }
  }, [open])

  // Focus goes back where it was when the dialog hides or unmounts.
  useEffect(() => {
    if (open) return
    const target = restoreTo.current
    restoreTo.current = null
    if (ref.current !== null) restoreFocus(ref.current.ownerDocument, target)
  }, [open])
  useEffect(() => {
    const dialog = ref.current
    return () => {
      if (dialog === null) return
      if (dialog.open) dialog.close()
      restoreFocus(dialog.ownerDocument, restoreTo.current)
    }
  }, [])

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Escape') {
      // Cancelled here, the browser raises no close request of its own: the actor decides.
      e.preventDefault()
      e.stopPropagation()
      onClose?.()
      return
    }
    if (e.key !== 'Tab' || ref.current === null) return
    const items = focusablesIn(ref.current)
    const first = items[0]
    const last = items.at(-1)
    if (first === undefined || last === undefined) {
      e.preventDefault()
      return
    }
    const active = ref.current.ownerDocument.activeElement
    if (e.shiftKey && (active === first || !ref.current.contains(active))) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && (active === last || !ref.current.contains(active))) {
      e.preventDefault()
      first.focus()
    }
  }

  // A close request not from the keyboard (a phone's back gesture): the actor decides.
  const onCancel = (e: SyntheticEvent<HTMLDialogElement>) => {
    e.preventDefault()
    onClose?.()
  }

  // The browser may close the dialog on its own while the actor still shows it: a close request
  // (Escape with focus outside the dialog, a back gesture) for which it raised no cancel event.
  // A closable popup takes it as the player's close; any other is shown again.
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose
  const onNativeClose = () => {
    if (!openRef.current || ref.current === null || ref.current.open) return
    const close = onCloseRef.current
    if (close !== undefined) close()
    else ref.current.showModal()
  }

  const classes = ['modal', fullScreen ? 'modal--full' : '', className ?? ''].filter((c) => c !== '').join(' ')
  return (
    <dialog ref={ref} className={classes} aria-labelledby={titleId} onKeyDown={onKeyDown} onCancel={onCancel} onClose={onNativeClose}>
      <div className="modal__head">
        <h2 id={titleId} className={titleHidden ? 'visually-hidden' : 'modal__title'}>
          {title}
        </h2>
        {showCloseButton && onClose !== undefined && (
          <button type="button" className="modal__close" aria-label={closeLabel} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        )}
      </div>
      <div className="modal__body">{children}</div>
    </dialog>
  )
}
