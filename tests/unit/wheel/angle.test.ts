import { describe, expect, it } from 'vitest'
import { landingAngle, prizeAtAngle, SPIN_TURNS } from '../../../src/views/wheel/angle'

/**
 * The wheel's final angle is a pure function of the prize the hall answered (src/views/wheel/angle.ts):
 * the same answer always gives the same angle, the prize under the pointer at that angle is the
 * answered one, and each spin shown turns SPIN_TURNS more full turns than the one before.
 */
describe('the lucky wheel geometry', () => {
  it('stops with the answered prize under the pointer, for every prize of wheels of 1 to 12 prizes', () => {
    for (let count = 1; count <= 12; count += 1) {
      for (let index = 0; index < count; index += 1) {
        for (const n of [1, 2, 7]) {
          const angle = landingAngle(index, count, n)
          expect(prizeAtAngle(angle, count)).toBe(index)
          // The prize's middle is under the pointer: half a slice from either edge.
          const at = (((360 - angle) % 360) + 360) % 360
          expect(at).toBeCloseTo((index + 0.5) * (360 / count), 9)
        }
      }
    }
  })

  it('depends on the answer alone: the same answer gives the same angle; a later spin turns further', () => {
    expect(landingAngle(3, 8, 1)).toBe(landingAngle(3, 8, 1))
    expect(landingAngle(3, 8, 1)).toBe(SPIN_TURNS * 360 + 360 - 3.5 * 45)
    expect(landingAngle(3, 8, 2) - landingAngle(3, 8, 1)).toBe(SPIN_TURNS * 360)
    expect(landingAngle(0, 8, 2)).toBeGreaterThan(landingAngle(7, 8, 1))
    expect(landingAngle(2, 8, 0)).toBe(0)
    expect(landingAngle(0, 0, 1)).toBe(0)
  })
})
