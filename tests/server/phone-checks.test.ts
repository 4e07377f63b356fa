/**
 * The catalogue's phone, e-mail, question and challenge checks the reference hall answers (issue 45):
 * /user/phone, /user/risk/verifyPhone, /user/risk/bindPhone, /user/verifyphone,
 * /user/security/verifyEmail, /user/getquestion, the Geetest v4 validations before and after
 * sign-in, and the captcha variants of the recovery (/user/captcha/getUserInfo, /user/captcha/verifyPhone).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHall } from '../../server/hall'
import { maskEmail, maskPhone } from '../../server/calls/security'
import { callHall, control, player, visitor } from './support'
import type { Caller } from './support'

let hall: Awaited<ReturnType<typeof startHall>>
let site: Caller

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', log: () => undefined })
  site = await visitor(hall.url, '001')
}, 60_000)
afterAll(() => hall.close())

const post = (caller: Caller, path: string, params: unknown) => callHall(hall.url, caller, 'POST', path, params)

/** A new player of site 001, signed in, with the settings given (a bound phone or e-mail). */
const signedIn = async (settings: Record<string, unknown> = {}): Promise<{ caller: Caller; username: string }> => {
  const p = await control(hall.url, 'new-player', { prefix: 'chk', ...settings })
  const username = String(p['username'])
  const login = await post(site, '/home/login', { username, password: String(p['password']) })
  expect(login.envelope.code).toBe(1)
  return { caller: player('001', login.envelope.data), username }
}

const lastCode = async (username: string, purpose: 'phone' | 'email'): Promise<string> => String((await control(hall.url, 'last-code', { username, purpose }))['code'])

/** A new image challenge and its digits, read as a person reads the picture (the control surface). */
const challenge = async (): Promise<{ key: string; digits: string }> => {
  const c = await post(site, '/home/captcha', {})
  expect(c.envelope.code).toBe(1)
  const key = (c.envelope.data as { key: string }).key
  return { key, digits: String((await control(hall.url, 'challenge-answer', { key }))['answer']) }
}

const geetest = (key: string, output: string) => ({ captcha_id: 'reference', lot_number: key, captcha_output: output, pass_token: 'p', gen_time: String(Math.floor(Date.now() / 1000)) })

describe('the phone checks of a signed-in player', () => {
  it('/user/phone answers the bound phone masked, with its area code, and bound 0 without one', async () => {
    const { caller } = await signedIn({ mobile_phone: '+5511987654321' })
    expect((await post(caller, '/user/phone', {})).envelope).toMatchObject({ code: 1, data: { mobile_phone: maskPhone('+5511987654321'), areaCode: '+55', bound: 1 } })
    const none = await signedIn()
    expect((await post(none.caller, '/user/phone', {})).envelope).toMatchObject({ code: 1, data: { mobile_phone: '', areaCode: '', bound: 0 } })
    expect((await post(site, '/user/phone', {})).envelope.code).toBe(-1)
  })

  it('the risk check spends the code sent to the bound phone, once', async () => {
    const { caller, username } = await signedIn({ mobile_phone: '+15551234567' })
    expect((await post(caller, '/user/security/createsms', { phone: maskPhone('+15551234567') })).envelope.code).toBe(1)
    const code = await lastCode(username, 'phone')
    const wrong = code === '0000' ? '1111' : '0000'
    expect((await post(caller, '/user/risk/verifyPhone', { code: wrong })).envelope.code).toBe(1223)
    expect((await post(caller, '/user/risk/verifyPhone', { code })).envelope).toMatchObject({ code: 1, data: {} })
    expect((await post(caller, '/user/risk/verifyPhone', { code })).envelope.code).toBe(1222)
    const none = await signedIn()
    expect((await post(none.caller, '/user/risk/verifyPhone', { code: '1234' })).envelope.code).toBe(1233)
  })

  it('the risk binding binds a first phone by its code, and refuses a second', async () => {
    const { caller, username } = await signedIn()
    expect((await post(caller, '/user/security/createsms', { phone: '5551234567', areaCode: '+1' })).envelope.code).toBe(1)
    const code = await lastCode(username, 'phone')
    expect((await post(caller, '/user/risk/bindPhone', { phone: '5551234567', areaCode: '+1', code })).envelope).toMatchObject({ code: 1, data: { mobile_phone: maskPhone('+15551234567') } })
    expect((await post(caller, '/user/phone', {})).envelope.data).toMatchObject({ areaCode: '+1', bound: 1 })
    expect((await post(caller, '/user/security/createsms', { phone: '5557654321' })).envelope.code).toBe(1)
    const again = await lastCode(username, 'phone')
    expect((await post(caller, '/user/risk/bindPhone', { phone: '5557654321', code: again })).envelope.code).toBe(1224)
    expect((await post(caller, '/user/risk/bindPhone', { phone: 'x', code: again })).envelope.code).toBe(1220)
  })

  it('/user/verifyphone checks the bound phone named in full or masked, and binds one for an account without', async () => {
    const bound = await signedIn({ mobile_phone: '+639171234567' })
    expect((await post(bound.caller, '/user/security/createsms', { phone: maskPhone('+639171234567') })).envelope.code).toBe(1)
    const code = await lastCode(bound.username, 'phone')
    expect((await post(bound.caller, '/user/verifyphone', { phone: '9999999999', code })).envelope.code).toBe(1223)
    expect((await post(bound.caller, '/user/verifyphone', { phone: '9171234567', areaCode: '+63', code })).envelope).toMatchObject({ code: 1, data: { mobile_phone: maskPhone('+639171234567') } })
    const fresh = await signedIn()
    expect((await post(fresh.caller, '/user/security/createsms', { phone: '9171112222' })).envelope.code).toBe(1)
    const first = await lastCode(fresh.username, 'phone')
    expect((await post(fresh.caller, '/user/verifyphone', { phone: '9171112222', areaCode: '+63', code: first })).envelope).toMatchObject({ code: 1, data: { mobile_phone: maskPhone('+639171112222') } })
    expect((await post(fresh.caller, '/user/phone', {})).envelope.data).toMatchObject({ areaCode: '+63', bound: 1 })
  })
})

