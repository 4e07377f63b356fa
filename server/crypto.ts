/**
 * The hall protocol's cryptography on node:crypto, exactly as schemas/hall/protocol.ts describes
 * it (AES-256-CBC/PKCS#7 keyed by SHA-256 of the key material, IV = the nonce, HMAC-SHA256
 * signature over the canonical string), plus the hall's own secrets: password hashes and random
 * tokens. Kept apart from the HTTP code so the tests' request builder uses the same functions.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import * as argon2 from 'argon2'
import { hashQueue } from './hash-queue'

const NONCE = /^[0-9a-f]{32}$/

/** True for a nonce the protocol accepts: 32 lowercase hex characters, i.e. a 16-byte IV. */
export const isNonce = (s: string): boolean => NONCE.test(s)

/** A fresh nonce (and therefore IV) for a request or an encrypted response. */
export const newNonce = (): string => randomBytes(16).toString('hex')

/** Random lowercase hex of `bytes` bytes: tokens, session keys, user keys, site keys. */
export const randomHex = (bytes: number): string => randomBytes(bytes).toString('hex')

const aesKey = (keyMaterial: string): Buffer => createHash('sha256').update(keyMaterial, 'utf8').digest()

/** Encrypts UTF-8 text to base64 ciphertext under the key material, IV = nonce. */
export const encrypt = (keyMaterial: string, nonce: string, plain: string): string => {
  const cipher = createCipheriv('aes-256-cbc', aesKey(keyMaterial), Buffer.from(nonce, 'hex'))
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64')
}

/**
 * Decrypts base64 ciphertext; undefined when the text is not base64, the padding is wrong (wrong
 * key or IV) or the plain text is not valid UTF-8, so callers answer 4004 without a try/catch.
 */
export const decrypt = (keyMaterial: string, nonce: string, cipherText: string): string | undefined => {
  const trimmed = cipherText.trim()
  if (trimmed === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) || trimmed.length % 4 !== 0) return undefined
  try {
    const decipher = createDecipheriv('aes-256-cbc', aesKey(keyMaterial), Buffer.from(nonce, 'hex'))
    const bytes = Buffer.concat([decipher.update(Buffer.from(trimmed, 'base64')), decipher.final()])
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

/** HMAC-SHA256 of the canonical string, keyed with the key material, as lowercase hex. */
export const sign = (keyMaterial: string, canonical: string): string =>
  createHmac('sha256', keyMaterial).update(canonical, 'utf8').digest('hex')

/** Constant-time comparison of an expected and a received signature. */
export const signatureMatches = (expected: string, received: string): boolean => {
  const a = Buffer.from(expected, 'utf8')
  const b = Buffer.from(received, 'utf8')
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The password hash's parameters: Argon2id at OWASP's minimum (Password Storage Cheat Sheet: 19 MiB
 * of memory, 2 passes, 1 lane), in every mode (docs/decisions.md "Password hashes"). The hash is
 * a PHC string (`$argon2id$v=19$m=19456,p=1,t=2$salt$hash`) that carries them, so they can be
 * raised later without invalidating stored passwords.
 */
export const PASSWORD_HASH = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1, hashLength: 32 } as const

const scryptAsync = (password: string, salt: Buffer, N: number, r: number, p: number, keylen: number): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    // Room for the largest parameters a stored hash may name (N=2^17, r=8: 128 MiB).
    scrypt(password, salt, keylen, { N, r, p, maxmem: 256 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  )

/**
 * A password hash at PASSWORD_HASH with a per-user random salt, computed in its turn on the
 * process's hash queue (server/hash-queue.ts; a full queue refuses with the busy code 2012).
 */
export const hashPassword = (password: string): Promise<string> => hashQueue.run(() => argon2.hash(password, PASSWORD_HASH))

/**
 * Checks a password against a stored hash in constant time, in its turn on the hash queue; false
 * for any malformed hash. Takes the current Argon2id hashes and the older `scrypt$N$r$p$salt$hash`
 * ones (N=2^14 before Argon2id), which a sign-in then replaces (needsRehash).
 */
export const verifyPassword = (password: string, stored: string): Promise<boolean> =>
  hashQueue.run(async () => {
    if (stored.startsWith('$argon2')) return argon2.verify(stored, password).catch(() => false)
    const [scheme, n, r, p, salt, hash] = stored.split('$')
    if (scheme !== 'scrypt' || n === undefined || r === undefined || p === undefined || salt === undefined || hash === undefined) return false
    const expected = Buffer.from(hash, 'hex')
    if (expected.length === 0) return false
    const key = await scryptAsync(password, Buffer.from(salt, 'hex'), Number(n), Number(r), Number(p), expected.length).catch(() => undefined)
    return key !== undefined && key.length === expected.length && timingSafeEqual(key, expected)
  })

/** True for a stored hash not made at PASSWORD_HASH: the next sign-in with the right password replaces it. */
export const needsRehash = (stored: string): boolean => {
  if (!stored.startsWith('$argon2id$')) return true
  try {
    return argon2.needsRehash(stored, PASSWORD_HASH)
  } catch {
    return true
  }
}
