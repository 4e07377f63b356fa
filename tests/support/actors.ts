import { createActor, type AnyActorRef, type AnyEventObject } from 'xstate'
import type { ActorSpec } from '../../actors'
import type { LobbyEvent } from '../../schemas/events'
import { concealEvent } from '../../schemas/events/redact'

/**
 * Runs some actors as the host does, without a bus: each event goes to the actors that consume
 * it, a hall answer only to the actor whose id starts its request id. What they emit is kept in
 * order. Each event is taken in as the bus takes it in: the secrets an intent carries reach the
 * actors as Secrets. For unit tests of domains made of several kit actors.
 */
export const runActors = (specs: ReadonlyArray<ActorSpec>) => {
  const emitted: Array<AnyEventObject & { requestId?: string; call?: string; payload?: unknown }> = []
  const refs = new Map<string, AnyActorRef>()
  for (const spec of specs) {
    const ref = createActor(spec.machine)
    ref.on('*', (e: AnyEventObject) => emitted.push(e))
    ref.start()
    refs.set(spec.id, ref)
  }
  const send = (...inputs: LobbyEvent[]): void => {
    for (const event of inputs.map(concealEvent)) {
      const asker = event.type === 'hall.responded' || event.type === 'hall.failed' ? event.requestId.split('-')[0] : null
      for (const spec of specs) {
        if (!spec.consumes.includes(event.type)) continue
        if (asker !== null && asker !== spec.id && !(spec.hears ?? []).includes(event.type as 'hall.failed')) continue
        refs.get(spec.id)!.send(event)
      }
    }
  }
  /** The snapshot of an actor, for its view function or selectors. */
  const snapshot = (id: string) => refs.get(id)!.getSnapshot() as { value: unknown; context: never }
  return { send, emitted, snapshot }
}
