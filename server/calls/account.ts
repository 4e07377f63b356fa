/**
 * The player's own account (screens §2 /home/security, /home/personal, /home/setting; calls §7.2):
 * the second verifications (verifymodify says which a change needs; verifyPhoneCode,
 * verifyEmailCode, verifyGoogleAuthCode, verifyLoginPass and secondVerify answer the ticket the
 * change carries), the login password (changepass), the authenticator switch, the secret question
 * (passquint, editquint, getaccountquestion), the CPF, the avatar and the profile. Every value is
 * checked with the lobby's own rules (schemas/validation.ts, spec §5); every change writes the
 * account's history (migration 140). Phone, email and withdraw password changes are in
 * security.ts, guarded the same way.
 */
import {
  accountHistory,
  avatars,
  bindCpf,
  changePass,
  editQuint,
  getAccountQuestion,
  modifyInfo,
  passQuint,
  profileInfo,
  secondVerify,
  securityVerifyModify,
  switchGoogleAuth,
  updateUserAvatars,
  verifyEmailCode,
  verifyGoogleAuthCode,
  verifyLoginPass,
  verifyPhoneCode,
} from '../../schemas/hall/calls'
import type { SocialLogin, VerifyType } from '../../schemas/hall/calls'
import * as rules from '../../schemas/validation'
import {
  AccountCodes, accountStateOf, guardChange, issueTicket, maskCpf, normalAnswer, recordChange, verifyTypesFor,
} from '../account'
import { hashPassword, verifyPassword } from '../crypto'
import type { Queryable } from '../db'
import { endAccess, siteDocument } from '../store'
import { base32Decode, verifyTotp } from '../totp'
import { zoneOf } from './records'
import { checkPin } from './withdraw'
import { maskEmail, spendCode } from './security'
import { requirePlayer } from './session'
import { ServiceError, implement } from './types'
import type { CallContext, Implementation } from './types'

/** A value the rule refuses: 1232 with the rule's message key, as the lobby would show it. */
const check = (rule: rules.Rule, value: string): void => {
  const key = rule(value)
  if (key !== null) throw new ServiceError(AccountCodes.badValue, key)
}

/**
 * Checks a second verification of `type` against what the account has bound: 1 the authenticator's
 * current code, 2 and 3 the code sent to the bound email or phone, 4 the secret question's answer,
 * 5 the withdraw password, 6 the login password. Refuses a wrong one (1231) or an item not bound (1233).
 */
export const passVerification = async (ctx: CallContext, playerId: string, type: VerifyType, code: string): Promise<void> => {
  const s = await accountStateOf(ctx.db, playerId)
  switch (type) {
    case 1:
      if (s.googleAuthSecret === null) throw new ServiceError(AccountCodes.notBound, 'bind the authenticator first')
      if (!verifyTotp(base32Decode(s.googleAuthSecret), code, ctx.now)) throw new ServiceError(AccountCodes.wrongSecret, 'the code is wrong')
      return
    case 2:
      if (s.email === '') throw new ServiceError(AccountCodes.notBound, 'bind an email first')
      return spendCode(ctx.db, playerId, 'email', s.email, code, ctx.now)
    case 3:
      if (s.phone === '') throw new ServiceError(AccountCodes.notBound, 'bind a phone first')
      return spendCode(ctx.db, playerId, 'phone', s.phone, code, ctx.now)
    case 4: {
      const hash = (await ctx.db.query<{ hash: string }>('SELECT answer_hash AS hash FROM player_questions WHERE player_id = $1', [playerId])).rows[0]?.hash
      if (hash === undefined) throw new ServiceError(AccountCodes.notBound, 'set a secret question first')
      if (!(await verifyPassword(normalAnswer(code), hash))) throw new ServiceError(AccountCodes.wrongSecret, 'the answer is wrong')
      return
    }
    case 5:
      return checkPin(ctx.db, playerId, code, ctx.now)
    case 6: {
      const hash = (await ctx.db.query<{ hash: string | null }>('SELECT password_hash AS hash FROM players WHERE id = $1', [playerId])).rows[0]?.hash ?? null
      if (hash === null) throw new ServiceError(AccountCodes.notBound, 'set a login password first')
      if (!(await verifyPassword(code, hash))) throw new ServiceError(AccountCodes.wrongSecret, 'the password is wrong')
      return
    }
    default:
      throw new ServiceError(AccountCodes.badValue, 'no such verification')
  }
}

const verifyBy = async (ctx: CallContext, type: VerifyType, code: string) => {
  const { player } = await requirePlayer(ctx)
  await passVerification(ctx, player.id, type, code)
  return issueTicket(ctx.db, player.id, type, ctx.now)
}

