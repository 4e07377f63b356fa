/**
 * The signed-in player's phone and e-mail checks of the catalogue that the security centre's own
 * calls do not cover (calls §7.1 "not shown" payloads; shapes in schemas/hall/calls/auth.ts;
 * docs/hall-protocol.md "Phone and e-mail checks"):
 *
 * - `/user/phone`: the phone bound, masked, with the country segment it starts with (the site's
 *   smsCountry list), bound 0 when none is;
 * - `/user/risk/verifyPhone`: the risk check of a sign-in (login validation mode sms 7): the code
 *   sent to the bound phone (securityCreateSms to the masked phone) is checked and spent; the
 *   hall asks it (login answer loginValidType 7) of the players the control `risk-check` names,
 *   and a pass (of either risk call) ends that;
 * - `/user/risk/bindPhone`: the same check for an account without a phone: the phone given is
 *   bound with its code (securityCreateSms to it), as modifyphone binds a first phone;
 * - `/user/verifyphone`: the phone verification of task type 12 'SMS valid': the bound phone's
 *   code, or, for an account without one, the phone given, bound by its code;
 * - `/user/security/verifyEmail`: the bound e-mail's code (named in full or masked, as actionVerify
 *   shows it) answers a verification ticket of type 2, the one a protected change carries;
 * - `/user/getquestion`: the site's secret questions, to choose one (passquint).
 *
 * Codes are those securityCreateSms and securityCreateMail sent (server/calls/security.ts: the
 * last one per player and purpose, 10 minutes, spent once); the refusals are the security
 * centre's (1220 bad phone, 1222 no code, 1223 wrong code, 1224 already bound, 1233 not bound).
 */
import { getQuestion, riskBindPhone, riskVerifyPhone, securityVerifyEmail, userPhone, userVerifyPhone } from '../../schemas/hall/calls'
import * as validation from '../../schemas/validation'
import type { Queryable } from '../db'
import { AccountCodes, accountStateOf, issueTicket, recordChange } from '../account'
import { siteDocument } from '../store'
import { SecurityCodes, maskEmail, maskPhone, spendCode } from './security'
import { requirePlayer } from './session'
import { ServiceError, implement } from './types'
import type { CallContext, Implementation } from './types'

const digitsOf = (v: string): string => v.replace(/\D/g, '')

/** The country segment a stored phone starts with (the longest of the site's smsCountry list), or ''. */
export const areaCodeOf = async (db: Queryable, siteCode: string, phone: string): Promise<string> => {
  const countries = (await siteDocument<ReadonlyArray<{ phoneNumberSegment?: unknown }>>(db, siteCode, 'smsCountry')) ?? []
  return countries
    .map((c) => (typeof c.phoneNumberSegment === 'string' ? c.phoneNumberSegment : ''))
    .filter((s) => s !== '' && phone.startsWith(s))
    .reduce((a, b) => (b.length > a.length ? b : a), '')
}

/** The bound phone a call names, in full (with or without its area code) or masked; else 1233 (none bound) or 1223. */
const boundPhone = (bound: string, phone: string | undefined, areaCode: string | undefined): string => {
  if (bound === '') throw new ServiceError(AccountCodes.notBound, 'bind a phone first')
  if (phone === undefined) return bound
  const given = phone.trim()
  const digits = digitsOf(bound)
  if (given === maskPhone(bound) || digitsOf(given) === digits || digitsOf(`${areaCode ?? ''}${given}`) === digits) return bound
  throw new ServiceError(SecurityCodes.wrongCode, 'that is not the bound phone')
}

/** The phone to bind (the area code as given, '+55', and the number), checked by the site's phone rule; else 1220. */
const newPhone = (ctx: CallContext, phone: string, areaCode: string | undefined): string => {
  const problem = validation.phoneOfSite(ctx.site.code)(phone.trim())
  if (problem !== null) throw new ServiceError(SecurityCodes.badPhone, problem)
  return `${(areaCode ?? '').trim()}${phone.trim()}`
}

/**
 * Binds a first phone by its code (the code securityCreateSms sent to it, to the number as given
 * or with its area code): in one transaction, refused with 1224 if a phone got bound meanwhile.
 */
const bindFirstPhone = async (ctx: CallContext, playerId: string, phone: string, areaCode: string | undefined, code: string): Promise<string> => {
  const number = newPhone(ctx, phone, areaCode)
  await ctx.db.transaction(async (tx) => {
    if ((await accountStateOf(tx, playerId)).phone !== '') throw new ServiceError(SecurityCodes.alreadyBound, 'a phone is bound already')
    try {
      await spendCode(tx, playerId, 'phone', phone.trim(), code, ctx.now)
    } catch (e) {
      // The send named the number with its area code.
      if (!(e instanceof ServiceError) || number === phone.trim()) throw e
      await spendCode(tx, playerId, 'phone', number, code, ctx.now)
    }
    await tx.query('UPDATE players SET mobile_phone = $2 WHERE id = $1', [playerId, number])
    await recordChange(tx, playerId, 'phone', 'bind', 3)
  })
  return number
}

export const phoneCalls: ReadonlyArray<Implementation> = [
  implement(userPhone, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    const phone = (await accountStateOf(ctx.db, player.id)).phone
    return { mobile_phone: maskPhone(phone), areaCode: await areaCodeOf(ctx.db, ctx.site.code, phone), bound: phone === '' ? (0 as const) : (1 as const) }
  }),

  implement(riskVerifyPhone, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const bound = boundPhone((await accountStateOf(ctx.db, player.id)).phone, undefined, undefined)
    await spendCode(ctx.db, player.id, 'phone', bound, p.code, ctx.now)
    ctx.state.riskChecks.delete(player.id)
    return {}
  }),

  implement(riskBindPhone, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const mobile_phone = maskPhone(await bindFirstPhone(ctx, player.id, p.phone, p.areaCode, p.code))
    ctx.state.riskChecks.delete(player.id)
    return { mobile_phone }
  }),

  implement(userVerifyPhone, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const bound = (await accountStateOf(ctx.db, player.id)).phone
    if (bound === '') return { mobile_phone: maskPhone(await bindFirstPhone(ctx, player.id, p.phone, p.areaCode, p.code)) }
    await spendCode(ctx.db, player.id, 'phone', boundPhone(bound, p.phone, p.areaCode), p.code, ctx.now)
    return { mobile_phone: maskPhone(bound) }
  }),

  implement(securityVerifyEmail, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const bound = (await accountStateOf(ctx.db, player.id)).email
    if (bound === '') throw new ServiceError(AccountCodes.notBound, 'bind an email first')
    const given = p.email.trim()
    if (given.toLowerCase() !== bound && given !== maskEmail(bound)) throw new ServiceError(SecurityCodes.wrongCode, 'that is not the bound email')
    await spendCode(ctx.db, player.id, 'email', bound, p.code, ctx.now)
    return issueTicket(ctx.db, player.id, 2, ctx.now)
  }),

  implement(getQuestion, async (ctx) => {
    await requirePlayer(ctx)
    const list = (await ctx.db.query<{ questionId: number; question: string }>('SELECT id AS "questionId", question FROM security_questions ORDER BY id')).rows
    return { list }
  }),
]
