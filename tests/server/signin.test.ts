/**
 * Sign-in variants and recovery at the hall (issue 24): the forgotten password (find the account,
 * prove it by a phone code, an email code, the secret question or the withdraw password, set a
 * new password), guessing stopped (the account's and the address's failures: the challenge, then
 * the lock, on the hall's clock), and the SMS login. Codes are read through the control surface,
 * as a player would read the SMS.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startHall, type RunningHall } from '../../server/hall'
import { GUARD_POLICIES, GuardCodes } from '../../server/guard'
import { RecoveryCodes } from '../../server/calls/recovery'
import { SmsLoginCodes } from '../../server/calls/smslogin'
import { callHall, control, player, visitor } from './support'
import type { Caller } from './support'

const DAY = 24 * 60 * 60 * 1000
let clock = Date.now()
let hall: RunningHall
let site: Caller
let n = 0

beforeAll(async () => {
  // Loopback is trusted as a proxy, so a test names the caller's address in x-forwarded-for.
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', now: () => clock, log: () => undefined, edge: { trustProxy: ['127.0.0.1'] } })
  site = await visitor(hall.url, '001')
}, 60_000)
afterAll(() => hall.close())

/** Where a call comes from: the browser's fingerprint header and the client's address. */
interface From {
  readonly device?: string
  readonly address?: string
}
const post = (caller: Caller, path: string, params: unknown, from: From = {}) =>
  callHall(hall.url, caller, 'POST', path, params, {
    timestamp: clock,
    ...(from.device === undefined ? {} : { fingerprint: from.device }),
    ...(from.address === undefined ? {} : { headers: { 'x-forwarded-for': from.address } }),
  })
const answer = async (path: string, params: unknown) => (await post(site, path, params)).envelope
const dataOf = async <T>(path: string, params: unknown, caller: Caller = site): Promise<T> => {
  const envelope = (await post(caller, path, params)).envelope
  expect(envelope.code, `${path}: ${JSON.stringify(envelope)}`).toBe(1)
  return envelope.data as T
}

/** A player of its own, with a phone and an email bound as a bind would store them. */
const newPlayer = async (o: { phone?: string; email?: string; from?: From } = {}): Promise<{ username: string; caller: Caller }> => {
  n += 1
  const username = `rcv${String(n).padStart(3, '0')}${String(clock % 1000).padStart(3, '0')}`
  const registered = (await post(site, '/home/register', { username, password: 'abc12345' }, o.from)).envelope
  expect(registered.code, JSON.stringify(registered)).toBe(1)
  const data = registered.data
  await control(hall.url, 'player', { username, ...(o.phone === undefined ? {} : { mobile_phone: o.phone }), ...(o.email === undefined ? {} : { email: o.email }) })
  return { username, caller: player('001', data) }
}
/** Sets the secret question (after the login password, verifymodify 6). */
const setQuestion = async (caller: Caller, questionId: number, answerText: string): Promise<void> => {
  const { verifyToken } = await dataOf<{ verifyToken: string }>('/user/security/secondVerify', { verifyType: 6, code: 'abc12345' }, caller)
  await dataOf('/user/passquint', { questionId, answer: answerText, verifyToken }, caller)
}
const lastCode = async (username: string, purpose: 'phone' | 'email'): Promise<string> => (await control(hall.url, 'last-code', { username, purpose }))['code'] as string
const login = async (username: string, password: string, extra: Record<string, string> = {}, from: From = {}) =>
  (await post(site, '/home/login', { username, password, ...extra }, from)).envelope