/** Whether the site asks real names in capitals (the system info's realNameMustUppercase). */
const mustUppercase = async (ctx: CallContext): Promise<boolean> =>
  (await siteDocument<{ realNameMustUppercase?: boolean }>(ctx.db, ctx.site.code, 'sysInfo'))?.realNameMustUppercase === true

const today = (now: number): string => new Date(now).toISOString().slice(0, 10)

const profileOf = async (db: Queryable, playerId: string) => {
  const row = (
    await db.query<{ username: string; displayName: string; portraitId: number; realName: string; birthday: string | null; cpf: string; email: string }>(
      `SELECT username, display_name AS "displayName", portrait_id AS "portraitId", real_name AS "realName",
         to_char(birthday, 'YYYY-MM-DD') AS birthday, cpf, email FROM players WHERE id = $1`,
      [playerId],
    )
  ).rows[0]
  if (row === undefined) throw new ServiceError(AccountCodes.notBound, 'no such player')
  return {
    username: row.username,
    platfromid: row.displayName === '' ? row.username : row.displayName,
    portrait_id: row.portraitId,
    realName: row.realName,
    birthday: row.birthday ?? '',
    cpf: maskCpf(row.cpf),
    email: maskEmail(row.email),
    ...(await thirdOf(db, playerId)),
  }
}

/** The third-party account bound last (migration 190): its email masked and its type; '' and 0 when none. */
const thirdOf = async (db: Queryable, playerId: string): Promise<{ thirdEmail: string; thirdType: SocialLogin }> => {
  const row = (
    await db.query<{ email: string; type: number }>(
      'SELECT email, requester_type::int AS type FROM player_third_accounts WHERE player_id = $1 ORDER BY created_at DESC LIMIT 1',
      [playerId],
    )
  ).rows[0]
  const type = row?.type
  return row === undefined || (type !== 1 && type !== 2 && type !== 4 && type !== 5) ? { thirdEmail: '', thirdType: 0 } : { thirdEmail: maskEmail(row.email), thirdType: type }
}

