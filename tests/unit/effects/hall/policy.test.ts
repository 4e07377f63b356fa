import { Effect } from 'effect'
import { describe, expect, it } from 'vitest'
import { HTTP_TIMEOUT_MS, withSysInfoReload } from '../../../../src/effects/hall/policy'

/** An effect that fails its first `failures` runs, then succeeds; it counts its runs. */
const flaky = (failures: number) => {
  const state = { runs: 0, reloads: 0 }
  const effect = Effect.suspend(() => {
    state.runs++
    return state.runs <= failures ? Effect.fail(`failure ${state.runs}`) : Effect.succeed('ok')
  })
  const reload = Effect.sync(() => {
    state.reloads++
  })
  return { state, effect, reload }
}

describe('policy', () => {
  it('HTTP timeout is 60 s', () => {
    expect(HTTP_TIMEOUT_MS).toBe(60_000)
  })

  it('does not reload when the call succeeds', async () => {
    const { state, effect, reload } = flaky(0)
    expect(await Effect.runPromise(withSysInfoReload(effect, reload))).toBe('ok')
    expect(state).toEqual({ runs: 1, reloads: 0 })
  })

  it('reloads system info once and retries once after one failure', async () => {
    const { state, effect, reload } = flaky(1)
    expect(await Effect.runPromise(withSysInfoReload(effect, reload))).toBe('ok')
    expect(state).toEqual({ runs: 2, reloads: 1 })
  })

  it('rejects with the second failure when the retry fails too', async () => {
    const { state, effect, reload } = flaky(5)
    expect(await Effect.runPromise(Effect.flip(withSysInfoReload(effect, reload)))).toBe('failure 2')
    expect(state).toEqual({ runs: 2, reloads: 1 })
  })

  it('rejects with the reload failure when reloading fails, without retrying', async () => {
    const { state, effect } = flaky(1)
    const reload = Effect.fail('sysinfo down')
    expect(await Effect.runPromise(Effect.flip(withSysInfoReload(effect, reload)))).toBe('sysinfo down')
    expect(state.runs).toBe(1)
  })

  it('runs the reload before the retry', async () => {
    const order: Array<string> = []
    let first = true
    const effect = Effect.suspend(() => {
      order.push('call')
      if (first) {
        first = false
        return Effect.fail('x')
      }
      return Effect.succeed(1)
    })
    await Effect.runPromise(withSysInfoReload(effect, Effect.sync(() => order.push('reload'))))
    expect(order).toEqual(['call', 'reload', 'call'])
  })
})
