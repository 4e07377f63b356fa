import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { startHall } from '../../server/hall'
import { AccountCodes } from '../../server/account'
import { SecurityCodes } from '../../server/calls/security'
import { base32Decode, totp } from '../../server/totp'
import { callHall, control, player, visitor } from './support'
import type { Caller, Hall } from './support'

let hall: Hall
let site: Caller
let n = 0

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
  site = await visitor(hall.url, '001')
}, 60_000)
afterAll(() => hall.close())
beforeEach(async () => {
  await control(hall.url, 'reset')
})

const post = (caller: Caller, path: string, params: unknown) => callHall(hall.url, caller, 'POST', path, params)

const newPlayer = async (): Promise<{ caller: Caller; username: string }> => {
  n += 1
  const username = `frame${String(n).padStart(3, '0')}`
  const reg = await post(site, '/home/register', { username, password: 'abc12345' })
  expect(reg.envelope.code).toBe(1)
  return { caller: player('001', reg.envelope.data), username }
}

type Seeded = { id: number; frameType: number; img_style: number; location_type: number; content: string; frame_switch: number }

it('seeds frames of every type, image style and location type, one of them HTML with a script, all switched off', async () => {
  const { frames } = (await control(hall.url, 'frames')) as unknown as { frames: ReadonlyArray<Seeded> }
  expect(new Set(frames.map((f) => f.frameType))).toEqual(new Set([1, 2, 3, 4]))
  expect(new Set(frames.map((f) => f.img_style))).toEqual(new Set([1, 2, 3, 4]))
  expect(new Set(frames.map((f) => f.location_type))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))
  expect(frames.some((f) => f.content.includes('<script>') && f.content.includes('onerror='))).toBe(true)
  expect(frames.every((f) => f.frame_switch === 0)).toBe(true)
  const { caller } = await newPlayer()
  expect((await post(caller, '/message/frameBox/index', {})).envelope.data).toEqual({ list: [] })
})

it('lists a player its own frames in the given order, and the switched-on site frames otherwise', async () => {
  const { frames } = (await control(hall.url, 'frames')) as unknown as { frames: ReadonlyArray<Seeded> }
  const [a, b, c] = frames.map((f) => f.id) as [number, number, number]
  const one = await newPlayer()
  const other = await newPlayer()
  expect(await control(hall.url, 'player', { username: one.username, frames: [c, a] })).toMatchObject({ ok: true })
  const list = (await post(one.caller, '/message/frameBox/index', {})).envelope.data as { list: ReadonlyArray<{ id: number }> }
  expect(list.list.map((f) => f.id)).toEqual([c, a])
  await control(hall.url, 'frames', { ids: [b], on: true })
  try {
    const theirs = (await post(other.caller, '/message/frameBox/index', {})).envelope.data as { list: ReadonlyArray<{ id: number }> }
    expect(theirs.list.map((f) => f.id)).toEqual([b])
  } finally {
    await control(hall.url, 'frames', { ids: [b], on: false })
  }
  expect((await post(one.caller, '/active/pop_rechargeListV2', {})).envelope.data).toEqual({ actives: [], disablePop: 0 })
  expect((await post(one.caller, '/activetask/newcomer_benefit_pop', {})).envelope.data).toEqual({ pop: 0, list: [] })
  // Nor any bind reward to promise: the benefits are not offered to this player.
  expect((await post(one.caller, '/activetask/newcomer_benefit_status', {})).envelope.data).toEqual({ list: [] })
})

