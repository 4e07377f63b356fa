import { Schema } from 'effect'

/**
 * The three kinds of bus event. An intent is something a person did (sent by views); a fact is
 * the outside world answering (published by runners); a notice is an actor announcing a change
 * (derived: replay regenerates notices and checks them against the log).
 */
export const EventKind = Schema.Literals(['intent', 'fact', 'notice'])
export type EventKind = typeof EventKind.Type

/**
 * One event type of the bus: its `domain.name` type, its kind, and the schema of the whole
 * event object (a struct with a literal `type` field). Every event on the bus has exactly one
 * definition in schemas/events/.
 */
export interface EventDef<T extends string = string, S extends Schema.Top = Schema.Top> {
  readonly type: T
  readonly kind: EventKind
  /** One sentence for the event catalogue (docs/events.md). */
  readonly description: string
  readonly schema: S
}

/** Declares an event type from its fields; the `type` field is added as a literal. */
export const defineEvent = <const T extends string, const F extends Schema.Struct.Fields>(
  type: T,
  kind: EventKind,
  description: string,
  fields: F,
) => ({ type, kind, description, schema: Schema.Struct({ type: Schema.Literal(type), ...fields }) }) as const

/** The event object type of a definition, as actors get it (a secret a person typed is a Secret). */
export type EventOf<D> = D extends { readonly schema: infer S extends Schema.Top } ? S['Type'] : never
/** The event object type of a definition as it may be published (a secret as the text typed, or a Secret). */
export type EventInputOf<D> = D extends { readonly schema: infer S extends Schema.Top } ? S['Encoded'] : never
