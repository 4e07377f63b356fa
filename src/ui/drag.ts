/**
 * The rule of a drag-scrolled strip (spec §5: a drag counts after 20 px), as pure functions: a
 * press starts a drag that is not yet counted; it counts once the pointer has moved more than 20
 * px along the strip, and from then on the strip follows the pointer. A press released before
 * that is a click on what was pressed.
 */

/** How far (px) the pointer moves along the strip before a press becomes a drag. */
export const DRAG_THRESHOLD = 20

export interface Drag {
  /** Where the press started (clientX). */
  readonly startX: number
  /** The strip's scrollLeft when it started. */
  readonly startScroll: number
  /** Whether the press became a drag. */
  readonly counted: boolean
}

/** A press at `x` on a strip scrolled to `scroll`. */
export const pressAt = (x: number, scroll: number): Drag => ({ startX: x, startScroll: scroll, counted: false })

/**
 * The pointer moved to `x`: the drag after the move, and where the strip scrolls to (null while
 * the press is still a click).
 */
export const moveTo = (drag: Drag, x: number): { drag: Drag; scrollLeft: number | null } => {
  const dx = x - drag.startX
  const counted = drag.counted || Math.abs(dx) > DRAG_THRESHOLD
  return { drag: counted === drag.counted ? drag : { ...drag, counted }, scrollLeft: counted ? drag.startScroll - dx : null }
}
