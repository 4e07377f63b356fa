/**
 * The forgotten password (issue 24; screens §2 forgot password; calls §7.1 notlogin calls, §7.2
 * resetPassVerify and resetpasswd; docs/hall-protocol.md "Password recovery"): a visitor names the
 * account (getAccountVerifyList answers what it can be proved by: 3 a code to its bound phone,
 * 2 a code to its bound email, 4 its secret question, 5 its withdraw password, with the phone and
 * email masked), proves it, and gets a short-lived reset ticket that resetpasswd spends to set the
 * new password. Codes go only to what the account has bound (the masked value names it), and are
 * the account's own (security_codes, read by the control surface's last-code like a bind code).
 * The checks of one account are guarded (server/guard.ts, 'recovery': locked at 5 failures), and
 * so are an address's names of accounts that do not exist ('lookups': locked at 10);
 * sends are those of server/calls/challenge.ts (1119 past 3, 2010 past 10) and of the address.
 * A reset ends every session of the account and replaces its fast-login key.
 */
import { randomBytes } from 'node:crypto'
import {
  Password,
  captchaGetUserInfo,
  captchaVerifyPhone,
  emailCreateMail,
  notLoginGetAccountVerifyList,
  notLoginGetQuestion,
  notLoginVerifyEmail,
  notLoginVerifyQuestionAndWithdrawPass,
  resetPassVerify,
  resetPasswd,
  shortMsgCreate,
  smsVerifyPhone,
} from '../../schemas/hall/calls'
import type { VerifyType } from '../../schemas/hall/calls'
import { Schema } from 'effect'
import * as validation from '../../schemas/validation'
import type { Queryable } from '../db'
import { hashPassword } from '../crypto'
import { accountStateOf, recordChange, TICKET_SECONDS } from '../account'
import { endAccess, playerByUsername, FROZEN_STATUSES } from '../store'
import type { PlayerRow } from '../store'
import { admitAttempt, admitOpenSend, forgetFailures, guarded, refuseAttempt } from '../guard'
import { codeSender } from '../mail/delivery'
import type { Guarded } from '../guard'
import { passVerification } from './account'
import { forgetMisses, refuseAnswer, spendChallenge } from './challenge'
import { CODE_TTL_MS, CODE_DIGITS, maskEmail, maskPhone } from './security'
import { smsLoginSend } from './smslogin'
import { ServiceCodes, ServiceError, implement } from './types'
import type { CallContext, Implementation } from './types'

/** Service codes of the recovery (the reference hall's own, issue 24's range 2000-2049). */
export const RecoveryCodes = {
  /** No account of that name on the site. */
  noAccount: 2000,
  /** The phone or email given is not the one the account has bound. */
  notBound: 2001,
  /** The account cannot be proved that way (nothing of that kind is set). */
  notOffered: 2002,
  /** The reset ticket is unknown, spent, expired or another account's. */
  badTicket: 2003,
  /** The SMS scene is not one the reference hall sends before sign-in. */
  badScene: 2004,
} as const

const isPassword = Schema.is(Password)

/**
 * The account named, or 2000. A frozen account is not recovered either (its sign-in is refused).
 * The address's names of missing accounts are guarded ('lookups': 2010 once it named 10 in the
 * window), so the recovery cannot list the site's usernames.
 */
const accountNamed = async (ctx: CallContext, username: string): Promise<PlayerRow> => {
  const lookups = [guarded('lookups', ctx.site.code, ctx.ip)]
  await admitAttempt(ctx.db, lookups, {}, ctx.now)
  const player = await playerByUsername(ctx.db, ctx.site.code, username.trim())
  if (player === undefined || player.accountType === 1) return refuseAttempt(ctx.db, lookups, new ServiceError(RecoveryCodes.noAccount, 'no account with this username'), ctx.now)
  return player
}

/** What an account can be proved by, in the order the lobby offers them. */
const verifyTypesOf = async (db: Queryable, playerId: string): Promise<ReadonlyArray<VerifyType>> => {
  const s = await accountStateOf(db, playerId)
  return [...(s.phone !== '' ? [3 as const] : []), ...(s.email !== '' ? [2 as const] : []), ...(s.question ? [4 as const] : []), ...(s.withdrawPass ? [5 as const] : [])]
}

const recoveryKey = (ctx: CallContext, player: PlayerRow): Guarded => guarded('recovery', ctx.site.code, player.username)

/** Failures the guard counts: a wrong code, answer or password (not a missing code or item). */
const WRONG: ReadonlySet<number> = new Set([1223, 1231, 1302])

/**
 * Proves the account by `type` (guarded: a locked account is refused with 2010 before any check)
 * and answers a reset ticket.
 */
