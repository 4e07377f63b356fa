/**
 * Third-party sign-in and binding (screens §4 third-party login, bind mode; calls §7.1
 * thirdpartylogin, thirdpartyregister; §7.2 thirduser/bind), and the trial account's conversion
 * into a registered one (screens §3 userOptResult 4; designed call setaccount). The access token
 * the lobby carries was issued by one of the hall's stand-in providers (server/thirdparty.ts); the
 * hall asks it who the token belongs to, as a real hall asks Google. Migration 190.
 */
import { randomBytes, randomInt } from 'node:crypto'
import { Schema } from 'effect'
import { Password, Username, bindThirdUser, setAccount, thirdPartyLogin, thirdPartyRegister } from '../../schemas/hall/calls'
import type { UserInfo } from '../../schemas/hall/calls'
import { recordChange } from '../account'
import { hashPassword } from '../crypto'
import type { Queryable } from '../db'
import { debit, type LedgerKind } from '../money'
import { FROZEN_STATUSES, createPlayer, endAccess, openSession, playerById, playerByUsername, siteCurrency, userInfo } from '../store'
import type { PlayerRow } from '../store'
import { PROVIDERS, providerOfType, tokenOwner } from '../thirdparty'
import { maskEmail } from './security'
import { requirePlayer } from './session'
import { ServiceCodes, ServiceError, implement } from './types'
import type { CallContext, Implementation } from './types'

/** Service codes of third-party sign-in and the trial conversion (the hall's range 1950-1999). */
export const ThirdPartyCodes = {
  /** The provider's access token is unknown, expired, or of another provider. */
  badToken: 1950,
  /** That provider's account is bound to another player of the site. */
  boundElsewhere: 1951,
  /** The player has a binding of that provider already. */
  alreadyBound: 1952,
  /** Only a trial account sets its username and password. */
  notTrial: 1953,
  /** The registration does not match the provider's account the token names. */
  mismatch: 1954,
  /** A trial account binds nothing: it registers first. */
  trial: 1955,
} as const

/** The wallet entry that takes a trial account's play money out when it registers. */
export const TRIAL_FORFEIT_KIND = 'trial-forfeit' satisfies LedgerKind

const isUsername = Schema.is(Username)
const isPassword = Schema.is(Password)

const ownerOf = async (ctx: CallContext, requesterType: number, accessToken: string) => {
  const provider = providerOfType(requesterType)
  if (provider === undefined) throw new ServiceError(ThirdPartyCodes.badToken, 'unknown provider')
  const owner = await tokenOwner(ctx.db, provider, accessToken, ctx.now)
  if (owner === undefined) throw new ServiceError(ThirdPartyCodes.badToken, `the ${PROVIDERS[provider].title} sign-in has expired: sign in again`)
  return owner
}

const linkedPlayer = async (db: Queryable, siteCode: string, requesterType: number, subject: string): Promise<string | undefined> =>
  (
    await db.query<{ playerId: string }>(
      'SELECT player_id::text AS "playerId" FROM player_third_accounts WHERE site_code = $1 AND requester_type = $2 AND subject = $3',
      [siteCode, requesterType, subject],
    )
  ).rows[0]?.playerId

const signIn = async (ctx: CallContext, player: PlayerRow): Promise<UserInfo> => {
  if (FROZEN_STATUSES.has(player.userStatus)) throw new ServiceError(ServiceCodes.accountFrozen, 'account frozen')
  const session = await openSession(ctx.db, player.id, {
    now: ctx.now,
    ttlMs: ctx.config.sessionTtlMs,
    ip: ctx.ip,
    device: ctx.device,
    userkey: player.userkey,
    byUserkey: false,
  })
  return userInfo(ctx.db, player, session)
}

/** A free username proposed from the email's local part (letters and digits, 4-16), or a generated one. */
const proposeUsername = async (db: Queryable, siteCode: string, email: string): Promise<string> => {
  const stem = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 10)
  const base = stem.length >= 2 ? stem : 'player'
  for (let i = 0; i < 20; i++) {
    const name = `${base}${randomInt(1000, 1_000_000)}`.slice(0, 16)
    if (isUsername(name) && (await playerByUsername(db, siteCode, name)) === undefined) return name
  }
  return `p${randomBytes(6).toString('hex')}`
}

/** A password by the rule of spec §5 (letters and digits mixed), proposed for the new account. */
const proposePassword = (): string => `Pw${randomBytes(6).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x')}${randomInt(10, 100)}`

const checkCredentials = (username: string, password: string, confirm: string | undefined): void => {
  if (!isUsername(username)) throw new ServiceError(ServiceCodes.invalidUsername, 'username must be 4-16 letters or digits')
  if (!isPassword(password)) {
    throw new ServiceError(ServiceCodes.invalidPassword, 'password must be 6-16 letters, digits or ~!@#$%^&*_=+-/,.? and not only digits, letters or symbols')
  }
  if (confirm !== undefined && confirm !== password) throw new ServiceError(ServiceCodes.invalidPassword, 'the passwords do not match')
}

const isUniqueViolation = (e: unknown): boolean => typeof e === 'object' && e !== null && 'code' in e && e.code === '23505'

