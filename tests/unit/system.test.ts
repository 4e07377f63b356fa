import { describe, expect, it } from 'vitest'
import { exposesDebugHandle } from '../../src/system'

describe('the debug handle window.__lobby', () => {
  it('is exposed in a development build or when the hall turned diagnostics on, never otherwise', () => {
    expect(exposesDebugHandle({}, false)).toBe(false)
    expect(exposesDebugHandle({ diagnostics: false }, false)).toBe(false)
    expect(exposesDebugHandle({ diagnostics: true }, false)).toBe(true)
    expect(exposesDebugHandle({}, true)).toBe(true)
  })
})
