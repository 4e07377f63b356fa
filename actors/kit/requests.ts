import type { EventOfType } from '../../schemas/events'
import type { ActorRequestOf, HallCall } from '../../schemas/hall/call'
import { ask, requestIdOf, type HallAnswer } from './hall'

/**
 * The request bookkeeping of an actor that is more than a query, a paged list or a command (the
 * site's start-up, the game catalogue, the music library): written once here instead of a counter
 * and an awaited id per call in every machine. A `Requests` value keeps the counter that makes
 * request ids (`<actorId>-<n>`, replayable) and, for each purpose the actor awaits, the id of its
 * newest request: asking again for a purpose replaces its older request, whose answer is then
 * dropped (latest wins).
 */
export interface Requests<P extends string = string> {
  readonly count: number
  /** The awaited request of each purpose, by purpose. */
  readonly awaiting: Readonly<Partial<Record<P, string>>>
}

/** The awaited requests in the order of their purposes, so equal bookkeeping is equal to the letter (logs, model tests). */
const sorted = <P extends string>(awaiting: Partial<Record<P, string>>): Partial<Record<P, string>> =>
  Object.fromEntries(Object.entries(awaiting).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) as Partial<Record<P, string>>

/** No request made yet. */
export const noRequests: Requests<never> = { count: 0, awaiting: {} }

/** What asking yields: the new bookkeeping and the notice to emit. */
export interface Asked<P extends string> {
  readonly requests: Requests<P>
  readonly notice: EventOfType<'hall.requested'>
  readonly requestId: string
}

/**
 * Asks for a call for a purpose: the purpose now awaits this request (an older one of the same
 * purpose is dropped). A purpose of null asks without awaiting an answer (an upload the actor
 * does not read back).
 */
export const request = <P extends string, C extends HallCall>(
  actorId: string,
  requests: Requests<P>,
  purpose: NoInfer<P> | null,
  call: C,
  payload: ActorRequestOf<C>,
): Asked<P> => {
  const count = requests.count + 1
  const requestId = requestIdOf(actorId, count)
  const awaiting = purpose === null ? requests.awaiting : sorted<P>({ ...requests.awaiting, [purpose]: requestId })
  return { requests: { count, awaiting }, notice: ask(call, requestId, payload), requestId }
}

/** The purpose an answer settles, or null when nothing awaits it (an older or a forgotten request). */
export const purposeOf = <P extends string>(requests: Requests<P>, event: { type: string; requestId?: string }): P | null => {
  if ((event.type !== 'hall.responded' && event.type !== 'hall.failed') || event.requestId === undefined) return null
  for (const [purpose, id] of Object.entries(requests.awaiting) as Array<[P, string | undefined]>) if (id === event.requestId) return purpose
  return null
}

/**
 * Whether this answer settles the purpose: it answers the purpose's awaited request (each request
 * id is new, so it awaits under one purpose only; the same as `purposeOf(...) === purpose`,
 * without going through every purpose on the answers' hot path).
 */
export const answers = <P extends string>(requests: Requests<P>, purpose: NoInfer<P>, event: { type: string; requestId?: string }): event is HallAnswer =>
  (event.type === 'hall.responded' || event.type === 'hall.failed') && event.requestId !== undefined && requests.awaiting[purpose] === event.requestId

/** Whether a purpose awaits an answer. */
export const isAwaiting = <P extends string>(requests: Requests<P>, purpose: NoInfer<P>): boolean => requests.awaiting[purpose] !== undefined

/** The bookkeeping once an answer of this purpose (or these purposes) came, or was given up. */
export const settle = <P extends string>(requests: Requests<P>, ...purposes: ReadonlyArray<NoInfer<P>>): Requests<P> => {
  const awaiting: Partial<Record<P, string>> = { ...requests.awaiting }
  for (const p of purposes) delete awaiting[p]
  return { count: requests.count, awaiting }
}

/** Nothing awaited any more (a sign-out, a restart); the counter goes on so old answers stay dropped. */
export const forgetAll = <P extends string>(requests: Requests<P>): Requests<P> => ({ count: requests.count, awaiting: {} as Partial<Record<P, string>> })
