/**
 * Codes sent for real (issue 45, docs/hall.md "Mail and SMS"): a phone code goes out as an SMS
 * through the site's provider (server/sms), an e-mail code as a mail through the site's SMTP server
 * (server/mail). A site's senders are its 'delivery' document:
 *
 *     { "mail": { "host": "smtp.example", "port": 587, "user": "…", "pass": "…", "from": "Lobby <no-reply@lobby.example>" },
 *       "sms": { "provider": "twilio", "accountSid": "AC…", "authToken": "…", "from": "+15005550006" } }
 *
 * A site without a sender for a kind of code: in dev and test modes the code is only kept (the
 * stand-in: the control surface's last-code reveals it); in production the send is refused (2230)
 * before any code is made. A sender that fails or refuses answers 2231, and the failure is logged.
 * The code is kept in the store either way: that is what the check compares with.
 */
import { Exit, Schema } from 'effect'
import type { CallContext } from '../calls/types'
import { ServiceError } from '../service-error'
import { siteDocument } from '../store'
import { SmsConfig, smsProviderOf } from '../sms'
import { MailConfig, smtpSender } from './index'

/** A site's senders (the 'delivery' site document); either may be absent. */
export const DeliveryConfig = Schema.Struct({
  mail: Schema.optional(MailConfig),
  sms: Schema.optional(SmsConfig),
})
export type DeliveryConfig = typeof DeliveryConfig.Type

/** Service codes of a send (the reference hall's own, 2230-2239). */
export const DeliveryCodes = {
  /** Production, and the site names no sender for this kind of code. */
  noSender: 2230,
  /** The sender failed or refused the message. */
  notSent: 2231,
} as const

type Kind = 'phone' | 'email'

/** Sends one code to its target; resolves once the sender took it. */
export type CodeSender = (target: string, code: string) => Promise<void>

const decode = Schema.decodeUnknownExit(DeliveryConfig)

/** A site's senders; a document that is not DeliveryConfig is a configuration error, refused on every send. */
const deliveryOf = async (ctx: Pick<CallContext, 'db' | 'site'>): Promise<DeliveryConfig | Error> => {
  const doc = (await siteDocument<unknown>(ctx.db, ctx.site.code, 'delivery')) ?? {}
  const decoded = decode(doc)
  return Exit.isSuccess(decoded) ? decoded.value : new Error(`site ${ctx.site.code}: the delivery document is not valid: ${String(decoded.cause)}`)
}

/** The words of a code's message, by the player's language (English unless Portuguese or Chinese). */
const wordsOf = (language: string, site: string, code: string, minutes: number): { subject: string; text: string } => {
  if (language.startsWith('pt')) {
    return { subject: `${site}: seu código de verificação`, text: `${site}: seu código de verificação é ${code}. Ele vale por ${minutes} minutos. Não o compartilhe com ninguém.` }
  }
  if (language.startsWith('zh')) return { subject: `${site}：验证码`, text: `${site}：您的验证码是 ${code}，${minutes} 分钟内有效。请勿告诉他人。` }
  return { subject: `${site}: your verification code`, text: `${site}: your verification code is ${code}. It is good for ${minutes} minutes. Do not share it with anyone.` }
}

const fail = (site: string, kind: Kind, e: unknown): ServiceError => {
  console.error(`delivery: site ${site}: the ${kind === 'phone' ? 'SMS' : 'mail'} was not sent: ${e instanceof Error ? e.message : String(e)}`)
  return new ServiceError(DeliveryCodes.notSent, 'the code could not be sent: try again later')
}

/**
 * The sender of a kind of code for this call's site: call it before a code is made (production
 * without a sender refuses here, 2230), then hand it the target and the code.
 */
export const codeSender = async (ctx: Pick<CallContext, 'db' | 'site' | 'config' | 'language'>, kind: Kind, ttlMs: number): Promise<CodeSender> => {
  const delivery = await deliveryOf(ctx)
  if (delivery instanceof Error) throw fail(ctx.site.code, kind, delivery)
  const minutes = Math.round(ttlMs / 60_000)
  if (kind === 'phone' && delivery.sms !== undefined) {
    const provider = smsProviderOf(delivery.sms)
    return async (target, code) => {
      await provider.send({ to: target, text: wordsOf(ctx.language, ctx.site.name, code, minutes).text }).catch((e: unknown) => {
        throw fail(ctx.site.code, kind, e)
      })
    }
  }
  if (kind === 'email' && delivery.mail !== undefined) {
    const sender = smtpSender(delivery.mail)
    return async (target, code) => {
      await sender.send({ to: target, ...wordsOf(ctx.language, ctx.site.name, code, minutes) }).catch((e: unknown) => {
        throw fail(ctx.site.code, kind, e)
      })
    }
  }
  if (ctx.config.mode === 'production') throw new ServiceError(DeliveryCodes.noSender, `this site sends no ${kind === 'phone' ? 'SMS' : 'e-mail'}`)
  // Dev and test: the code is only kept; the control surface's last-code reveals it.
  return async () => undefined
}
