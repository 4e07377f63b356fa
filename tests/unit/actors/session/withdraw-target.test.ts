import { describe, expect, it } from 'vitest'
import { withdrawTargetOf } from '../../../../actors/session'

describe('where a withdraw goes (spec §2)', () => {
  it('from the user card or the header: the phone first, then the withdraw password, then withdraw', () => {
    expect(withdrawTargetOf({ phone: false, withdrawPass: false }, true)).toEqual({ route: 'security', current: 'phone' })
    expect(withdrawTargetOf({ phone: false, withdrawPass: true }, true)).toEqual({ route: 'security', current: 'phone' })
    expect(withdrawTargetOf({ phone: true, withdrawPass: false }, true)).toEqual({ route: 'security', current: 'withdrawPass' })
    expect(withdrawTargetOf({ phone: true, withdrawPass: true }, true)).toEqual({ route: 'withdraw' })
  })
  it('withdrawal management skips the phone check', () => {
    expect(withdrawTargetOf({ phone: false, withdrawPass: false }, false)).toEqual({ route: 'security', current: 'withdrawPass' })
    expect(withdrawTargetOf({ phone: false, withdrawPass: true }, false)).toEqual({ route: 'withdraw' })
  })
})
