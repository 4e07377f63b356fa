import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { startHall } from '../../server/hall'
import { AccountCodes } from '../../server/account'
import { SecurityCodes } from '../../server/calls/security'
import { base32Decode, totp } from '../../server/totp'
import { callHall, control, player, visitor } from './support'
import type { Caller, Hall } from './support'

/**
 * The account's own calls (server/calls/account.ts; the phone, email and withdraw password
 * changes of server/calls/security.ts): which verifications a change needs, the tickets, the
 * login password, the authenticator switch, the secret question, the CPF, the avatar, the profile,
 * the rules of spec §5 checked by the hall, and the history every change writes.
 */

let hall: Hall
let site: Caller
let brSite: Caller
let n = 0

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
  site = await visitor(hall.url, '001')
  brSite = await visitor(hall.url, '101')
}, 60_000)
afterAll(() => hall.close())
beforeEach(async () => {
  await control(hall.url, 'reset')
})

const post = (caller: Caller, path: string, params: unknown) => callHall(hall.url, caller, 'POST', path, params)
const codeOf = async (caller: Caller, path: string, params: unknown) => (await post(caller, path, params)).envelope.code
const dataOf = async <T>(caller: Caller, path: string, params: unknown): Promise<T> => {
  const { envelope } = await post(caller, path, params)
  expect(envelope.code, `${path}: ${JSON.stringify(envelope)}`).toBe(1)
  return envelope.data as T
}

const newPlayer = async (on: Caller = site, siteCode = '001'): Promise<{ caller: Caller; username: string }> => {
  n += 1
  const username = `acct${String(n).padStart(3, '0')}`
  const reg = await post(on, '/home/register', { username, password: 'abc12345' })
  expect(reg.envelope.code).toBe(1)
  return { caller: player(siteCode, reg.envelope.data), username }
}

const lastCode = async (username: string, purpose: 'phone' | 'email'): Promise<string> =>
  (await control(hall.url, 'last-code', { username, purpose }))['code'] as string

const bindPhone = async (caller: Caller, username: string, phone: string, verifyToken?: string) => {
  await dataOf(caller, '/user/security/createsms', { phone })
  return post(caller, '/user/security/modifyphone', { phone, code: await lastCode(username, 'phone'), ...(verifyToken === undefined ? {} : { verifyToken }) })
}

const history = async (caller: Caller) =>
  (await dataOf<{ list: ReadonlyArray<{ item: string; action: string; verifyType: number | null }> }>(caller, '/user/security/history', {})).list
    .map((h) => `${h.item}:${h.action}:${h.verifyType ?? '-'}`)
    .reverse()

