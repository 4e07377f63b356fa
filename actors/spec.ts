import type { AnyStateMachine } from 'xstate'

/**
 * How an actor joins the system: its id, its machine, and the bus event types it consumes.
 * Each actor's index.ts exports one; actors/index.ts lists them all, and the composition root
 * and the replayer start exactly that list.
 *
 * Hall answers (`hall.responded`, `hall.failed`) are addressed: the host hands an answer only to
 * the actor whose id starts its request id (`<actorId>-<n>`, see `requestIdOf` in actors/kit), if
 * that actor consumes the answer's type. What other domains need from an answer travels as a
 * notice of the actor that asked. `hears` names the answer types an actor takes whoever asked:
 * only the session, which ends the session on any call's token-expired code (spec §8).
 */
export interface ActorSpec {
  readonly id: string
  readonly machine: AnyStateMachine
  readonly consumes: ReadonlyArray<string>
  readonly hears?: ReadonlyArray<'hall.failed' | 'hall.responded'>
  /** The service codes of the calls it asks that it handles (a command's are its `codes` and `modal`; tests/unit/kit/codes.test.ts). */
  readonly handles?: ReadonlyArray<CodeHandling>
}

/** How the lobby handles some of a call's service codes, and where (actors/kit/codes.ts; the coverage test reads these). */
export interface CodeHandling {
  readonly call: string
  readonly codes: ReadonlyArray<string>
  /** Where the handling lives (an actor id, a form, an effect). */
  readonly by: string
}