it('resets a forgotten password by a code to the bound phone: the old password and sessions end, the new one signs in', async () => {
  const { username, caller } = await newPlayer({ phone: '+5511987654321', email: 'rec@example.com' })
  const found = await dataOf<{ verifyTypes: number[]; mobile_phone: string; email: string }>('/user/notlogin/getAccountVerifyList', { username: username.toUpperCase() })
  expect(found).toEqual({ username, verifyTypes: [3, 2], mobile_phone: '**********4321', email: 're***@example.com' })
  // The code goes to the bound phone only: named masked as shown, or in full; another phone is refused.
  expect((await answer('/shortmsg/create', { phone_number: '+5511900000000', scene: 'reset', username })).code).toBe(RecoveryCodes.notBound)
  expect(await dataOf('/shortmsg/create', { phone_number: found.mobile_phone, scene: 'reset', username })).toEqual({ target: '**********4321', expireSeconds: 600 })
  const code = await lastCode(username, 'phone')
  expect((await answer('/user/notLogin/resetPassVerify', { username, verifyType: 3, code: code === '0000' ? '0001' : '0000' })).code).toBe(1223)
  const { resetToken } = await dataOf<{ resetToken: string }>('/user/notLogin/resetPassVerify', { username, verifyType: 3, code })
  // A ticket is the account's own, and the rules of the password hold.
  const other = await newPlayer()
  expect((await answer('/user/notlogin/resetpasswd', { username: other.username, resetToken, newPassword: 'new12345' })).code).toBe(RecoveryCodes.badTicket)
  expect((await answer('/user/notlogin/resetpasswd', { username, resetToken, newPassword: 'new12345', confirmPassword: 'new12346' })).code).toBe(1032)
  await dataOf('/user/notlogin/resetpasswd', { username, resetToken, newPassword: 'new12345', confirmPassword: 'new12345' })
  // Spent once; the old password fails, the new one works, and the session of before has ended.
  expect((await answer('/user/notlogin/resetpasswd', { username, resetToken, newPassword: 'new54321' })).code).toBe(RecoveryCodes.badTicket)
  expect((await login(username, 'abc12345')).code).toBe(1011)
  expect((await login(username, 'new12345')).code).toBe(1)
  expect((await post(caller, '/gameapi/RefreshGold', { os_type: 3 })).envelope.code).toBe(-1)
  const history = await dataOf<{ list: ReadonlyArray<{ item: string; action: string }> }>('/user/security/history', {}, player('001', (await login(username, 'new12345')).data))
  expect(history.list.map((h) => `${h.item}:${h.action}`)).toContain('loginPass:reset')
})

it('proves an account by its email code, its secret question or its withdraw password, as it allows', async () => {
  const { username, caller } = await newPlayer({ email: 'second@example.com' })
  await setQuestion(caller, 1, 'Blue')
  await dataOf('/user/security/modifywithdrawpass', { newPass: '246810' }, caller)
  expect((await dataOf<{ verifyTypes: number[] }>('/user/notlogin/getAccountVerifyList', { username })).verifyTypes).toEqual([2, 4, 5])
  expect((await answer('/user/notLogin/resetPassVerify', { username, verifyType: 3, code: '1234' })).code).toBe(RecoveryCodes.notOffered)
  expect((await answer('/user/notlogin/getAccountVerifyList', { username: 'nobody999' })).code).toBe(RecoveryCodes.noAccount)

  await dataOf('/user/email/createmail', { username, email: 'se***@example.com' })
  const viaEmail = await dataOf<{ resetToken: string }>('/user/notlogin/verifyEmail', { username, email: 'second@example.com', code: await lastCode(username, 'email') })
  expect(viaEmail.resetToken).toMatch(/^[0-9a-f]{48}$/)

  const { question } = await dataOf<{ question: { questionId: number; question: string } }>('/user/notlogin/getquestion', { username })
  expect(question.questionId).toBe(1)
  expect((await answer('/user/notLogin/resetPassVerify', { username, verifyType: 4, code: 'red' })).code).toBe(1231)
  await dataOf('/user/notLogin/resetPassVerify', { username, verifyType: 4, code: ' blue ' })
  await dataOf('/user/notLogin/resetPassVerify', { username, verifyType: 5, code: '246810' })
  await dataOf('/user/notlogin/verificquestionandwithdrawpasswd', { username, questionId: 1, answer: 'blue', withdrawPass: '246810' })
})

