/**
 * The security calls the forced bind flow needs (screens §4 bind flow; calls §7.2, §7.9 code
 * send): send a code to a phone (createsms) or an email (createmail), bind the phone
 * (modifyphone) and the email (bindEmail) with that code, Google authenticator (bindgoogleauth),
 * and set the withdraw password (modifywithdrawpass). A code is random digits (spec §5: 4 for
 * an SMS, 5 for an email) kept for 10 minutes, the last one per player and purpose, and sent by the
 * site's SMS provider or SMTP server (server/mail/delivery.ts); a site without one keeps it only,
 * in dev and test modes, where the control surface reveals it (`last-code`). A send past the allowance needs the human challenge first (challenge.ts: 1119). Google
 * authenticator is real TOTP (RFC 6238, server/totp.ts): starting the binding answers a secret and
 * its otpauth URI; the code the app shows binds it.
 */
import { actionVerify, bindEmail, bindGoogleAuth, modifyWithdrawPass, securityCreateMail, securityCreateSms, securityModifyPhone } from '../../schemas/hall/calls'
import { randomBytes } from 'node:crypto'
import type { Queryable } from '../db'
import * as validation from '../../schemas/validation'
import { hashPassword, verifyPassword } from '../crypto'
import { base32Decode, newTotpSecret, otpauthUri, totp, verifyTotp } from '../totp'
import { bindStateOf, siteDocument } from '../store'
import { accountStateOf, guardChange, recordChange } from '../account'
import { codeSender } from '../mail/delivery'
import { admitSend, demandOf } from './challenge'
import { requirePlayer } from './session'
import { ServiceError, implement } from './types'
import type { Implementation } from './types'

/** Service codes of the bind calls (the reference hall's own; the spec's catalogue has none). */
export const SecurityCodes = {
  badPhone: 1220,
  badEmail: 1221,
  noCode: 1222,
  wrongCode: 1223,
  alreadyBound: 1224,
  badPin: 1225,
  wrongPin: 1226,
} as const

/** How long a sent code is good for. */
export const CODE_TTL_MS = 10 * 60_000

type Purpose = 'phone' | 'email' | 'googleAuth'

/** Code lengths (spec §5, §9): SMS 4 digits, email 5. */
export const CODE_DIGITS = { phone: 4, email: 5 } as const

const newCode = (length: number): string => String(randomBytes(4).readUInt32BE(0) % 10 ** length).padStart(length, '0')

const storeCode = async (db: Queryable, playerId: string, purpose: 'phone' | 'email', target: string, now: number): Promise<string> => {
  const code = newCode(CODE_DIGITS[purpose])
  await db.query(
    `INSERT INTO security_codes (player_id, purpose, target, code, expires_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (player_id, purpose) DO UPDATE SET target = EXCLUDED.target, code = EXCLUDED.code, expires_at = EXCLUDED.expires_at`,
    [playerId, purpose, target, code, new Date(now + CODE_TTL_MS).toISOString()],
  )
  return code
}

/** Checks and spends a code: it must be the last one sent for this purpose and target, and not expired. */
export const spendCode = async (db: Queryable, playerId: string, purpose: Purpose, target: string, code: string, now: number): Promise<void> => {
  const row = (
    await db.query<{ target: string; code: string; expiresAt: string }>(
      `SELECT target, code, expires_at AS "expiresAt" FROM security_codes WHERE player_id = $1 AND purpose = $2`,
      [playerId, purpose],
    )
  ).rows[0]
  if (row === undefined || new Date(row.expiresAt).getTime() < now) throw new ServiceError(SecurityCodes.noCode, 'send a code first')
  if (row.target !== target || row.code !== code) throw new ServiceError(SecurityCodes.wrongCode, 'the code is wrong')
  await db.query('DELETE FROM security_codes WHERE player_id = $1 AND purpose = $2', [playerId, purpose])
}

/** The secret of a pending authenticator binding (not expired), or undefined. */
const pendingSecret = async (db: Queryable, playerId: string, now: number): Promise<string | undefined> => {
  const row = (
    await db.query<{ code: string; expiresAt: string }>(
      `SELECT code, expires_at AS "expiresAt" FROM security_codes WHERE player_id = $1 AND purpose = 'googleAuth'`,
      [playerId],
    )
  ).rows[0]
  return row === undefined || new Date(row.expiresAt).getTime() < now ? undefined : row.code
}

/**
 * The last code sent to a player for a purpose (control surface), or undefined. For a pending
 * authenticator binding it is the code the app shows now (the TOTP of the pending secret), and
 * the secret comes along.
 */