it('changes a bound phone only after a code to the old one (verifymodify 3, secondVerify), and a ticket is spent once', async () => {
  const { caller, username } = await newPlayer()
  expect(await dataOf(caller, '/user/security/verifymodify', { item: 'phone' })).toEqual({ item: 'phone', verifyTypes: [] })
  expect((await bindPhone(caller, username, '5551234567')).envelope.code).toBe(1)
  expect(await dataOf(caller, '/user/security/verifymodify', { item: 'phone' })).toEqual({ item: 'phone', verifyTypes: [3] })
  // Without a ticket the change is refused (before its code is looked at) and says which verification it needs.
  const refused = await post(caller, '/user/security/modifyphone', { phone: '5559876543', code: '0000' })
  expect(refused.envelope).toMatchObject({ code: AccountCodes.needVerify, data: { verifyTypes: [3] } })
  // The masked phone actionVerify shows names the bound phone: the code goes there.
  const info = await dataOf<{ mobile_phone: string }>(caller, '/user/security/actionVerify', {})
  expect(info.mobile_phone).toBe('******4567')
  expect(await dataOf(caller, '/user/security/createsms', { phone: info.mobile_phone })).toEqual({ target: '******4567', expireSeconds: 600 })
  expect(await control(hall.url, 'last-code', { username, purpose: 'phone' })).toMatchObject({ target: '5551234567' })
  const old = await lastCode(username, 'phone')
  expect(await codeOf(caller, '/user/security/secondVerify', { verifyType: 3, code: old === '0000' ? '1111' : '0000' })).toBe(SecurityCodes.wrongCode)
  const ticket = await dataOf<{ verifyToken: string; expireSeconds: number }>(caller, '/user/security/secondVerify', { verifyType: 3, code: old })
  expect(ticket.expireSeconds).toBe(300)
  expect((await bindPhone(caller, username, '5559876543', ticket.verifyToken)).envelope.code).toBe(1)
  expect((await dataOf<{ mobile_phone: string }>(caller, '/user/security/actionVerify', {})).mobile_phone).toBe('******6543')
  // Spent: the same ticket changes nothing again.
  expect(await codeOf(caller, '/user/security/modifyphone', { phone: '5550000000', code: '0000', verifyToken: ticket.verifyToken })).toBe(AccountCodes.needVerify)
  expect(await history(caller)).toEqual(['phone:bind:-', 'phone:change:3'])
  // verifyPhoneCode is the same check as secondVerify 3 (another player: three sends in ten minutes are allowed).
  const two = await newPlayer()
  expect((await bindPhone(two.caller, two.username, '5551112222')).envelope.code).toBe(1)
  await dataOf(two.caller, '/user/security/createsms', { phone: '******2222' })
  const again = await dataOf<{ verifyToken: string }>(two.caller, '/user/security/verifyPhoneCode', { code: await lastCode(two.username, 'phone') })
  expect((await bindPhone(two.caller, two.username, '5550000000', again.verifyToken)).envelope.code).toBe(1)
})

it('changes a bound email after a code to the old address (verifyEmailCode)', async () => {
  const { caller, username } = await newPlayer()
  await dataOf(caller, '/user/security/createmail', { email: 'old@example.com' })
  await dataOf(caller, '/user/security/bindEmail', { email: 'old@example.com', code: await lastCode(username, 'email') })
  expect(await dataOf(caller, '/user/security/verifymodify', { item: 'email' })).toEqual({ item: 'email', verifyTypes: [2] })
  await dataOf(caller, '/user/security/createmail', { email: 'ol***@example.com' })
  expect(await control(hall.url, 'last-code', { username, purpose: 'email' })).toMatchObject({ target: 'old@example.com' })
  const ticket = await dataOf<{ verifyToken: string }>(caller, '/user/security/verifyEmailCode', { code: await lastCode(username, 'email') })
  expect(await codeOf(caller, '/user/security/bindEmail', { email: 'new@example.com', code: '00000' })).toBe(AccountCodes.needVerify)
  await dataOf(caller, '/user/security/createmail', { email: 'new@example.com' })
  expect(await dataOf(caller, '/user/security/bindEmail', { email: 'new@example.com', code: await lastCode(username, 'email'), verifyToken: ticket.verifyToken })).toEqual({
    email: 'new@example.com',
  })
  expect(await history(caller)).toEqual(['email:bind:-', 'email:change:2'])
})

