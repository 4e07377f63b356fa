/** What several domains' controls share: body parts, a call path, a player's settings. */
import { Schema } from 'effect'
import { allCalls, LastGameInfo } from '../../schemas/hall/calls'
import { HALL_PREFIX } from '../../schemas/hall/protocol'
import { setPlayerFrames } from '../calls/frames'
import type { Queryable } from '../db'
import { FROZEN_STATUSES, endAccess } from '../store'

/** An amount in a body: a decimal string (signed, up to 10 decimals) or a number. */
export const Amount = Schema.Union([Schema.String.check(Schema.isPattern(/^-?\d+(\.\d{1,10})?$/)), Schema.Finite])

export const Count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** The account settings an operator sets on a player (the `player` and `new-player` controls). */
export const PlayerSettings = {
  change_password: Schema.optional(Schema.Literals([0, 1])),
  user_status: Schema.optional(Schema.Literals([1, 2, 3, 4, 5])),
  has_recharged: Schema.optional(Schema.Literals([0, 1])),
  /** How many items the forced bind flow asks for (phone, email, google auth, withdraw password). */
  must_bind_item: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 4 }))),
  /** The frames this player alone sees, by id, in order ([] gives the site's frames back). */
  frames: Schema.optional(Schema.Array(Schema.Int)),
  /** 1: the recharge pop-up's promotions are pushed to this player (migration 060). */
  recharge_pop: Schema.optional(Schema.Literals([0, 1])),
  /** 1: the new-benefits pop-up shows to this player after login. */
  newcomer_pop: Schema.optional(Schema.Literals([0, 1])),
  /** The game the prize answer names as the last one (the continue-last-game confirm); null: none. */
  last_game: Schema.optional(Schema.NullOr(LastGameInfo)),
  /** The bound phone and email ('' unbinds), as a bind would store them (the recovery and SMS login tests). */
  mobile_phone: Schema.optional(Schema.String),
  email: Schema.optional(Schema.String),
} as const

/** A call path as the control surface accepts it: with or without the hall prefix. */
export const callPath = (p: string): string | undefined => {
  const path = p.startsWith(`${HALL_PREFIX}/`) ? p.slice(HALL_PREFIX.length) : p
  return allCalls.some((c) => c.path === path) ? path : undefined
}

/** The password of a `new-player` when none is given. */
export const DEFAULT_PASSWORD = 'test1234'

export const isUniqueViolation = (e: unknown): boolean => typeof e === 'object' && e !== null && 'code' in e && e.code === '23505'

/** Writes the settings of a `player` or `new-player` body that are present. */
export const applySettings = async (db: Queryable, playerId: string, b: Partial<Schema.Struct<typeof PlayerSettings>['Type']>): Promise<void> => {
  const columns = ['change_password', 'user_status', 'has_recharged', 'must_bind_item', 'recharge_pop', 'newcomer_pop', 'mobile_phone', 'email'] as const
  for (const column of columns) {
    const value = b[column]
    if (value !== undefined) await db.query(`UPDATE players SET ${column} = $2 WHERE id = $1`, [playerId, value])
  }
  if (b.frames !== undefined) await setPlayerFrames(db, playerId, b.frames)
  if (b.last_game !== undefined) await db.query('UPDATE players SET last_game = $2 WHERE id = $1', [playerId, b.last_game === null ? null : JSON.stringify(b.last_game)])
  // A frozen or blacklisted account is signed out everywhere and its fast-login key replaced.
  if (b.user_status !== undefined && FROZEN_STATUSES.has(b.user_status)) await endAccess(db, playerId, Date.now())
}
