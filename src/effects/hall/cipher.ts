import AES from 'crypto-js/aes'
import Base64 from 'crypto-js/enc-base64'
import Hex from 'crypto-js/enc-hex'
import Utf8 from 'crypto-js/enc-utf8'
import HmacSHA256 from 'crypto-js/hmac-sha256'
import NoPadding from 'crypto-js/pad-nopadding'
import SHA256 from 'crypto-js/sha256'
import type CryptoJS from 'crypto-js'
import { Data, Result } from 'effect'

/*
 * The hall cipher and signature of schemas/hall/protocol.ts, with crypto-js:
 * AES-256-CBC, PKCS#7, key = SHA-256(UTF-8 key material), IV = the 16 bytes of the
 * message's 32-hex-character nonce, ciphertext as standard base64; the signature is
 * HMAC-SHA256 keyed with the key material, as lowercase hex.
 *
 * Nothing here throws: crypto-js throws on malformed UTF-8 and silently accepts bad padding,
 * so decryption checks the base64, the block size and the PKCS#7 padding itself and returns
 * a typed failure instead.
 */

type WordArray = CryptoJS.lib.WordArray

/** Why a message could not be encrypted or decrypted. */
export class CipherError extends Data.TaggedError('CipherError')<{ readonly reason: string }> {}

const NONCE_PATTERN = /^[0-9a-f]{32}$/
const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/
const BLOCK_BYTES = 16

/** True when `nonce` is 32 lowercase hex characters, the only form the protocol accepts. */
export const isNonce = (nonce: string): boolean => NONCE_PATTERN.test(nonce)

/** The AES-256 key: SHA-256 of the UTF-8 bytes of the key material (site key or session key). */
export const deriveKey = (keyMaterial: string): WordArray => SHA256(Utf8.parse(keyMaterial))

const ivOf = (nonce: string): Result.Result<WordArray, CipherError> =>
  isNonce(nonce)
    ? Result.succeed(Hex.parse(nonce))
    : Result.fail(new CipherError({ reason: 'nonce must be 32 lowercase hex characters' }))

/** Encrypts UTF-8 `plaintext` to base64 ciphertext; fails only on a malformed nonce. */
export const encrypt = (
  keyMaterial: string,
  nonce: string,
  plaintext: string,
): Result.Result<string, CipherError> =>
  Result.map(ivOf(nonce), (iv) =>
    AES.encrypt(Utf8.parse(plaintext), deriveKey(keyMaterial), { iv }).ciphertext.toString(Base64),
  )

/** Byte `i` of a word array (big-endian words, as crypto-js stores them). */
const byteAt = (words: WordArray, i: number): number =>
  ((words.words[i >>> 2] ?? 0) >>> (24 - (i % 4) * 8)) & 0xff

/**
 * Decrypts base64 `ciphertext` back to UTF-8 text. A wrong key, a wrong nonce, truncated or
 * non-base64 input, bad padding or bytes that are not UTF-8 all give a `CipherError`.
 */
export const decrypt = (
  keyMaterial: string,
  nonce: string,
  ciphertext: string,
): Result.Result<string, CipherError> => {
  const iv = ivOf(nonce)
  if (Result.isFailure(iv)) return Result.fail(iv.failure)
  if (!BASE64_PATTERN.test(ciphertext)) {
    return Result.fail(new CipherError({ reason: 'ciphertext is not base64' }))
  }
  const raw = Base64.parse(ciphertext)
  if (raw.sigBytes === 0 || raw.sigBytes % BLOCK_BYTES !== 0) {
    return Result.fail(new CipherError({ reason: 'ciphertext is not a whole number of AES blocks' }))
  }
  const params = { ciphertext: raw } as CryptoJS.lib.CipherParams
  const padded = AES.decrypt(params, deriveKey(keyMaterial), { iv: iv.success, padding: NoPadding })
  const size = padded.sigBytes
  const pad = byteAt(padded, size - 1)
  if (pad < 1 || pad > BLOCK_BYTES) {
    return Result.fail(new CipherError({ reason: 'bad padding (wrong key or nonce?)' }))
  }
  for (let i = size - pad; i < size; i++) {
    if (byteAt(padded, i) !== pad) {
      return Result.fail(new CipherError({ reason: 'bad padding (wrong key or nonce?)' }))
    }
  }
  padded.sigBytes = size - pad
  padded.clamp()
  try {
    return Result.succeed(Utf8.stringify(padded))
  } catch {
    return Result.fail(new CipherError({ reason: 'plaintext is not UTF-8' }))
  }
}

/** The request signature: HMAC-SHA256 of the canonical string keyed with the key material, lowercase hex. */
export const sign = (keyMaterial: string, canonical: string): string =>
  HmacSHA256(Utf8.parse(canonical), Utf8.parse(keyMaterial)).toString(Hex)
