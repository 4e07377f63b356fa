/**
 * Codes sent for real (issue 45; server/mail/delivery.ts, docs/hall.md "Mail and SMS"): a site
 * with senders sends its e-mail codes to a local SMTP server and its SMS codes to a local endpoint
 * of Twilio's API; the codes are read from what arrived there, never from the store, and they
 * prove the account, sign it in and bind what they were sent to. A sender that refuses answers
 * 2231; a production hall whose site has no sender refuses the send (2230) and makes no code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHall, type RunningHall } from '../../server/hall'
import { DeliveryCodes } from '../../server/mail/delivery'
import { callHall, control, player, visitor } from './support'
import type { Caller } from './support'
import { codeIn, deliveryOf, startMailInbox, startSmsInbox } from './delivery-inbox'
import type { MailInbox, SmsInbox } from './delivery-inbox'

let hall: RunningHall
let site: Caller
let mail: MailInbox
let sms: SmsInbox
let n = 0

beforeAll(async () => {
  ;[hall, mail, sms] = await Promise.all([startHall({ port: 0, dataDir: 'memory', mode: 'test', log: () => undefined }), startMailInbox(), startSmsInbox()])
  site = await visitor(hall.url, '001')
  expect(await control(hall.url, 'site-document', { siteCode: '001', name: 'delivery', patch: deliveryOf(mail, sms) })).toMatchObject({ doc: { mail: { port: mail.port } } })
}, 60_000)
afterAll(async () => {
  await hall.close()
  await Promise.all([mail.close(), sms.close()])
})

const answer = async (path: string, params: unknown, caller: Caller = site) => (await callHall(hall.url, caller, 'POST', path, params)).envelope
const dataOf = async <T>(path: string, params: unknown, caller: Caller = site): Promise<T> => {
  const envelope = await answer(path, params, caller)
  expect(envelope.code, `${path}: ${JSON.stringify(envelope)}`).toBe(1)
  return envelope.data as T
}

/** A registered player of its own, with a phone and an email bound as a bind would store them. */
const newPlayer = async (o: { phone?: string; email?: string } = {}): Promise<{ username: string; caller: Caller }> => {
  n += 1
  const username = `dlv${String(n).padStart(3, '0')}${String(Date.now() % 1000).padStart(3, '0')}`
  const data = await dataOf('/home/register', { username, password: 'abc12345' })
  await control(hall.url, 'player', { username, ...(o.phone === undefined ? {} : { mobile_phone: o.phone }), ...(o.email === undefined ? {} : { email: o.email }) })
  return { username, caller: player('001', data) }
}

it('mails a recovery code to the bound address over SMTP; the code read from the mail proves the account', async () => {
  const address = `mailrec${Date.now() % 100_000}@example.com`
  const { username } = await newPlayer({ email: address })
  const arrived = mail.nextTo(address)
  expect(await dataOf('/user/email/createmail', { username, email: address })).toMatchObject({ expireSeconds: 600 })
  const delivered = await arrived
  expect(delivered.from).toBe('no-reply@lobby.test')
  expect(delivered.subject).toBe('Lobby: your verification code')
  const code = codeIn(delivered.text)
  expect(code).toMatch(/^\d{5}$/)
  expect(delivered.text).toBe(`Lobby: your verification code is ${code}. It is good for 10 minutes. Do not share it with anyone.`)
  const { resetToken } = await dataOf<{ resetToken: string }>('/user/notlogin/verifyEmail', { username, email: address, code })
  await dataOf('/user/notlogin/resetpasswd', { username, resetToken, newPassword: 'new12345', confirmPassword: 'new12345' })
  expect((await answer('/home/login', { username, password: 'new12345' })).code).toBe(1)
})

it("texts a sign-in code through the provider's API; the code read from the text signs the account in", async () => {
  const { username } = await newPlayer({ phone: '+5511987650001' })
  const arrived = sms.nextTo('5511987650001')
  await dataOf('/shortmsg/create', { phone_number: '11987650001', areaCode: '+55', scene: 'login' })
  const text = await arrived
  expect(text.to).toBe('+5511987650001')
  expect(text.from).toBe('+15005550006')
  const code = codeIn(text.body)
  expect(code).toMatch(/^\d{4}$/)
  const signedIn = await dataOf<{ username: string }>('/api/protected/user/smslogin', { phone: '11987650001', areaCode: '+55', code })
  expect(signedIn.username).toBe(username)
})

