/**
 * The hall's human challenge (spec §8: 1119 force geetest, "retry with a challenge", 1124 slider,
 * 1125 click, 1126 nine-square; §5 image code, 4 digits; docs/decisions.md, docs/hall.md "Human
 * challenges"): by the site's kind, an image of 4 digits drawn as SVG, or a slider, click or
 * nine-square picture drawn as PNG (server/challenge-art.ts), kept under a random key for 5
 * minutes and answered once. A code send past the allowance (3 of one purpose within 10
 * minutes) is refused with 1119 until it carries a challenge's key and digits. A wrong, expired
 * or reused answer is refused with 2011 (a generic challenge failure: the lobby fetches a new
 * challenge) the first time, and with error_12 (which starts the lobby's 60 s geetest
 * restriction) when it is the second in a row for the same key (refuseAnswer).
 * Past SEND_LIMIT sends in the window a send is refused with 2010 and the seconds to wait.
 */
import { randomBytes } from 'node:crypto'
import { captcha, geetestValidate, userGeetestValidate } from '../../schemas/hall/calls'
import type { GeetestAnswer, GeetestPass, GeetestResult } from '../../schemas/hall/calls'
import type { Challenge, ChallengeKind } from '../../schemas/hall/calls'
import type { Queryable } from '../db'
import { clickPicture, ninePicture, sliderPicture, SLIDER } from '../challenge-art'
import { siteDocument } from '../store'
import { requirePlayer } from './session'
import { ServiceError, implement } from './types'
import type { CallContext, Implementation } from './types'

/**
 * Service codes: the spec's force geetest, the reference hall's refused challenge (message
 * error_12, the second wrong answer in a row) and its missed challenge (2011, issue 24's range:
 * the first wrong answer, a generic challenge failure). A site whose challenge is a slider, a click or a nine-square one (site document
 * 'challenge', `kind`) is asked with the spec's own code of that kind (1124, 1125, 1126) instead
 * of 1119; the lobby fetches the challenge (/home/captcha) and shows the kind it names.
 */
export const ChallengeCodes = { forced: 1119, slider: 1124, click: 1125, nine: 1126, refused: 1127, missed: 2011 } as const

/** The codes that demand a challenge, by the site's kind. */
export const DEMAND_CODES: Readonly<Record<ChallengeKind, number>> = {
  image: ChallengeCodes.forced,
  slider: ChallengeCodes.slider,
  click: ChallengeCodes.click,
  nine: ChallengeCodes.nine,
}

const KINDS: ReadonlyArray<ChallengeKind> = ['image', 'slider', 'click', 'nine']

/** A challenge kind as a site's 'challenge' document names it (`kind`); the image when unset or unknown. */
const kindNamed = (kind: unknown): ChallengeKind => KINDS.find((k) => k === kind) ?? 'image'

/** The kind of challenge a site asks (site document 'challenge', `kind`; the image when unset). */
export const challengeKindOf = async (db: Queryable, siteCode: string): Promise<ChallengeKind> =>
  kindNamed((await siteDocument<{ kind?: unknown }>(db, siteCode, 'challenge'))?.kind)

/** The code a call of this site answers when it demands a challenge. */
export const demandOf = async (ctx: CallContext): Promise<number> => DEMAND_CODES[await challengeKindOf(ctx.db, ctx.site.code)]

/** The code demanding a challenge of the kind a site's document names (`kind`, read by the caller). */
export const demandOfKind = (kind: unknown): number => DEMAND_CODES[kindNamed(kind)]
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

/** A challenge as the lobby gets it: the pictures and the prompt, never the answer. */
export type ShownChallenge = Challenge & { readonly kind: ChallengeKind }

/** A new challenge's picture and the answer it keeps (stored as text: the digits, or JSON). */
const draw = (kind: ChallengeKind): { shown: Omit<ShownChallenge, 'key'>; answer: string } => {
  switch (kind) {
    case 'image': {
      const answer = digits(CHALLENGE_DIGITS)
      return { shown: { kind, image: challengeImage(answer) }, answer }
    }
    case 'slider': {
      const p = sliderPicture()
      return { shown: { kind, image: p.image, piece: p.piece }, answer: JSON.stringify({ x: p.x }) }
    }
    case 'click': {
      const p = clickPicture()
      return { shown: { kind, image: p.image, prompt: p.prompt }, answer: JSON.stringify({ points: p.targets }) }
    }
    case 'nine': {
      const p = ninePicture()
      return { shown: { kind, image: p.image, prompt: [p.prompt] }, answer: JSON.stringify({ tiles: p.tiles }) }
    }
  }
}

