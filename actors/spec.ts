import type { AnyStateMachine } from 'xstate'

/**
 * How an actor joins the system: its id, its machine, and the bus event types it consumes.
 * Each actor's index.ts exports one; actors/index.ts lists them all, and the composition root
 * and the replayer start exactly that list.
 */
export interface ActorSpec {
  readonly id: string
  readonly machine: AnyStateMachine
  readonly consumes: ReadonlyArray<string>
}
