import { describe, expect, it } from 'vitest'
import { Bus, type BusRecord } from '../../../src/bus/bus'
import { startOfflineWorker, type WorkerContainer, type WorkerLike, type WorkerRegistrationLike } from '../../../src/effects/offline-worker'

/** A browser's worker container: one registration, whose next worker the test installs and activates. */
const browser = (controlled: boolean) => {
  const updatefound: Array<() => void> = []
  let updates = 0
  let installing: (WorkerLike & { become: (state: string) => void }) | null = null
  const registration: WorkerRegistrationLike = {
    get installing() {
      return installing
    },
    addEventListener: (_type, listener) => void updatefound.push(listener),
    update: () => {
      updates += 1
      return Promise.resolve(undefined)
    },
  }
  const container: WorkerContainer = {
    register: () => Promise.resolve(registration),
    ready: Promise.resolve({ active: null }),
    controller: controlled ? {} : null,
  }
  /** A new worker is found, installs and activates. */
  const newWorker = () => {
    const listeners: Array<() => void> = []
    const worker = {
      state: 'installing',
      addEventListener: (_type: 'statechange', l: () => void) => void listeners.push(l),
      become: (state: string) => {
        worker.state = state
        for (const l of listeners) l()
      },
    }
    installing = worker
    for (const l of updatefound) l()
    installing = null
    worker.become('installed')
    worker.become('activating')
    worker.become('activated')
  }
  return { container, newWorker, updates: () => updates }
}

const loadedWindow = { document: { readyState: 'complete' }, addEventListener: () => undefined, removeEventListener: () => undefined } as unknown as Window

const start = (controlled: boolean) => {
  const b = browser(controlled)
  const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
  const records: BusRecord[] = []
  bus.records$.subscribe((r) => records.push(r))
  const worker = startOfflineWorker(loadedWindow, b.container, bus)
  const due = () => records.filter((r) => r.event.type === 'app.versionCheckDue')
  return { ...b, bus, due, worker }
}

/** Lets the registration's promise chain run (a few microtasks; no timer). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

describe('the service worker’s update signal', () => {
  it('makes a version check due when a new build’s worker takes over a page an older one controlled', async () => {
    const t = start(true)
    await settle()
    t.newWorker()
    expect(t.due().map((r) => r.source)).toEqual(['offline-worker'])
    // Its own announcement does not ask the browser for yet another worker.
    await settle()
    expect(t.updates()).toBe(0)
    t.worker.stop()
  })

  it('says nothing for the first worker of a browser: there was nothing to upgrade from', async () => {
    const t = start(false)
    await settle()
    t.newWorker()
    expect(t.due()).toEqual([])
    t.worker.stop()
  })

  it('takes a registration answered with nothing (a browser that blocks workers) as no worker, without an error', async () => {
    const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
    const unhandled: unknown[] = []
    const onUnhandled = (e: unknown) => unhandled.push(e)
    process.on('unhandledRejection', onUnhandled)
    const container: WorkerContainer = { register: () => Promise.resolve(undefined), ready: new Promise(() => undefined), controller: null }
    const worker = startOfflineWorker(loadedWindow, container, bus)
    // A turn of the event loop: a rejection nobody handles by then is reported (a page error in a browser).
    await new Promise((r) => setImmediate(r))
    bus.publish({ type: 'app.versionCheckDue' }, 'runner', 'version')
    await new Promise((r) => setImmediate(r))
    process.off('unhandledRejection', onUnhandled)
    expect(unhandled).toEqual([])
    worker.stop()
  })

  it('asks the browser for a new worker whenever a check falls due otherwise, and no more once stopped', async () => {
    const t = start(true)
    await settle()
    t.bus.publish({ type: 'app.versionCheckDue' }, 'runner', 'version')
    await settle()
    expect(t.updates()).toBe(1)
    t.worker.stop()
    t.bus.publish({ type: 'app.versionCheckDue' }, 'runner', 'version')
    await settle()
    expect(t.updates()).toBe(1)
  })
})
