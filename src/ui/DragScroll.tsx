import { useRef, type DragEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react'
import { moveTo, pressAt, type Drag } from './drag'
import './controls.css'

/**
 * A horizontal strip a mouse can drag to scroll (spec §5: a drag counts after 20 px): a press
 * that moves less than that is a click on the entry under it; once it counts, the strip follows
 * the pointer and the click at its end is swallowed. Touch and the wheel scroll natively; the
 * keyboard reaches every entry with Tab, each scrolling into view as it takes focus. Renders `as`
 * (a `ul` for a list of entries).
 */
export const DragScroll = ({
  as: Tag = 'div',
  className,
  children,
  label,
  role,
}: {
  as?: 'div' | 'ul'
  className?: string
  children: ReactNode
  /** The strip's name, when it is a region of its own. */
  label?: string
  role?: 'list'
}) => {
  const drag = useRef<Drag | null>(null)
  const swallowClick = useRef(false)
  const down = (e: PointerEvent<HTMLElement>) => {
    if (e.pointerType !== 'mouse' || e.button !== 0) return
    drag.current = pressAt(e.clientX, e.currentTarget.scrollLeft)
  }
  const move = (e: PointerEvent<HTMLElement>) => {
    if (drag.current === null) return
    const wasCounted = drag.current.counted
    const next = moveTo(drag.current, e.clientX)
    drag.current = next.drag
    if (next.scrollLeft === null) return
    if (!wasCounted) {
      e.currentTarget.setPointerCapture(e.pointerId)
      e.currentTarget.dataset['dragging'] = ''
    }
    e.currentTarget.scrollLeft = next.scrollLeft
  }
  const up = (e: PointerEvent<HTMLElement>) => {
    if (drag.current === null) return
    swallowClick.current = drag.current.counted
    drag.current = null
    delete e.currentTarget.dataset['dragging']
  }
  const props = {
    className: `drag-scroll${className === undefined ? '' : ` ${className}`}`,
    role,
    'aria-label': label,
    onPointerDown: down,
    onPointerMove: move,
    onPointerUp: up,
    onPointerCancel: up,
    onClickCapture: (e: MouseEvent) => {
      if (!swallowClick.current) return
      swallowClick.current = false
      e.preventDefault()
      e.stopPropagation()
    },
    onDragStart: (e: DragEvent) => e.preventDefault(),
  }
  return Tag === 'ul' ? <ul {...props}>{children}</ul> : <div {...props}>{children}</div>
}
