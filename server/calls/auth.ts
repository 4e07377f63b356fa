/**
 * Sign-in calls of the reference hall: password login, fast login by user key, guest (trial)
 * registration, registration, username check, logout and the guest currency change. Every
 * successful sign-in opens a new session with its own token and session key, and hands out the
 * player's fast-login key (user key). A logout replaces that key and ends the sessions it opened;
 * a password change ends every other session and hands the changing one the new key (docs/hall.md,
 * "Sign-out ends access").
 */
import { Schema } from 'effect'
import {
  Password,
  Username,
  checkUsername,
  fastLogin,
  forceChangePassword,
  login,
  register,
  testRegister,
  updateGuestCurrency,
  userLogout,
} from '../../schemas/hall/calls'
import type { UserInfo } from '../../schemas/hall/calls'
import { createHash } from 'node:crypto'
import { hashPassword, needsRehash, verifyPassword } from '../crypto'
import {
  createPlayer,
  FROZEN_STATUSES,
  endAccess,
  ensureWallet,
  openSessionWithInfo,
  playerById,
  playerByUserkey,
  playerByUsername,
  signOut,
  siteCurrency,
  userInfo,
} from '../store'
import { playerColumns } from '../store'
import type { PlayerRow } from '../store'
import { recordChange } from '../account'
import { requirePlayer } from './session'
import { bindInvitation } from './agents'
import { admitAttempt, guarded, refuseAttempt } from '../guard'
import type { FailureRow, Guarded } from '../guard'
import { removeBrowserSubscriptions } from '../webpush'
import { demandOfKind } from './challenge'
import { registerConfigOf, registrationPhone } from '../register-phone'
import { RISK_CHECK, registerConfig } from '../../schemas/hall/calls'
import { ServiceCodes, ServiceError, implement } from './types'
import type { CallContext, Implementation } from './types'


const isUsername = Schema.is(Username)
const isPassword = Schema.is(Password)

let dummyHash: Promise<string> | undefined
/** A hash to check against when the username is unknown, so both failures take the same time. */
const dummy = (): Promise<string> => (dummyHash ??= hashPassword('not-a-password-0'))

/** How long a place a player signed in from is remembered after its last sign-in. */
const PLACE_KEPT_MS = 180 * 24 * 60 * 60 * 1000

/** A device as the store keeps it: the SHA-256 of the browser's fingerprint header ('' without one). */
const deviceOf = (fingerprint: string): string => (fingerprint === '' ? '' : createHash('sha256').update(fingerprint, 'utf8').digest('hex'))

/**
 * What a sign-in writes besides its session, as WITH items of its one statement (numbered from
 * `$${first}`): it remembers the device and the address (migration 258), forgets places unused for
 * half a year, and forgets the failures of `forget` (the sign-in's own place).
 */
const placeWrites = (ctx: CallContext, playerId: string, forget: ReadonlyArray<Guarded>) => {
  const places = [
    ['device', deviceOf(ctx.fingerprint)],
    ['address', ctx.ip],
  ].filter(([, place]) => place !== '')
  return {
    sql: (first: number) => {
      const $ = (k: number) => `$${first + k}`
      return `forgotten AS (DELETE FROM attempt_failures WHERE key = ANY(${$(5)}::text[])),
       placed AS (
         INSERT INTO sign_in_places (player_id, kind, place, last_at)
         SELECT ${$(0)}::bigint, t.kind, t.place, ${$(3)}::timestamptz FROM unnest(${$(1)}::text[], ${$(2)}::text[]) AS t(kind, place)
         ON CONFLICT (player_id, kind, place) DO UPDATE SET last_at = EXCLUDED.last_at),
       pruned AS (
         DELETE FROM sign_in_places WHERE player_id = ${$(0)}::bigint AND last_at < ${$(4)}::timestamptz
           AND (kind, place) NOT IN (SELECT t.kind, t.place FROM unnest(${$(1)}::text[], ${$(2)}::text[]) AS t(kind, place)))`
    },
    params: [
      playerId,
      places.map(([kind]) => kind),
      places.map(([, place]) => place),
      new Date(ctx.now).toISOString(),
      new Date(ctx.now - PLACE_KEPT_MS).toISOString(),
      forget.map((g) => g.key),
    ],
  }
}