export const accountCalls: ReadonlyArray<Implementation> = [
  implement(securityVerifyModify, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    return { item: p.item, verifyTypes: [...verifyTypesFor(p.item, await accountStateOf(ctx.db, player.id))] }
  }),
  implement(verifyPhoneCode, (ctx, p) => verifyBy(ctx, 3, p.code)),
  implement(verifyEmailCode, (ctx, p) => verifyBy(ctx, 2, p.code)),
  implement(verifyGoogleAuthCode, (ctx, p) => verifyBy(ctx, 1, p.code)),
  implement(verifyLoginPass, (ctx, p) => verifyBy(ctx, 6, p.password)),
  implement(secondVerify, (ctx, p) => verifyBy(ctx, p.verifyType, p.code)),

  implement(changePass, async (ctx, p) => {
    const { player, session } = await requirePlayer(ctx)
    if (player.passwordHash === null) throw new ServiceError(AccountCodes.notBound, 'a trial account sets its username and password first')
    check(rules.password, p.newPassword)
    if (p.confirmPassword !== undefined) check(rules.confirmation(p.newPassword), p.confirmPassword)
    if (!(await verifyPassword(p.oldPassword, player.passwordHash))) throw new ServiceError(AccountCodes.wrongSecret, 'the current password is wrong')
    if (p.oldPassword === p.newPassword) throw new ServiceError(AccountCodes.samePassword, 'validation.samePassword')
    const hash = await hashPassword(p.newPassword)
    const userkey = await ctx.db.transaction(async (tx) => {
      await tx.query('UPDATE players SET password_hash = $2, change_password = 0 WHERE id = $1', [player.id, hash])
      await recordChange(tx, player.id, 'loginPass', 'change', null)
      return endAccess(tx, player.id, ctx.now, session.token)
    })
    return { userkey }
  }),

  implement(switchGoogleAuth, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const s = await accountStateOf(ctx.db, player.id)
    if (s.googleAuthSecret === null) throw new ServiceError(AccountCodes.notBound, 'bind the authenticator first')
    if (!verifyTotp(base32Decode(s.googleAuthSecret), p.code, ctx.now)) throw new ServiceError(AccountCodes.wrongSecret, 'the code is wrong')
    await ctx.db.transaction(async (tx) => {
      await tx.query('UPDATE players SET google_auth = $2 WHERE id = $1', [player.id, p.status])
      await recordChange(tx, player.id, 'googleAuth', p.status === 1 ? 'on' : 'off', 1)
    })
    return { is_open_google_auth: p.status }
  }),

  implement(getAccountQuestion, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    const row = (
      await ctx.db.query<{ questionId: number; question: string }>(
        `SELECT q.id AS "questionId", q.question FROM player_questions pq JOIN security_questions q ON q.id = pq.question_id WHERE pq.player_id = $1`,
        [player.id],
      )
    ).rows[0]
    return { question: row ?? null }
  }),

  implement(passQuint, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    check(rules.answer, p.answer)
    const hash = await hashPassword(normalAnswer(p.answer))
    await ctx.db.transaction(async (tx) => {
      if ((await accountStateOf(tx, player.id)).question) throw new ServiceError(AccountCodes.badValue, 'a question is set: change it with its answer')
      const verified = await guardChange(tx, player.id, 'question', p.verifyToken, ctx.now)
      await questionExists(tx, p.questionId)
      await tx.query('INSERT INTO player_questions (player_id, question_id, answer_hash) VALUES ($1, $2, $3)', [player.id, p.questionId, hash])
      await recordChange(tx, player.id, 'question', 'set', verified)
    })
    return {}
  }),

  implement(editQuint, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    check(rules.answer, p.answer)
    await passVerification(ctx, player.id, 4, p.oldAnswer)
    const hash = await hashPassword(normalAnswer(p.answer))
    await ctx.db.transaction(async (tx) => {
      await questionExists(tx, p.questionId)
      await tx.query('UPDATE player_questions SET question_id = $2, answer_hash = $3, updated_at = now() WHERE player_id = $1', [player.id, p.questionId, hash])
      await recordChange(tx, player.id, 'question', 'change', 4)
    })
    return {}
  }),

  implement(bindCpf, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    check(rules.cpf, p.cpf)
    if (p.realName !== undefined) check(rules.realName(await mustUppercase(ctx)), p.realName)
    await ctx.db.transaction(async (tx) => {
      if ((await accountStateOf(tx, player.id)).cpf !== '') throw new ServiceError(AccountCodes.cpfBound, 'the CPF is bound')
      const verified = await guardChange(tx, player.id, 'cpf', p.verifyToken, ctx.now)
      await tx.query('UPDATE players SET cpf = $2, real_name = COALESCE($3, real_name) WHERE id = $1', [player.id, p.cpf, p.realName ?? null])
      await recordChange(tx, player.id, 'cpf', 'bind', verified)
    })
    return { cpf: maskCpf(p.cpf) }
  }),

  implement(avatars, async (ctx) => {
    await requirePlayer(ctx)
    return { list: (await ctx.db.query<{ id: number; url: string }>('SELECT id, url FROM avatars ORDER BY id')).rows }
  }),

  implement(updateUserAvatars, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    await ctx.db.transaction(async (tx) => {
      const known = (await tx.query('SELECT 1 FROM avatars WHERE id = $1', [p.portrait_id])).rows.length > 0
      if (!known) throw new ServiceError(AccountCodes.badValue, 'choose an avatar of the list')
      await tx.query('UPDATE players SET portrait_id = $2 WHERE id = $1', [player.id, p.portrait_id])
      await recordChange(tx, player.id, 'avatar', 'change', null)
    })
    return { portrait_id: p.portrait_id }
  }),

  implement(profileInfo, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    return profileOf(ctx.db, player.id)
  }),

  implement(modifyInfo, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    if (p.platfromid !== undefined) check(rules.displayName, p.platfromid)
    if (p.birthday !== undefined) check(rules.birthday(today(ctx.now)), p.birthday)
    if (p.realName !== undefined) check(rules.realName(await mustUppercase(ctx)), p.realName)
    await ctx.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE players SET display_name = COALESCE($2, display_name), birthday = COALESCE($3::date, birthday), real_name = COALESCE($4, real_name) WHERE id = $1`,
        [player.id, p.platfromid?.trim() ?? null, p.birthday ?? null, p.realName ?? null],
      )
      for (const [field, value] of [['displayName', p.platfromid], ['birthday', p.birthday], ['realName', p.realName]] as const) {
        if (value !== undefined) await recordChange(tx, player.id, field, 'change', null)
      }
    })
    const profile = await profileOf(ctx.db, player.id)
    return { platfromid: profile.platfromid, birthday: profile.birthday, realName: profile.realName }
  }),

  implement(accountHistory, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    const list = (
      await ctx.db.query<{ item: string; action: string; verifyType: number | null; created_at: string }>(
        `SELECT item, action, verify_type::int AS "verifyType", to_char(created_at AT TIME ZONE $2, 'YYYY-MM-DD HH24:MI:SS') AS created_at
         FROM account_history WHERE player_id = $1 ORDER BY id DESC LIMIT 20`,
        [player.id, zoneOf(ctx.site.timeZone)],
      )
    ).rows
    return { list }
  }),
]

const questionExists = async (db: Queryable, id: number): Promise<void> => {
  if ((await db.query('SELECT 1 FROM security_questions WHERE id = $1', [id])).rows.length === 0) {
    throw new ServiceError(AccountCodes.badValue, 'choose a question of the list')
  }
}