export const thirdPartyCalls: ReadonlyArray<Implementation> = [
  // A known provider account signs its player in; an unknown one answers code 100 with what the
  // registration in thirdWay mode needs (spec §4).
  implement(thirdPartyLogin, async (ctx, p) => {
    const owner = await ownerOf(ctx, p.requester_type, p.access_token)
    const playerId = await linkedPlayer(ctx.db, ctx.site.code, p.requester_type, owner.subject)
    const player = playerId === undefined ? undefined : await playerById(ctx.db, playerId)
    if (player !== undefined) return signIn(ctx, player)
    return {
      code: 100 as const,
      email: owner.email,
      id: owner.subject,
      new_username: await proposeUsername(ctx.db, ctx.site.code, owner.email),
      new_password: proposePassword(),
    }
  }),

  // Registers the provider's account found unregistered, bound to it, and signs it in.
  implement(thirdPartyRegister, async (ctx, p) => {
    const owner = await ownerOf(ctx, p.requester_type, p.access_token)
    if (owner.subject !== p.id) throw new ServiceError(ThirdPartyCodes.mismatch, 'the sign-in does not match this registration: sign in again')
    checkCredentials(p.new_username, p.new_password, undefined)
    const currency = (await siteCurrency(ctx.db, ctx.site.code, p.currency ?? ctx.site.currencyCode)) ?? ctx.site.currencyCode
    if ((await playerByUsername(ctx.db, ctx.site.code, p.new_username)) !== undefined) throw new ServiceError(ServiceCodes.usernameTaken, 'username already exists')
    const passwordHash = await hashPassword(p.new_password)
    let player: PlayerRow
    try {
      player = await ctx.db.transaction(async (tx) => {
        if ((await linkedPlayer(tx, ctx.site.code, p.requester_type, owner.subject)) !== undefined) {
          throw new ServiceError(ThirdPartyCodes.boundElsewhere, 'this account is registered already: sign in with it')
        }
        const created = await createPlayer(tx, { siteCode: ctx.site.code, username: p.new_username, passwordHash, accountType: 0, currency })
        await tx.query('INSERT INTO player_third_accounts (player_id, site_code, requester_type, subject, email) VALUES ($1, $2, $3, $4, $5)', [
          created.id, ctx.site.code, p.requester_type, owner.subject, owner.email,
        ])
        await tx.query("UPDATE players SET email = CASE WHEN email = '' THEN $2 ELSE email END WHERE id = $1", [created.id, owner.email])
        await recordChange(tx, created.id, 'thirdWay', 'register', 8)
        return created
      })
    } catch (e) {
      if (isUniqueViolation(e)) throw new ServiceError(ServiceCodes.usernameTaken, 'username already exists')
      throw e
    }
    return signIn(ctx, player)
  }),

  // Binds a provider's account to the signed-in (registered) player (screens §4 bind mode).
  implement(bindThirdUser, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    if (player.accountType === 1) throw new ServiceError(ThirdPartyCodes.trial, 'register the trial account first')
    const owner = await ownerOf(ctx, p.requester_type, p.access_token)
    await ctx.db.transaction(async (tx) => {
      const holder = await linkedPlayer(tx, ctx.site.code, p.requester_type, owner.subject)
      if (holder !== undefined && holder !== player.id) throw new ServiceError(ThirdPartyCodes.boundElsewhere, 'this account is bound to another player')
      if (holder === player.id) return
      const own = (await tx.query('SELECT 1 FROM player_third_accounts WHERE player_id = $1 AND requester_type = $2', [player.id, p.requester_type])).rows[0]
      if (own !== undefined) throw new ServiceError(ThirdPartyCodes.alreadyBound, 'an account of this provider is bound already')
      await tx.query('INSERT INTO player_third_accounts (player_id, site_code, requester_type, subject, email) VALUES ($1, $2, $3, $4, $5)', [
        player.id, ctx.site.code, p.requester_type, owner.subject, owner.email,
      ])
      await recordChange(tx, player.id, 'thirdWay', 'bind', 8)
    })
    return { data: { email: maskEmail(owner.email), thirdType: p.requester_type } }
  }),

  // The trial account becomes a registered one: its username and password set, its play money
  // taken out with a ledger entry per wallet, every other session ended and a new fast-login key.
  implement(setAccount, async (ctx, p) => {
    const { player, session } = await requirePlayer(ctx)
    if (player.accountType !== 1) throw new ServiceError(ThirdPartyCodes.notTrial, 'only a trial account sets its username and password')
    checkCredentials(p.username, p.password, p.confirmPassword)
    const hash = await hashPassword(p.password)
    try {
      const userkey = await ctx.db.transaction(async (tx) => {
        // The player's row held: a second conversion waits and then finds a registered account.
        const row = (await tx.query<{ accountType: number }>('SELECT account_type::int AS "accountType" FROM players WHERE id = $1 FOR UPDATE', [player.id])).rows[0]
        if (row?.accountType !== 1) throw new ServiceError(ThirdPartyCodes.notTrial, 'only a trial account sets its username and password')
        if ((await playerByUsername(tx, ctx.site.code, p.username)) !== undefined) throw new ServiceError(ServiceCodes.usernameTaken, 'username already exists')
        await tx.query(
          'UPDATE players SET username = $2, username_key = lower($2), password_hash = $3, account_type = 0, trial_converted_at = $4 WHERE id = $1',
          [player.id, p.username, hash, new Date(ctx.now).toISOString()],
        )
        // Play money stays with the trial: each balance above 0 is taken out in one entry.
        const wallets = (
          await tx.query<{ currency: string; balance: string }>('SELECT currency, balance::text AS balance FROM wallets WHERE player_id = $1 AND balance > 0 FOR UPDATE', [player.id])
        ).rows
        for (const w of wallets) {
          if ((await debit(tx, { playerId: player.id, currency: w.currency }, w.balance, TRIAL_FORFEIT_KIND)) === undefined) throw new Error('trial balance changed under its lock')
        }
        await recordChange(tx, player.id, 'account', 'register', null)
        return endAccess(tx, player.id, ctx.now, session.token)
      })
      return { username: p.username, userkey }
    } catch (e) {
      if (isUniqueViolation(e)) throw new ServiceError(ServiceCodes.usernameTaken, 'username already exists')
      throw e
    }
  }),
]