/** Which place of the player's an attempt comes from: its device, else its address, else none. */
type KnownPlace = { kind: 'device' | 'address'; place: string } | undefined

/**
 * What a password sign-in reads before the hash, in one statement: the player, which of its places
 * the attempt comes from, the stored failures of every key the attempt may be guarded by (before
 * the place is known, all of them), and the kind of challenge the site asks.
 */
const beforeHash = async (
  ctx: CallContext,
  username: string,
): Promise<{ player: PlayerRow | undefined; known: KnownPlace; stored: ReadonlyMap<string, FailureRow>; demand: number }> => {
  const device = deviceOf(ctx.fingerprint)
  const candidates = [
    ...signInKeys(ctx, username, undefined),
    ...signInKeys(ctx, username, { kind: 'device', place: device }),
    ...signInKeys(ctx, username, { kind: 'address', place: ctx.ip }),
  ].map((g) => g.key)
  // The stored failures come as one JSON value (cheaper to read here than arrays of each field).
  const row = (
    await ctx.db.query<Partial<PlayerRow> & { knownKinds: string[]; stored: Array<{ key: string; failures: number; lastFailedAt: string; lockedUntil: string | null }> | null; challengeKind: string | null }>(
      `SELECT ${playerColumns('p')},
         array(SELECT sp.kind FROM sign_in_places sp WHERE sp.player_id = p.id AND sp.last_at >= $5::timestamptz
           AND ((sp.kind = 'device' AND sp.place = $3) OR (sp.kind = 'address' AND sp.place = $4))) AS "knownKinds",
         (SELECT json_agg(json_build_object('key', a.key, 'failures', a.failures, 'lastFailedAt', a.last_failed_at, 'lockedUntil', a.locked_until))
            FROM attempt_failures a WHERE a.key = ANY($6::text[])) AS stored,
         (SELECT d.doc->>'kind' FROM site_documents d WHERE d.site_code = $1 AND d.name = 'challenge') AS "challengeKind"
       FROM (SELECT 1) AS one
       LEFT JOIN players p ON p.site_code = $1 AND p.username_key = lower($2)`,
      [ctx.site.code, username, device, ctx.ip, new Date(ctx.now - PLACE_KEPT_MS).toISOString(), candidates],
    )
  ).rows[0]
  if (row === undefined) throw new Error('the sign-in read returned no row')
  const { knownKinds, stored: storedRows, challengeKind, ...columns } = row
  const player = columns.id === null || columns.id === undefined ? undefined : (columns as PlayerRow)
  const known: KnownPlace = player === undefined ? undefined : knownKinds.includes('device') ? { kind: 'device', place: device } : knownKinds.includes('address') ? { kind: 'address', place: ctx.ip } : undefined
  const stored = new Map<string, FailureRow>(
    (storedRows ?? []).map((r) => [r.key, { failures: r.failures, lastFailedAt: new Date(r.lastFailedAt), lockedUntil: r.lockedUntil === null ? null : new Date(r.lockedUntil) }]),
  )
  return { player, known, stored, demand: demandOfKind(challengeKind) }
}

/**
 * The guarded keys of a password sign-in (docs/hall.md "Guessing is stopped"): the account's
 * failures are counted per place, so a stranger's guesses cannot lock the player out. From a device
 * the player signed in from: that device's own count only. From an address the player signed in
 * from: that address's count on the account, and the address's count over every account. From
 * anywhere else: the account's count shared by every stranger, and the address's.
 */
export const signInKeys = (ctx: CallContext, username: string, known: { kind: 'device' | 'address'; place: string } | undefined): Guarded[] => {
  const address = guarded('address', ctx.ip)
  if (known?.kind === 'device') return [guarded('account', ctx.site.code, username, 'device', known.place)]
  if (known?.kind === 'address') return [guarded('account', ctx.site.code, username, 'address', known.place), address]
  return [guarded('account', ctx.site.code, username), address]
}

