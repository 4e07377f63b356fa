import { Duration, Effect } from 'effect'
import type { Subscription } from 'rxjs'
import type { EventOfType } from '../../schemas/events'
import { PING_FAILED } from '../../schemas/events/lines'
import { HALL_PREFIX } from '../../schemas/hall/protocol'
import type { Bus } from '../bus/bus'
import { hallOrigin } from './hall-runner'

/**
 * The lines runner: times each line a `lines.testRequested` names with a GET of its op.json
 * (calls §7.3: version check and line speed test; unencrypted, unsigned, so the time is the
 * network's and the hall's, not the cipher's) and publishes `lines.pinged` with the time in whole
 * ms, or 9999 when the line failed, answered an error status, or did not answer in time. The
 * lines of a round are timed at once, each on its own.
 */

/** How long a line may take before it counts as failed. */
export const LINE_TIMEOUT = Duration.seconds(5)

/** What the runner needs of the page: fetch and a monotonic clock in ms. */
export interface LinesPorts {
  readonly fetch: (url: string, init: RequestInit) => Promise<Response>
  readonly now: () => number
}

/** The op.json URL of a line (an API base in the form of configApiBaseUrl); a query defeats caches. */
export const opUrl = (line: string, nonce: number): string => `${hallOrigin(line)}${HALL_PREFIX}/op.json?line=${nonce}`

/** Times one line: whole ms, at least 1; PING_FAILED on any failure or after LINE_TIMEOUT. */
export const timeLine = (ports: LinesPorts, line: string, nonce: number): Effect.Effect<number> =>
  Effect.gen(function* () {
    const started = ports.now()
    const response = yield* Effect.tryPromise((signal) =>
      ports.fetch(opUrl(line, nonce), { method: 'GET', cache: 'no-store', signal }).then(async (r) => {
        // The whole answer counts: a line that sends headers fast and the body slowly is slow.
        await r.arrayBuffer()
        return r
      }),
    )
    if (!response.ok) return PING_FAILED
    return Math.max(1, Math.round(ports.now() - started))
  }).pipe(
    Effect.timeoutOrElse({ duration: LINE_TIMEOUT, orElse: () => Effect.succeed(PING_FAILED) }),
    Effect.catch(() => Effect.succeed(PING_FAILED)),
  )

/** Starts the runner; unsubscribe to stop (rounds in flight still publish their answers). */
export const startLinesRunner = (bus: Bus, ports: LinesPorts): Subscription => {
  let nonce = 0
  const test = (event: EventOfType<'lines.testRequested'>): void => {
    for (const url of event.urls) {
      nonce += 1
      void Effect.runPromise(timeLine(ports, url, nonce)).then((ms) =>
        bus.publish({ type: 'lines.pinged', round: event.round, url, ms }, 'runner', 'lines'),
      )
    }
  }
  return bus.records$.subscribe((record) => {
    if (record.event.type === 'lines.testRequested') test(record.event)
  })
}

/** The browser's ports. */
export const browserLinesPorts = (w: Window): LinesPorts => ({
  fetch: (url, init) => w.fetch(url, init),
  now: () => w.performance.now(),
})
