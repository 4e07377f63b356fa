import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHall } from '../../server/hall'
import { callHall, control, player, visitor } from './support'
import type { Caller, Hall } from './support'

/**
 * Sign-out ends access (issue: a fast-login key copied from a shared computer stayed valid
 * forever). Logging out rotates the player's fast-login key and ends the sessions that key
 * opened; a changed password or a frozen account ends every session and the key.
 */

let hall: Hall
let site: Caller

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
  site = await visitor(hall.url, '001')
}, 60_000)
afterAll(() => hall.close())

const post = (caller: Caller, path: string, params: unknown) => callHall(hall.url, caller, 'POST', path, params)
const login = (username: string, password: string) => post(site, '/home/login', { username, password, clientType: 5 })
const fastLogin = (userkey: string) => post(site, '/home/fastlogin', { userkey, clientType: 5 })
const register = async (username: string, password: string) => {
  const a = await post(site, '/home/register', { username, password })
  expect(a.envelope.code).toBe(1)
  return a.envelope.data as { userkey: string }
}
const keyOf = (data: unknown): string => (data as { userkey: string }).userkey
/** A call only a live session may make: 1 while live, -1 once ended. */
const alive = async (me: Caller): Promise<number> => (await post(me, '/home/prize', {})).envelope.code

describe('logging out', () => {
  it('refuses the old fast-login key and the old token afterwards', async () => {
    await register('leaver01', 'leave123')
    const signedIn = await login('leaver01', 'leave123')
    const oldKey = keyOf(signedIn.envelope.data)
    const me = player('001', signedIn.envelope.data)
    expect(await alive(me)).toBe(1)

    expect((await post(me, '/home/UserLogout', { token: me.token })).envelope.code).toBe(1)

    expect(await alive(me)).toBe(-1)
    const replayed = await fastLogin(oldKey)
    expect(replayed.envelope.code).toBe(1011)
    expect(replayed.envelope.data).toBeNull()
  })

  it('ends the sessions the old key opened (another tab of the same browser) and hands a new key at the next sign-in', async () => {
    await register('leaver02', 'leave123')
    const tab1 = await login('leaver02', 'leave123')
    const key = keyOf(tab1.envelope.data)
    const opened = await fastLogin(key)
    expect(opened.envelope.code).toBe(1)
    const tab2 = player('001', opened.envelope.data)
    const me = player('001', tab1.envelope.data)

    expect((await post(me, '/home/UserLogout', { token: me.token })).envelope.code).toBe(1)

    expect(await alive(tab2)).toBe(-1)
    const again = await login('leaver02', 'leave123')
    const newKey = keyOf(again.envelope.data)
    expect(newKey).not.toBe(key)
    expect(newKey).toMatch(/^[0-9a-f]{64}$/)
    expect((await fastLogin(newKey)).envelope.code).toBe(1)
  })

  it('leaves a password session of another device signed in, but its copy of the old key no longer signs in', async () => {
    await register('leaver03', 'leave123')
    const phone = player('001', (await login('leaver03', 'leave123')).envelope.data)
    const desk = await login('leaver03', 'leave123')
    const key = keyOf(desk.envelope.data)
    const me = player('001', desk.envelope.data)

    expect((await post(me, '/home/UserLogout', { token: me.token })).envelope.code).toBe(1)

    expect(await alive(phone)).toBe(1)
    expect((await fastLogin(key)).envelope.code).toBe(1011)
  })

  it('a second logout of a session of the old key leaves the new key alone', async () => {
    await register('leaver04', 'leave123')
    const a = await login('leaver04', 'leave123')
    const b = player('001', (await login('leaver04', 'leave123')).envelope.data)
    const me = player('001', a.envelope.data)
    expect((await post(me, '/home/UserLogout', {})).envelope.code).toBe(1)
    const fresh = await login('leaver04', 'leave123')
    const freshKey = keyOf(fresh.envelope.data)
    const byFresh = player('001', (await fastLogin(freshKey)).envelope.data)

    // b was handed the old key: logging it out changes nothing of the new key or its sessions.
    expect((await post(b, '/home/UserLogout', {})).envelope.code).toBe(1)

    expect(await alive(byFresh)).toBe(1)
    expect((await fastLogin(freshKey)).envelope.code).toBe(1)
  })
})

describe('a changed password or a frozen account', () => {
  it('a forced password change ends every other session and the old key; the changing session gets the new key', async () => {
    await register('changer1', 'first123')
    expect(await control(hall.url, 'player', { username: 'changer1', change_password: 1 })).toEqual({ ok: true })
    const other = player('001', (await login('changer1', 'first123')).envelope.data)
    const signedIn = await login('changer1', 'first123')
    const oldKey = keyOf(signedIn.envelope.data)
    const me = player('001', signedIn.envelope.data)

    const changed = await post(me, '/user/forcechangepassword', { oldPassword: 'first123', newPassword: 'second12' })

    expect(changed.envelope).toMatchObject({ code: 1, data: { change_password: 0 } })
    const newKey = keyOf(changed.envelope.data)
    expect(newKey).toMatch(/^[0-9a-f]{64}$/)
    expect(newKey).not.toBe(oldKey)
    expect(await alive(other)).toBe(-1)
    expect(await alive(me)).toBe(1)
    expect((await fastLogin(oldKey)).envelope.code).toBe(1011)
    expect((await fastLogin(newKey)).envelope.code).toBe(1)
  })

  it('freezing an account ends every session and the key', async () => {
    await register('frozen01', 'cold1234')
    const signedIn = await login('frozen01', 'cold1234')
    const key = keyOf(signedIn.envelope.data)
    const me = player('001', signedIn.envelope.data)
    const byKey = player('001', (await fastLogin(key)).envelope.data)

    expect(await control(hall.url, 'player', { username: 'frozen01', user_status: 2 })).toEqual({ ok: true })

    expect(await alive(me)).toBe(-1)
    expect(await alive(byKey)).toBe(-1)
    expect((await fastLogin(key)).envelope.code).toBe(1011)
    expect((await login('frozen01', 'cold1234')).envelope.code).toBe(1025)
  })
})
