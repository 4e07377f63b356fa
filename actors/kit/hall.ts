import type { EventOfType } from '../../schemas/events'
import type { ActorRequestOf, HallCall, ResponseOf } from '../../schemas/hall/call'
import type { HallError } from '../../schemas/hall/errors'
import { centerWalletCodes, challengeCodes, guardCodes, sessionCodes, smsLoginCodes, withdrawCodes } from '../../schemas/hall/calls/codes'

/**
 * Typed hall calls for actors. An actor asks with the call's own declaration, so the payload is
 * the call's request type; the hall runner decodes the answer with the call's response schema,
 * so `dataOf` reads it as the call's response type. The host hands an answer only to the actor
 * whose id starts its request id (actors/spec.ts).
 */

/** A hall answer: the success or the failure of a call. */
export type HallAnswer = EventOfType<'hall.responded'> | EventOfType<'hall.failed'>

/** The request id of an actor's n-th request: `<actorId>-<n>` (the host routes answers by it). */
export const requestIdOf = (actorId: string, n: number): string => `${actorId}-${n}`

/** The `hall.requested` notice that asks for `call` with its typed payload. */
export const ask = <C extends HallCall>(call: C, requestId: string, payload: ActorRequestOf<C>): EventOfType<'hall.requested'> => ({
  type: 'hall.requested',
  requestId,
  call: call.name,
  payload,
})

/** Whether an event is the answer (success or failure) to the awaited request `id`. */
export const isAnswerTo = (id: string | null, event: { type: string; requestId?: string }): event is HallAnswer =>
  id !== null && (event.type === 'hall.responded' || event.type === 'hall.failed') && event.requestId === id

/** The data of a successful answer, typed by the call it answers (the runner decoded it with the call's response schema). */
export const dataOf = <C extends HallCall>(_call: C, event: EventOfType<'hall.responded'>): ResponseOf<C> => event.data as ResponseOf<C>

/** The service code of a failure, or null for a failure without one (network, timeout, decode). */
export const serviceCodeOf = (error: HallError): number | null => (error._tag === 'ServiceCode' ? error.code : null)

/** The token-expired (or maintenance) code: the session reacts to it, whoever asked (spec §8). */
export const TOKEN_EXPIRED = sessionCodes.tokenExpired

/**
 * Codes that show no error modal, whichever call answers them (spec §8 reactions): the geetest
 * challenges (forced, slider, click, nine-square, a refused answer, and the reference hall's
 * missed challenge, a generic challenge failure the form words), the SMS-code error, bind
 * withdraw and central wallet without balance have their own reactions; token expiry has the
 * session's single modal.
 */
export const SILENT_CODES: ReadonlySet<number> = new Set([
  TOKEN_EXPIRED,
  ...Object.values(challengeCodes),
  guardCodes.refused,
  guardCodes.missed,
  smsLoginCodes.smsRefused,
  withdrawCodes.bindWithdraw,
  centerWalletCodes.noBalance,
])

/** The key (i18n namespace `errors`) of a failure without a hall message (spec §8: timeout, not JSON, empty data). */
export const failureKey = (error: HallError): string => {
  switch (error._tag) {
    case 'Timeout':
      return 'timeout'
    case 'NotJson':
      return 'notJson'
    case 'EmptyData':
      return 'system'
    case 'Decode':
      return 'format'
    case 'Network':
      return 'network'
    case 'ServiceCode':
      return 'system'
  }
}

/**
 * The error modal's notice for a failure (spec §8: any non-success code shows its message in a
 * modal unless the call or the code is silent), or null when the player sees none.
 */
export const errorNotice = (call: HallCall, error: HallError): EventOfType<'errors.reported'> | null => {
  if (call.silent) return null
  if (error._tag === 'ServiceCode') {
    if (SILENT_CODES.has(error.code)) return null
    return error.msg.trim() === ''
      ? { type: 'errors.reported', message: 'system', translate: true, code: error.code }
      : { type: 'errors.reported', message: error.msg, translate: false, code: error.code }
  }
  return {
    type: 'errors.reported',
    message: failureKey(error),
    translate: true,
    code: null,
    ...(error._tag === 'NotJson' ? { requestId: error.requestId } : {}),
  }
}
