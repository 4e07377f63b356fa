import { describe, expect, it } from 'vitest'
import { tabAfterKey } from '../../../src/ui/tabs'
import { fileProblem, isAccepted, toBase64 } from '../../../src/ui/file-upload'

describe('tabAfterKey (the shared Tabs keyboard)', () => {
  const keys = ['a', 'b', 'c'] as const
  it('moves right and left, wrapping at the ends', () => {
    expect(tabAfterKey(keys, 'a', 'ArrowRight')).toBe('b')
    expect(tabAfterKey(keys, 'c', 'ArrowRight')).toBe('a')
    expect(tabAfterKey(keys, 'a', 'ArrowLeft')).toBe('c')
    expect(tabAfterKey(keys, 'b', 'ArrowLeft')).toBe('a')
  })
  it('goes to the first and the last with Home and End', () => {
    expect(tabAfterKey(keys, 'b', 'Home')).toBe('a')
    expect(tabAfterKey(keys, 'b', 'End')).toBe('c')
  })
  it('chooses nothing for other keys or an empty bar', () => {
    expect(tabAfterKey(keys, 'b', 'Enter')).toBeNull()
    expect(tabAfterKey(keys, 'b', 'ArrowDown')).toBeNull()
    expect(tabAfterKey([], 'b', 'ArrowRight')).toBeNull()
  })
  it('moves from the first tab when the current one is not in the bar', () => {
    expect(tabAfterKey([1, 2, 3], 9, 'ArrowRight')).toBe(2)
  })
})

describe('fileProblem and toBase64 (the shared FileUpload)', () => {
  const types = ['image/png', 'image/jpeg'] as const
  it('refuses a type that is not accepted', () => {
    expect(fileProblem({ type: 'image/gif', size: 10 }, types, 100)).toBe('type')
    expect(fileProblem({ type: '', size: 10 }, types, 100)).toBe('type')
  })
  it('refuses an empty file and one over the limit, takes one at the limit', () => {
    expect(fileProblem({ type: 'image/png', size: 0 }, types, 100)).toBe('size')
    expect(fileProblem({ type: 'image/png', size: 101 }, types, 100)).toBe('size')
    expect(fileProblem({ type: 'image/jpeg', size: 100 }, types, 100)).toBeNull()
  })
  it('narrows an accepted type', () => {
    expect(isAccepted('image/png', types)).toBe(true)
    expect(isAccepted('text/plain', types)).toBe(false)
  })
  it('reads bytes as base64, also past one chunk', () => {
    expect(toBase64(new TextEncoder().encode('hello').buffer)).toBe('aGVsbG8=')
    const big = new Uint8Array(0x8000 * 2 + 7).map((_, i) => i % 251)
    expect(Buffer.from(toBase64(big.buffer), 'base64').equals(Buffer.from(big))).toBe(true)
  })
})