describe('the e-mail verification and the question list', () => {
  it('/user/security/verifyEmail answers a ticket for the bound e-mail\'s code, which a protected change takes', async () => {
    const { caller, username } = await signedIn({ email: 'ana@example.com' })
    expect((await post(caller, '/user/security/createmail', { email: maskEmail('ana@example.com') })).envelope.code).toBe(1)
    const code = await lastCode(username, 'email')
    expect((await post(caller, '/user/security/verifyEmail', { email: 'bob@example.com', code })).envelope.code).toBe(1223)
    const ticket = await post(caller, '/user/security/verifyEmail', { email: maskEmail('ana@example.com'), code })
    expect(ticket.envelope).toMatchObject({ code: 1, data: { verifyToken: expect.stringMatching(/^[0-9a-f]{48}$/), expireSeconds: 300 } })
    // The ticket of type 2 lets the bound e-mail change (bindEmail needs a verification first).
    expect((await post(caller, '/user/security/createmail', { email: 'new@example.com' })).envelope.code).toBe(1)
    const newCode = await lastCode(username, 'email')
    const verifyToken = (ticket.envelope.data as { verifyToken: string }).verifyToken
    expect((await post(caller, '/user/security/bindEmail', { email: 'new@example.com', code: newCode, verifyToken })).envelope).toMatchObject({ code: 1, data: { email: 'new@example.com' } })
    const none = await signedIn()
    expect((await post(none.caller, '/user/security/verifyEmail', { email: 'a@b.co', code: '12345' })).envelope.code).toBe(1233)
  })

  it('/user/getquestion lists the site\'s secret questions for a signed-in player', async () => {
    const { caller } = await signedIn()
    const a = await post(caller, '/user/getquestion', {})
    expect(a.envelope.code).toBe(1)
    const list = (a.envelope.data as { list: Array<{ questionId: number; question: string }> }).list
    expect(list.length).toBeGreaterThan(0)
    expect(list.map((q) => q.questionId)).toEqual([...list.map((q) => q.questionId)].sort((x, y) => x - y))
    expect((await post(site, '/user/getquestion', {})).envelope.code).toBe(-1)
  })
})

describe('the Geetest v4 validations', () => {
  it('before sign-in: a solved challenge passes once; a wrong answer is 2011, a second 1127', async () => {
    const c = await challenge()
    expect((await post(site, '/geetest/validate/v4', { ...geetest(c.key, c.digits), scene: 'login' })).envelope).toMatchObject({ code: 1, data: {} })
    expect((await post(site, '/geetest/validate/v4', geetest(c.key, c.digits))).envelope.code).toBe(2011)
    const d = await challenge()
    expect((await post(site, '/geetest/validate/v4', geetest(d.key, d.digits === '0000' ? '1111' : '0000'))).envelope.code).toBe(1127)
  })

  it('after sign-in: counted on the player; a result from the future is refused', async () => {
    const { caller } = await signedIn()
    const c = await challenge()
    expect((await post(caller, '/user/geetest/validate/v4', { ...geetest(c.key, c.digits), gen_time: String(Math.floor(Date.now() / 1000) + 3600) })).envelope.code).toBe(2011)
    const d = await challenge()
    expect((await post(caller, '/user/geetest/validate/v4', { ...geetest(d.key, d.digits), scene: 'sms' })).envelope).toMatchObject({ code: 1, data: {} })
    expect((await post(site, '/user/geetest/validate/v4', geetest(d.key, d.digits))).envelope.code).toBe(-1)
  })
})

describe('the captcha variants of the recovery', () => {
  it('/user/captcha/getUserInfo answers what the account can be recovered by, behind the image challenge', async () => {
    const { username } = await signedIn({ mobile_phone: '+15550001111', email: 'rec@example.com' })
    const c = await challenge()
    expect((await post(site, '/user/captcha/getUserInfo', { username, captchaKey: c.key, captcha: c.digits })).envelope).toMatchObject({
      code: 1,
      data: { username, verifyTypes: [3, 2], mobile_phone: maskPhone('+15550001111'), email: maskEmail('rec@example.com') },
    })
    // The challenge was spent; an unknown account is 2000.
    expect((await post(site, '/user/captcha/getUserInfo', { username, captchaKey: c.key, captcha: c.digits })).envelope.code).toBe(2011)
    const d = await challenge()
    expect((await post(site, '/user/captcha/getUserInfo', { username: 'nobody-here', captchaKey: d.key, captcha: d.digits })).envelope.code).toBe(2000)
  })

  it('/user/captcha/verifyPhone accepts the bound phone (full, with area code, or masked) and refuses another with 2001', async () => {
    const { username } = await signedIn({ mobile_phone: '+15550002222' })
    for (const [phone, areaCode] of [['5550002222', '+1'], [maskPhone('+15550002222'), undefined], ['+15550002222', undefined]] as const) {
      const c = await challenge()
      expect((await post(site, '/user/captcha/verifyPhone', { username, phone, ...(areaCode === undefined ? {} : { areaCode }), captchaKey: c.key, captcha: c.digits })).envelope, phone).toMatchObject({ code: 1 })
    }
    const c = await challenge()
    expect((await post(site, '/user/captcha/verifyPhone', { username, phone: '5559999999', areaCode: '+1', captchaKey: c.key, captcha: c.digits })).envelope.code).toBe(2001)
  })
})
