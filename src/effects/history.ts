import type { Bus } from '../bus/bus'

/**
 * The history runner: the browser's address bar and its back/forward buttons, as facts and
 * commands. It publishes `nav.locationChanged` once the page has started (after `app.started`)
 * and on every popstate, and applies the navigation actor's `nav.navigated` with pushState or
 * replaceState (nothing when the address bar already shows it).
 *
 * It also remembers the scroll position per route path and restores it on back/forward: where
 * the page was scrolled is a view concern, so it stays here and never reaches an actor. A new
 * page reached by a push starts at the top.
 */

/** What the runner needs of the page; tests give a fake. */
export interface HistoryPort {
  /** The current path and search ('' or '?a=1'). */
  location(): { readonly path: string; readonly search: string }
  push(url: string): void
  replace(url: string): void
  /** Calls back on back/forward; returns the unsubscribe. */
  onPop(listener: () => void): () => void
  scrollY(): number
  scrollTo(y: number): void
  /** Runs after the next render (a scroll restore waits for the page to be drawn). */
  afterRender(fn: () => void): void
  /** Runs once the current bus dispatch has finished. */
  defer(fn: () => void): void
}

/** The browser's history, window scrolling and animation frames. */
export const browserHistory = (w: Window): HistoryPort => {
  if ('scrollRestoration' in w.history) w.history.scrollRestoration = 'manual'
  return {
    location: () => ({ path: w.location.pathname, search: w.location.search }),
    push: (url) => w.history.pushState(null, '', url),
    replace: (url) => w.history.replaceState(null, '', url),
    onPop: (listener) => {
      w.addEventListener('popstate', listener)
      return () => w.removeEventListener('popstate', listener)
    },
    scrollY: () => w.scrollY,
    scrollTo: (y) => w.scrollTo({ top: y, left: 0, behavior: 'instant' }),
    afterRender: (fn) => void w.requestAnimationFrame(() => w.requestAnimationFrame(fn)),
    defer: (fn) => queueMicrotask(fn),
  }
}

export const startHistoryRunner = (bus: Bus, port: HistoryPort): (() => void) => {
  const scroll = new Map<string, number>()
  let started = false
  let shownPath = port.location().path

  const publishLocation = (): void => {
    const { path, search } = port.location()
    bus.publish({ type: 'nav.locationChanged', path, search }, 'runner', 'history')
  }

  const onPop = (): void => {
    if (!started) return
    scroll.set(shownPath, port.scrollY())
    const { path } = port.location()
    shownPath = path
    publishLocation()
    const y = scroll.get(path) ?? 0
    port.afterRender(() => port.scrollTo(y))
  }
  const stopPop = port.onPop(onPop)

  const sub = bus.records$.subscribe((record) => {
    const event = record.event
    if (event.type === 'app.started') {
      // After the dispatch that started the page: the actor's entry redirect (a replace) has
      // been applied by then, so the reported location is the one the player sees.
      port.defer(() => {
        started = true
        shownPath = port.location().path
        publishLocation()
      })
    } else if (event.type === 'nav.navigated') {
      const now = port.location()
      const url = event.path + event.search
      if (now.path + now.search === url) return
      if (now.path !== event.path) scroll.set(now.path, port.scrollY())
      if (event.replace) port.replace(url)
      else port.push(url)
      if (now.path !== event.path) {
        shownPath = event.path
        if (!event.replace) port.afterRender(() => port.scrollTo(0))
      }
    }
  })

  return () => {
    sub.unsubscribe()
    stopPop()
  }
}