/** A new challenge of a kind: its key and picture (the answer stays in the hall, 5 minutes, answered once). */
export const newChallenge = async (db: Queryable, now: number, kind: ChallengeKind = 'image'): Promise<ShownChallenge> => {
  const key = randomBytes(16).toString('hex')
  const { shown, answer } = draw(kind)
  await db.query('DELETE FROM challenges WHERE expires_at < $1', [new Date(now).toISOString()])
  await db.query('INSERT INTO challenges (key, kind, answer, expires_at) VALUES ($1, $2, $3, $4)', [key, kind, answer, new Date(now + CHALLENGE_TTL_MS).toISOString()])
  return { key, ...shown }
}

/** The newest challenge and its answer, for the control surface (tests and demos read the image's digits there). */
export const lastChallenge = async (db: Queryable): Promise<{ key: string; kind: ChallengeKind; answer: string } | undefined> =>
  (await db.query<{ key: string; kind: ChallengeKind; answer: string }>("SELECT key, kind, answer FROM challenges WHERE kind <> 'pass' ORDER BY expires_at DESC LIMIT 1")).rows[0]

/**
 * A challenge's answer by its key, for the control surface only (a dev/test hall; production has
 * no control surface): the digits, or the slider's x, the click's points, the nine-square's tiles.
 */
export const challengeAnswerOf = async (db: Queryable, key: string): Promise<{ kind: ChallengeKind; answer: unknown } | undefined> => {
  const row = (await db.query<{ kind: ChallengeKind; answer: string }>('SELECT kind, answer FROM challenges WHERE key = $1', [key])).rows[0]
  return row === undefined ? undefined : { kind: row.kind, answer: row.kind === 'image' ? row.answer : JSON.parse(row.answer) }
}

/** How far (image px) a slider's answer may be from the notch, and a click from a symbol's centre. */
export const SLIDER_TOLERANCE = 5
export const CLICK_TOLERANCE = 22
/** A slider's drag must show a track of at least this many moves over at least this many ms. */
export const TRACK_POINTS = 4
export const TRACK_MS = 150

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

/**
 * Whether a player's answer solves a challenge. The slider's answer is JSON
 * `{"x": 137, "track": [[ms, x], ...]}`: x within SLIDER_TOLERANCE of the notch, and a track of the
 * drag (pointer moves or key presses, ms since its start) that took time, moved through several
 * positions, and ended where the answer says. The click's is `{"points": [[x, y], ...]}`, the
 * named symbols in order; the nine-square's `{"tiles": [0, 4, 7]}`, exactly the matching tiles.
 */
export const solves = (kind: ChallengeKind, stored: string, given: string | undefined): boolean => {
  if (given === undefined) return false
  if (kind === 'image') return stored === given
  let a: unknown
  try {
    a = JSON.parse(given)
  } catch {
    return false
  }
  if (typeof a !== 'object' || a === null) return false
  const answer = a as Record<string, unknown>
  switch (kind) {
    case 'slider': {
      const { x } = JSON.parse(stored) as { x: number }
      const track = answer['track']
      if (!num(answer['x']) || Math.abs(answer['x'] - x) > SLIDER_TOLERANCE || !Array.isArray(track) || track.length < TRACK_POINTS || track.length > 2000) return false
      const moves = track.filter((m): m is [number, number] => Array.isArray(m) && m.length === 2 && num(m[0]) && num(m[1]))
      if (moves.length !== track.length) return false
      const times = moves.map((m) => m[0])
      const spots = new Set(moves.map((m) => Math.round(m[1])))
      const ordered = times.every((t, i) => i === 0 || t >= times[i - 1]!)
      const last = moves.at(-1)![1]
      return ordered && times.at(-1)! - times[0]! >= TRACK_MS && spots.size >= 3 && Math.abs(last - answer['x']) <= 1 && last <= SLIDER.width
    }
    case 'click': {
      const { points } = JSON.parse(stored) as { points: Array<{ x: number; y: number }> }
      const given = answer['points']
      if (!Array.isArray(given) || given.length !== points.length) return false
      return points.every((p, i) => {
        const g = given[i] as unknown
        return Array.isArray(g) && num(g[0]) && num(g[1]) && (g[0] - p.x) ** 2 + (g[1] - p.y) ** 2 <= CLICK_TOLERANCE ** 2
      })
    }
    case 'nine': {
      const { tiles } = JSON.parse(stored) as { tiles: number[] }
      const given = answer['tiles']
      if (!Array.isArray(given) || !given.every((t) => Number.isInteger(t))) return false
      const picked = [...new Set(given as number[])].sort((x, y) => x - y)
      return picked.length === tiles.length && picked.every((t, i) => t === tiles[i])
    }
  }
}