const prove = async (ctx: CallContext, player: PlayerRow, type: VerifyType, secret: string): Promise<{ resetToken: string; expireSeconds: number }> => {
  const keys = [recoveryKey(ctx, player)]
  await admitAttempt(ctx.db, keys, {}, ctx.now)
  if (!(await verifyTypesOf(ctx.db, player.id)).includes(type)) throw new ServiceError(RecoveryCodes.notOffered, 'the account cannot be proved that way')
  try {
    await passVerification(ctx, player.id, type, secret)
  } catch (e) {
    if (e instanceof ServiceError && WRONG.has(e.code)) await refuseAttempt(ctx.db, keys, e, ctx.now)
    throw e
  }
  await forgetFailures(ctx.db, keys)
  return issueResetTicket(ctx.db, player.id, ctx.now)
}

const issueResetTicket = async (db: Queryable, playerId: string, now: number): Promise<{ resetToken: string; expireSeconds: number }> => {
  const token = randomBytes(24).toString('hex')
  await db.query("DELETE FROM verify_tickets WHERE player_id = $1 AND (verify = 'reset' OR expires_at <= $2)", [playerId, new Date(now).toISOString()])
  await db.query("INSERT INTO verify_tickets (token, player_id, verify, expires_at) VALUES ($1, $2, 'reset', $3)", [
    token,
    playerId,
    new Date(now + TICKET_SECONDS * 1000).toISOString(),
  ])
  return { resetToken: token, expireSeconds: TICKET_SECONDS }
}

/** The bound value a recovery send names: in full or masked as getAccountVerifyList shows it; else 2001. */
const boundNamed = (bound: string, given: string, mask: (v: string) => string, normal: (v: string) => string): string => {
  const g = given.trim()
  if (bound === '' || (normal(g) !== normal(bound) && g !== mask(bound))) throw new ServiceError(RecoveryCodes.notBound, 'that is not what the account has bound')
  return bound
}
const digitsOf = (v: string): string => v.replace(/\D/g, '')

const storeCode = async (db: Queryable, playerId: string, purpose: 'phone' | 'email', target: string, now: number): Promise<string> => {
  const code = String(randomBytes(4).readUInt32BE(0) % 10 ** CODE_DIGITS[purpose]).padStart(CODE_DIGITS[purpose], '0')
  await db.query(
    `INSERT INTO security_codes (player_id, purpose, target, code, expires_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (player_id, purpose) DO UPDATE SET target = EXCLUDED.target, code = EXCLUDED.code, expires_at = EXCLUDED.expires_at`,
    [playerId, purpose, target, code, new Date(now + CODE_TTL_MS).toISOString()],
  )
  return code
}

/**
 * The image challenge of the captcha variants (/user/captcha/getUserInfo, /user/captcha/verifyPhone):
 * the key and digits of a /home/captcha challenge, spent once; a wrong one is refused as every
 * challenge answer is (2011, then 1127), counted on the caller's address.
 */
const passCaptcha = async (ctx: CallContext, answer: { readonly captchaKey: string; readonly captcha: string }): Promise<void> => {
  const keys = [`ip:${ctx.site.code}:${ctx.ip}`]
  if (!(await spendChallenge(ctx.db, answer, ctx.now))) throw await refuseAnswer(ctx.db, keys, ctx.now)
  await forgetMisses(ctx.db, keys)
}

/** What the recovery can use for an account, and its phone and email masked. */
const verifyInfoOf = async (db: Queryable, player: PlayerRow) => {
  const s = await accountStateOf(db, player.id)
  return { username: player.username, verifyTypes: [...(await verifyTypesOf(db, player.id))], mobile_phone: maskPhone(s.phone), email: maskEmail(s.email) }
}

