import type { Bus } from '../bus/bus'

/**
 * DOM facts: the page's visibility as `dom.visibilityChanged`, and the moments the log must be
 * flushed (the page is hidden or being unloaded). Behind this small module so tests and Node
 * never touch `document`.
 */
export const startDomRunner = (bus: Bus, onMustFlush: () => void): (() => void) => {
  const onVisibility = (): void => {
    const visible = document.visibilityState === 'visible'
    bus.publish({ type: 'dom.visibilityChanged', visible }, 'runner', 'dom')
    if (!visible) onMustFlush()
  }
  const onPageHide = (): void => onMustFlush()
  document.addEventListener('visibilitychange', onVisibility)
  window.addEventListener('pagehide', onPageHide)
  return () => {
    document.removeEventListener('visibilitychange', onVisibility)
    window.removeEventListener('pagehide', onPageHide)
  }
}

/** 'mobile' below the medium breakpoint (spec §9: >750 medium, >1200 large). */
export const deviceOf = (width: number): 'mobile' | 'desktop' => (width > 750 ? 'desktop' : 'mobile')

/** Longest wait for a frame before work deferred by `afterNextPaint` runs anyway (a tab that stops drawing). */
const AFTER_PAINT_FALLBACK_MS = 250

/**
 * Runs work once the browser has presented the frame the current input is drawn in: a task
 * queued from the next animation frame. Input handlers use it to keep costly work that the frame
 * does not show (a hall call's cipher and signature) out of the input's paint. A hidden page draws
 * no frames, so there it runs in the next task; a timer stands in when no frame comes.
 */
export const afterNextPaint = (w: Window): ((run: () => void) => void) => (run) => {
  let done = false
  const once = (): void => {
    if (done) return
    done = true
    run()
  }
  if (w.document.visibilityState === 'hidden') {
    w.setTimeout(once, 0)
    return
  }
  w.requestAnimationFrame(() => w.setTimeout(once, 0))
  w.setTimeout(once, AFTER_PAINT_FALLBACK_MS)
}