it('locks the recovery checks of an account after 5 wrong answers, until the lock runs out', async () => {
  clock += DAY
  const { username, caller } = await newPlayer()
  await setQuestion(caller, 2, 'Rex')
  for (let i = 1; i < GUARD_POLICIES.recovery.lockAfter; i++) expect((await answer('/user/notLogin/resetPassVerify', { username, verifyType: 4, code: 'wrong' })).code).toBe(1231)
  const locking = await answer('/user/notLogin/resetPassVerify', { username, verifyType: 4, code: 'wrong' })
  expect([locking.code, locking.msg]).toEqual([GuardCodes.limited, 'too many failed attempts: try again in 900 s'])
  // The right answer is not even checked while locked.
  expect((await answer('/user/notLogin/resetPassVerify', { username, verifyType: 4, code: 'rex' })).code).toBe(GuardCodes.limited)
  clock += GUARD_POLICIES.recovery.lockMs
  await dataOf('/user/notLogin/resetPassVerify', { username, verifyType: 4, code: 'rex' })
})

it('answers 20 wrong passwords from a stranger with the challenge, then a wait that grows; the player signs in from its own device all along', async () => {
  clock += DAY
  // The player signed up on its own device; the guesses come from another browser.
  const { username } = await newPlayer({ from: { device: 'own-browser' } })
  const stranger = { device: 'stranger-browser' }
  const codes: number[] = []
  for (let i = 0; i < 20; i++) codes.push((await login(username, 'wrong1234', {}, stranger)).code)
  const free = GUARD_POLICIES.account.challengeAfter
  const locked = GUARD_POLICIES.account.lockAfter
  expect(codes).toEqual([
    ...Array<number>(free).fill(1011),
    ...Array<number>(locked - free - 1).fill(GuardCodes.challenge),
    ...Array<number>(20 - locked + 1).fill(GuardCodes.limited),
  ])
  const refused = await login(username, 'abc12345', {}, stranger)
  expect([refused.code, refused.msg]).toEqual([GuardCodes.limited, 'too many failed attempts: try again in 60 s'])
  // The player's own device is not locked out by the stranger's guesses.
  expect((await login(username, 'abc12345', {}, { device: 'own-browser' })).code).toBe(1)
  clock += 30_000
  expect((await login(username, 'abc12345', {}, stranger)).msg).toBe('too many failed attempts: try again in 30 s')
  clock += 30_000
  // Past the wait the stranger still owes the challenge; going on without it waits twice as long.
  expect((await login(username, 'wrong1234', {}, stranger)).msg).toBe('too many failed attempts: try again in 120 s')
  clock += 120_000
  const { key } = await dataOf<{ key: string }>('/home/captcha', {})
  const digits = (await control(hall.url, 'last-challenge'))['answer'] as string
  expect((await login(username, 'abc12345', { captchaKey: key, captcha: digits }, stranger)).code).toBe(1)
})

it('does not let ten wrong passwords from one address stop the right password from the player\'s device or address; an unknown device there meets the lock', async () => {
  clock += DAY
  const home = { device: 'player-phone', address: '198.51.100.7' }
  const { username } = await newPlayer({ from: home })
  const attacker = { device: 'attacker-laptop', address: '203.0.113.9' }
  const codes: number[] = []
  for (let i = 0; i < 10; i++) codes.push((await login(username, 'wrong1234', {}, attacker)).code)
  expect(codes).toEqual([...Array<number>(5).fill(1011), ...Array<number>(4).fill(GuardCodes.challenge), GuardCodes.limited])
  // The attacking address, from any device it has not signed in from, meets the lock, even with the right password.
  expect((await login(username, 'abc12345', {}, attacker)).code).toBe(GuardCodes.limited)
  expect((await login(username, 'abc12345', {}, { device: 'attacker-phone', address: attacker.address })).code).toBe(GuardCodes.limited)
  // The player's phone signs in, at home or anywhere.
  expect((await login(username, 'abc12345', {}, home)).code).toBe(1)
  expect((await login(username, 'abc12345', {}, { device: home.device, address: '192.0.2.44' })).code).toBe(1)
  // A new browser at the player's address signs in too: the address signed in before.
  expect((await login(username, 'abc12345', {}, { device: 'new-tablet', address: home.address })).code).toBe(1)
  // And the lock still holds for the attacker.
  expect((await login(username, 'abc12345', {}, attacker)).code).toBe(GuardCodes.limited)
})

