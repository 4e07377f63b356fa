import { cloneElement, useEffect, useId, useState, type ReactElement } from 'react'
import './controls.css'

/**
 * A tooltip (WAI-ARIA tooltip pattern, WCAG 1.4.13): `text` in a `role="tooltip"` bubble over its
 * trigger, shown while the pointer is over the trigger or the bubble and while the trigger has
 * keyboard focus, dismissed by Escape without moving focus. The trigger must be focusable (a
 * button, a link). The bubble names the trigger (`aria-labelledby`, for an icon-only button whose
 * name is the tooltip's text) or, with `describes`, adds a description (`aria-describedby`).
 * Native and small: no library for what one element and four events do (docs/decisions.md).
 */
export const Tooltip = ({
  text,
  children,
  describes = false,
}: {
  text: string
  children: ReactElement<{ 'aria-labelledby'?: string; 'aria-describedby'?: string }>
  describes?: boolean
}) => {
  const id = useId()
  const [hover, setHover] = useState(false)
  const [focus, setFocus] = useState(false)
  const [dismissed, setDismissed] = useState(false)
  const open = (hover || focus) && !dismissed
  useEffect(() => {
    if (!open) return
    // Escape closes the bubble first; a dialog under it closes on the next Escape.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      e.stopPropagation()
      setDismissed(true)
    }
    document.addEventListener('keydown', onKey, true)
    return () => document.removeEventListener('keydown', onKey, true)
  }, [open])
  const show = (set: (v: boolean) => void) => () => {
    setDismissed(false)
    set(true)
  }
  const trigger = cloneElement(children, describes ? { 'aria-describedby': id } : { 'aria-labelledby': id })
  return (
    <span
      className="tooltip"
      onPointerEnter={show(setHover)}
      onPointerLeave={() => setHover(false)}
      onFocus={show(setFocus)}
      onBlur={() => setFocus(false)}
    >
      {trigger}
      <span id={id} role="tooltip" className="tooltip__bubble" data-open={open || undefined}>
        {text}
      </span>
    </span>
  )
}
