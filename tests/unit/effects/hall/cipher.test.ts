import { createCipheriv, createDecipheriv, createHash, createHmac } from 'node:crypto'
import fc from 'fast-check'
import { Result } from 'effect'
import { describe, expect, it } from 'vitest'
import { decrypt, encrypt, isNonce, sign } from '../../../../src/effects/hall/cipher'

// A fixed vector, computed once and cross-checked below against node:crypto (the reference
// hall's implementation), so a change in either side shows up here.
const KEY = 'site-key-001'
const NONCE = '00112233445566778899aabbccddeeff'
const PLAINTEXT = '{"username":"demo","pwd":"ü€😀"}'
const CIPHERTEXT = 'sUv+JXrpKQUoXMHjKOKYevhYvYMetKX9/WkoShoGh7TlupDUicajlmPKpWfpseKG'

const nodeEncrypt = (key: string, nonce: string, text: string): string => {
  const c = createCipheriv('aes-256-cbc', createHash('sha256').update(key, 'utf8').digest(), Buffer.from(nonce, 'hex'))
  return Buffer.concat([c.update(text, 'utf8'), c.final()]).toString('base64')
}
const nodeDecrypt = (key: string, nonce: string, b64: string): string => {
  const d = createDecipheriv('aes-256-cbc', createHash('sha256').update(key, 'utf8').digest(), Buffer.from(nonce, 'hex'))
  return Buffer.concat([d.update(Buffer.from(b64, 'base64')), d.final()]).toString('utf8')
}

const ok = <A, E>(r: Result.Result<A, E>): A => {
  if (Result.isFailure(r)) throw new Error(`expected success, got ${String(r.failure)}`)
  return r.success
}
const reason = <A, E extends { reason: string }>(r: Result.Result<A, E>): string => {
  if (Result.isSuccess(r)) throw new Error('expected failure')
  return r.failure.reason
}

const nonceArb = fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => Buffer.from(b).toString('hex'))

describe('cipher', () => {
  it('encrypts the fixed vector', () => {
    expect(ok(encrypt(KEY, NONCE, PLAINTEXT))).toBe(CIPHERTEXT)
    expect(nodeEncrypt(KEY, NONCE, PLAINTEXT)).toBe(CIPHERTEXT)
    expect(ok(decrypt(KEY, NONCE, CIPHERTEXT))).toBe(PLAINTEXT)
  })

  it('round-trips any text, and agrees with node:crypto both ways', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), nonceArb, (key, text, nonce) => {
        const sealed = ok(encrypt(key, nonce, text))
        expect(ok(decrypt(key, nonce, sealed))).toBe(text)
        expect(nodeEncrypt(key, nonce, text)).toBe(sealed)
        expect(nodeDecrypt(key, nonce, sealed)).toBe(text)
      }),
      { numRuns: 200 },
    )
  })

  it('returns a typed failure for a wrong key, a wrong nonce, or malformed ciphertext', () => {
    expect(reason(decrypt('other-key', NONCE, CIPHERTEXT))).toMatch(/padding|UTF-8/)
    expect(reason(decrypt(KEY, NONCE, 'not base64!'))).toMatch(/base64/)
    expect(reason(decrypt(KEY, NONCE, 'AAAA'))).toMatch(/blocks/)
    expect(reason(decrypt(KEY, NONCE, ''))).toMatch(/blocks/)
    expect(reason(decrypt(KEY, 'xyz', CIPHERTEXT))).toMatch(/nonce/)
    expect(reason(encrypt(KEY, NONCE.toUpperCase(), 'x'))).toMatch(/nonce/)
  })

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.oneof(fc.base64String(), fc.string()), (key, nonce, text) => {
        const r = decrypt(key, isNonce(nonce) ? nonce : NONCE, text)
        expect(Result.isResult(r)).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it('signs with HMAC-SHA256 hex, like node:crypto', () => {
    expect(sign('k', 'a\nb')).toBe('35d1bb96f054438f361e3e8f688c789c4076042210e929d397e07ba869b87290')
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (key, text) => {
        expect(sign(key, text)).toBe(createHmac('sha256', Buffer.from(key, 'utf8')).update(text, 'utf8').digest('hex'))
      }),
    )
  })
})
