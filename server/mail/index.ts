/**
 * E-mail over SMTP (issue 45, docs/hall.md "Mail and SMS"), sent with nodemailer: a site names its
 * SMTP server, the account to sign in with and the sender in its 'delivery' document
 * (server/mail/delivery.ts). A message is handed to the server once it accepted it (250 after
 * DATA); a refusal or a server that cannot be reached rejects.
 */
import { Schema } from 'effect'
import nodemailer from 'nodemailer'

/** One plain-text message to one address. */
export interface Mail {
  readonly to: string
  readonly subject: string
  readonly text: string
}

export interface MailSender {
  send(mail: Mail): Promise<void>
}

/** A site's SMTP settings. */
export const MailConfig = Schema.Struct({
  host: Schema.String.check(Schema.isMinLength(1)),
  port: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 65535 })),
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: Schema.optional(Schema.Boolean),
  /** Refuse to send unless the server offers STARTTLS (a plain port that must be upgraded). */
  requireTls: Schema.optional(Schema.Boolean),
  /** The SMTP account (AUTH PLAIN or LOGIN); none: the server takes mail without one. */
  user: Schema.optional(Schema.String),
  pass: Schema.optional(Schema.String),
  /** The sender, `"Lobby" <no-reply@lobby.example>`. */
  from: Schema.String.check(Schema.isMinLength(3)),
})
export type MailConfig = typeof MailConfig.Type

/** How long the hall waits for the SMTP server at each step before it tells the player the code was not sent. */
const SMTP_TIMEOUT_MS = 10_000

/** The sender of a site's settings: one connection per message (codes are few). */
export const smtpSender = (config: MailConfig): MailSender => {
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure ?? config.port === 465,
    requireTLS: config.requireTls ?? false,
    ...(config.user === undefined ? {} : { auth: { user: config.user, pass: config.pass ?? '' } }),
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  })
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text })
      } finally {
        transport.close()
      }
    },
  }
}
