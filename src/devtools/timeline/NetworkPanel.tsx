import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'
import type { TimelineModel } from '../model'

/**
 * The hall calls of the session: each hall.requested paired with its hall.responded or
 * hall.failed by request id, with the time it took. Payloads and answers are shown as logged,
 * that is redacted. Selecting a call selects its request (or its answer when the log lacks it).
 */

const ROW_H = 24
// Stable across renders: the virtualizer recomputes every row's offset when this function changes.
const rowHeight = () => ROW_H

// Rendered like the record list (see RecordList): rows keyed by their place in the window, one
// transform for the window, and no flushSync in the scroll event.

export const NetworkPanel = ({ model, selected, onSelect }: { model: TimelineModel; selected: number; onSelect: (position: number) => void }) => {
  const scroller = useRef<HTMLDivElement>(null)
  const calls = model.network
  const virtualizer = useVirtualizer({
    count: calls.length,
    getScrollElement: () => scroller.current,
    estimateSize: rowHeight,
    overscan: 5,
    useFlushSync: false,
  })
  const items = virtualizer.getVirtualItems()
  const top = items[0]?.index ?? 0
  return (
    <div ref={scroller} className="tl-list" role="listbox" aria-label="Hall calls" tabIndex={0}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        <div className="tl-window" style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}>
          {items.map((v) => {
            const c = calls[v.index]!
            const first = c.request >= 0 ? c.request : c.answer
            const isSelected = selected === c.request || selected === c.answer
            const status = c.ok === null ? 'pending' : c.ok ? 'ok' : (c.error ?? 'failed')
            return (
              <div
                key={v.index - top}
                role="option"
                aria-selected={isSelected}
                className={`tl-row tl-net${c.ok === false ? ' tl-row--error' : ''}${isSelected ? ' tl-row--selected' : ''}`}
                onClick={() => onSelect(first)}
              >
                <span className="tl-seq">{model.records[first]!.seq}</span>
                <span className="tl-type">{c.call}</span>
                <span className="tl-source">{c.requestId}</span>
                <span className={`tl-status tl-status--${c.ok === null ? 'pending' : c.ok ? 'ok' : 'failed'}`}>{status}</span>
                <span className="tl-time">{c.ms === null ? '—' : `${c.ms} ms`}</span>
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}