/**
 * Opens a session; `byUserkey` when the fast-login key opened it (a logout with that key ends it).
 * `forget`: the guarded keys whose failures the sign-in forgets (a password sign-in's own place).
 */
export const signIn = async (ctx: CallContext, player: PlayerRow, byUserkey = false, forget: ReadonlyArray<Guarded> = []): Promise<UserInfo> => {
  if (FROZEN_STATUSES.has(player.userStatus)) throw new ServiceError(ServiceCodes.accountFrozen, 'account frozen')
  // One statement: the session, the places and the forgotten failures, and the user info.
  return openSessionWithInfo(
    ctx.db,
    player,
    { now: ctx.now, ttlMs: ctx.config.sessionTtlMs, ip: ctx.ip, device: ctx.device, byUserkey },
    placeWrites(ctx, player.id, forget),
  )
}

const currencyOrFail = async (ctx: CallContext, code: string): Promise<string> => {
  const found = await siteCurrency(ctx.db, ctx.site.code, code)
  if (found === undefined) throw new ServiceError(ServiceCodes.unsupportedCurrency, `currency not offered: ${code}`)
  return found
}

const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && 'code' in e && e.code === '23505'

const guestName = (): string => `guest${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`

/** The sign-in call implementations. */
export const authCalls: ReadonlyArray<Implementation> = [
  // Whether the register form asks for a phone (the site's 'register' document).
  implement(registerConfig, (ctx) => registerConfigOf(ctx.db, ctx.site.code)),
  // Guessing is stopped (server/guard.ts): the account's failures from this place and the
  // address's lead to the human challenge (1119) and then a growing wait (2010 with the seconds to
  // wait); a success forgets the account's failures from this place. A hash of older parameters is
  // replaced by one at the current ones (server/crypto.ts needsRehash).
  implement(login, async (ctx, p) => {
    const { player, known, stored: failures, demand } = await beforeHash(ctx, p.username)
    const keys = signInKeys(ctx, p.username, known)
    await admitAttempt(ctx.db, keys, p, ctx.now, demand, failures)
    const stored = player?.passwordHash ?? null
    const ok = stored !== null ? await verifyPassword(p.password, stored) : (await verifyPassword(p.password, await dummy()), false)
    if (player === undefined || stored === null || !ok) return refuseAttempt(ctx.db, keys, new ServiceError(ServiceCodes.loginError, 'incorrect username or password'), ctx.now)
    if (needsRehash(stored)) {
      await ctx.db.query('UPDATE players SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [player.id, stored, await hashPassword(p.password)])
    }
    const info = await signIn(ctx, player, false, keys.slice(0, 1))
    // The risk check the control surface asked of this player (docs/hall.md "Risk check").
    return ctx.state.riskChecks.has(player.id) ? { ...info, loginValidType: RISK_CHECK } : info
  }),

  implement(fastLogin, async (ctx, p) => {
    const player = await playerByUserkey(ctx.db, ctx.site.code, p.userkey)
    if (player === undefined) throw new ServiceError(ServiceCodes.loginError, 'fast login refused: unknown user key')
    return signIn(ctx, player, true)
  }),

  implement(testRegister, async (ctx, p) => {
    const currency = await currencyOrFail(ctx, p.currency)
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const player = await ctx.db.transaction((tx) =>
          createPlayer(tx, { siteCode: ctx.site.code, username: guestName(), passwordHash: null, accountType: 1, currency }),
        )
        return await signIn(ctx, player)
      } catch (e) {
        if (!isUniqueViolation(e)) throw e
      }
    }
    throw new Error('could not find a free guest name')
  }),

  implement(register, async (ctx, p) => {
    if (!isUsername(p.username)) throw new ServiceError(ServiceCodes.invalidUsername, 'username must be 4-16 letters or digits')
    if (!isPassword(p.password)) {
      throw new ServiceError(
        ServiceCodes.invalidPassword,
        'password must be 6-16 letters, digits or ~!@#$%^&*_=+-/,.? and not only digits, letters or symbols',
      )
    }
    if (p.confirmPassword !== undefined && p.confirmPassword !== p.password) {
      throw new ServiceError(ServiceCodes.invalidPassword, 'the passwords do not match')
    }
    const currency = await currencyOrFail(ctx, p.currency ?? ctx.site.currencyCode)
    if ((await playerByUsername(ctx.db, ctx.site.code, p.username)) !== undefined) {
      throw new ServiceError(ServiceCodes.usernameTaken, 'username already exists')
    }
    // Where the site asks for a phone (server/register-phone.ts), it is checked and bound.
    const phone = await registrationPhone(ctx.db, ctx.site.code, p)
    const passwordHash = await hashPassword(p.password)
    let player: PlayerRow
    try {
      player = await ctx.db.transaction((tx) =>
        createPlayer(tx, { siteCode: ctx.site.code, username: p.username, passwordHash, accountType: 0, currency }).then(async (row) => {
          // The invite link's inviter and channel (docs/hall-protocol.md, "Agents and promotion").
          await bindInvitation(tx, ctx.site.code, row.id, p.inviteCode, p.channelId)
          if (phone !== '') await tx.query('UPDATE players SET mobile_phone = $2 WHERE id = $1', [row.id, phone])
          return row
        }),
      )
    } catch (e) {
      if (isUniqueViolation(e)) throw new ServiceError(ServiceCodes.usernameTaken, 'username already exists')
      throw e
    }
    return signIn(ctx, player)
  }),

  implement(checkUsername, async (ctx, p) => {
    if (!isUsername(p.username)) throw new ServiceError(ServiceCodes.invalidUsername, 'username must be 4-16 letters or digits')
    return { available: (await playerByUsername(ctx.db, ctx.site.code, p.username)) === undefined }
  }),

  implement(userLogout, async (ctx) => {
    const { session } = await requirePlayer(ctx)
    await signOut(ctx.db, session, ctx.now)
    // This browser's push subscriptions stop with its sign-out (server/webpush.ts).
    await removeBrowserSubscriptions(ctx.db, session.playerId, ctx.fingerprint)
    return {}
  }),

  // The forced password change (change_password 1, spec §4): the old password proves the player,
  // the new one must differ and follow the rules; the flag is cleared in the same transaction, every
  // other session ends and the fast-login key is replaced (this session gets the new one).
  implement(forceChangePassword, async (ctx, p) => {
    const { player, session } = await requirePlayer(ctx)
    if (player.passwordHash === null || !(await verifyPassword(p.oldPassword, player.passwordHash))) {
      throw new ServiceError(ServiceCodes.loginError, 'the current password is wrong')
    }
    if (p.oldPassword === p.newPassword) throw new ServiceError(ServiceCodes.invalidPassword, 'the new password must differ from the current one')
    const hash = await hashPassword(p.newPassword)
    const userkey = await ctx.db.transaction(async (tx) => {
      await tx.query('UPDATE players SET password_hash = $2, change_password = 0 WHERE id = $1', [player.id, hash])
      // The account's history (migration 140), as every change writes it: the old password proved it.
      await recordChange(tx, player.id, 'loginPass', 'forcedChange', null)
      return endAccess(tx, player.id, ctx.now, session.token)
    })
    return { change_password: 0, userkey }
  }),

  implement(updateGuestCurrency, async (ctx, p) => {
    const { player, session } = await requirePlayer(ctx)
    if (player.accountType !== 1) throw new ServiceError(ServiceCodes.notGuest, 'only trial accounts can change currency')
    const currency = await currencyOrFail(ctx, p.currency)
    await ctx.db.transaction(async (tx) => {
      await tx.query('UPDATE players SET currency = $2 WHERE id = $1', [player.id, currency])
      await ensureWallet(tx, player.id, currency)
      await recordChange(tx, player.id, 'currency', 'change', null)
    })
    const updated = await playerById(ctx.db, player.id)
    if (updated === undefined) throw new ServiceError(ServiceCodes.tokenExpired, 'token expired')
    return userInfo(ctx.db, updated, session)
  }),
]
