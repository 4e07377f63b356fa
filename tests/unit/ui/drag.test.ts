import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DRAG_THRESHOLD, moveTo, pressAt, type Drag } from '../../../src/ui/drag'

/** The drag after a series of pointer moves from a press at `x` on a strip scrolled to `scroll`. */
const follow = (x: number, scroll: number, moves: ReadonlyArray<number>): { drag: Drag; scrollLeft: number | null } => {
  let state: { drag: Drag; scrollLeft: number | null } = { drag: pressAt(x, scroll), scrollLeft: null }
  for (const m of moves) state = moveTo(state.drag, m)
  return state
}

describe('drag scroll (spec §5: a drag counts after 20 px)', () => {
  it('a press that moves 20 px or less stays a click and does not scroll', () => {
    expect(DRAG_THRESHOLD).toBe(20)
    expect(follow(100, 0, [110, 120, 80])).toEqual({ drag: { startX: 100, startScroll: 0, counted: false }, scrollLeft: null })
  })

  it('past 20 px it counts, and the strip follows the pointer from where the press started', () => {
    expect(follow(100, 50, [121])).toEqual({ drag: { startX: 100, startScroll: 50, counted: true }, scrollLeft: 29 })
    expect(follow(100, 50, [79])).toEqual({ drag: { startX: 100, startScroll: 50, counted: true }, scrollLeft: 71 })
  })

  it('once counted it stays counted, even back within 20 px', () => {
    expect(follow(100, 50, [130, 105])).toEqual({ drag: { startX: 100, startScroll: 50, counted: true }, scrollLeft: 45 })
  })

  it('property: counted exactly when some move went more than 20 px from the press', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.nat(5000), fc.array(fc.integer({ min: -100, max: 100 }), { maxLength: 12 }), (x, scroll, deltas) => {
        const result = follow(x, scroll, deltas.map((d) => x + d))
        const far = deltas.some((d) => Math.abs(d) > DRAG_THRESHOLD)
        expect(result.drag.counted).toBe(far)
        if (deltas.length > 0) expect(result.scrollLeft).toBe(far ? scroll - deltas[deltas.length - 1]! : null)
      }),
    )
  })
})