/** The kind of the challenges table's rows that are a passed Geetest v4 challenge's pass (its key the pass token, its answer the challenge's lot_number). */
const PASS_KIND = 'pass'

/**
 * Spends a Geetest v4 pass (the guarded call's `geetest` result): true when the pass token is one a
 * v4 validation answered, for that challenge (`lot_number`), not expired; a pass is used once.
 */
const spendPass = async (db: Queryable, result: GeetestResult, now: number): Promise<boolean> => {
  const row = (
    await db.query<{ answer: string; expiresAt: string }>(
      'DELETE FROM challenges WHERE key = $1 AND kind = $2 RETURNING answer, expires_at AS "expiresAt"',
      [`${PASS_KIND}:${result.pass_token}`, PASS_KIND],
    )
  ).rows[0]
  return row !== undefined && row.answer === result.lot_number && new Date(row.expiresAt).getTime() >= now
}

/**
 * Spends a challenge: true when its key is known, not expired, and the answer solves it (a
 * challenge is answered once); or, for a call that carries a Geetest v4 result (`geetest`), when
 * its pass is one the v4 validation answered for that challenge (spendPass).
 */
export const spendChallenge = async (
  db: Queryable,
  answer: { readonly captchaKey?: string | undefined; readonly captcha?: string | undefined; readonly geetest?: GeetestResult | undefined },
  now: number,
): Promise<boolean> => {
  if (answer.geetest !== undefined) return spendPass(db, answer.geetest, now)
  const row = (
    await db.query<{ kind: ChallengeKind; answer: string; expiresAt: string }>(
      'DELETE FROM challenges WHERE key = $1 RETURNING kind, answer, expires_at AS "expiresAt"',
      [answer.captchaKey ?? ''],
    )
  ).rows[0]
  return row !== undefined && new Date(row.expiresAt).getTime() >= now && solves(row.kind, row.answer, answer.captcha)
}

/** Wrong answers in a row (for one key) of which the last is refused with error_12 (the lobby's 60 s restriction). */
export const MISSES_RESTRICT = 2
/** A wrong answer older than this no longer counts towards the restriction. */
export const MISS_WINDOW_MS = 15 * 60_000

/** The attempt_failures keys of challenge misses ('miss:' and the key of what the challenge guards). */
const missKeys = (keys: ReadonlyArray<string>): string[] => [...new Set(keys.map((k) => `miss:${k}`))]

/**
 * The refusal of a wrong, expired or reused challenge answer (docs/hall.md "Human challenges"):
 * a miss is counted on each key the challenge guards (a sign-in's account and address, a send's
 * address or player); the first miss in a row is 2011 'challenge not passed' (the lobby shows a
 * generic message and a new challenge), the second in a row on any of the keys is 1127 error_12
 * (the lobby's 60 s restriction) and starts the count again. A solved challenge forgets them
 * (forgetMisses); misses older than MISS_WINDOW_MS do not count.
 */
export const refuseAnswer = async (db: Queryable, keys: ReadonlyArray<string>, now: number): Promise<ServiceError> => {
  const misses = missKeys(keys)
  const recent = new Date(now - MISS_WINDOW_MS).toISOString()
  let most = 0
  for (const key of misses) {
    const row = (
      await db.query<{ failures: number }>(
        `INSERT INTO attempt_failures (key, failures, last_failed_at, locked_until) VALUES ($1, 1, $2, NULL)
         ON CONFLICT (key) DO UPDATE SET failures = CASE WHEN attempt_failures.last_failed_at < $3 THEN 1 ELSE attempt_failures.failures + 1 END,
           last_failed_at = EXCLUDED.last_failed_at
         RETURNING failures`,
        [key, new Date(now).toISOString(), recent],
      )
    ).rows[0]
    most = Math.max(most, row?.failures ?? 1)
  }
  if (most < MISSES_RESTRICT) return new ServiceError(ChallengeCodes.missed, 'challenge not passed: try the new one')
  await forgetMisses(db, keys)
  return new ServiceError(ChallengeCodes.refused, 'error_12')
}