export const recoveryCalls: ReadonlyArray<Implementation> = [
  implement(notLoginGetAccountVerifyList, async (ctx, p) => verifyInfoOf(ctx.db, await accountNamed(ctx, p.username))),

  // The same, guarded by the image challenge instead of the address's allowance alone.
  implement(captchaGetUserInfo, async (ctx, p) => {
    await passCaptcha(ctx, p)
    return verifyInfoOf(ctx.db, await accountNamed(ctx, p.username))
  }),

  // Whether a phone is the account's bound one (in full, with its area code, or masked), before a
  // 'reset' code is sent to it; 2001 when it is not.
  implement(captchaVerifyPhone, async (ctx, p) => {
    await passCaptcha(ctx, p)
    const player = await accountNamed(ctx, p.username)
    const bound = (await accountStateOf(ctx.db, player.id)).phone
    if (bound === '' || digitsOf(`${p.areaCode ?? ''}${p.phone}`) !== digitsOf(bound)) boundNamed(bound, p.phone, maskPhone, digitsOf)
    return {}
  }),

  implement(notLoginGetQuestion, async (ctx, p) => {
    const player = await accountNamed(ctx, p.username)
    const row = (
      await ctx.db.query<{ questionId: number; question: string }>(
        `SELECT q.id AS "questionId", q.question FROM player_questions pq JOIN security_questions q ON q.id = pq.question_id WHERE pq.player_id = $1`,
        [player.id],
      )
    ).rows[0]
    return { question: row ?? null }
  }),

  // The SMS send before sign-in: 'reset' to the account's bound phone; 'login' to the phone of
  // an account (smslogin.ts). Other scenes are sent by the signed-in calls.
  implement(shortMsgCreate, async (ctx, p) => {
    const answer = { ...(p.captchaKey === undefined ? {} : { captchaKey: p.captchaKey }), ...(p.captcha === undefined ? {} : { captcha: p.captcha }), ...(p.geetest === undefined ? {} : { geetest: p.geetest }) }
    if (p.scene === 'login') return smsLoginSend(ctx, p.phone_number, p.areaCode, answer)
    if (p.scene !== 'reset') throw new ServiceError(RecoveryCodes.badScene, `the reference hall sends no '${p.scene}' code before sign-in`)
    if (p.username === undefined) throw new ServiceError(RecoveryCodes.noAccount, 'name the account to recover')
    const player = await accountNamed(ctx, p.username)
    const phone = boundNamed((await accountStateOf(ctx.db, player.id)).phone, p.phone_number, maskPhone, digitsOf)
    const send = await codeSender(ctx, 'phone', CODE_TTL_MS)
    await admitOpenSend(ctx, player.id, 'phone', answer)
    await send(phone, await storeCode(ctx.db, player.id, 'phone', phone, ctx.now))
    return { target: maskPhone(phone), expireSeconds: CODE_TTL_MS / 1000 }
  }),

  implement(emailCreateMail, async (ctx, p) => {
    const player = await accountNamed(ctx, p.username)
    const email = boundNamed((await accountStateOf(ctx.db, player.id)).email, p.email, maskEmail, (v) => v.toLowerCase())
    const answer = { ...(p.captchaKey === undefined ? {} : { captchaKey: p.captchaKey }), ...(p.captcha === undefined ? {} : { captcha: p.captcha }), ...(p.geetest === undefined ? {} : { geetest: p.geetest }) }
    const send = await codeSender(ctx, 'email', CODE_TTL_MS)
    await admitOpenSend(ctx, player.id, 'email', answer)
    await send(email, await storeCode(ctx.db, player.id, 'email', email, ctx.now))
    return { target: maskEmail(email), expireSeconds: CODE_TTL_MS / 1000 }
  }),

  implement(resetPassVerify, async (ctx, p) => prove(ctx, await accountNamed(ctx, p.username), p.verifyType, p.code)),

  implement(smsVerifyPhone, async (ctx, p) => {
    const player = await accountNamed(ctx, p.username)
    boundNamed((await accountStateOf(ctx.db, player.id)).phone, p.phone, maskPhone, digitsOf)
    return prove(ctx, player, 3, p.code)
  }),

  implement(notLoginVerifyEmail, async (ctx, p) => {
    const player = await accountNamed(ctx, p.username)
    boundNamed((await accountStateOf(ctx.db, player.id)).email, p.email, maskEmail, (v) => v.toLowerCase())
    return prove(ctx, player, 2, p.code)
  }),

  // Both the answer and the withdraw password (the older recovery page's one step).
  implement(notLoginVerifyQuestionAndWithdrawPass, async (ctx, p) => {
    const player = await accountNamed(ctx, p.username)
    const set = (await ctx.db.query<{ id: number }>('SELECT question_id AS id FROM player_questions WHERE player_id = $1', [player.id])).rows[0]
    if (set === undefined || set.id !== p.questionId) throw new ServiceError(RecoveryCodes.notOffered, 'that is not the question the account set')
    await prove(ctx, player, 4, p.answer)
    return prove(ctx, player, 5, p.withdrawPass)
  }),

  implement(resetPasswd, async (ctx, p) => {
    const player = await accountNamed(ctx, p.username)
    if (!isPassword(p.newPassword) || validation.password(p.newPassword) !== null) {
      throw new ServiceError(ServiceCodes.invalidPassword, 'password must be 6-16 letters, digits or ~!@#$%^&*_=+-/,.? and not only digits, letters or symbols')
    }
    if (p.confirmPassword !== undefined && p.confirmPassword !== p.newPassword) throw new ServiceError(ServiceCodes.invalidPassword, 'the passwords do not match')
    if (FROZEN_STATUSES.has(player.userStatus)) throw new ServiceError(ServiceCodes.accountFrozen, 'account frozen')
    const hash = await hashPassword(p.newPassword)
    await ctx.db.transaction(async (tx) => {
      const spent = (
        await tx.query<{ id: string }>("DELETE FROM verify_tickets WHERE token = $1 AND player_id = $2 AND verify = 'reset' AND expires_at > $3 RETURNING player_id AS id", [
          p.resetToken,
          player.id,
          new Date(ctx.now).toISOString(),
        ])
      ).rows[0]
      if (spent === undefined) throw new ServiceError(RecoveryCodes.badTicket, 'prove the account again')
      await tx.query('UPDATE players SET password_hash = $2, change_password = 0 WHERE id = $1', [player.id, hash])
      // The old password's sessions and fast-login key end; the account's sign-in failures are forgotten.
      await endAccess(tx, player.id, ctx.now)
      await forgetFailures(tx, [guarded('account', ctx.site.code, player.username)])
      await recordChange(tx, player.id, 'loginPass', 'reset', null)
    })
    return {}
  }),
]
