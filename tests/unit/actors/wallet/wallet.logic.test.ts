import { describe, expect, it } from 'vitest'
import { readGold, sportsGoldOf, withGold } from '../../../../actors/wallet'

describe('wallet rules', () => {
  it("reads the in-game marker '-1' as the money in a game, never as an amount (spec §4)", () => {
    expect(readGold('-1')).toEqual({ inGame: true })
    expect(readGold(' -1 ')).toEqual({ inGame: true })
    expect(readGold('100.00')).toEqual({ inGame: false, amount: '100.00' })
    expect(readGold('0')).toEqual({ inGame: false, amount: '0' })
    // Anything else is not a balance.
    for (const v of ['-2', '-1.00', '', 'abc', '1e3', null, undefined, 12]) expect(readGold(v)).toBeNull()
  })

  it('a read says where the money is; a credit changes the amount only', () => {
    expect(withGold({ inGame: false, amount: '5.00' }, true)).toEqual({ balance: '5.00', stale: false, inGame: false })
    expect(withGold({ inGame: false, amount: '5.00' }, false)).toEqual({ balance: '5.00', stale: false })
    expect(withGold({ inGame: true }, false)).toEqual({ inGame: true, stale: false })
    expect(withGold(null, true)).toEqual({})
  })

  it("takes the sports provider's (136) entry of getBalanceList", () => {
    expect(sportsGoldOf({ list: [{ platformId: 14, balance: '1.00' }, { platformId: 136, balance: '2.00' }] })).toEqual({ inGame: false, amount: '2.00' })
    expect(sportsGoldOf({ list: [{ platformId: 136, balance: '-1' }] })).toEqual({ inGame: true })
    expect(sportsGoldOf({ list: [{ platformId: 14, balance: '1.00' }] })).toBeNull()
    expect(sportsGoldOf(null)).toBeNull()
  })
})