it('pushes the seeded recharge promotions and new benefits to a targeted player until it asks not to see them again', async () => {
  const one = await newPlayer()
  expect(await control(hall.url, 'player', { username: one.username, recharge_pop: 1, newcomer_pop: 1 })).toMatchObject({ ok: true })
  const pops = (await post(one.caller, '/active/pop_rechargeListV2', {})).envelope.data as { actives: ReadonlyArray<{ title: string; min_amount: string; bonus_rate: string }>; disablePop: number }
  expect(pops.disablePop).toBe(0)
  expect(pops.actives.map((a) => [a.title, a.min_amount, a.bonus_rate])).toEqual([['First deposit bonus', '50.00', '20.00'], ['Weekend reload', '100.00', '10.00']])
  const benefits = (await post(one.caller, '/activetask/newcomer_benefit_pop', {})).envelope.data as { pop: number; list: ReadonlyArray<{ kind: string; done: number; status: number }> }
  expect(benefits.pop).toBe(1)
  expect(benefits.list.map((b) => [b.kind, b.done, b.status])).toEqual([
    ['bindPhone', 0, -1], ['bindEmail', 0, -1], ['bindGoogleAuth', 0, -1], ['bindWithdrawPass', 0, -1], ['firstRecharge', 0, -1],
  ])
  // The withdraw password set: its benefit is receivable, once.
  expect((await post(one.caller, '/user/security/modifywithdrawpass', { newPass: '123456' })).envelope.code).toBe(1)
  const status = (await post(one.caller, '/activetask/newcomer_benefit_status', {})).envelope.data as { list: ReadonlyArray<{ id: number; kind: string; status: number }> }
  const pin = status.list.find((b) => b.kind === 'bindWithdrawPass')
  expect(pin?.status).toBe(0)
  // The answer carries the balance after the credit (the lobby's wallet takes it).
  const received = (await post(one.caller, '/activetask/newcomer_benefit_reward', { id: pin?.id })).envelope.data as { balance: string }
  expect(received).toEqual({ id: pin?.id, reward: '1.00', status: 1, balance: received.balance })
  expect(received.balance).toBe(((await post(one.caller, '/home/prize', {})).envelope.data as { game_gold: string }).game_gold)
  expect((await post(one.caller, '/activetask/newcomer_benefit_reward', { id: pin?.id })).envelope.code).toBe(1241)
  expect((await post(one.caller, '/user/security/actionVerify', {})).envelope.data).toMatchObject({ mobile_phone: '', email: '', is_open_google_auth: 0, withdraw_pass: 1 })
  // Not again: popType 1 popStatus 1, and the newcomer pop-up's own call.
  await post(one.caller, '/active/disable_active_pop', { popType: 1, popStatus: 1 })
  await post(one.caller, '/activetask/disable_newcomer_pop', {})
  expect(((await post(one.caller, '/active/pop_rechargeListV2', {})).envelope.data as { disablePop: number }).disablePop).toBe(1)
  expect((await post(one.caller, '/activetask/newcomer_benefit_pop', {})).envelope.data).toEqual({ pop: 0, list: [] })
  // Asked not to see them again: no more rewards to promise either (nothing would pay them).
  expect((await post(one.caller, '/activetask/newcomer_benefit_status', {})).envelope.data).toEqual({ list: [] })
})

