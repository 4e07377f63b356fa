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