export const lastCode = async (
  db: Queryable,
  playerId: string,
  purpose?: Purpose,
  now: number = Date.now(),
): Promise<{ purpose: string; target: string; code: string; secret?: string } | undefined> => {
  const row = (
    await db.query<{ purpose: string; target: string; code: string }>(
      `SELECT purpose, target, code FROM security_codes WHERE player_id = $1 AND ($2::text IS NULL OR purpose = $2)
       ORDER BY expires_at DESC LIMIT 1`,
      [playerId, purpose ?? null],
    )
  ).rows[0]
  if (row === undefined || row.purpose !== 'googleAuth') return row
  return { ...row, code: totp(base32Decode(row.code), now), secret: row.code }
}

/** The old withdraw password given with a change: right (verify type 5), or refused. */
const oldPinMatches = async (db: Queryable, playerId: string, pin: string): Promise<5> => {
  const hash = (await db.query<{ hash: string | null }>('SELECT withdraw_pass_hash AS hash FROM players WHERE id = $1', [playerId])).rows[0]?.hash ?? null
  if (hash === null || !(await verifyPassword(pin, hash))) throw new ServiceError(SecurityCodes.wrongPin, 'the current withdraw password is wrong')
  return 5
}

/** A phone number masked for showing: the last 4 digits kept. */
export const maskPhone = (phone: string): string => (phone === '' ? '' : `${'*'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-4)}`)
/** An email masked for showing: the first 2 letters of the name and the domain kept. */
export const maskEmail = (email: string): string => {
  const at = email.indexOf('@')
  return at < 0 ? email : `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`
}

/**
 * The national number of a phone, for the site's phone rule: without the area code given with it,
 * or without the country segment of the site's smsCountry list an international form ('+55…', as
 * a bound phone is stored) starts with (the longest); a number without either as it is.
 */
export const nationalNumber = async (db: Queryable, siteCode: string, phone: string, areaCode?: string): Promise<string> => {
  const given = phone.trim()
  const segment = (areaCode ?? '').trim()
  if (segment !== '' && given.startsWith(segment)) return given.slice(segment.length)
  if (!given.startsWith('+')) return given
  const countries = (await siteDocument<ReadonlyArray<{ phoneNumberSegment?: unknown }>>(db, siteCode, 'smsCountry')) ?? []
  const longest = countries
    .map((c) => (typeof c.phoneNumberSegment === 'string' ? c.phoneNumberSegment : ''))
    .filter((s) => s !== '' && given.startsWith(s))
    .reduce((a, b) => (b.length > a.length ? b : a), '')
  return given.slice(longest.length)
}