it('binds a phone and an email with the codes it sent, refuses a wrong or missing code, and reports the bind state at login', async () => {
  const { caller, username } = await newPlayer()
  await control(hall.url, 'player', { username, must_bind_item: 2 })
  expect((await post(caller, '/user/security/modifyphone', { phone: '5551234567', code: '000000' })).envelope.code).toBe(SecurityCodes.noCode)
  // The send answers where the code went (masked) and how long it stays good.
  expect((await post(caller, '/user/security/createsms', { phone: '5551234567' })).envelope).toMatchObject({ code: 1, data: { target: '******4567', expireSeconds: 600 } })
  const sent = await control(hall.url, 'last-code', { username })
  expect(sent).toMatchObject({ ok: true, purpose: 'phone', target: '5551234567' })
  const code = sent['code'] as string
  // Spec §5: an SMS code has 4 digits, an email code 5.
  expect(code).toMatch(/^\d{4}$/)
  const wrong = code === '111111' ? '222222' : '111111'
  expect((await post(caller, '/user/security/modifyphone', { phone: '5551234567', code: wrong })).envelope.code).toBe(SecurityCodes.wrongCode)
  expect((await post(caller, '/user/security/modifyphone', { phone: '5551234567', code })).envelope.code).toBe(1)
  // The phone is bound now: changing it needs a code to it first (tests/server/account.test.ts), and the code is spent.
  expect((await post(caller, '/user/security/modifyphone', { phone: '5551234567', code })).envelope.code).toBe(AccountCodes.needVerify)
  expect((await post(caller, '/user/security/createmail', { email: 'not-an-email' })).envelope.code).toBe(SecurityCodes.badEmail)
  expect((await post(caller, '/user/security/createmail', { email: 'Me@Example.com' })).envelope.data).toEqual({ target: 'me***@example.com', expireSeconds: 600 })
  const mail = await control(hall.url, 'last-code', { username, purpose: 'email' })
  expect(mail['code']).toMatch(/^\d{5}$/)
  expect((await post(caller, '/user/security/bindEmail', { email: 'me@example.com', code: mail['code'] })).envelope.code).toBe(1)
  // Google authenticator: a real TOTP secret; the code an authenticator app computes from it binds.
  expect((await post(caller, '/user/security/bindgoogleauth', { code: '123456' })).envelope.code).toBe(SecurityCodes.noCode)
  const ga = (await post(caller, '/user/security/bindgoogleauth', {})).envelope.data as { secret: string; otpauth: string }
  expect(ga.secret).toMatch(/^[A-Z2-7]{32}$/)
  expect(ga.otpauth).toBe(`otpauth://totp/${'Lobby'}:${username}?secret=${ga.secret}&issuer=${'Lobby'}&algorithm=SHA1&digits=6&period=30`)
  const now = Date.now()
  const valid = [now - 30_000, now, now + 30_000, now + 60_000].map((t) => totp(base32Decode(ga.secret), t))
  expect((await control(hall.url, 'last-code', { username, purpose: 'googleAuth' }))['secret']).toBe(ga.secret)
  const wrongGa = ['000000', '111111', '222222', '333333', '444444'].find((c) => !valid.includes(c))
  expect((await post(caller, '/user/security/bindgoogleauth', { code: wrongGa })).envelope.code).toBe(SecurityCodes.wrongCode)
  expect((await post(caller, '/user/security/bindgoogleauth', { code: totp(base32Decode(ga.secret), Date.now()) })).envelope.code).toBe(1)
  expect((await post(caller, '/user/security/modifywithdrawpass', { newPass: '12ab' })).envelope.code).toBe(SecurityCodes.badPin)
  expect((await post(caller, '/user/security/modifywithdrawpass', { newPass: '123456' })).envelope.code).toBe(1)
  const login = await post(site, '/home/login', { username, password: 'abc12345' })
  expect(login.envelope.data).toMatchObject({
    must_bind_item: 2,
    mobile_phone: '5551234567',
    email: 'me@example.com',
    is_open_google_auth: 1,
    userOptResult: [1, 0, 1, 0, 0],
  })
})

it('demands the human challenge (1119) after 3 sends in 10 minutes; the image\'s digits let one send through; a wrong answer is 2011, the second in a row error_12', async () => {
  const { caller } = await newPlayer()
  for (let i = 0; i < 3; i++) expect((await post(caller, '/user/security/createsms', { phone: '5551234567' })).envelope.code).toBe(1)
  const forced = await post(caller, '/user/security/createsms', { phone: '5551234567' })
  expect([forced.envelope.code, forced.envelope.msg]).toEqual([1119, 'force geetest'])
  // Another purpose has its own allowance.
  expect((await post(caller, '/user/security/createmail', { email: 'me@example.com' })).envelope.code).toBe(1)
  const challenge = (await post(caller, '/home/captcha', {})).envelope.data as { key: string; image: string }
  expect(challenge.image).toMatch(/^data:image\/svg\+xml;base64,/)
  const { answer } = (await control(hall.url, 'last-challenge', {})) as unknown as { answer: string }
  expect(answer).toMatch(/^\d{4}$/)
  const wrong = answer === '0000' ? '1111' : '0000'
  const refused = await post(caller, '/user/security/createsms', { phone: '5551234567', captchaKey: challenge.key, captcha: wrong })
  expect([refused.envelope.code, refused.envelope.msg]).toEqual([2011, 'challenge not passed: try the new one'])
  // A challenge is answered once, right or wrong: the reused key is the second miss in a row, error_12.
  const reused = await post(caller, '/user/security/createsms', { phone: '5551234567', captchaKey: challenge.key, captcha: answer })
  expect([reused.envelope.code, reused.envelope.msg]).toEqual([1127, 'error_12'])
  const next = (await post(caller, '/home/captcha', {})).envelope.data as { key: string }
  const digits = ((await control(hall.url, 'last-challenge', {})) as unknown as { answer: string }).answer
  expect((await post(caller, '/user/security/createsms', { phone: '5551234567', captchaKey: next.key, captcha: digits })).envelope.code).toBe(1)
  // Still past the allowance: the next send needs a challenge again.
  expect((await post(caller, '/user/security/createsms', { phone: '5551234567' })).envelope.code).toBe(1119)
})
