import { Effect, Schedule } from 'effect'

/**
 * The hall client's time and retry policies (spec §4 and §9), named once at module level so
 * every runner uses the same values and tests can refer to them.
 */

/** HTTP timeout of every hall call (spec §9: 60 s). */
export const HTTP_TIMEOUT_MS = 60_000

/**
 * Spec §4: fast login and test registration retry once after reloading system info; if the
 * retry fails too, the call is rejected. One immediate recurrence.
 */
export const retryOnceAfterSysInfoReload: Schedule.Schedule<number> = Schedule.recurs(1)

/**
 * Runs `effect`; when it fails, runs `reloadSysInfo` and then `effect` once more. The second
 * failure (or a failure of the reload itself) is the result.
 *
 * `effect` is evaluated again on the retry, so it must read anything the reload changes (the
 * system token, the pre-login key) when it runs, not when it is built: wrap the call in
 * `Effect.suspend(() => callHall(call, payload, currentContext()))`. `callHall` draws a fresh
 * nonce and timestamp on every run, so the retry is never refused as a replay.
 */
export const withSysInfoReload = <A, E, R, E2, R2>(
  effect: Effect.Effect<A, E, R>,
  reloadSysInfo: Effect.Effect<unknown, E2, R2>,
): Effect.Effect<A, E | E2, R | R2> =>
  Effect.retry(
    effect,
    retryOnceAfterSysInfoReload.pipe(
      Schedule.setInputType<E>(),
      Schedule.tap(() => reloadSysInfo),
    ),
  )