it('changes the login password: the old one then fails at sign-in, other sessions end, the rule of spec §5 holds', async () => {
  const { caller, username } = await newPlayer()
  const other = player('001', await dataOf(site, '/home/login', { username, password: 'abc12345' }))
  expect(await codeOf(caller, '/user/changepass', { oldPassword: 'wrong123', newPassword: 'xyz98765' })).toBe(AccountCodes.wrongSecret)
  expect(await codeOf(caller, '/user/changepass', { oldPassword: 'abc12345', newPassword: 'abc12345' })).toBe(AccountCodes.samePassword)
  // The new password's rule (spec §5: not only letters) is the call's schema: refused before anything changes.
  expect(await codeOf(caller, '/user/changepass', { oldPassword: 'abc12345', newPassword: 'abcdefgh' })).toBe(4005)
  expect((await post(caller, '/user/changepass', { oldPassword: 'abc12345', newPassword: 'xyz98765', confirmPassword: 'xyz98764' })).envelope).toMatchObject({
    code: AccountCodes.badValue,
    msg: 'validation.passwordMismatch',
  })
  const changed = await dataOf<{ userkey: string }>(caller, '/user/changepass', { oldPassword: 'abc12345', newPassword: 'xyz98765', confirmPassword: 'xyz98765' })
  expect(changed.userkey).toMatch(/^[0-9a-f]{64}$/)
  expect(await codeOf(site, '/home/login', { username, password: 'abc12345' })).toBe(1011)
  expect(await codeOf(site, '/home/login', { username, password: 'xyz98765' })).toBe(1)
  // The session that changed it goes on; the other one ended.
  expect(await codeOf(caller, '/user/security/actionVerify', {})).toBe(1)
  expect(await codeOf(other, '/user/security/actionVerify', {})).toBe(-1)
  expect(await history(caller)).toEqual(['loginPass:change:-'])
})

it('switches the authenticator off and on with its current TOTP code, and verifies by it', async () => {
  const { caller } = await newPlayer()
  expect(await codeOf(caller, '/user/security/switchgoogleauth', { status: 0, code: '123456' })).toBe(AccountCodes.notBound)
  const { secret } = await dataOf<{ secret: string }>(caller, '/user/security/bindgoogleauth', {})
  const now = () => totp(base32Decode(secret), Date.now())
  await dataOf(caller, '/user/security/bindgoogleauth', { code: now() })
  const valid = [-30_000, 0, 30_000, 60_000].map((d) => totp(base32Decode(secret), Date.now() + d))
  const wrong = ['000000', '111111', '222222', '333333', '444444'].find((c) => !valid.includes(c))
  expect(await codeOf(caller, '/user/security/switchgoogleauth', { status: 0, code: wrong })).toBe(AccountCodes.wrongSecret)
  expect(await dataOf(caller, '/user/security/switchgoogleauth', { status: 0, code: now() })).toEqual({ is_open_google_auth: 0 })
  expect(await dataOf(caller, '/user/security/actionVerify', {})).toMatchObject({ is_open_google_auth: 0, google_auth_bound: 1 })
  expect(await dataOf(caller, '/user/security/switchgoogleauth', { status: 1, code: now() })).toEqual({ is_open_google_auth: 1 })
  expect(await codeOf(caller, '/user/security/verifyGoogleAuthCode', { code: now() })).toBe(1)
  expect(await codeOf(caller, '/user/security/secondVerify', { verifyType: 1, code: wrong })).toBe(AccountCodes.wrongSecret)
  expect(await history(caller)).toEqual(['googleAuth:bind:-', 'googleAuth:off:1', 'googleAuth:on:1'])
})

