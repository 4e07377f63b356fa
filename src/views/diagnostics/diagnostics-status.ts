import { useSyncExternalStore } from 'react'
import type { LobbySystem } from '../../system'
import { useSystem } from '../../system-react'

/**
 * Where the player's diagnostics upload is, read from the diagnostics runner's facts on the bus
 * (diagnostics.started, .progressed, .sent, .failed). It is feedback for the entry that asked,
 * not business state: no actor decides anything from it. One store per system, so the entry on
 * the feedback page and the one in settings show the same upload.
 */

/** The upload as the entry shows it. */
export type DiagnosticsStatus =
  | { readonly phase: 'idle' }
  | { readonly phase: 'sending'; readonly sent: number; readonly chunks: number }
  | { readonly phase: 'sent'; readonly reference: string }
  | { readonly phase: 'failed'; readonly reason: string }

interface Store {
  status: DiagnosticsStatus
  readonly listeners: Set<() => void>
}

const stores = new WeakMap<LobbySystem, Store>()

const storeOf = (system: LobbySystem): Store => {
  let store = stores.get(system)
  if (store !== undefined) return store
  const s: Store = { status: { phase: 'idle' }, listeners: new Set() }
  const set = (status: DiagnosticsStatus) => {
    s.status = status
    for (const l of s.listeners) l()
  }
  system.bus.records$.subscribe((r) => {
    const e = r.event
    if (e.type === 'diagnostics.sendRequested') set({ phase: 'sending', sent: 0, chunks: 0 })
    else if (e.type === 'diagnostics.started') set({ phase: 'sending', sent: 0, chunks: e.chunks })
    else if (e.type === 'diagnostics.progressed') set({ phase: 'sending', sent: e.sent, chunks: e.chunks })
    else if (e.type === 'diagnostics.sent') set({ phase: 'sent', reference: e.reference })
    else if (e.type === 'diagnostics.failed') set({ phase: 'failed', reason: e.reason })
  })
  store = s
  stores.set(system, store)
  return store
}

/** The current upload's status, kept current. */
export const useDiagnosticsStatus = (): DiagnosticsStatus => {
  const store = storeOf(useSystem())
  return useSyncExternalStore(
    (cb) => {
      store.listeners.add(cb)
      return () => store.listeners.delete(cb)
    },
    () => store.status,
    () => store.status,
  )
}
