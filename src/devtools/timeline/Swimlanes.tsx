import { useEffect, useRef } from 'react'
import type { TimelineModel } from '../model'

/**
 * The swimlanes: one lane per actor, the views and each runner, records as ticks on a time axis
 * (intents blue, facts green, notices violet, errors red), the selected record as a line. Drawn
 * on a canvas: a hundred thousand ticks draw in a few milliseconds, and nothing is in the DOM per
 * record. A click selects the nearest kept record of the lane clicked.
 */

const LANE_H = 16
const LABEL_W = 96
const AXIS_H = 18
const COLORS = { intent: '#4c8dff', fact: '#2fb37a', notice: '#a77bff', error: '#ff4d4f' } as const

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
  const base = useRef<ImageData | null>(null)
  const height = AXIS_H + model.lanes.length * LANE_H + 4

  const xOf = (at: number, width: number) => LABEL_W + ((at - model.startAt) / (model.endAt - model.startAt)) * (width - LABEL_W - 8)

  useEffect(() => {
    const c = canvas.current
    if (c === null) return
    const draw = () => {
      const width = c.clientWidth
      const dpr = globalThis.devicePixelRatio || 1
      c.width = Math.round(width * dpr)
      c.height = Math.round(height * dpr)
      const g = c.getContext('2d')
      if (g === null) return
      g.setTransform(dpr, 0, 0, dpr, 0, 0)
      g.fillStyle = '#12151c'
      g.fillRect(0, 0, width, height)
      g.font = '11px system-ui, sans-serif'
      g.textBaseline = 'middle'
      // Axis: ticks at round seconds or minutes.
      const span = model.endAt - model.startAt
      const step = [100, 500, 1000, 5000, 10_000, 30_000, 60_000, 300_000, 600_000, 1_800_000, 3_600_000].find((s) => span / s <= 10) ?? 3_600_000
      g.fillStyle = '#8a93a6'
      g.strokeStyle = '#262b36'
      for (let t = 0; t <= span; t += step) {
        const x = xOf(model.startAt + t, width)
        g.beginPath()
        g.moveTo(x, AXIS_H - 4)
        g.lineTo(x, height)
        g.stroke()
        g.fillText(step >= 60_000 ? `+${Math.round(t / 60_000)}m` : `+${(t / 1000).toFixed(step < 1000 ? 1 : 0)}s`, x + 2, AXIS_H / 2)
      }
      model.lanes.forEach((lane, i) => {
        const y = AXIS_H + i * LANE_H
        g.fillStyle = i % 2 === 0 ? 'rgba(255,255,255,0.03)' : 'rgba(0,0,0,0)'
        g.fillRect(0, y, width, LANE_H)
        g.fillStyle = '#c9d1e0'
        g.fillText(lane.id, 6, y + LANE_H / 2)
      })
      for (let k = 0; k < kept.length; k++) {
        const i = kept[k]!
        const r = model.records[i]!
        const x = xOf(r.at, width)
        const y = AXIS_H + model.laneIndex[i]! * LANE_H
        g.fillStyle = model.isError[i] === 1 ? COLORS.error : COLORS[r.kind]
        g.fillRect(Math.floor(x), y + 3, model.isError[i] === 1 ? 3 : 2, LANE_H - 6)
      }
      base.current = g.getImageData(0, 0, c.width, c.height)
    }
    draw()
    const ro = new ResizeObserver(() => draw())
    ro.observe(c)
    return () => ro.disconnect()
  }, [model, kept, height])

  useEffect(() => {
    const c = canvas.current
    const g = c?.getContext('2d')
    if (c == null || g == null || base.current === null) return
    g.putImageData(base.current, 0, 0)
    const r = model.records[selected]
    if (r === undefined) return
    const dpr = globalThis.devicePixelRatio || 1
    g.setTransform(dpr, 0, 0, dpr, 0, 0)
    const x = xOf(r.at, c.clientWidth)
    g.strokeStyle = '#ffd24d'
    g.lineWidth = 1
    g.beginPath()
    g.moveTo(x, AXIS_H - 2)
    g.lineTo(x, height)
    g.stroke()
    const y = AXIS_H + model.laneIndex[selected]! * LANE_H
    g.strokeRect(x - 3, y + 1, 6, LANE_H - 2)
  }, [selected, model, kept, height])

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
      const d = Math.abs(xOf(model.records[i]!.at, c.clientWidth) - px)
      if (d < bestD) {
        bestD = d
        best = i
      }
    }
    if (best >= 0 && bestD < 12) onSelect(best)
  }

  return (
    <canvas
      ref={canvas}
      className="tl-lanes"
      style={{ height }}
      onClick={click}
      role="img"
      aria-label={`Swimlanes: ${model.lanes.length} lanes, ${kept.length} records on a time axis`}
    />
  )
}