it("sends a bind code in the player's language, and binds the phone it was texted to", async () => {
  const { caller } = await newPlayer()
  const arrived = sms.nextTo('5511987650002')
  const sent = await callHall(hall.url, caller, 'POST', '/user/security/createsms', { phone: '5511987650002' }, { language: 'pt_BR' })
  expect(sent.envelope.code, JSON.stringify(sent.envelope)).toBe(1)
  const text = await arrived
  const code = codeIn(text.body)
  expect(text.body).toBe(`Lobby: seu código de verificação é ${code}. Ele vale por 10 minutos. Não o compartilhe com ninguém.`)
  expect(await dataOf('/user/security/modifyphone', { phone: '5511987650002', code }, caller)).toEqual({ mobile_phone: '5511987650002' })
})

it('answers 2231 when the provider refuses the text or the SMTP server cannot be reached', async () => {
  const { caller } = await newPlayer()
  sms.refuse(true)
  try {
    const refused = await answer('/user/security/createsms', { phone: '5511987650003' }, caller)
    expect([refused.code, refused.msg]).toEqual([DeliveryCodes.notSent, 'the code could not be sent: try again later'])
  } finally {
    sms.refuse(false)
  }
  // An SMTP server that is gone: the port of a closed inbox.
  const gone = await startMailInbox()
  await gone.close()
  await control(hall.url, 'site-document', { siteCode: '001', name: 'delivery', patch: deliveryOf(gone, undefined) })
  try {
    expect((await answer('/user/security/createmail', { email: 'gone@example.com' }, caller)).code).toBe(DeliveryCodes.notSent)
  } finally {
    await control(hall.url, 'site-document', { siteCode: '001', name: 'delivery', patch: deliveryOf(mail, undefined) })
  }
})

it("keeps the code only, for the control surface, on a test hall's site without senders", async () => {
  const other = await visitor(hall.url, '201')
  const data = await dataOf('/home/register', { username: `dlvkeep${Date.now() % 1000}`, password: 'abc12345' }, other)
  const caller = player('201', data)
  const before = sms.texts.all.length
  expect((await answer('/user/security/createsms', { phone: '4915112345678' }, caller)).code).toBe(1)
  expect(sms.texts.all.length).toBe(before)
})

describe('a production hall', () => {
  let production: RunningHall
  beforeAll(async () => {
    production = await startHall({ port: 0, dataDir: 'memory', mode: 'production', log: () => undefined })
  }, 60_000)
  afterAll(() => production.close())

  it('refuses a send on a site without a sender (2230), before any code is made', async () => {
    // Production has no control surface: the site key is the one the page is given.
    const html = await (await fetch(`${production.url}/`, { headers: { accept: 'text/html' } })).text()
    const siteKey = /"siteKey":\s*"([^"]+)"/.exec(html)?.[1]
    expect(siteKey).toBeDefined()
    const prodSite: Caller = { siteCode: '001', keyMaterial: siteKey!, token: '' }
    const registered = await callHall(production.url, prodSite, 'POST', '/home/register', { username: 'dlvprod01', password: 'abc12345' })
    expect(registered.envelope.code).toBe(1)
    const caller = player('001', registered.envelope.data)
    const sms = await callHall(production.url, caller, 'POST', '/user/security/createsms', { phone: '5511987650004' })
    expect([sms.envelope.code, sms.envelope.msg]).toEqual([DeliveryCodes.noSender, 'this site sends no SMS'])
    const email = await callHall(production.url, caller, 'POST', '/user/security/createmail', { email: 'prod@example.com' })
    expect([email.envelope.code, email.envelope.msg]).toEqual([DeliveryCodes.noSender, 'this site sends no e-mail'])
    // No code was made: binding with any code finds none to check.
    expect((await callHall(production.url, caller, 'POST', '/user/security/modifyphone', { phone: '5511987650004', code: '1234' })).envelope.code).toBe(1222)
  })
})
