import { useEffect, useRef, useState } from 'react'

/**
 * The lobby screen at the selected record, drawn by the real lobby views in an iframe of the
 * chosen device size (phone 390×844, desktop 1440×900), scaled to fit the panel. The iframe loads
 * devtools.html?frame, which renders <App /> from the FrameHost the timeline set on this window.
 */

export const FRAME_SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const
export type FrameSize = keyof typeof FRAME_SIZES

/** The frame page's URL, beside the page that shows the timeline. */
const frameUrl = (): string => new URL('/devtools.html?frame=1', globalThis.location.href).href

export const ScreenFrame = ({ size, label }: { size: FrameSize; label: string }) => {
  const box = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(360)
  useEffect(() => {
    const el = box.current
    if (el === null) return
    const ro = new ResizeObserver(() => setWidth(el.clientWidth))
    ro.observe(el)
    setWidth(el.clientWidth)
    return () => ro.disconnect()
  }, [])
  const { width: w, height: h } = FRAME_SIZES[size]
  // Fits the panel's width and at most 460 px of height, so the state inspector stays in view.
  const scale = Math.min(1, width / w, 460 / h)
  return (
    <div ref={box} className="tl-frame" style={{ height: h * scale + 8 }}>
      <div className={`tl-frame__device tl-frame__device--${size}`} style={{ width: w, height: h, transform: `scale(${scale})` }}>
        <iframe title="Lobby screen" aria-label={label} src={frameUrl()} width={w} height={h} />
      </div>
    </div>
  )
}