it('replaces a bound authenticator only after its current code (verifymodify 1): then the new secret works and the old one fails', async () => {
  const { caller } = await newPlayer()
  expect(await dataOf(caller, '/user/security/verifymodify', { item: 'googleAuth' })).toEqual({ item: 'googleAuth', verifyTypes: [] })
  const first = (await dataOf<{ secret: string }>(caller, '/user/security/bindgoogleauth', {})).secret
  const codeOfSecret = (secret: string) => totp(base32Decode(secret), Date.now())
  await dataOf(caller, '/user/security/bindgoogleauth', { code: codeOfSecret(first) })
  expect(await dataOf(caller, '/user/security/verifymodify', { item: 'googleAuth' })).toEqual({ item: 'googleAuth', verifyTypes: [1] })
  // Whoever holds the session alone: a new binding starts, but it binds nothing without the current code's ticket.
  const second = (await dataOf<{ secret: string }>(caller, '/user/security/bindgoogleauth', {})).secret
  expect(second).not.toBe(first)
  const refused = await post(caller, '/user/security/bindgoogleauth', { code: codeOfSecret(second) })
  expect(refused.envelope).toMatchObject({ code: AccountCodes.needVerify, data: { verifyTypes: [1] } })
  // A ticket of another kind does not do either.
  const pinTicket = await (async () => {
    await dataOf(caller, '/user/security/modifywithdrawpass', { newPass: '135790' })
    return (await dataOf<{ verifyToken: string }>(caller, '/user/security/secondVerify', { verifyType: 5, code: '135790' })).verifyToken
  })()
  expect(await codeOf(caller, '/user/security/bindgoogleauth', { code: codeOfSecret(second), verifyToken: pinTicket })).toBe(AccountCodes.needVerify)
  // The old authenticator still guards the account.
  expect(await codeOf(caller, '/user/security/verifyGoogleAuthCode', { code: codeOfSecret(first) })).toBe(1)
  // With the current authenticator's code first, the new one binds.
  const ticket = await dataOf<{ verifyToken: string }>(caller, '/user/security/secondVerify', { verifyType: 1, code: codeOfSecret(first) })
  expect(await dataOf(caller, '/user/security/bindgoogleauth', { code: codeOfSecret(second), verifyToken: ticket.verifyToken })).toEqual({ is_open_google_auth: 1 })
  const newValid = [-30_000, 0, 30_000].map((d) => totp(base32Decode(second), Date.now() + d))
  const oldCode = codeOfSecret(first)
  if (!newValid.includes(oldCode)) expect(await codeOf(caller, '/user/security/secondVerify', { verifyType: 1, code: oldCode })).toBe(AccountCodes.wrongSecret)
  expect(await codeOf(caller, '/user/security/secondVerify', { verifyType: 1, code: codeOfSecret(second) })).toBe(1)
  expect(await codeOf(caller, '/user/security/switchgoogleauth', { status: 0, code: codeOfSecret(second) })).toBe(1)
  expect(await history(caller)).toEqual(['googleAuth:bind:-', 'withdrawPass:set:-', 'googleAuth:change:1', 'googleAuth:off:1'])
})

it('changes a set withdraw password after the login password (verifymodify 6) or with the old one', async () => {
  const { caller } = await newPlayer()
  await dataOf(caller, '/user/security/modifywithdrawpass', { newPass: '123456' })
  expect(await dataOf(caller, '/user/security/verifymodify', { item: 'withdrawPass' })).toEqual({ item: 'withdrawPass', verifyTypes: [6] })
  expect(await codeOf(caller, '/user/security/modifywithdrawpass', { newPass: '654321' })).toBe(AccountCodes.needVerify)
  expect(await codeOf(caller, '/user/security/verifyLoginPass', { password: 'nope1234' })).toBe(AccountCodes.wrongSecret)
  const ticket = await dataOf<{ verifyToken: string }>(caller, '/user/security/verifyLoginPass', { password: 'abc12345' })
  await dataOf(caller, '/user/security/modifywithdrawpass', { newPass: '654321', verifyToken: ticket.verifyToken })
  expect(await codeOf(caller, '/user/security/modifywithdrawpass', { newPass: '111111', oldPass: '123456' })).toBe(SecurityCodes.wrongPin)
  await dataOf(caller, '/user/security/modifywithdrawpass', { newPass: '111111', oldPass: '654321' })
  // The withdraw password verifies as type 5.
  expect(await codeOf(caller, '/user/security/secondVerify', { verifyType: 5, code: '111111' })).toBe(1)
  expect(await history(caller)).toEqual(['withdrawPass:set:-', 'withdrawPass:change:6', 'withdrawPass:change:5'])
})

