import type { Bus } from '../bus/bus'

/**
 * The lobby's service worker, seen from the page (src/sw/worker.ts; docs/architecture.md
 * "Offline"): registered once the page has loaded, so it never competes with the first route for
 * the network, and told the player's language for its offline page whenever it changes.
 * Registered only in a production build (a development server's files change under one name).
 *
 * Its update signal feeds the upgrade prompt (actors/upgrade): when a new build's worker has
 * installed and taken over a page that an older one controlled, a version check is due at once
 * (`app.versionCheckDue`; op.json then names the new version and the prompt offers it). A check
 * that falls due otherwise (the interval, the page shown again) also asks the browser to look
 * for a new worker, so a lobby left open for hours notices a new build.
 */

/** The parts of a worker used here. */
export interface WorkerLike {
  readonly state: string
  addEventListener(type: 'statechange', listener: () => void): void
}

/** The parts of the worker's registration used here. */
export interface WorkerRegistrationLike {
  readonly installing: WorkerLike | null
  addEventListener(type: 'updatefound', listener: () => void): void
  update(): Promise<unknown>
}

/** The parts of navigator.serviceWorker used here. */
export interface WorkerContainer {
  register(url: string): Promise<WorkerRegistrationLike | undefined>
  readonly ready: Promise<{ readonly active: { postMessage(message: unknown): void } | null }>
  /** The worker controlling this page, if any. */
  readonly controller: unknown
}

export interface OfflineWorker {
  /** The player's language, for the offline page. */
  readonly language: (code: string) => void
  readonly stop: () => void
}

export const WORKER_URL = '/sw.js'

/** The source its update signal is published with. */
const WORKER_SOURCE = 'offline-worker'

export const startOfflineWorker = (w: Window, container: WorkerContainer | undefined, bus?: Bus): OfflineWorker => {
  if (container === undefined) return { language: () => undefined, stop: () => undefined }
  let registered: Promise<WorkerRegistrationLike | null> | null = null
  const watch = (registration: WorkerRegistrationLike | undefined): WorkerRegistrationLike | null => {
    // A registration refused without an error (a test browser that blocks workers answers nothing) is no worker.
    if (typeof registration?.addEventListener !== 'function') return null
    registration.addEventListener('updatefound', () => {
      const next = registration.installing
      // The first worker of this browser is not an update: there was nothing to upgrade from.
      if (next === null || container.controller === null || container.controller === undefined) return
      next.addEventListener('statechange', () => {
        if (next.state === 'activated') bus?.publish({ type: 'app.versionCheckDue' }, 'runner', WORKER_SOURCE)
      })
    })
    return registration
  }
  const register = () => {
    // A browser that refuses workers (a private window, a policy) leaves the lobby as it is.
    registered ??= container.register(WORKER_URL).then(watch, () => null)
  }
  if (w.document.readyState === 'complete') register()
  else w.addEventListener('load', register, { once: true })
  const due = bus?.records$.subscribe(({ event, source }) => {
    // The worker's own announcement needs no look for a worker: it is the new one.
    if (event.type !== 'app.versionCheckDue' || source === WORKER_SOURCE || registered === null) return
    // The browser fetches /sw.js again; a new build's worker then installs and announces itself.
    void registered.then((registration) => registration?.update()).catch(() => undefined)
  })
  return {
    language: (code) => {
      void container.ready.then((registration) => registration.active?.postMessage({ type: 'language', language: code }))
    },
    stop: () => {
      due?.unsubscribe()
      w.removeEventListener('load', register)
    },
  }
}

/** The page's container, when the browser has one. */
export const browserWorkerContainer = (w: Window): WorkerContainer | undefined =>
  'serviceWorker' in w.navigator ? w.navigator.serviceWorker : undefined
