import { useEffect, useRef, useState } from 'react'
import type { TimelineModel } from '../model'

/**
 * The swimlanes: one lane per actor, the views and each runner, records as ticks on a time axis
 * (intents blue, facts green, notices violet, errors red), the selected record as a line. Drawn
 * on a canvas, and nothing is in the DOM per record. A click selects the nearest kept record of
 * the lane clicked.
 *
 * A hundred thousand ticks on a lane a thousand pixels wide mostly land on the same pixels, so
 * the ticks are first laid into a grid of one cell per lane and pixel column (the last record
 * drawn there wins, as it would on the canvas), and the canvas draws runs of cells: a few
 * thousand rectangles instead of one per record. The ticks are drawn when the filter or the
 * width changes, never on scroll; the selection is drawn on a second canvas above them, so
 * selecting a record neither redraws the ticks nor reads pixels back.
 */

const LANE_H = 16
const LABEL_W = 96
const AXIS_H = 18
const COLORS = { intent: '#4c8dff', fact: '#2fb37a', notice: '#a77bff', error: '#ff4d4f' } as const
/** Cell values of the tick grid: 0 is empty. */
const PALETTE = [null, COLORS.intent, COLORS.fact, COLORS.notice, COLORS.error] as const
const CELL = { intent: 1, fact: 2, notice: 3 } as const
const ERROR_CELL = 4

const fit = (c: HTMLCanvasElement, width: number, height: number): CanvasRenderingContext2D | null => {
  const dpr = globalThis.devicePixelRatio || 1
  c.width = Math.round(width * dpr)
  c.height = Math.round(height * dpr)
  const g = c.getContext('2d')
  g?.setTransform(dpr, 0, 0, dpr, 0, 0)
  return g
}

/** Where a moment of the model falls on a canvas of this width. */
const xAt = (model: { readonly startAt: number; readonly endAt: number }, at: number, w: number): number =>
  LABEL_W + ((at - model.startAt) / (model.endAt - model.startAt)) * (w - LABEL_W - 8)

export const Swimlanes = ({
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
  const canvas = useRef<HTMLCanvasElement>(null)
  const overlay = useRef<HTMLCanvasElement>(null)
  // The width the canvases were last drawn at: the selection is drawn for it, and a resize that
  // does not change it draws nothing.
  const [width, setWidth] = useState(0)
  const height = AXIS_H + model.lanes.length * LANE_H + 4


  useEffect(() => {
    const c = canvas.current
    if (c === null) return
    let drawnAt = -1
    const draw = () => {
      const w = c.clientWidth
      if (w === drawnAt) return
      drawnAt = w
      const g = fit(c, w, height)
      if (g === null) return
      g.fillStyle = '#12151c'
      g.fillRect(0, 0, w, height)
      g.font = '11px system-ui, sans-serif'
      g.textBaseline = 'middle'
      // Axis: ticks at round seconds or minutes.
      const span = model.endAt - model.startAt
      const step = [100, 500, 1000, 5000, 10_000, 30_000, 60_000, 300_000, 600_000, 1_800_000, 3_600_000].find((s) => span / s <= 10) ?? 3_600_000
      g.fillStyle = '#8a93a6'
      g.strokeStyle = '#262b36'
      for (let t = 0; t <= span; t += step) {
        const x = xAt(model, model.startAt + t, w)
        g.beginPath()
        g.moveTo(x, AXIS_H - 4)
        g.lineTo(x, height)
        g.stroke()
        g.fillText(step >= 60_000 ? `+${Math.round(t / 60_000)}m` : `+${(t / 1000).toFixed(step < 1000 ? 1 : 0)}s`, x + 2, AXIS_H / 2)
      }
      model.lanes.forEach((lane, i) => {
        const y = AXIS_H + i * LANE_H
        g.fillStyle = i % 2 === 0 ? 'rgba(255,255,255,0.03)' : 'rgba(0,0,0,0)'
        g.fillRect(0, y, w, LANE_H)
        g.fillStyle = '#c9d1e0'
        g.fillText(lane.id, 6, y + LANE_H / 2)
      })
      // The ticks, laid into the grid in record order, then drawn as runs of one colour.
      const columns = Math.max(1, Math.ceil(w))
      const grid = new Uint8Array(model.lanes.length * columns)
      const scale = (w - LABEL_W - 8) / (model.endAt - model.startAt)
      const records = model.records
      const laneIndex = model.laneIndex
      const isError = model.isError
      for (let k = 0; k < kept.length; k++) {
        const i = kept[k]!
        const x0 = Math.floor(LABEL_W + (records[i]!.at - model.startAt) * scale)
        const error = isError[i] === 1
        const cell = error ? ERROR_CELL : CELL[records[i]!.kind]
        const row = laneIndex[i]! * columns
        const x1 = Math.min(columns, x0 + (error ? 3 : 2))
        for (let x = Math.max(0, x0); x < x1; x++) grid[row + x] = cell
      }
      for (let cell = 1; cell < PALETTE.length; cell++) {
        g.fillStyle = PALETTE[cell]!
        for (let lane = 0; lane < model.lanes.length; lane++) {
          const row = lane * columns
          const y = AXIS_H + lane * LANE_H + 3
          let x = 0
          while (x < columns) {
            if (grid[row + x] !== cell) {
              x++
              continue
            }
            const start = x
            while (x < columns && grid[row + x] === cell) x++
            g.fillRect(start, y, x - start, LANE_H - 6)
          }
        }
      }
      setWidth(w)
    }
    draw()
    const ro = new ResizeObserver(() => draw())
    ro.observe(c)
    return () => ro.disconnect()
  }, [model, kept, height])

  useEffect(() => {
    const c = overlay.current
    if (c === null || width === 0) return
    const g = fit(c, width, height)
    if (g === null) return
    const r = model.records[selected]
    if (r === undefined) return
    const x = xAt(model, r.at, width)
    g.strokeStyle = '#ffd24d'
    g.lineWidth = 1
    g.beginPath()
    g.moveTo(x, AXIS_H - 2)
    g.lineTo(x, height)
    g.stroke()
    const y = AXIS_H + model.laneIndex[selected]! * LANE_H
    g.strokeRect(x - 3, y + 1, 6, LANE_H - 2)
  }, [selected, model, width, height])

  const click = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const c = e.currentTarget
    const rect = c.getBoundingClientRect()
    const px = e.clientX - rect.left
    const lane = Math.floor((e.clientY - rect.top - AXIS_H) / LANE_H)
    let best = -1
    let bestD = Infinity
    for (let k = 0; k < kept.length; k++) {
      const i = kept[k]!
      if (model.laneIndex[i] !== lane) continue
      const d = Math.abs(xAt(model, model.records[i]!.at, c.clientWidth) - px)
      if (d < bestD) {
        bestD = d
        best = i
      }
    }
    if (best >= 0 && bestD < 12) onSelect(best)
  }

  return (
    // One lane per actor and runner: past a few dozen the lanes scroll on their own, so the record
    // list below them stays in view.
    <div className="tl-lanes-scroll" role="region" aria-label="Swimlanes" tabIndex={0}>
    <div className="tl-lanes" style={{ height }}>
      <canvas
        ref={canvas}
        className="tl-lanes__ticks"
        onClick={click}
        role="img"
        aria-label={`Swimlanes: ${model.lanes.length} lanes, ${kept.length} records on a time axis`}
      />
      <canvas ref={overlay} className="tl-lanes__selection" aria-hidden="true" />
    </div>
    </div>
  )
}
