import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UserInfo } from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { callHall, control, player, visitor } from './support'
import type { Caller, Hall } from './support'

let hall: Hall
let site: Caller
let brazil: Caller

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
  site = await visitor(hall.url, '001')
  brazil = await visitor(hall.url, '101')
}, 60_000)
afterAll(() => hall.close())

const post = (caller: Caller, path: string, params: unknown) => callHall(hall.url, caller, 'POST', path, params)
/** The account's history (/user/security/history), oldest first, as item:action:verify type. */
const historyOf = async (caller: Caller): Promise<string[]> => {
  const { envelope } = await post(caller, '/user/security/history', {})
  expect(envelope.code).toBe(1)
  return (envelope.data as { list: ReadonlyArray<{ item: string; action: string; verifyType: number | null }> }).list
    .map((h) => `${h.item}:${h.action}:${h.verifyType ?? '-'}`)
    .reverse()
}
const login = (caller: Caller, username: string, password: string) => post(caller, '/home/login', { username, password, clientType: 5 })

describe('signing in at the reference hall', () => {
  it('logs the demo player in and answers the user info', async () => {
    const a = await login(site, 'demo', 'demo1234')
    expect(a.envelope.code).toBe(1)
    const user = Schema.decodeUnknownSync(UserInfo)(a.envelope.data)
    expect(user).toMatchObject({ username: 'demo', currency: 'USD', account_type: 0, game_gold: '1000.00', change_password: 0 })
    expect(user.userIdx).toMatch(/^\d+$/)
  })

  it('treats usernames case-insensitively and refuses a wrong password with 1011', async () => {
    expect((await login(site, 'DEMO', 'demo1234')).envelope.code).toBe(1)
    const wrong = await login(site, 'demo', 'nope12345')
    expect(wrong.status).toBe(200)
    expect(wrong.envelope.code).toBe(1011)
    expect((await login(site, 'nobody', 'demo1234')).envelope.code).toBe(1011)
  })

  it('keys post-login calls with the session: heartbeat, prize, logout, then -1', async () => {
    const me = player('001', (await login(site, 'demo', 'demo1234')).envelope.data)
    expect((await post(me, '/home/heartbeat', {})).envelope.code).toBe(1)
    const prize = await post(me, '/home/prize', {})
    expect(prize.envelope.data).toEqual({ game_gold: '1000.00', lastgameinfo: null })
    expect((await post(me, '/home/UserLogout', { token: me.token })).envelope).toEqual({ code: 1, msg: 'success', data: {} })
    const after = await post(me, '/home/heartbeat', {})
    expect(after.status).toBe(200)
    expect(after.envelope).toMatchObject({ code: -1, msg: 'token expired' })
  })

  it('forces a password change: the flag shows at login, the change clears it, the new password works', async () => {
    const reg = await post(site, '/home/register', { username: 'forced01', password: 'first123' })
    expect(reg.envelope.code).toBe(1)
    expect(await control(hall.url, 'player', { username: 'forced01', change_password: 1 })).toEqual({ ok: true })
    const first = await login(site, 'forced01', 'first123')
    expect(first.envelope.data).toMatchObject({ change_password: 1 })
    const me = player('001', first.envelope.data)
    expect((await post(me, '/user/forcechangepassword', { oldPassword: 'wrong123', newPassword: 'second12' })).envelope.code).toBe(1011)
    expect((await post(me, '/user/forcechangepassword', { oldPassword: 'first123', newPassword: 'first123' })).envelope.code).toBe(1032)
    expect((await post(me, '/user/forcechangepassword', { oldPassword: 'first123', newPassword: 'second12' })).envelope).toMatchObject({ code: 1, data: { change_password: 0 } })
    expect((await login(site, 'forced01', 'first123')).envelope.code).toBe(1011)
    const after = await login(site, 'forced01', 'second12')
    expect(after.envelope.data).toMatchObject({ change_password: 0 })
    // The change is in the account's history, as every change of the account is.
    expect(await historyOf(player('001', after.envelope.data))).toEqual(['loginPass:forcedChange:-'])
  })

  it('answers -1 once the control surface expires the session', async () => {
    const me = player('001', (await login(site, 'demo', 'demo1234')).envelope.data)
    expect(await control(hall.url, 'expire-token', { username: 'demo', siteCode: '001' })).toMatchObject({ ok: true })
    expect((await post(me, '/home/prize', {})).envelope.code).toBe(-1)
    expect((await post(site, '/home/prize', {})).envelope.code).toBe(-1)
  })

  it('creates a guest in the asked currency, lets it change currency, and fast-logs it in again', async () => {
    const reg = await post(brazil, '/home/testregister', { token: 'sys', currency: 'BRL' })
    expect(reg.envelope.code).toBe(1)
    const guest = Schema.decodeUnknownSync(UserInfo)(reg.envelope.data)
    expect(guest).toMatchObject({ account_type: 1, currency: 'BRL', game_gold: '0.00' })
    const me = player('101', guest)
    const changed = await post(me, '/home/updateGuestCurrency', { currency: 'usdt' })
    expect(changed.envelope.data).toMatchObject({ currency: 'USDT', game_gold: '0' })
    expect((await post(me, '/home/updateGuestCurrency', { currency: 'EUR' })).envelope.code).toBe(1034)
    expect(await historyOf(me)).toEqual(['currency:change:-'])

    const again = await post(brazil, '/home/fastlogin', { token: '', userkey: guest.userkey })
    expect(again.envelope.code).toBe(1)
    const second = Schema.decodeUnknownSync(UserInfo)(again.envelope.data)
    expect(second).toMatchObject({ username: guest.username, userkey: guest.userkey, currency: 'USDT' })
    expect(second.token).not.toBe(guest.token)
    expect((await post(brazil, '/home/fastlogin', { token: '', userkey: 'unknown' })).envelope.code).toBe(1011)
    expect((await post(site, '/home/fastlogin', { token: '', userkey: guest.userkey })).envelope.code).toBe(1011)
  })

  it('refuses a currency change for a real account', async () => {
    const me = player('001', (await login(site, 'demo', 'demo1234')).envelope.data)
    expect((await post(me, '/home/updateGuestCurrency', { currency: 'EUR' })).envelope.code).toBe(1033)
  })

  it('registers a player with the spec\'s rules and a unique, case-insensitive username', async () => {
    expect((await post(site, '/home/register', { username: 'ab', password: 'abc123' })).envelope.code).toBe(1031)
    expect((await post(site, '/home/register', { username: 'new_one', password: 'abc123' })).envelope.code).toBe(1031)
    expect((await post(site, '/home/register', { username: 'newone', password: '123456' })).envelope.code).toBe(1032)
    expect((await post(site, '/home/register', { username: 'newone', password: 'abcdef' })).envelope.code).toBe(1032)
    expect((await post(site, '/home/register', { username: 'newone', password: '!!!!!!' })).envelope.code).toBe(1032)
    expect((await post(site, '/home/register', { username: 'newone', password: 'abc123', confirmPassword: 'abc124' })).envelope.code).toBe(1032)
    expect((await post(site, '/home/checkusername', { username: 'NewOne' })).envelope.data).toEqual({ available: true })

    const ok = await post(site, '/home/register', { username: 'NewOne', password: 'abc123!', currency: 'EUR' })
    expect(ok.envelope.code).toBe(1)
    expect(ok.envelope.data).toMatchObject({ username: 'NewOne', currency: 'EUR', account_type: 0, game_gold: '0.00' })
    expect((ok.envelope.data as { userkey: string }).userkey).toMatch(/^[0-9a-f]{64}$/)

    expect((await post(site, '/home/checkusername', { username: 'newone' })).envelope.data).toEqual({ available: false })
    expect((await post(site, '/home/register', { username: 'NEWONE', password: 'abc123!' })).envelope.code).toBe(1030)
    expect((await login(site, 'newone', 'abc123!')).envelope.code).toBe(1)
    // Usernames belong to a site: the same name is free on another one.
    expect((await post(brazil, '/home/checkusername', { username: 'newone' })).envelope.data).toEqual({ available: true })
  })

  it('credits a balance through the control surface and never lets it go negative', async () => {
    expect(await control(hall.url, 'credit', { username: 'demo', siteCode: '101', amount: '25.5' })).toMatchObject({ ok: true, currency: 'BRL' })
    const me = player('101', (await login(brazil, 'demo', 'demo1234')).envelope.data)
    expect((await post(me, '/home/prize', {})).envelope.data).toMatchObject({ game_gold: '1025.50' })
    expect(await control(hall.url, 'credit', { username: 'demo', siteCode: '101', amount: -5000 })).toMatchObject({ ok: false })
    expect((await post(me, '/home/prize', {})).envelope.data).toMatchObject({ game_gold: '1025.50' })
  })
})

describe('session lifetime', () => {
  it('expires sessions after the configured lifetime', async () => {
    const short = await startHall({ port: 0, dataDir: 'memory', mode: 'test', sessionTtlMs: 1 })
    try {
      const v = await visitor(short.url, '001')
      const a = await callHall(short.url, v, 'POST', '/home/login', { username: 'demo', password: 'demo1234' })
      expect(a.envelope.code).toBe(1)
      const me = player('001', a.envelope.data)
      expect((await callHall(short.url, me, 'POST', '/home/heartbeat', {})).envelope).toMatchObject({ code: -1 })
    } finally {
      await short.close()
    }
  }, 60_000)
})
