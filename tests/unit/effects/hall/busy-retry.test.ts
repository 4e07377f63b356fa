import { Effect, Fiber } from 'effect'
import { TestClock } from 'effect/testing'
import { describe, expect, it } from 'vitest'
import { BUSY_RETRIES, busyWaitMs, callHall, HALL_BUSY_CODE, HallServiceCode, HallTimeout } from '../../../../src/effects/hall/client'
import { ctx, fakeFetch, getPlain, json, NOW } from './fake-hall'

/**
 * The hall's busy answer (2012, server/admission.ts): the call was refused before it ran, so the
 * client sends it again, a new request, after the seconds the answer names (issue 46).
 */
const busy = (seconds: number) => json({ code: HALL_BUSY_CODE, msg: `the hall is busy: try again in ${seconds} s`, data: { seconds } })

describe('a busy hall', () => {
  it('reads the wait from the message: the seconds named, 1 to 10 s', () => {
    expect(busyWaitMs('the hall is busy: try again in 3 s')).toBe(3_000)
    expect(busyWaitMs('the hall is busy: try again in 45 s')).toBe(10_000)
    expect(busyWaitMs('busy')).toBe(1_000)
  })

  it('sends the call again after the seconds named, with a new nonce, and succeeds', async () => {
    let n = 0
    const { fetch, seen } = fakeFetch(() => (seen.length <= 3 ? busy(2) : json({ code: 1, msg: 'ok', data: ['x'] })))
    const ports = { fetch, now: () => NOW, nonce: () => (n++).toString(16).padStart(32, '0') }
    const program = Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(callHall(getPlain, {}, ctx, { ports }))
      // Each wait is 2 s of the clock: before it ends, no new request.
      for (let k = 1; k <= 2; k++) {
        yield* Effect.promise(() => until(() => seen.length === k))
        yield* TestClock.adjust(1_999)
        expect(seen).toHaveLength(k)
        yield* TestClock.adjust(1)
      }
      yield* Effect.promise(() => until(() => seen.length === 3))
      yield* TestClock.adjust(2_000)
      return yield* Fiber.join(fiber)
    }).pipe(Effect.provide(TestClock.layer()))
    expect(await Effect.runPromise(program)).toEqual(['x'])
    expect(seen).toHaveLength(4)
    expect(new Set(seen.map((s) => s.headers['nonce'])).size).toBe(4)
  })

  it(`gives up after ${BUSY_RETRIES} more tries with the busy code, and never past the call's timeout`, async () => {
    const { fetch, seen } = fakeFetch(() => busy(1))
    const ports = { fetch, now: () => NOW, nonce: () => '0'.repeat(32) }
    const program = Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(callHall(getPlain, {}, ctx, { ports }))
      for (let k = 1; k <= BUSY_RETRIES; k++) {
        yield* Effect.promise(() => until(() => seen.length === k))
        yield* TestClock.adjust(1_000)
      }
      return yield* Effect.flip(Fiber.join(fiber))
    }).pipe(Effect.provide(TestClock.layer()))
    expect(await Effect.runPromise(program)).toEqual(new HallServiceCode({ code: HALL_BUSY_CODE, msg: 'the hall is busy: try again in 1 s' }))
    expect(seen).toHaveLength(BUSY_RETRIES + 1)

    const slow = fakeFetch(() => busy(10))
    const timed = Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(callHall(getPlain, {}, ctx, { ports: { ...ports, fetch: slow.fetch }, timeoutMs: 15_000 }))
      yield* Effect.promise(() => until(() => slow.seen.length === 1))
      yield* TestClock.adjust(10_000)
      yield* Effect.promise(() => until(() => slow.seen.length === 2))
      yield* TestClock.adjust(5_000)
      return yield* Effect.flip(Fiber.join(fiber))
    }).pipe(Effect.provide(TestClock.layer()))
    expect(await Effect.runPromise(timed)).toEqual(new HallTimeout({ ms: 15_000 }))
  })

  it('does not send again a call refused with another code', async () => {
    const { fetch, seen } = fakeFetch(() => json({ code: 1011, msg: 'login error', data: null }))
    const error = await Effect.runPromise(Effect.flip(callHall(getPlain, {}, ctx, { ports: { fetch, now: () => NOW, nonce: () => '0'.repeat(32) } })))
    expect(error).toEqual(new HallServiceCode({ code: 1011, msg: 'login error' }))
    expect(seen).toHaveLength(1)
  })
})

/** Resolves once `cond` holds, checking after each turn of the event loop (the fake fetch answers asynchronously). */
const until = async (cond: () => boolean): Promise<void> => {
  while (!cond()) await new Promise((resolve) => setImmediate(resolve))
}
