import { Schema } from 'effect'
import { definedCall, type HallCall } from '../hall/call'
import '../hall/calls/first-route'
import { concealFields, concealRequest } from '../secret'
import { redact } from '../sensitive'
import { schemaOf } from './index'

/**
 * Redaction of a bus event before it is stored: the event's own schema marks its sensitive
 * fields; a hall request's payload and a hall response's data are redacted with the call's
 * request and response schemas (a login answer carries the session key and token).
 */

/**
 * A call by name: the first route's calls, and a lazy domain's once its chunk is evaluated, which
 * is before its actors start and so before any event names one of them.
 */
const callsByName = { get: (name: string): HallCall | undefined => definedCall(name) }

/** What a call not loaded is redacted with: an undescribed value, whose secret-named fields are redacted (schemas/sensitive.ts). */
const UNDESCRIBED_CALL = { request: Schema.Unknown, response: Schema.Unknown } as const

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The call whose request a submitted command's payload is: the one the event names, or, in a log
 * recorded before commands named their call, the call the command was named after.
 */
const commandCall = (fields: Readonly<Record<string, unknown>>): HallCall | undefined => {
  const named = typeof fields['call'] === 'string' ? fields['call'] : typeof fields['command'] === 'string' ? fields['command'] : undefined
  return named === undefined ? undefined : callsByName.get(named)
}

/** The event as it may be stored: every sensitive field replaced with REDACTED. */
export const redactEvent = <E extends { readonly type: string }>(event: E): E => {
  const schema: Schema.Top | undefined = schemaOf(event.type)
  let out = (schema === undefined ? event : redact(schema, event)) as E
  const fields = out as unknown as Record<string, unknown>
  // A call named but not loaded (a lazy domain's, whose chunk has not come: only its actors and
  // screens name it, after its start, so this is a safety net) is redacted by field name.
  const call = typeof fields['call'] === 'string' ? (callsByName.get(fields['call']) ?? UNDESCRIBED_CALL) : undefined
  // A command's payload (the withdraw password of withdrawCash) is redacted with its call's request.
  const command = event.type === 'command.submitted' ? (commandCall(fields) ?? UNDESCRIBED_CALL) : undefined
  // A part the call's schema leaves as it is keeps the event as it is (no copy).
  if (command !== undefined && 'payload' in fields) {
    const payload = redact(command.request, fields['payload'])
    return payload === fields['payload'] ? out : { ...out, payload }
  }
  if (call !== undefined && isRecord(out)) {
    if (event.type === 'hall.requested' && 'payload' in fields) {
      const payload = redact(call.request, fields['payload'])
      if (payload !== fields['payload']) out = { ...out, payload }
    } else if (event.type === 'hall.responded' && 'data' in fields) {
      const data = redact(call.response, fields['data'])
      if (data !== fields['data']) out = { ...out, data }
    }
  }
  return out
}

/**
 * The event as actors get it: the secrets a person typed wrapped in Secrets (schemas/secret.ts),
 * the SecretString fields of an intent and the sensitive fields of a command's payload (by the
 * request of its call). The bus applies it to every event it takes in, live
 * and in replay, where those fields hold "[redacted]": either way actors can carry a secret to a
 * hall request and never read it.
 */
export const concealEvent = <E extends { readonly type: string }>(event: E): E => {
  const schema: Schema.Top | undefined = schemaOf(event.type)
  if (schema === undefined) return event
  const fields = event as unknown as Record<string, unknown>
  if (event.type === 'command.submitted' && 'payload' in fields) {
    const command = commandCall(fields)
    if (command === undefined) return event
    const payload = concealRequest(command.request, fields['payload'])
    return payload === fields['payload'] ? event : { ...event, payload }
  }
  return concealFields(schema, event)
}
