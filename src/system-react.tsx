import { useSelector } from '@xstate/react'
import { createContext, useCallback, useContext, type ReactNode } from 'react'
import type { AnyActorRef, SnapshotFrom } from 'xstate'
import type { LobbyEvent } from '../schemas/events'
import type { LobbySystem } from './system'

/**
 * The thin React adapter over the system: views subscribe to actor snapshots through
 * selectors and send intents. Nothing here holds business state.
 */
const SystemContext = createContext<LobbySystem | null>(null)

export const SystemProvider = ({ system, children }: { system: LobbySystem; children: ReactNode }) => (
  <SystemContext.Provider value={system}>{children}</SystemContext.Provider>
)

export const useSystem = (): LobbySystem => {
  const system = useContext(SystemContext)
  if (system === null) throw new Error('useSystem outside <SystemProvider>')
  return system
}

/** Selects from an actor's snapshot; re-renders only when the selected value changes. */
export const useActorSelector = <A extends AnyActorRef, T>(
  actorId: string,
  selector: (snapshot: SnapshotFrom<A>) => T,
): T => {
  const system = useSystem()
  return useSelector(system.actor(actorId) as never, selector as never) as T
}

/** Sends intents from a view. */
export const useSend = (): ((intent: LobbyEvent) => void) => {
  const system = useSystem()
  return useCallback((intent: LobbyEvent) => system.send(intent), [system])
}
