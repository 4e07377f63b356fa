/**
 * The hall's human challenge (spec §8: 1119 force geetest, "retry with a challenge"; §5 image
 * code, 4 digits; docs/decisions.md): an image of 4 digits drawn as SVG, kept under a random key
 * for 5 minutes and answered once. A code send past the allowance (3 of one purpose within 10
 * minutes) is refused with 1119 until it carries a challenge's key and digits; a wrong, expired
 * or reused answer is refused with error_12, which starts the lobby's 60 s geetest restriction.
 * Past SEND_LIMIT sends in the window a send is refused with 2010 and the seconds to wait.
 */
import { randomBytes } from 'node:crypto'
import { captcha } from '../../schemas/hall/calls'
import type { Queryable } from '../db'
import { ServiceError, implement } from './types'
import type { Implementation } from './types'

/** Service codes: the spec's force geetest, and the reference hall's refused challenge (message error_12). */
export const ChallengeCodes = { forced: 1119, refused: 1127 } as const
/** Sends of one purpose a player may ask for in the window before a challenge is demanded. */
export const SEND_ALLOWANCE = 3
export const SEND_WINDOW_MS = 10 * 60_000
/** Sends of one purpose in the window past which even a solved challenge is refused (2010, server/guard.ts). */
export const SEND_LIMIT = 10
const SEND_LIMITED = 2010
export const CHALLENGE_TTL_MS = 5 * 60_000
export const CHALLENGE_DIGITS = 4

const digits = (n: number): string => Array.from(randomBytes(n), (b) => String(b % 10)).join('')

/** The SVG of a challenge: its digits, each turned a little, over noise lines. */
export const challengeImage = (answer: string): string => {
  const r = randomBytes(answer.length * 2 + 20)
  const glyphs = [...answer]
    .map((d, i) => {
      const x = 22 + i * 34 + (r[i]! % 8)
      const y = 38 + (r[i + answer.length]! % 8)
      const turn = (r[i + 2 * answer.length]! % 40) - 20
      return `<text x="${x}" y="${y}" transform="rotate(${turn} ${x} ${y})" font-family="monospace" font-size="30" font-weight="700" fill="#3a4a5c">${d}</text>`
    })
    .join('')
  const lines = Array.from({ length: 5 }, (_, i) => {
    const b = (k: number) => r[3 * answer.length + i * 4 + k]!
    return `<line x1="${b(0) % 160}" y1="${b(1) % 56}" x2="${b(2) % 160}" y2="${b(3) % 56}" stroke="#8a9aab" stroke-width="1.5"/>`
  }).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="56" viewBox="0 0 160 56"><rect width="160" height="56" fill="#eef2f6"/>${lines}${glyphs}</svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

/** A new challenge: its key and image (the answer stays in the hall). */
export const newChallenge = async (db: Queryable, now: number): Promise<{ key: string; image: string }> => {
  const key = randomBytes(16).toString('hex')
  const answer = digits(CHALLENGE_DIGITS)
  await db.query('DELETE FROM challenges WHERE expires_at < $1', [new Date(now).toISOString()])
  await db.query('INSERT INTO challenges (key, answer, expires_at) VALUES ($1, $2, $3)', [key, answer, new Date(now + CHALLENGE_TTL_MS).toISOString()])
  return { key, image: challengeImage(answer) }
}

/** The newest challenge and its answer, for the control surface (tests and demos read the image's digits there). */
export const lastChallenge = async (db: Queryable): Promise<{ key: string; answer: string } | undefined> =>
  (await db.query<{ key: string; answer: string }>('SELECT key, answer FROM challenges ORDER BY expires_at DESC LIMIT 1')).rows[0]

/** Spends a challenge: true when its key is known, not expired, and the digits match (a challenge is answered once). */
export const spendChallenge = async (db: Queryable, answer: { readonly captchaKey?: string | undefined; readonly captcha?: string | undefined }, now: number): Promise<boolean> => {
  const row = (
    await db.query<{ answer: string; expiresAt: string }>('DELETE FROM challenges WHERE key = $1 RETURNING answer, expires_at AS "expiresAt"', [answer.captchaKey ?? ''])
  ).rows[0]
  return row !== undefined && new Date(row.expiresAt).getTime() >= now && row.answer === answer.captcha
}

/**
 * Lets a code send through or refuses it: with a challenge answer, the challenge is spent and
 * must match; without one, the send must be within the allowance. The send is then counted.
 */
export const admitSend = async (
  db: Queryable,
  playerId: string,
  purpose: string,
  answer: { readonly captchaKey?: string; readonly captcha?: string },
  now: number,
  /** A challenge was solved for this send already (the address's guard spent it). */
  solved = false,
): Promise<void> => {
  const since = new Date(now - SEND_WINDOW_MS).toISOString()
  await db.query('DELETE FROM code_sends WHERE player_id = $1 AND sent_at < $2', [playerId, since])
  // Past the limit no challenge lets a send through: the oldest send of the window must age out (2010, the seconds to wait).
  const oldest = (
    await db.query<{ n: number; first: Date | null }>('SELECT count(*)::int AS n, min(sent_at) AS first FROM code_sends WHERE player_id = $1 AND purpose = $2', [playerId, purpose])
  ).rows[0]
  if (oldest !== undefined && oldest.n >= SEND_LIMIT && oldest.first !== null) {
    const wait = Math.max(1, Math.ceil((new Date(oldest.first).getTime() + SEND_WINDOW_MS - now) / 1000))
    throw new ServiceError(SEND_LIMITED, `too many failed attempts: try again in ${wait} s`, { seconds: wait })
  }
  if (solved) {
    // The send's challenge was answered already.
  } else if (answer.captchaKey !== undefined || answer.captcha !== undefined) {
    if (!(await spendChallenge(db, answer, now))) throw new ServiceError(ChallengeCodes.refused, 'error_12')
  } else {
    const sent = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM code_sends WHERE player_id = $1 AND purpose = $2', [playerId, purpose])).rows[0]?.n ?? 0
    if (sent >= SEND_ALLOWANCE) throw new ServiceError(ChallengeCodes.forced, 'force geetest')
  }
  await db.query('INSERT INTO code_sends (player_id, purpose, sent_at) VALUES ($1, $2, $3)', [playerId, purpose, new Date(now).toISOString()])
}

/** The challenge call: /home/captcha answers a new image and its key. */
export const challengeCalls: ReadonlyArray<Implementation> = [implement(captcha, (ctx) => newChallenge(ctx.db, ctx.now))]
