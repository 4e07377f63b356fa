/**
 * The lobby's service worker, seen from the page (src/sw/worker.ts; docs/architecture.md
 * "Offline"): registered once the page has loaded, so it never competes with the first route for
 * the network, and told the player's language for its offline page whenever it changes.
 * Registered only in a production build (a development server's files change under one name).
 */

/** The parts of navigator.serviceWorker used here. */
export interface WorkerContainer {
  register(url: string): Promise<unknown>
  readonly ready: Promise<{ readonly active: { postMessage(message: unknown): void } | null }>
}

export interface OfflineWorker {
  /** The player's language, for the offline page. */
  readonly language: (code: string) => void
}

export const WORKER_URL = '/sw.js'

export const startOfflineWorker = (w: Window, container: WorkerContainer | undefined): OfflineWorker => {
  if (container === undefined) return { language: () => undefined }
  let registered: Promise<unknown> | null = null
  const register = () => {
    // A browser that refuses workers (a private window, a policy) leaves the lobby as it is.
    registered ??= container.register(WORKER_URL).catch(() => null)
  }
  if (w.document.readyState === 'complete') register()
  else w.addEventListener('load', register, { once: true })
  return {
    language: (code) => {
      void container.ready.then((registration) => registration.active?.postMessage({ type: 'language', language: code }))
    },
  }
}

/** The page's container, when the browser has one. */
export const browserWorkerContainer = (w: Window): WorkerContainer | undefined =>
  'serviceWorker' in w.navigator ? (w.navigator.serviceWorker) : undefined
