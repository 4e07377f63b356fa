import { describe, expect, it } from 'vitest'
import { PIN_MEMO_MAX, PIN_MEMO_MS, PinMemo } from '../../server/pin-memo'

/**
 * The withdraw password's check remembered (server/pin-memo.ts, issue 46): one verification for
 * checks at once, none for a right password again within PIN_MEMO_MS, always one for a wrong one
 * or a new stored hash. The verification is counted (a stand-in for Argon2 that answers as a hash
 * of '123456' would).
 */
const counting = () => {
  const calls: string[] = []
  let release: () => void = () => undefined
  let held: Promise<void> = Promise.resolve()
  const verify = async (password: string, stored: string): Promise<boolean> => {
    calls.push(`${stored}:${password}`)
    await held
    return stored === 'hash-a' ? password === '123456' : password === '654321'
  }
  const hold = () => {
    held = new Promise((r) => (release = r))
  }
  return { calls, verify, hold, release: () => release() }
}

describe('the withdraw password remembered', () => {
  it('verifies two checks of one password at once once, and both get the answer', async () => {
    const v = counting()
    const memo = new PinMemo(v.verify)
    v.hold()
    const both = Promise.all([memo.check('p1', '123456', 'hash-a', 0), memo.check('p1', '123456', 'hash-a', 0)])
    v.release()
    expect(await both).toEqual([true, true])
    expect(v.calls).toEqual(['hash-a:123456'])
  })

  it('does not verify a right password again within the window, and does after it', async () => {
    const v = counting()
    const memo = new PinMemo(v.verify)
    expect(await memo.check('p1', '123456', 'hash-a', 1_000)).toBe(true)
    expect(await memo.check('p1', '123456', 'hash-a', 1_000 + PIN_MEMO_MS - 1)).toBe(true)
    expect(v.calls).toHaveLength(1)
    expect(await memo.check('p1', '123456', 'hash-a', 1_000 + PIN_MEMO_MS)).toBe(true)
    expect(v.calls).toHaveLength(2)
  })

  it('verifies every wrong password, never remembers one, and a remembered player still fails with a wrong one', async () => {
    const v = counting()
    const memo = new PinMemo(v.verify)
    expect(await memo.check('p1', '000000', 'hash-a', 0)).toBe(false)
    expect(await memo.check('p1', '000000', 'hash-a', 0)).toBe(false)
    expect(memo.size).toBe(0)
    expect(await memo.check('p1', '123456', 'hash-a', 0)).toBe(true)
    expect(await memo.check('p1', '111111', 'hash-a', 0)).toBe(false)
    expect(v.calls).toEqual(['hash-a:000000', 'hash-a:000000', 'hash-a:123456', 'hash-a:111111'])
  })

  it('forgets with a new withdraw password: the old one is verified against the new hash and refused', async () => {
    const v = counting()
    const memo = new PinMemo(v.verify)
    expect(await memo.check('p1', '123456', 'hash-a', 0)).toBe(true)
    expect(await memo.check('p1', '123456', 'hash-b', 0)).toBe(false)
    expect(await memo.check('p1', '654321', 'hash-b', 0)).toBe(true)
    expect(v.calls).toEqual(['hash-a:123456', 'hash-b:123456', 'hash-b:654321'])
  })

  it("does not take one player's right password for another's", async () => {
    const v = counting()
    const memo = new PinMemo(v.verify)
    expect(await memo.check('p1', '123456', 'hash-a', 0)).toBe(true)
    expect(await memo.check('p2', '123456', 'hash-a', 0)).toBe(true)
    expect(v.calls).toHaveLength(2)
  })

  it('remembers at most PIN_MEMO_MAX players, the oldest going first', async () => {
    const memo = new PinMemo(async () => true)
    for (let i = 0; i <= PIN_MEMO_MAX; i += 1) await memo.check(`p${i}`, '123456', 'hash-a', 0)
    expect(memo.size).toBe(PIN_MEMO_MAX)
  })
})
