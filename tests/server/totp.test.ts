import { describe, expect, it } from 'vitest'
import { base32Decode, base32Encode, hotp, otpauthUri, totp, verifyTotp } from '../../server/totp'

// RFC 6238 appendix B, SHA1: the seed is the ASCII string "12345678901234567890".
const SEED = Buffer.from('12345678901234567890', 'ascii')
const VECTORS: ReadonlyArray<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
]

describe('TOTP (RFC 6238)', () => {
  it('gives the RFC 6238 test vectors (SHA1, 8 digits, 30 s steps)', () => {
    for (const [seconds, code] of VECTORS) expect(totp(SEED, seconds * 1000, 8)).toBe(code)
  })

  it('gives 6 digits, the last 6 of the 8 (what Google Authenticator shows)', () => {
    for (const [seconds, code] of VECTORS) expect(totp(SEED, seconds * 1000)).toBe(code.slice(2))
  })

  it('gives the RFC 4226 HOTP values for counters 0 and 9', () => {
    expect(hotp(SEED, 0)).toBe('755224')
    expect(hotp(SEED, 9)).toBe('520489')
  })

  it('accepts the code of this step and of the steps next to it, nothing else', () => {
    const at = 1_111_111_111_000
    expect(verifyTotp(SEED, totp(SEED, at), at)).toBe(true)
    expect(verifyTotp(SEED, totp(SEED, at - 30_000), at)).toBe(true)
    expect(verifyTotp(SEED, totp(SEED, at + 30_000), at)).toBe(true)
    expect(verifyTotp(SEED, totp(SEED, at - 60_000), at)).toBe(false)
    expect(verifyTotp(SEED, '12345', at)).toBe(false)
    expect(verifyTotp(SEED, 'abcdef', at)).toBe(false)
  })

  it('base32 round-trips (RFC 4648 vectors) and the otpauth URI names issuer, account and secret', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI')
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar')
    expect(base32Encode(SEED)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')
    expect(otpauthUri('Lobby 001', 'p1', 'GEZDGNBV')).toBe('otpauth://totp/Lobby%20001:p1?secret=GEZDGNBV&issuer=Lobby%20001&algorithm=SHA1&digits=6&period=30')
  })
})
