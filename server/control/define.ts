/**
 * Controls declared like calls: `defineControl(name, schema, run)` names a control of the control
 * surface (docs/hall.md, "The control surface"), the Schema its JSON body decodes with, and what
 * it does with the decoded body. Each domain keeps its controls beside it (server/pay/controls.ts,
 * server/withdraw/controls.ts, ...); server/control/index.ts registers them once.
 */
import { Exit, Schema } from 'effect'
import type { Db } from '../db'
import type { HallState } from '../state'
import type { SocketHub } from '../ws'

/** A control answer: HTTP status and JSON body. */
export interface ControlAnswer {
  readonly status: number
  readonly body: Record<string, unknown>
}

export const ok = (extra: Record<string, unknown> = {}): ControlAnswer => ({ status: 200, body: { ok: true, ...extra } })
export const fail = (status: number, error: string): ControlAnswer => ({ status, body: { ok: false, error } })

/** What a control runs with: the store, the hall's state, its socket hub, its clock and the origin it was asked at. */
export interface ControlDeps {
  readonly db: Db
  readonly state: HallState
  readonly socket: SocketHub | undefined
  /** The hall's clock (ms). */
  readonly now: () => number
  readonly origin: string
}

/** A declared control. */
export interface Control {
  readonly name: string
  /** Decodes the parsed JSON body (400 when it does not fit) and runs the control. */
  readonly run: (deps: ControlDeps, body: unknown) => Promise<ControlAnswer>
}

/** Declares a control: its name, its body's Schema, and what it does with the decoded body. */
export const defineControl = <S extends Schema.Top & { readonly DecodingServices: never }>(
  name: string,
  schema: S,
  run: (deps: ControlDeps, body: S['Type']) => Promise<ControlAnswer>,
): Control => {
  const decode = Schema.decodeUnknownExit(schema)
  return {
    name,
    run: async (deps, body) => {
      const decoded = decode(body)
      return Exit.isFailure(decoded) ? fail(400, `invalid body for ${name}`) : run(deps, decoded.value)
    },
  }
}
