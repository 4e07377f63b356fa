import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef } from 'react'
import type { TimelineModel } from '../model'

/**
 * The records the filter keeps, one row each: seq, time from the start, kind, type, source, a
 * summary of the fields, and the cause link (for the mouse; the record panel links it for
 * everyone). Virtualized (@tanstack/react-virtual): only the
 * rows in view are in the DOM, so a log of 100,000 records scrolls like one of a hundred.
 *
 * Scrolling costs little per frame: a row is keyed by its place in the window, not by its
 * record, so a scroll rewrites the text of the row elements in place instead of removing and
 * creating them (which was most of a frame, and garbage for the collector); the virtualizer
 * re-renders in a task of its own rather than synchronously inside the scroll event (no
 * flushSync), so rendering and the frame's layout do not add up into one long task; the rows sit
 * in one window moved by a single transform, not one transform each; and each row is a
 * containment root of fixed size, so its text changing lays out that row only.
 */

const ROW_H = 24
// Stable across renders: the virtualizer recomputes every row's offset when this function changes.
const rowHeight = () => ROW_H

export const RecordList = ({
  model,
  kept,
  selected,
  onSelect,
}: {
  model: TimelineModel
  kept: Int32Array
  selected: number
  onSelect: (position: number) => void
}) => {
  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: kept.length,
    getScrollElement: () => scroller.current,
    estimateSize: rowHeight,
    overscan: 5,
    useFlushSync: false,
  })
  const items = virtualizer.getVirtualItems()
  const first = items[0]?.index ?? 0

  // Keep the selected record in view when it changes from elsewhere (swimlanes, step, play).
  useEffect(() => {
    if (selected < 0) return
    let lo = 0
    let hi = kept.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if (kept[mid]! < selected) lo = mid + 1
      else hi = mid - 1
    }
    if (kept[lo] === selected) virtualizer.scrollToIndex(lo, { align: 'auto' })
  }, [selected, kept, virtualizer])

  return (
    <div ref={scroller} className="tl-list" role="listbox" aria-label="Records" tabIndex={0} data-testid="record-list">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        <div className="tl-window" style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}>
          {items.map((v) => {
            const i = kept[v.index]!
            const r = model.records[i]!
            const error = model.isError[i] === 1
            return (
              <div
                key={v.index - first}
                role="option"
                aria-posinset={v.index + 1}
                aria-setsize={kept.length}
                aria-selected={i === selected}
                className={`tl-row tl-row--${r.kind}${error ? ' tl-row--error' : ''}${i === selected ? ' tl-row--selected' : ''}`}
                onClick={() => onSelect(i)}
              >
                <span className="tl-seq">{r.seq}</span>
                <span className="tl-time">+{((r.at - model.startAt) / 1000).toFixed(3)}s</span>
                <span className={`tl-kind tl-kind--${r.kind}`}>{r.kind}</span>
                <span className="tl-type">{r.event.type}</span>
                <span className="tl-source">{r.source ?? ''}</span>
                <span className="tl-summary">{model.summaryOf(i)}</span>
                {r.cause === undefined ? null : (
                  // A shortcut for the mouse; an option's content is not interactive (no control
                  // inside a listbox option), and the selected record's panel links its cause.
                  <span
                    className="tl-cause"
                    aria-hidden="true"
                    title={`go to its cause, seq ${r.cause}`}
                    onClick={(e) => {
                      e.stopPropagation()
                      const c = model.positionOf(r.cause!)
                      if (c >= 0) onSelect(c)
                    }}
                  >
                    ← {r.cause}
                  </span>
                )}
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}
