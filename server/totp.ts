/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP, HMAC-SHA1): what Google
 * Authenticator shows for a secret, 6 digits that change every 30 s. The reference hall checks
 * the code an authenticator app shows when a player binds it (/user/security/bindgoogleauth).
 */
import { createHmac, randomBytes } from 'node:crypto'

export const TOTP_PERIOD_S = 30
export const TOTP_DIGITS = 6

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 base32, without padding (the form authenticator apps take). */
export const base32Encode = (bytes: Uint8Array): string => {
  let out = ''
  let bits = 0
  let value = 0
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31]
  return out
}

/** Decodes RFC 4648 base32 (case, spaces and padding ignored); throws on another character. */
export const base32Decode = (text: string): Buffer => {
  const clean = text.toUpperCase().replace(/[\s=]/g, '')
  const out: number[] = []
  let bits = 0
  let value = 0
  for (const ch of clean) {
    const at = ALPHABET.indexOf(ch)
    if (at < 0) throw new Error(`not base32: ${ch}`)
    value = (value << 5) | at
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** HOTP (RFC 4226): the code of a counter. */
export const hotp = (secret: Uint8Array, counter: number, digits = TOTP_DIGITS): string => {
  const msg = Buffer.alloc(8)
  msg.writeBigUInt64BE(BigInt(counter))
  const mac = createHmac('sha1', secret).update(msg).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!
  return String(binary % 10 ** digits).padStart(digits, '0')
}

/** TOTP (RFC 6238): the code at a time (ms since the epoch), 30 s steps. */
export const totp = (secret: Uint8Array, atMs: number, digits = TOTP_DIGITS): string =>
  hotp(secret, Math.floor(atMs / 1000 / TOTP_PERIOD_S), digits)

/**
 * Whether a code is the secret's at this time, allowing one step before or after (the clock of a
 * phone drifts, and a code typed at the end of its 30 s arrives in the next step).
 */
export const verifyTotp = (secret: Uint8Array, code: string, atMs: number): boolean => {
  if (!/^\d{6}$/.test(code)) return false
  const step = Math.floor(atMs / 1000 / TOTP_PERIOD_S)
  return [step - 1, step, step + 1].some((s) => s >= 0 && hotp(secret, s) === code)
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = (): string => base32Encode(randomBytes(20))

/** The otpauth URI an authenticator app scans (Key Uri Format: issuer, account, secret, SHA1, 6 digits, 30 s). */
export const otpauthUri = (issuer: string, account: string, secret: string): string =>
  `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?secret=${secret}&issuer=${encodeURIComponent(issuer)}` +
  `&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_PERIOD_S}`
