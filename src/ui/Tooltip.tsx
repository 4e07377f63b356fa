import { cloneElement, useEffect, useId, useLayoutEffect, useRef, useState, type ReactElement } from 'react'
import './controls.css'

/** The gap (px) between a trigger and its bubble, and the least room kept to the window's edges. */
const GAP = 6

/**
 * A tooltip (WAI-ARIA tooltip pattern, WCAG 1.4.13): `text` in a `role="tooltip"` bubble under its
 * trigger, shown while the pointer is over the trigger or the bubble and while the trigger has
 * keyboard focus, dismissed by Escape without moving focus. The trigger must be focusable (a
 * button, a link). The bubble names the trigger (`aria-labelledby`, for an icon-only button whose
 * name is the tooltip's text) or, with `describes`, adds a description (`aria-describedby`).
 * The bubble is a manual popover (the Popover API's top layer), so no scrolling or clipped
 * ancestor (a header row, a dialog) cuts it; it is placed under the trigger and kept inside the
 * window. Native and small: no library for what one element and four events do
 * (docs/decisions.md).
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
  const wrap = useRef<HTMLSpanElement>(null)
  const bubble = useRef<HTMLSpanElement>(null)
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
  useLayoutEffect(() => {
    const el = bubble.current
    const trigger = wrap.current
    if (el === null || trigger === null) return
    const popover = typeof el.showPopover === 'function'
    if (!open) {
      if (popover && el.matches(':popover-open')) el.hidePopover()
      return
    }
    if (popover && !el.matches(':popover-open')) el.showPopover()
    const r = trigger.getBoundingClientRect()
    const width = el.offsetWidth
    const left = Math.min(Math.max(GAP, r.left + r.width / 2 - width / 2), window.innerWidth - width - GAP)
    el.style.left = `${left}px`
    el.style.top = `${r.bottom + GAP}px`
  }, [open])
  const show = (set: (v: boolean) => void) => () => {
    setDismissed(false)
    set(true)
  }
  const trigger = cloneElement(children, describes ? { 'aria-describedby': id } : { 'aria-labelledby': id })
  return (
    <span
      ref={wrap}
      className="tooltip"
      onPointerEnter={show(setHover)}
      onPointerLeave={() => setHover(false)}
      onFocus={show(setFocus)}
      onBlur={() => setFocus(false)}
    >
      {trigger}
      <span ref={bubble} id={id} role="tooltip" popover="manual" className="tooltip__bubble" data-open={open || undefined}>
        {text}
      </span>
    </span>
  )
}
