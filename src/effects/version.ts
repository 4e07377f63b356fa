import type { Bus } from '../bus/bus'

/** How often the lobby asks which version the hall serves (spec §7.3 /op.json). */
export const VERSION_CHECK_MS = 10 * 60 * 1000

/**
 * A script error that means a chunk of an older build is gone (spec §8: 'Unexpected token <': the
 * hall answered the chunk's address with its page), or a lazily loaded module that failed to load.
 */
export const isChunkFailure = (message: string): boolean =>
  /Unexpected token\s*['"]?</.test(message) ||
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading chunk [\w-]+ failed/i.test(message)

/**
 * The version runner: says when a version check is due (every VERSION_CHECK_MS, and each time the
 * page is shown again), and reports a script that failed to load or parse as `app.chunkFailed`
 * (a window error or an unhandled rejection that isChunkFailure names, or Vite's preload error).
 * The upgrade actor decides whether to offer the upgrade; when the player accepts it
 * (`app.upgradeAccepted`), the runner writes what the log holds and reloads the page. Behind this
 * module so Node never touches the window.
 */
export const startVersionRunner = (bus: Bus, w: Window, flushLog: () => Promise<void> = () => Promise.resolve()): (() => void) => {
  const due = (): void => bus.publish({ type: 'app.versionCheckDue' }, 'runner', 'version')
  const failed = (message: string): void => bus.publish({ type: 'app.chunkFailed', message: message.slice(0, 300) }, 'runner', 'version')
  const onVisibility = (): void => {
    if (w.document.visibilityState === 'visible') due()
  }
  const onError = (e: ErrorEvent): void => {
    const message = e.message || (e.error instanceof Error ? e.error.message : '')
    if (isChunkFailure(message)) failed(message)
  }
  const onRejection = (e: PromiseRejectionEvent): void => {
    const reason: unknown = e.reason
    const message = reason instanceof Error ? `${reason.name}: ${reason.message}` : typeof reason === 'string' ? reason : ''
    if (isChunkFailure(message)) failed(message)
  }
  const onPreload = (e: Event): void => {
    const payload = (e as Event & { payload?: unknown }).payload
    failed(payload instanceof Error ? payload.message : 'vite:preloadError')
  }
  const accepted = bus.records$.subscribe(({ event }) => {
    if (event.type !== 'app.upgradeAccepted') return
    // The log keeps the acceptance (a failed write is the recorder's to report); the new build loads either way.
    void flushLog().catch(() => undefined).then(() => w.location.reload())
  })
  const timer = w.setInterval(due, VERSION_CHECK_MS)
  w.document.addEventListener('visibilitychange', onVisibility)
  w.addEventListener('error', onError)
  w.addEventListener('unhandledrejection', onRejection)
  w.addEventListener('vite:preloadError', onPreload)
  return () => {
    accepted.unsubscribe()
    w.clearInterval(timer)
    w.document.removeEventListener('visibilitychange', onVisibility)
    w.removeEventListener('error', onError)
    w.removeEventListener('unhandledrejection', onRejection)
    w.removeEventListener('vite:preloadError', onPreload)
  }
}