it('asks the challenge of an account that keeps failing and signs it in with the challenge solved; a wrong answer is refused (2011)', async () => {
  clock += DAY
  const { username } = await newPlayer()
  for (let i = 0; i < GUARD_POLICIES.account.challengeAfter; i++) expect((await login(username, 'wrong1234')).code).toBe(1011)
  expect((await login(username, 'abc12345')).code).toBe(GuardCodes.challenge)
  const { key } = await dataOf<{ key: string }>('/home/captcha', {})
  const digits = (await control(hall.url, 'last-challenge'))['answer'] as string
  expect((await login(username, 'abc12345', { captchaKey: key, captcha: digits === '0000' ? '0001' : '0000' })).code).toBe(GuardCodes.missed)
  const again = await dataOf<{ key: string }>('/home/captcha', {})
  const right = (await control(hall.url, 'last-challenge'))['answer'] as string
  expect((await login(username, 'abc12345', { captchaKey: again.key, captcha: right })).code).toBe(1)
  // The success forgot the failures: the next wrong password is an ordinary one.
  expect((await login(username, 'wrong1234')).code).toBe(1011)
})

it('stops an address that names accounts that do not exist in the recovery: the usernames cannot be listed', async () => {
  clock += DAY
  const { lookups } = GUARD_POLICIES
  const { username } = await newPlayer()
  const codes: number[] = []
  for (let i = 0; i < lookups.lockAfter; i++) {
    codes.push((await answer('/user/notlogin/getAccountVerifyList', { username: `ghost${i}` })).code)
    // A name that exists between the misses forgets none of them.
    if (i < lookups.lockAfter - 1) await dataOf('/user/notlogin/getAccountVerifyList', { username })
  }
  expect(codes.slice(0, -1).every((c) => c === RecoveryCodes.noAccount)).toBe(true)
  expect(codes.at(-1)).toBe(GuardCodes.limited)
  // Locked, the address learns nothing of any name, existing or not.
  expect((await answer('/user/notlogin/getAccountVerifyList', { username })).code).toBe(GuardCodes.limited)
  expect((await answer('/user/notlogin/getquestion', { username: 'ghost99' })).code).toBe(GuardCodes.limited)
  clock += lookups.lockMs
  await dataOf('/user/notlogin/getAccountVerifyList', { username })
})

it('stops an address that tries many accounts: the challenge, then the lock', async () => {
  clock += DAY
  const { address } = GUARD_POLICIES
  const codes: number[] = []
  for (let i = 0; i < address.lockAfter; i++) codes.push((await login(`spray${i}`, 'wrong1234')).code)
  expect(codes.slice(0, address.challengeAfter).every((c) => c === 1011)).toBe(true)
  expect(codes.slice(address.challengeAfter, -1).every((c) => c === GuardCodes.challenge)).toBe(true)
  expect(codes.at(-1)).toBe(GuardCodes.limited)
  // A player who signed up elsewhere meets the address's lock from a browser of this address; its own browser does not.
  const { username } = await newPlayer({ from: { device: 'elsewhere', address: '198.51.100.20' } })
  expect((await login(username, 'abc12345', {}, { device: 'sprayed-browser' })).code).toBe(GuardCodes.limited)
  expect((await login(username, 'abc12345', {}, { device: 'elsewhere' })).code).toBe(1)
  // Past the wait the address owes the challenge: solved, the right password signs in.
  clock += address.lockMs
  const { key } = await dataOf<{ key: string }>('/home/captcha', {})
  const digits = (await control(hall.url, 'last-challenge'))['answer'] as string
  expect((await login(username, 'abc12345', { captchaKey: key, captcha: digits }, { device: 'sprayed-browser' })).code).toBe(1)
})

