import type { Schema } from 'effect'
import { allCalls } from '../hall/calls'
import type { HallCall } from '../hall/call'
import { redact } from '../sensitive'
import { schemaOf } from './index'

/**
 * Redaction of a bus event before it is stored: the event's own schema marks its sensitive
 * fields; a hall request's payload and a hall response's data are redacted with the call's
 * request and response schemas (a login answer carries the session key and token).
 */

const callsByName: ReadonlyMap<string, HallCall> = new Map(allCalls.map((c) => [c.name, c]))

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The event as it may be stored: every sensitive field replaced with REDACTED. */
export const redactEvent = <E extends { readonly type: string }>(event: E): E => {
  const schema: Schema.Top | undefined = schemaOf(event.type)
  let out = (schema === undefined ? event : redact(schema, event)) as E
  const fields = out as unknown as Record<string, unknown>
  const call = typeof fields['call'] === 'string' ? callsByName.get(fields['call']) : undefined
  // A command named after its call (the withdraw password of withdrawCash) is redacted with the call's request.
  const command = event.type === 'command.submitted' && typeof fields['command'] === 'string' ? callsByName.get(fields['command']) : undefined
  if (command !== undefined && 'payload' in fields) return { ...out, payload: redact(command.request, fields['payload']) }
  if (call !== undefined && isRecord(out)) {
    if (event.type === 'hall.requested' && 'payload' in fields) {
      out = { ...out, payload: redact(call.request, fields['payload']) }
    } else if (event.type === 'hall.responded' && 'data' in fields) {
      out = { ...out, data: redact(call.response, fields['data']) }
    }
  }
  return out
}
