/**
 * SMS login (issue 24; screens §4 login mode sms; calls §7.1 smslogin, shortmsg/create and
 * shortmsg/validate; docs/hall-protocol.md "SMS login"): a visitor asks for a code to a phone
 * (scene 'login'); the hall sends it only when one account of the site has that phone bound (the
 * digits of the country's segment and the number, or the number alone, as the account stored it),
 * and the code and the phone sign that account in. A code is the account's own (security_codes,
 * purpose phone), sent by the site's SMS provider (server/mail/delivery.ts; kept only in dev and
 * test modes without one, where the control surface's last-code reads it). Wrong codes are guarded per phone
 * (server/guard.ts 'recovery': locked at 5), sends per address and per account like every send
 * before sign-in (recovery.ts).
 */
import { shortMsgValidate, smsLogin } from '../../schemas/hall/calls'
import type { UserInfo } from '../../schemas/hall/calls'
import { randomBytes } from 'node:crypto'
import { admitAttempt, admitOpenSend, forgetFailures, guarded, refuseAttempt } from '../guard'
import type { ChallengeAnswer } from '../guard'
import { playerById } from '../store'
import type { PlayerRow } from '../store'
import { codeSender } from '../mail/delivery'
import { signIn } from './auth'
import { CODE_DIGITS, CODE_TTL_MS, SecurityCodes, maskPhone, spendCode } from './security'
import { ServiceError, implement } from './types'
import type { CallContext, Implementation } from './types'

/** Service codes of the SMS login (issue 24's range). */
export const SmsLoginCodes = {
  /** No account of the site has this phone bound. */
  noAccount: 2005,
  /** Several accounts have it bound: the player signs in with a username. */
  ambiguous: 2006,
  /** The spec's phone code error (a wrong or expired SMS code). */
  wrongCode: 1101,
} as const

const digitsOf = (v: string): string => v.replace(/\D/g, '')

/** The one account whose bound phone is this one; 2005 when none, 2006 when several. */
const accountOfPhone = async (ctx: CallContext, phone: string, areaCode: string | undefined): Promise<{ player: PlayerRow; bound: string }> => {
  const number = digitsOf(phone)
  const full = digitsOf(`${areaCode ?? ''}${phone}`)
  if (number.length < 6) throw new ServiceError(SecurityCodes.badPhone, 'not a phone number')
  const rows = (
    await ctx.db.query<{ id: string; phone: string }>(
      `SELECT id::text AS id, mobile_phone AS phone FROM players
       WHERE site_code = $1 AND mobile_phone <> '' AND regexp_replace(mobile_phone, '\\D', '', 'g') = ANY($2) LIMIT 2`,
      [ctx.site.code, [...new Set([number, full])]],
    )
  ).rows
  if (rows.length === 0) throw new ServiceError(SmsLoginCodes.noAccount, 'no account has this phone bound')
  if (rows.length > 1) throw new ServiceError(SmsLoginCodes.ambiguous, 'several accounts have this phone bound: sign in with the username')
  const player = await playerById(ctx.db, rows[0]!.id)
  if (player === undefined) throw new ServiceError(SmsLoginCodes.noAccount, 'no account has this phone bound')
  return { player, bound: rows[0]!.phone }
}

/** The 'login' code send of shortmsg/create. */
export const smsLoginSend = async (
  ctx: CallContext,
  phone: string,
  areaCode: string | undefined,
  answer: ChallengeAnswer,
): Promise<{ target: string; expireSeconds: number }> => {
  const { player, bound } = await accountOfPhone(ctx, phone, areaCode)
  const send = await codeSender(ctx, 'phone', CODE_TTL_MS)
  await admitOpenSend(ctx, player.id, 'phone', answer)
  const code = String(randomBytes(4).readUInt32BE(0) % 10 ** CODE_DIGITS.phone).padStart(CODE_DIGITS.phone, '0')
  await ctx.db.query(
    `INSERT INTO security_codes (player_id, purpose, target, code, expires_at) VALUES ($1, 'phone', $2, $3, $4)
     ON CONFLICT (player_id, purpose) DO UPDATE SET target = EXCLUDED.target, code = EXCLUDED.code, expires_at = EXCLUDED.expires_at`,
    [player.id, bound, code, new Date(ctx.now + CODE_TTL_MS).toISOString()],
  )
  await send(bound, code)
  return { target: maskPhone(bound), expireSeconds: CODE_TTL_MS / 1000 }
}

/** Checks the code sent to the phone (guarded per phone); `spend` uses it up. */
const checkCode = async (ctx: CallContext, phone: string, areaCode: string | undefined, code: string, spend: boolean): Promise<PlayerRow> => {
  const keys = [guarded('recovery', ctx.site.code, `sms${digitsOf(`${areaCode ?? ''}${phone}`)}`)]
  await admitAttempt(ctx.db, keys, {}, ctx.now)
  const { player, bound } = await accountOfPhone(ctx, phone, areaCode)
  try {
    if (spend) await spendCode(ctx.db, player.id, 'phone', bound, code, ctx.now)
    else {
      const row = (
        await ctx.db.query<{ ok: boolean }>("SELECT code = $3 AND target = $2 AND expires_at > $4 AS ok FROM security_codes WHERE player_id = $1 AND purpose = 'phone'", [
          player.id,
          bound,
          code,
          new Date(ctx.now).toISOString(),
        ])
      ).rows[0]
      if (row?.ok !== true) throw new ServiceError(SecurityCodes.wrongCode, 'the code is wrong')
    }
  } catch (e) {
    if (e instanceof ServiceError && (e.code === SecurityCodes.wrongCode || e.code === SecurityCodes.noCode)) {
      await refuseAttempt(ctx.db, keys, new ServiceError(SmsLoginCodes.wrongCode, 'phone code error'), ctx.now)
    }
    throw e
  }
  await forgetFailures(ctx.db, keys)
  return player
}

export const smsLoginCalls: ReadonlyArray<Implementation> = [
  implement(smsLogin, async (ctx, p): Promise<UserInfo> => signIn(ctx, await checkCode(ctx, p.phone, p.areaCode, p.code, true))),
  // Checks a 'login' code without spending it (a form that checks before it signs in).
  implement(shortMsgValidate, async (ctx, p) => {
    if (p.scene !== undefined && p.scene !== 'login') throw new ServiceError(2004, `the reference hall checks no '${p.scene}' code here`)
    await checkCode(ctx, p.phone_number, undefined, p.captcha, false)
    return {}
  }),
]
