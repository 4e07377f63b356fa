/**
 * The account's protections (server/calls/account.ts, server/calls/security.ts): which second
 * verifications a change of an item needs (verifymodify), the tickets a passed verification
 * answers and the change spends, and the history every change writes (migration 140).
 */
import { randomBytes } from 'node:crypto'
import type { SecurityItem, VerifyType } from '../schemas/hall/calls'
import type { Queryable } from './db'
import { ServiceError } from './calls/types'

/** Service codes of the account calls (the reference hall's own; the spec's catalogue has none). */
export const AccountCodes = {
  /** The change needs a second verification first (verifymodify says which), or its ticket ran out. */
  needVerify: 1230,
  /** The current password, answer or code given with the change is wrong. */
  wrongSecret: 1231,
  /** The value breaks the rule of spec §5 (the message names it). */
  badValue: 1232,
  /** The item is not bound, so it cannot be verified or switched. */
  notBound: 1233,
  /** A CPF is bound once. */
  cpfBound: 1234,
  /** The new password is the current one. */
  samePassword: 1235,
} as const

/** How long a second verification's ticket stays good. */
export const TICKET_SECONDS = 300

/** The ticket kinds of verify_tickets, by verify type (spec enumerations). */
export const TICKET_KIND: Readonly<Partial<Record<VerifyType, string>>> = {
  1: 'googleAuth',
  2: 'email',
  3: 'phone',
  4: 'question',
  5: 'withdrawPass',
  6: 'loginPass',
}

/** What the account has bound, as the protections read it. */
export interface AccountState {
  readonly phone: string
  readonly email: string
  readonly googleAuthSecret: string | null
  readonly googleAuth: number
  readonly withdrawPass: boolean
  readonly loginPass: boolean
  readonly question: boolean
  readonly cpf: string
}

export const accountStateOf = async (db: Queryable, playerId: string): Promise<AccountState> => {
  const row = (
    await db.query<AccountState>(
      `SELECT p.mobile_phone AS phone, p.email, p.google_auth_secret AS "googleAuthSecret", p.google_auth::int AS "googleAuth",
         p.withdraw_pass_hash IS NOT NULL AS "withdrawPass", p.password_hash IS NOT NULL AS "loginPass",
         EXISTS (SELECT 1 FROM player_questions q WHERE q.player_id = p.id) AS question, p.cpf
       FROM players p WHERE p.id = $1`,
      [playerId],
    )
  ).rows[0]
  if (row === undefined) throw new ServiceError(AccountCodes.notBound, 'no such player')
  return row
}

/**
 * Which verifications a change of `item` needs first, any one of them enough (verify types):
 * a bound phone is changed after a code to it (3), a bound email after a code to it (2), a set
 * withdraw password after the login password (6: the verifyUserPassword popup), a secret question
 * set the first time after the login password (6), a bound authenticator replaced after its
 * current code (1); the login password (its old one), the authenticator switch (its current
 * code), the question's change (its old answer) and the CPF (bound once) carry their own proof.
 */
export const verifyTypesFor = (item: SecurityItem, s: AccountState): ReadonlyArray<VerifyType> => {
  switch (item) {
    case 'phone':
      return s.phone === '' ? [] : [3]
    case 'email':
      return s.email === '' ? [] : [2]
    case 'withdrawPass':
      return s.withdrawPass && s.loginPass ? [6] : []
    case 'question':
      return !s.question && s.loginPass ? [6] : []
    case 'googleAuth':
      // Binding a new authenticator over a bound one: the current authenticator's code first.
      return s.googleAuthSecret === null ? [] : [1]
    case 'loginPass':
    case 'cpf':
      return []
  }
}

/** Stores a ticket for a passed verification of `type`; answers it. */
export const issueTicket = async (db: Queryable, playerId: string, type: VerifyType, now: number): Promise<{ verifyToken: string; expireSeconds: number }> => {
  const kind = TICKET_KIND[type]
  if (kind === undefined) throw new ServiceError(AccountCodes.badValue, 'no such verification')
  const token = randomBytes(24).toString('hex')
  await db.query('DELETE FROM verify_tickets WHERE player_id = $1 AND expires_at <= $2', [playerId, new Date(now).toISOString()])
  await db.query('INSERT INTO verify_tickets (token, player_id, verify, expires_at) VALUES ($1, $2, $3, $4)', [
    token,
    playerId,
    kind,
    new Date(now + TICKET_SECONDS * 1000).toISOString(),
  ])
  return { verifyToken: token, expireSeconds: TICKET_SECONDS }
}

/**
 * The protection of a change of `item`: when it needs a verification, the ticket carried must be
 * one of them, this player's, unspent and not expired; it is spent. Answers the verify type that
 * allowed the change (null when none was needed). Run inside the change's transaction.
 */
export const guardChange = async (
  db: Queryable,
  playerId: string,
  item: SecurityItem,
  token: string | undefined,
  now: number,
): Promise<VerifyType | null> => {
  const types = verifyTypesFor(item, await accountStateOf(db, playerId))
  if (types.length === 0) return null
  if (token === undefined) throw new ServiceError(AccountCodes.needVerify, 'verify first', { verifyTypes: types })
  const kinds = types.map((t) => TICKET_KIND[t])
  const spent = (
    await db.query<{ verify: string }>(
      'DELETE FROM verify_tickets WHERE token = $1 AND player_id = $2 AND verify = ANY($3) AND expires_at > $4 RETURNING verify',
      [token, playerId, kinds, new Date(now).toISOString()],
    )
  ).rows[0]
  if (spent === undefined) throw new ServiceError(AccountCodes.needVerify, 'verify again', { verifyTypes: types })
  return types.find((t) => TICKET_KIND[t] === spent.verify) ?? null
}

/** Writes a change of the account to its history. */
export const recordChange = async (db: Queryable, playerId: string, item: string, action: string, verifyType: VerifyType | null): Promise<void> => {
  await db.query('INSERT INTO account_history (player_id, item, action, verify_type) VALUES ($1, $2, $3, $4)', [playerId, item, action, verifyType])
}

/** A CPF shown masked: its last 2 digits kept. */
export const maskCpf = (cpf: string): string => (cpf === '' ? '' : `${'*'.repeat(Math.max(0, cpf.length - 2))}${cpf.slice(-2)}`)

/** An answer as compared: trimmed, case-insensitive. */
export const normalAnswer = (answer: string): string => answer.trim().toLowerCase()
