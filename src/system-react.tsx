import { useSelector } from '@xstate/react'
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { ActorId, ActorMachines } from '../actors'
import type { CommandView, ListView, QueryView } from '../actors/kit'
import type { Condition, LobbyEventInput } from '../schemas/events'
import type { HallCall, RequestOf } from '../schemas/hall/call'
import type { LobbySystem } from './system'
import { COMMAND_CHECKS } from './ui/validation'

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
  return useSelector(system.actor(actorId), selector as (s: unknown) => T)
}

const sameView = (a: QueryView<unknown>, b: QueryView<unknown>): boolean => a.status === b.status && a.data === b.data && a.error === b.error

/** A query actor's view model (status, data, error), typed by the query (actors/kit/query.ts). */
export const useQuery = <T,>(query: { readonly id: ActorId; readonly view: (s: never) => QueryView<T> }): QueryView<T> => {
  const system = useSystem()
  return useSelector(system.actor(query.id), query.view as (s: unknown) => QueryView<T>, sameView)
}

const sameList = (a: ListView<unknown, unknown>, b: ListView<unknown, unknown>): boolean =>
  a.status === b.status && a.rows === b.rows && a.total === b.total && a.page === b.page && a.size === b.size && a.summary === b.summary && a.error === b.error

/** What a paged list's view gets: its view model and its intents (src/ui/paged binds them to the table and the list). */
export interface PagedList<Row, Summary> {
  readonly view: ListView<Row, Summary>
  readonly intents: { readonly goTo: (page: number) => void; readonly setSize: (size: number) => void; readonly next: () => void; readonly retry: () => void }
}

/**
 * A paged-list actor for a view (actors/kit/paged.ts): opens it with the condition (and again
 * whenever the condition changes, back to page 1), and gives its view model and its intents.
 */
export const usePagedList = <Row, Summary>(
  list: { readonly id: ActorId; readonly view: (s: never) => ListView<Row, Summary> },
  condition: Condition,
): PagedList<Row, Summary> => {
  const system = useSystem()
  const send = useSend()
  const view = useSelector(system.actor(list.id), list.view as (s: unknown) => ListView<Row, Summary>, sameList)
  const key = JSON.stringify(condition)
  useEffect(() => {
    send({ type: 'list.opened', list: list.id, condition: JSON.parse(key) as Condition })
  }, [send, list.id, key])
  const intents = useMemo(
    () => ({
      goTo: (page: number) => send({ type: 'list.pageChosen', list: list.id, page }),
      setSize: (size: number) => send({ type: 'list.sizeChosen', list: list.id, size }),
      next: () => send({ type: 'list.nextRequested', list: list.id }),
      retry: () => send({ type: 'list.retryRequested', list: list.id }),
    }),
    [send, list.id],
  )
  return { view, intents }
}

/** Sends intents from a view. */
export const useSend = (): ((intent: LobbyEventInput) => void) => {
  const system = useSystem()
  return useCallback((intent: LobbyEventInput) => system.send(intent), [system])
}

const sameCommand = (a: CommandView<unknown>, b: CommandView<unknown>): boolean =>
  a.status === b.status && a.result === b.result && a.error === b.error && a.formError === b.formError

/** The payload a command's form submits: its call's request, or the type a call site still names. */
type SubmittedOf<P, C extends HallCall> = [P] extends [never] ? RequestOf<C> : P

/**
 * A command actor for a form (actors/kit/command.ts): its view model (status, result, error, the
 * form's message) and its intents: submit a payload, start over.
 */
export const useCommand = <R, P = never, C extends HallCall = HallCall>(command: { readonly id: ActorId; readonly call: C; readonly view: (s: never) => CommandView<R> }): {
  readonly view: CommandView<R>
  /**
   * Submits the form: the payload is the command's call's request, inferred from the command (a
   * wrong one fails the type check). `P` is only for call sites that still name the payload type.
   */
  readonly submit: (payload: SubmittedOf<P, C>) => void
  readonly reset: () => void
} => {
  const system = useSystem()
  const send = useSend()
  const actorView = useSelector(system.actor(command.id), command.view as (s: unknown) => CommandView<R>, sameCommand)
  // The form's own check (src/ui/validation.ts): a payload it refuses is not sent, and the form
  // shows its message as the command's error until the next submission or reset.
  const [refused, setRefused] = useState<string | null>(null)
  const call = command.call.name
  const submit = useCallback((payload: SubmittedOf<P, C>) => {
    const fields = payload as Readonly<Record<string, unknown>>
    const problem = COMMAND_CHECKS[command.id]?.(fields) ?? null
    setRefused(problem)
    if (problem === null) send({ type: 'command.submitted', command: command.id, call, payload: fields })
  }, [send, command.id, call])
  const reset = useCallback(() => {
    setRefused(null)
    send({ type: 'command.reset', command: command.id })
  }, [send, command.id])
  const view = useMemo(
    (): CommandView<R> => (refused === null ? actorView : { ...actorView, status: 'failed', formError: refused, error: null, result: null }),
    [actorView, refused],
  )
  return { view, submit, reset }
}