export const securityCalls: ReadonlyArray<Implementation> = [
  // The active auth info: which items are bound, phone and email masked.
  implement(actionVerify, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    const b = await bindStateOf(ctx.db, player.id)
    const s = await accountStateOf(ctx.db, player.id)
    const flag = (v: boolean) => (v ? (1 as const) : (0 as const))
    return {
      mobile_phone: maskPhone(b.mobilePhone),
      email: maskEmail(b.email),
      is_open_google_auth: flag(b.googleAuth === 1),
      withdraw_pass: flag(b.withdrawPass),
      google_auth_bound: flag(s.googleAuthSecret !== null),
      question: flag(s.question),
      login_pass: flag(s.loginPass),
    }
  }),
  implement(securityCreateSms, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    // The bound phone as actionVerify shows it (masked) names the bound phone: the code of a
    // second verification (verifyPhoneCode, secondVerify 3) goes to it.
    const bound = (await bindStateOf(ctx.db, player.id)).mobilePhone
    const phone = bound !== '' && p.phone === maskPhone(bound) ? bound : p.phone
    // The site's phone rule (spec §5; the Brazilian rules on a Brazilian site), as the lobby's form
    // checks it: on the national number, the country segment aside (a bound phone is stored with
    // it, '+5511987654321'; the rule's third digit 9 is the national number's).
    const problem = validation.phoneOfSite(ctx.site.code)(await nationalNumber(ctx.db, ctx.site.code, phone, p.areaCode))
    if (problem !== null) throw new ServiceError(SecurityCodes.badPhone, problem)
    const send = await codeSender(ctx, 'phone', CODE_TTL_MS)
    await admitSend(ctx.db, player.id, 'phone', p, ctx.now, false, await demandOf(ctx))
    await send(phone, await storeCode(ctx.db, player.id, 'phone', phone, ctx.now))
    return { target: maskPhone(phone), expireSeconds: CODE_TTL_MS / 1000 }
  }),
  implement(securityCreateMail, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    // The bound email as actionVerify shows it names the bound email (a second verification's code).
    const bound = (await bindStateOf(ctx.db, player.id)).email
    const email = bound !== '' && p.email === maskEmail(bound) ? bound : p.email.toLowerCase()
    if (validation.email(email) !== null) throw new ServiceError(SecurityCodes.badEmail, 'not an email address')
    const send = await codeSender(ctx, 'email', CODE_TTL_MS)
    await admitSend(ctx.db, player.id, 'email', p, ctx.now, false, await demandOf(ctx))
    await send(email, await storeCode(ctx.db, player.id, 'email', email, ctx.now))
    return { target: maskEmail(email), expireSeconds: CODE_TTL_MS / 1000 }
  }),
  implement(securityModifyPhone, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    await ctx.db.transaction(async (tx) => {
      // A bound phone changes only after a code to it (verifymodify; the ticket is spent).
      const verified = await guardChange(tx, player.id, 'phone', p.verifyToken, ctx.now)
      const before = (await accountStateOf(tx, player.id)).phone
      await spendCode(tx, player.id, 'phone', p.phone, p.code, ctx.now)
      await tx.query('UPDATE players SET mobile_phone = $2 WHERE id = $1', [player.id, p.phone])
      await recordChange(tx, player.id, 'phone', before === '' ? 'bind' : 'change', verified)
    })
    return { mobile_phone: p.phone }
  }),
  implement(bindEmail, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const email = p.email.toLowerCase()
    await ctx.db.transaction(async (tx) => {
      const verified = await guardChange(tx, player.id, 'email', p.verifyToken, ctx.now)
      const before = (await accountStateOf(tx, player.id)).email
      await spendCode(tx, player.id, 'email', email, p.code, ctx.now)
      await tx.query('UPDATE players SET email = $2 WHERE id = $1', [player.id, email])
      await recordChange(tx, player.id, 'email', before === '' ? 'bind' : 'change', verified)
    })
    return { email }
  }),
  implement(bindGoogleAuth, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    if (p.code === undefined) {
      // Starting the binding: a new TOTP secret (RFC 6238) for the authenticator app, kept while
      // the binding is pending; the app shows its codes and the next call checks one.
      const secret = newTotpSecret()
      await ctx.db.query(
        `INSERT INTO security_codes (player_id, purpose, target, code, expires_at) VALUES ($1, 'googleAuth', 'authenticator', $2, $3)
         ON CONFLICT (player_id, purpose) DO UPDATE SET target = EXCLUDED.target, code = EXCLUDED.code, expires_at = EXCLUDED.expires_at`,
        [player.id, secret, new Date(ctx.now + CODE_TTL_MS).toISOString()],
      )
      return { secret, otpauth: otpauthUri(ctx.site.name, player.username, secret) }
    }
    const code = p.code
    await ctx.db.transaction(async (tx) => {
      // A bound authenticator is replaced only after its current code (verifymodify 1; the
      // ticket is spent): whoever holds a session alone cannot move the second factor.
      const verified = await guardChange(tx, player.id, 'googleAuth', p.verifyToken, ctx.now)
      const before = (await accountStateOf(tx, player.id)).googleAuthSecret
      const secret = await pendingSecret(tx, player.id, ctx.now)
      if (secret === undefined) throw new ServiceError(SecurityCodes.noCode, 'start the binding first')
      if (!verifyTotp(base32Decode(secret), code, ctx.now)) throw new ServiceError(SecurityCodes.wrongCode, 'the code is wrong')
      await tx.query("DELETE FROM security_codes WHERE player_id = $1 AND purpose = 'googleAuth'", [player.id])
      await tx.query('UPDATE players SET google_auth = 1, google_auth_secret = $2 WHERE id = $1', [player.id, secret])
      await recordChange(tx, player.id, 'googleAuth', before === null ? 'bind' : 'change', verified)
    })
    return { is_open_google_auth: 1 as const }
  }),
  implement(modifyWithdrawPass, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    if (validation.paymentPassword(p.newPass) !== null) throw new ServiceError(SecurityCodes.badPin, 'the withdraw password is 6 digits')
    const hash = await hashPassword(p.newPass)
    await ctx.db.transaction(async (tx) => {
      // A set withdraw password changes after the login password (verifymodify 6), or with the old one.
      const before = (await accountStateOf(tx, player.id)).withdrawPass
      const verified = before && p.oldPass !== undefined ? await oldPinMatches(tx, player.id, p.oldPass) : await guardChange(tx, player.id, 'withdrawPass', p.verifyToken, ctx.now)
      await tx.query('UPDATE players SET withdraw_pass_hash = $2 WHERE id = $1', [player.id, hash])
      await recordChange(tx, player.id, 'withdrawPass', before ? 'change' : 'set', verified)
    })
    return { withdraw_pass: 1 as const }
  }),
]
