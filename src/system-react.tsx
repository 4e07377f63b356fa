import { useSelector } from '@xstate/react'
import { createContext, useCallback, useContext, type ReactNode } from 'react'
import type { AnyActorRef, SnapshotFrom } from 'xstate'
import type { ActorId, ActorMachines } from '../actors'
import type { QueryView } from '../actors/kit'
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

/**
 * Selects from an actor's snapshot, typed by the actor's id (the system's actor map); re-renders
 * only when the selected value changes.
 */
export const useActor = <K extends ActorId, T>(actorId: K, selector: (snapshot: SnapshotFrom<ActorMachines[K]>) => T): T => {
  const system = useSystem()
  return useSelector(system.actor(actorId) as AnyActorRef, selector as (s: unknown) => T)
}

const sameView = (a: QueryView<unknown>, b: QueryView<unknown>): boolean => a.status === b.status && a.data === b.data && a.error === b.error

/** A query actor's view model (status, data, error), typed by the query (actors/kit/query.ts). */
export const useQuery = <T,>(query: { readonly id: ActorId; readonly view: (s: never) => QueryView<T> }): QueryView<T> => {
  const system = useSystem()
  return useSelector(system.actor(query.id) as AnyActorRef, query.view as (s: unknown) => QueryView<T>, sameView)
}

/**
 * Selects from an actor's snapshot by a string id and an explicit ref type.
 * @deprecated use `useActor`, typed from the actor map.
 */
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
