import { describe, expect, it } from 'vitest'
import { installsDayHook } from '../../../src/effects/framebox'

describe('the day test hook (window.__lobbyDay)', () => {
  it('is installed in a dev build or under a hall that says testHooks, never otherwise', () => {
    expect(installsDayHook({}, false)).toBe(false)
    expect(installsDayHook({ testHooks: false }, false)).toBe(false)
    expect(installsDayHook({ testHooks: true }, false)).toBe(true)
    expect(installsDayHook({}, true)).toBe(true)
  })
})