it('signs in by SMS: a code to the phone of one account, checked, then spent; wrong codes are limited', async () => {
  clock += DAY
  const { username } = await newPlayer({ phone: '5563991234567' })
  expect((await answer('/shortmsg/create', { phone_number: '63990000000', areaCode: '+55', scene: 'login' })).code).toBe(SmsLoginCodes.noAccount)
  expect(await dataOf('/shortmsg/create', { phone_number: '63991234567', areaCode: '+55', scene: 'login' })).toEqual({ target: '*********4567', expireSeconds: 600 })
  const code = await lastCode(username, 'phone')
  const wrong = code === '0000' ? '0001' : '0000'
  expect((await answer('/shortmsg/validate', { phone_number: '+5563991234567', captcha: wrong, scene: 'login' })).code).toBe(1101)
  await dataOf('/shortmsg/validate', { phone_number: '+5563991234567', captcha: code, scene: 'login' })
  const signedIn = await dataOf<{ username: string }>('/api/protected/user/smslogin', { phone: '63991234567', areaCode: '+55', code })
  expect(signedIn.username).toBe(username)
  // Spent: the same code does not sign in twice.
  expect((await answer('/api/protected/user/smslogin', { phone: '63991234567', areaCode: '+55', code })).code).toBe(1101)
  for (let i = 2; i < GUARD_POLICIES.recovery.lockAfter; i++) expect((await answer('/api/protected/user/smslogin', { phone: '63991234567', areaCode: '+55', code: wrong })).code).toBe(1101)
  expect((await answer('/api/protected/user/smslogin', { phone: '63991234567', areaCode: '+55', code: wrong })).code).toBe(GuardCodes.limited)
  // Two accounts with one phone: the player signs in with the username.
  await newPlayer({ phone: '+5563991234567' })
  expect((await answer('/shortmsg/create', { phone_number: '63991234567', areaCode: '+55', scene: 'login' })).code).toBe(SmsLoginCodes.ambiguous)
})

it('asks the challenge of code sends past the allowance, and refuses them past the limit with the wait', async () => {
  clock += DAY
  const { username } = await newPlayer({ phone: '+5511955554444' })
  const send = (extra: Record<string, string> = {}) => answer('/shortmsg/create', { phone_number: '+5511955554444', scene: 'reset', username, ...extra })
  for (let i = 0; i < 3; i++) expect((await send()).code).toBe(1)
  expect((await send()).code).toBe(GuardCodes.challenge)
  const solved = async () => {
    const { key } = await dataOf<{ key: string }>('/home/captcha', {})
    return { captchaKey: key, captcha: (await control(hall.url, 'last-challenge'))['answer'] as string }
  }
  for (let i = 3; i < 10; i++) expect((await send(await solved())).code).toBe(1)
  const limited = await send(await solved())
  expect([limited.code, limited.msg]).toEqual([GuardCodes.limited, 'too many failed attempts: try again in 600 s'])
  // Ten minutes on the account may send again, with a challenge while the address's sends of the
  // last 15 minutes count; after those, without.
  clock += 10 * 60_000 + 1
  expect((await send()).code).toBe(GuardCodes.challenge)
  expect((await send(await solved())).code).toBe(1)
  clock += GUARD_POLICIES.sends.windowMs + 1
  expect((await send()).code).toBe(1)
})

it("the support console's sign-in: 20 wrong passwords are answered with the challenge, then limited with the wait; the right one with the challenge solved works after it", async () => {
  clock += DAY
  const signIn = async (password: string, answer: Record<string, string> = {}) => {
    const res = await fetch(`${hall.url}/support/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'support', password, ...answer }),
    })
    const body = (await res.json()) as { error?: string; challenge?: { key: string }; retryAfter?: number }
    return { status: res.status, error: body.error ?? '', challenge: body.challenge, retryAfter: body.retryAfter }
  }
  const answers = []
  for (let i = 0; i < 20; i++) answers.push(await signIn('wrong-password'))
  expect(answers.slice(0, 4).map((a) => a.status)).toEqual([401, 401, 401, 401])
  expect(answers[3]!.error).toBe('solve the human check to sign in')
  expect(answers.slice(4).every((a) => a.status === 429 && /try again in \d+ s$/.test(a.error) && a.retryAfter === 60)).toBe(true)
  const refused = await signIn('support-dev')
  expect([refused.status, refused.error]).toEqual([429, 'too many failed sign-ins for this username: try again in 60 s'])
  clock += 60_000
  const key = refused.challenge!.key
  const digits = (await control(hall.url, 'challenge-answer', { key }))['answer'] as string
  expect((await signIn('support-dev', { captchaKey: key, captcha: digits })).status).toBe(200)
})
