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
/**
 * A call's service codes by name (`{ closed: 1280 }`): every code other than success that the hall
 * may answer the call with. The hall fails by these names and the lobby handles them by name
 * (docs/adding-a-domain.md "Service codes"); no other place holds a service code's number.
 */
export type ServiceCodes = Readonly<Record<string, number>>

export interface HallCall<Req extends Schema.Top = Schema.Top, Res extends Schema.Top = Schema.Top, Codes extends ServiceCodes = ServiceCodes> {
  readonly name: string
  readonly area: string
  readonly path: string
  readonly method: HallMethod
  readonly encrypted: boolean
  readonly silent: boolean
  readonly request: Req
  readonly response: Res
  /** The service codes the hall may answer this call with, by name. */
  readonly codes: Codes
  /** A call of the hall's own design: the spec's screens need it, its catalogue does not name it (docs/hall-protocol.md). */
  readonly designed: boolean
}

type NoCodes = {}

/** Declares a hall call; defaults: POST, encrypted, not silent, no service codes, a call of the spec's catalogue. */
/**
 * Every call whose module has been evaluated, by name. A call's schemas load with the module that
 * declares it (issue 41): the first route holds the calls of the domains it starts
 * (schemas/hall/calls/first-route.ts), and a lazy domain's chunk brings its own before its actors
 * start, so the hall runner finds a call, and the recorder redacts its request and answer, from
 * the first event that names it (tests/unit/replay/lazy-domains.test.ts).
 */
const defined = new Map<string, HallCall>()

/** The call of this name, once its module has been evaluated. */
export const definedCall = (name: string): HallCall | undefined => defined.get(name)

export const defineCall = <const Req extends Schema.Top, const Res extends Schema.Top, const Codes extends ServiceCodes = NoCodes>(d: {
  readonly name: string
  readonly area: string
  readonly path: string
  readonly method?: HallMethod
  readonly encrypted?: boolean
  readonly silent?: boolean
  readonly request: Req
  readonly response: Res
  readonly codes?: Codes
  readonly designed?: boolean
}): HallCall<Req, Res, Codes> => {
  const call: HallCall<Req, Res, Codes> = {
    name: d.name,
    area: d.area,
    path: d.path,
    method: d.method ?? 'POST',
    encrypted: d.encrypted ?? true,
    silent: d.silent ?? false,
    request: d.request,
    response: d.response,
    codes: d.codes ?? ({} as Codes),
    designed: d.designed ?? false,
  }
  defined.set(call.name, call)
  return call
}

/** The request type of a call. */
export type RequestOf<C> = C extends HallCall<infer Req, Schema.Top, ServiceCodes> ? Req['Type'] : never
/** The response (`data`) type of a call. */
export type ResponseOf<C> = C extends HallCall<Schema.Top, infer Res, ServiceCodes> ? Res['Type'] : never
/** The names of a call's service codes. */
export type CodeNameOf<C> = C extends HallCall<Schema.Top, Schema.Top, infer Codes> ? keyof Codes & string : never

/** The name a call gives a service code, or undefined when the call declares no such code. */
export const codeNameOf = (call: HallCall, code: number): string | undefined =>
  Object.entries(call.codes).find(([, c]) => c === code)?.[0]
/**
 * A call's request as an actor writes it: a sensitive text may be a Secret it was given (a
 * password, a code, a PIN a person typed), which the hall runner reveals when it sends the call.
 */
export type ActorRequestOf<C> = Payload<RequestOf<C>>
/** A call's request as an actor reads it back (a command's `validate`): every sensitive text a Secret. */
export type ConcealedRequestOf<C> = Concealed<RequestOf<C>>