it('sets a secret question after the login password, changes it with its answer, never answers the answer', async () => {
  const { caller } = await newPlayer()
  expect(await dataOf(caller, '/user/getaccountquestion', {})).toEqual({ question: null })
  expect(await dataOf(caller, '/user/security/verifymodify', { item: 'question' })).toEqual({ item: 'question', verifyTypes: [6] })
  expect(await codeOf(caller, '/user/passquint', { questionId: 2, answer: 'Lisbon' })).toBe(AccountCodes.needVerify)
  const ticket = await dataOf<{ verifyToken: string }>(caller, '/user/security/secondVerify', { verifyType: 6, code: 'abc12345' })
  expect(await codeOf(caller, '/user/passquint', { questionId: 99, answer: 'Lisbon', verifyToken: ticket.verifyToken })).toBe(AccountCodes.badValue)
  const ticket2 = await dataOf<{ verifyToken: string }>(caller, '/user/security/secondVerify', { verifyType: 6, code: 'abc12345' })
  expect((await post(caller, '/user/passquint', { questionId: 2, answer: ' ', verifyToken: ticket2.verifyToken })).envelope).toMatchObject({ code: AccountCodes.badValue, msg: 'validation.required' })
  await dataOf(caller, '/user/passquint', { questionId: 2, answer: 'Lisbon', verifyToken: ticket2.verifyToken })
  const asked = await dataOf<{ question: { questionId: number; question: string } }>(caller, '/user/getaccountquestion', {})
  expect(asked).toEqual({ question: { questionId: 2, question: 'In which city were you born?' } })
  expect(JSON.stringify(asked)).not.toContain('Lisbon')
  expect(await dataOf(caller, '/user/security/actionVerify', {})).toMatchObject({ question: 1 })
  // The answer verifies (trimmed, any case) as type 4; a wrong one does not.
  expect(await codeOf(caller, '/user/security/secondVerify', { verifyType: 4, code: '  lisbon ' })).toBe(1)
  expect(await codeOf(caller, '/user/editquint', { oldAnswer: 'Porto', questionId: 1, answer: 'Rex' })).toBe(AccountCodes.wrongSecret)
  await dataOf(caller, '/user/editquint', { oldAnswer: 'LISBON', questionId: 1, answer: 'Rex' })
  expect((await dataOf<{ question: { questionId: number } }>(caller, '/user/getaccountquestion', {})).question.questionId).toBe(1)
  expect(await history(caller)).toEqual(['question:set:6', 'question:change:4'])
})

it('binds a CPF once on a Brazilian site with the real name in capitals, by the rules of spec §5', async () => {
  const { caller } = await newPlayer(brSite, '101')
  expect((await post(caller, '/user/security/bindCpf', { cpf: '123.456', realName: 'ANA' })).envelope).toMatchObject({ code: AccountCodes.badValue, msg: 'validation.cpf' })
  expect((await post(caller, '/user/security/bindCpf', { cpf: '123456789012' })).envelope.code).toBe(AccountCodes.badValue)
  expect((await post(caller, '/user/security/bindCpf', { cpf: '12345678901', realName: 'Ana Silva' })).envelope).toMatchObject({ msg: 'validation.realNameUppercase' })
  expect(await dataOf(caller, '/user/security/bindCpf', { cpf: '12345678901', realName: 'ANA SILVA' })).toEqual({ cpf: '*********01' })
  expect(await codeOf(caller, '/user/security/bindCpf', { cpf: '10987654321' })).toBe(AccountCodes.cpfBound)
  expect(await dataOf(caller, '/user/settings/info', {})).toMatchObject({ cpf: '*********01', realName: 'ANA SILVA' })
  expect(await history(caller)).toEqual(['cpf:bind:-'])
})

