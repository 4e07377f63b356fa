import type { Schema } from 'effect'
import type { Concealed, Payload } from '../secret'

/** HTTP method of a hall call (spec §7: POST unless stated). */
export type HallMethod = 'GET' | 'POST'

/**
 * One hall call, described once and used by both the lobby's hall client and the reference
 * hall so they cannot drift: its path under the hall base, method, whether the body is
 * encrypted, whether an error is silent (no error modal, spec §8), and the request and
 * response (`data` of the envelope) schemas.
 */
export interface HallCall<Req extends Schema.Top = Schema.Top, Res extends Schema.Top = Schema.Top> {
  readonly name: string
  readonly area: string
  readonly path: string
  readonly method: HallMethod
  readonly encrypted: boolean
  readonly silent: boolean
  readonly request: Req
  readonly response: Res
}

/** Declares a hall call; defaults: POST, encrypted, not silent. */
export const defineCall = <const Req extends Schema.Top, const Res extends Schema.Top>(d: {
  readonly name: string
  readonly area: string
  readonly path: string
  readonly method?: HallMethod
  readonly encrypted?: boolean
  readonly silent?: boolean
  readonly request: Req
  readonly response: Res
}): HallCall<Req, Res> => ({
  name: d.name,
  area: d.area,
  path: d.path,
  method: d.method ?? 'POST',
  encrypted: d.encrypted ?? true,
  silent: d.silent ?? false,
  request: d.request,
  response: d.response,
})

/** The request type of a call. */
export type RequestOf<C> = C extends HallCall<infer Req, Schema.Top> ? Req['Type'] : never
/** The response (`data`) type of a call. */
export type ResponseOf<C> = C extends HallCall<Schema.Top, infer Res> ? Res['Type'] : never
/**
 * A call's request as an actor writes it: a sensitive text may be a Secret it was given (a
 * password, a code, a PIN a person typed), which the hall runner reveals when it sends the call.
 */
export type ActorRequestOf<C> = Payload<RequestOf<C>>
/** A call's request as an actor reads it back (a command's `validate`): every sensitive text a Secret. */
export type ConcealedRequestOf<C> = Concealed<RequestOf<C>>