/** A solved challenge forgets the misses of its keys. */
export const forgetMisses = async (db: Queryable, keys: ReadonlyArray<string>): Promise<void> => {
  if (keys.length > 0) await db.query('DELETE FROM attempt_failures WHERE key = ANY($1)', [missKeys(keys)])
}

/**
 * Lets a code send through or refuses it: with a challenge answer, the challenge is spent and
 * must match; without one, the send must be within the allowance. The send is then counted.
 */
export const admitSend = async (
  db: Queryable,
  playerId: string,
  purpose: string,
  answer: { readonly captchaKey?: string | undefined; readonly captcha?: string | undefined; readonly geetest?: GeetestResult | undefined },
  now: number,
  /** A challenge was solved for this send already (the address's guard spent it). */
  solved = false,
  /** The code that demands a challenge on this site (1119, or 1124-1126 by its kind). */
  demand: number = ChallengeCodes.forced,
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
  } else if (answer.captchaKey !== undefined || answer.captcha !== undefined || answer.geetest !== undefined) {
    const keys = [`player:${playerId}`]
    if (!(await spendChallenge(db, answer, now))) throw await refuseAnswer(db, keys, now)
    await forgetMisses(db, keys)
  } else {
    const sent = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM code_sends WHERE player_id = $1 AND purpose = $2', [playerId, purpose])).rows[0]?.n ?? 0
    if (sent >= SEND_ALLOWANCE) throw new ServiceError(demand, 'force geetest')
  }
  await db.query('INSERT INTO code_sends (player_id, purpose, sent_at) VALUES ($1, $2, $3)', [playerId, purpose, new Date(now).toISOString()])
}

/**
 * The Geetest v4 validation (spec §7.1 /geetest/validate/v4 before sign-in, /user/geetest/validate/v4
 * after): the reference hall is its own challenge server, so a result names one of its challenges
 * (`lot_number`, the key /home/captcha answered) and carries the player's answer
 * (`captcha_output`); the challenge is spent as a code send's is (answered once, 5 minutes). A
 * wrong, expired or reused one is refused as every challenge answer is (refuseAnswer: 2011, then
 * 1127 error_12), counted on the caller's address, or on the player after sign-in. A `gen_time`
 * given (a widget's) must be the seconds of a time not in the future.
 *
 * A passed challenge answers its pass: a random token kept 5 minutes for that challenge, which the
 * guarded call (a code send) carries as its `geetest` result (`lot_number`, `pass_token`) and
 * spends once (spendChallenge); `gen_time` the seconds of the validation.
 */
const validateGeetest = async (ctx: CallContext, p: GeetestAnswer, keys: ReadonlyArray<string>): Promise<GeetestPass> => {
  const generated = p.gen_time === undefined ? Math.floor(ctx.now / 1000) : Number(p.gen_time)
  const solved = Number.isFinite(generated) && generated * 1000 <= ctx.now + 60_000 && (await spendChallenge(ctx.db, { captchaKey: p.lot_number, captcha: p.captcha_output }, ctx.now))
  if (!solved) throw await refuseAnswer(ctx.db, keys, ctx.now)
  await forgetMisses(ctx.db, keys)
  const token = randomBytes(16).toString('hex')
  await ctx.db.query('INSERT INTO challenges (key, kind, answer, expires_at) VALUES ($1, $2, $3, $4)', [`${PASS_KIND}:${token}`, PASS_KIND, p.lot_number, new Date(ctx.now + CHALLENGE_TTL_MS).toISOString()])
  return { pass_token: token, gen_time: String(Math.floor(ctx.now / 1000)) }
}

/** The challenge calls: /home/captcha answers a new challenge of the site's kind and its key; the Geetest v4 validations check one. */
export const challengeCalls: ReadonlyArray<Implementation> = [
  implement(captcha, async (ctx) => newChallenge(ctx.db, ctx.now, await challengeKindOf(ctx.db, ctx.site.code))),
  implement(geetestValidate, async (ctx, p) => validateGeetest(ctx, p, [`ip:${ctx.site.code}:${ctx.ip}`])),
  implement(userGeetestValidate, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    return validateGeetest(ctx, p, [`player:${player.id}`])
  }),
]