it('checks a phone by the site\'s rule of spec §5 before sending it a code: the Brazilian rules on a Brazilian site', async () => {
  const { caller, username } = await newPlayer(brSite, '101')
  const refused = async (phone: string) => (await post(caller, '/user/security/createsms', { phone })).envelope
  expect(await refused('11887654321')).toMatchObject({ code: SecurityCodes.badPhone, msg: 'validation.phoneError' })
  expect(await refused('01987654321')).toMatchObject({ code: SecurityCodes.badPhone, msg: 'validation.phoneError2' })
  expect(await refused('(11) 98765-4321 000000')).toMatchObject({ code: SecurityCodes.badPhone, msg: 'validation.phoneLength' })
  // A number the general rule takes but a Brazilian mobile is not.
  expect(await refused('+4915112345678')).toMatchObject({ code: SecurityCodes.badPhone, msg: 'validation.phoneError' })
  await dataOf(caller, '/user/security/createsms', { phone: '11987654321' })
  const code = (await control(hall.url, 'last-code', { username, siteCode: '101', purpose: 'phone' }))['code'] as string
  expect((await post(caller, '/user/security/modifyphone', { phone: '11987654321', code })).envelope.code).toBe(1)
  // Elsewhere the general rule: that German number is a phone.
  const other = await newPlayer()
  expect((await bindPhone(other.caller, other.username, '+4915112345678')).envelope.code).toBe(1)
  expect((await post(other.caller, '/user/security/createsms', { phone: '12ab' })).envelope).toMatchObject({ code: SecurityCodes.badPhone, msg: 'validation.phone' })
})

it('lists the avatars, sets one, edits the profile by its rules, and answers it in the user info at the next sign-in', async () => {
  const { caller, username } = await newPlayer()
  const { list } = await dataOf<{ list: ReadonlyArray<{ id: number; url: string }> }>(caller, '/user/avatars', {})
  expect(list.length).toBeGreaterThanOrEqual(8)
  expect(list.every((a) => a.url.startsWith('data:image/svg+xml,'))).toBe(true)
  expect(await codeOf(caller, '/user/updateUserAvatars', { portrait_id: 999 })).toBe(AccountCodes.badValue)
  expect(await dataOf(caller, '/user/updateUserAvatars', { portrait_id: 5 })).toEqual({ portrait_id: 5 })
  expect(await dataOf(caller, '/user/settings/info', {})).toEqual({ username, platfromid: username, portrait_id: 5, realName: '', birthday: '', cpf: '', email: '', thirdEmail: '', thirdType: 0 })
  expect((await post(caller, '/user/settings/modifyinfo', { platfromid: 'x' })).envelope).toMatchObject({ code: AccountCodes.badValue, msg: 'validation.displayName' })
  expect((await post(caller, '/user/settings/modifyinfo', { birthday: '2999-01-01' })).envelope).toMatchObject({ code: AccountCodes.badValue, msg: 'validation.birthday' })
  expect((await post(caller, '/user/settings/modifyinfo', { birthday: '2001-02-30' })).envelope).toMatchObject({ msg: 'validation.birthday' })
  expect(await dataOf(caller, '/user/settings/modifyinfo', { platfromid: ' Lucky Ana ', birthday: '2001-02-28', realName: 'Ana Lima' })).toEqual({
    platfromid: 'Lucky Ana',
    birthday: '2001-02-28',
    realName: 'Ana Lima',
  })
  const info = await dataOf<{ platfromid: string; portrait_id: number }>(site, '/home/login', { username, password: 'abc12345' })
  expect(info).toMatchObject({ platfromid: 'Lucky Ana', portrait_id: 5 })
  expect(await history(caller)).toEqual(['avatar:change:-', 'displayName:change:-', 'birthday:change:-', 'realName:change:-'])
})

it('answers -1 to a visitor for every account call', async () => {
  for (const path of ['/user/security/verifymodify', '/user/changepass', '/user/passquint', '/user/avatars', '/user/settings/info', '/user/security/history', '/user/security/secondVerify']) {
    expect(await codeOf(site, path, path.endsWith('verifymodify') ? { item: 'phone' } : {})).not.toBe(1)
  }
})
