/**
 * The control surface for tests and demos (ARCHITECTURE.md, "The reference hall"; docs/hall.md,
 * "The control surface"): every domain's controls, registered once. It exists only in dev and test
 * mode and answers only loopback clients; everywhere else its paths are 404. Bodies are plain
 * JSON, neither signed nor encrypted, so a shell one-liner can drive it.
 */
import { Exit, Schema } from 'effect'
import type { Db } from '../db'
import type { HallState } from '../state'
import type { SocketHub } from '../ws'
import { agentControls } from '../agents/controls'
import { eventControls } from '../events/controls'
import { payControls } from '../pay/controls'
import { withdrawControls } from '../withdraw/controls'
import { yuebaoControls } from '../yuebao/controls'
import { isPlayControl, playBodies, runPlayControl } from '../play/control'
import { runPromotionControl } from '../promotion-control'
import { runTraceControl } from '../trace-control'
import { runWebPushControl } from '../webpush-control'
import { runActivityControl } from '../activities-control'
import { type Control, type ControlAnswer, fail } from './define'
import { hallControls } from './hall-controls'
import { playerControls } from './player-controls'

export type { ControlAnswer } from './define'

/** Every declared control, by name: one registry the hall reads. */
const CONTROLS: ReadonlyMap<string, Control> = new Map(
  [...hallControls, ...playerControls, ...payControls, ...withdrawControls, ...yuebaoControls, ...agentControls, ...eventControls].map((c) => [c.name, c]),
)

/** The control endpoints, for docs and error messages. */
export const CONTROL_NAMES: ReadonlyArray<string> = [...CONTROLS.keys(), ...Object.keys(playBodies)]

/** True for loopback addresses (IPv4 127/8, IPv6 ::1, IPv4-mapped loopback). */
export const isLoopback = (address: string | undefined): boolean => address !== undefined && (address === '::1' || /^(::ffff:)?127\./.test(address))

/** Runs one control command. */
export const runControl = async (
  deps: { readonly db: Db; readonly state: HallState; readonly socket?: SocketHub; readonly now?: () => number },
  name: string,
  rawBody: string,
  origin: string,
): Promise<ControlAnswer> => {
  let parsed: unknown = {}
  if (rawBody.trim() !== '') {
    try {
      parsed = JSON.parse(rawBody)
    } catch {
      return fail(400, 'body is not JSON')
    }
  }
  const now = deps.now ?? Date.now
  // Promotion's controls (server/promotion-control.ts).
  const promotion = await runPromotionControl(deps.db, name, parsed)
  if (promotion !== undefined) return promotion
  // Trace reports and the player's own buried config (server/trace-control.ts).
  const trace = await runTraceControl(deps.db, name, parsed)
  if (trace !== undefined) return trace
  // Web push's controls (server/webpush-control.ts).
  const webPush = await runWebPushControl(deps.db, name, parsed, now())
  if (webPush !== undefined) return webPush
  // The event centre's operator controls (server/activities-control.ts).
  const activity = await runActivityControl(deps.db, name, parsed, now())
  if (activity !== undefined) return activity
  const control = CONTROLS.get(name)
  if (control !== undefined) return control.run({ db: deps.db, state: deps.state, socket: deps.socket, now, origin }, parsed)
  if (isPlayControl(name)) {
    const decoded = Schema.decodeUnknownExit(playBodies[name])(parsed)
    if (Exit.isFailure(decoded)) return fail(400, `invalid body for ${name}`)
    return runPlayControl(deps, name, decoded.value)
  }
  return fail(404, `unknown control: ${name}; one of ${CONTROL_NAMES.join(', ')}`)
}
