/**
 * What the hall delivered, caught on this machine (issue 45; docs/hall.md "Mail and SMS"): a local
 * SMTP server (the `smtp-server` package) that keeps every message it accepts, and a local SMS
 * endpoint that answers like Twilio's Messages API and keeps every text. Tests read a code from
 * what arrived here, never from the hall's store. Waiting for a message waits for its arrival (an
 * event), not for a time.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** One message the SMTP server accepted. */
export interface DeliveredMail {
  readonly from: string
  readonly to: ReadonlyArray<string>
  readonly subject: string
  /** The text part, decoded (quoted-printable or base64). */
  readonly text: string
}

/** One text the SMS endpoint took. */
export interface DeliveredSms {
  readonly to: string
  readonly from: string
  readonly body: string
  /** The account SID and token of the basic authentication. */
  readonly auth: string
}

/** Arrivals of one kind, with a wait for the first (or next) one that matches. */
class Arrivals<T> {
  readonly all: T[] = []
  private waiting: Array<{ match: (t: T) => boolean; resolve: (t: T) => void; from: number }> = []

  add(item: T): void {
    this.all.push(item)
    const index = this.all.length - 1
    this.waiting = this.waiting.filter((w) => {
      if (index < w.from || !w.match(item)) return true
      w.resolve(item)
      return false
    })
  }

  /** The first arrival from now on (or, with `since`, from that count on) that matches. */
  next(match: (t: T) => boolean, since = this.all.length): Promise<T> {
    const found = this.all.slice(since).find(match)
    if (found !== undefined) return Promise.resolve(found)
    return new Promise((resolve) => this.waiting.push({ match, resolve, from: since }))
  }
}

const decodeQuotedPrintable = (s: string): string =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')

/** Headers and text of a single-part message as nodemailer writes one. */
const parseMessage = (raw: string): { headers: Map<string, string>; text: string } => {
  const split = raw.search(/\r?\n\r?\n/)
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ')
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '')
  const headers = new Map<string, string>()
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  const text = encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body
  return { headers, text: text.trim() }
}

/** An encoded-word subject (`=?UTF-8?Q?…?=` or `=?UTF-8?B?…?=`) decoded. */
const decodeSubject = (s: string): string =>
  s.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  )

export interface MailInbox {
  readonly host: string
  readonly port: number
  readonly mails: Arrivals<DeliveredMail>
  /** The next message to this address. */
  nextTo(address: string): Promise<DeliveredMail>
  close(): Promise<void>
}

/** A local SMTP server on a free port of 127.0.0.1: no TLS, no sign-in needed, keeps every message. */
export const startMailInbox = async (): Promise<MailInbox> => {
  const mails = new Arrivals<DeliveredMail>()
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const { headers, text } = parseMessage(Buffer.concat(chunks).toString('utf8'))
        mails.add({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: decodeSubject(headers.get('subject') ?? ''),
          text,
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.server.address() as AddressInfo).port
  return {
    host: '127.0.0.1',
    port,
    mails,
    nextTo: (address) => mails.next((m) => m.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export interface SmsInbox {
  /** The endpoint's origin, the `baseUrl` of a site's Twilio settings. */
  readonly baseUrl: string
  readonly accountSid: string
  readonly authToken: string
  readonly texts: Arrivals<DeliveredSms>
  /** The next text to this phone (digits, with or without '+'). */
  nextTo(phone: string): Promise<DeliveredSms>
  /** From now on refuse every message as Twilio refuses a bad number (400, error 21211), or take them again. */
  refuse(on: boolean): void
  close(): Promise<void>
}

/**
 * A local endpoint of Twilio's Messages API: `POST /2010-04-01/Accounts/<sid>/Messages.json` with
 * the form `To`, `From`, `Body` and the account's basic authentication; answers 201 with the
 * message, 401 for other credentials.
 */
export const startSmsInbox = async (): Promise<SmsInbox> => {
  const accountSid = 'ACtest0000000000000000000000000000'
  const authToken = 'local-sms-token'
  const texts = new Arrivals<DeliveredSms>()
  let refusing = false
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) return answer(404, { code: 20404, message: 'not found', status: 404 })
      const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8')
      if (auth !== `${accountSid}:${authToken}`) return answer(401, { code: 20003, message: 'Authenticate', status: 401 })
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
      if (refusing) return answer(400, { code: 21211, message: `The 'To' number ${form.get('To') ?? ''} is not a valid phone number.`, status: 400 })
      const sms = { to: form.get('To') ?? '', from: form.get('From') ?? form.get('MessagingServiceSid') ?? '', body: form.get('Body') ?? '', auth }
      texts.add(sms)
      answer(201, { sid: `SM${texts.all.length}`, status: 'queued', to: sms.to, from: sms.from, body: sms.body })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.address() as AddressInfo).port
  const digits = (v: string) => v.replace(/\D/g, '')
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    texts,
    nextTo: (phone) => texts.next((t) => digits(t.to) === digits(phone)),
    refuse: (on) => {
      refusing = on
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The code in a delivered text: the first run of 4 to 6 digits. */
export const codeIn = (text: string): string => {
  const m = /\b(\d{4,6})\b/.exec(text)
  if (m === null) throw new Error(`no code in: ${text}`)
  return m[1]!
}

/** A site's delivery document for these two local counterparts. */
export const deliveryOf = (mail: MailInbox | undefined, sms: SmsInbox | undefined): Record<string, unknown> => ({
  ...(mail === undefined ? {} : { mail: { host: mail.host, port: mail.port, from: '"Lobby" <no-reply@lobby.test>' } }),
  ...(sms === undefined ? {} : { sms: { provider: 'twilio', accountSid: sms.accountSid, authToken: sms.authToken, from: '+15005550006', baseUrl: sms.baseUrl } }),
})
