/**
 * Contract: the lobby's hall client against the reference hall, sign-in calls. Before login the
 * client signs and encrypts with the site key and sends the system token; after login with the
 * player's session key and token. Also the spec §4 policy: fast login and test registration
 * retry once after reloading system info.
 */
import { Effect, Result } from 'effect'
import { afterEach, describe, expect, it } from 'vitest'
import {
  checkUsername,
  fastLogin,
  getSysInfo,
  heartbeat,
  login,
  prize,
  register,
  testRegister,
  updateGuestCurrency,
  forceChangePassword,
  userLogout,
} from '../../schemas/hall/calls'
import type { UserInfo } from '../../schemas/hall/calls'
import { callHall, HallServiceCode, withSysInfoReload } from '../../src/effects/hall'
import type { HallContext } from '../../src/effects/hall'
import { attempt, control, fail, freshUsername, playerContext, recordingFetch, succeed, systemVisitor, useHall } from './support'

const hall = useHall()

afterEach(async () => {
  await control(hall.url, 'reset')
})

const DEMO = { username: 'demo', password: 'demo1234' }

const loginDemo = async (): Promise<UserInfo> => succeed(login, DEMO, await systemVisitor(hall))

const registerFresh = async (): Promise<{ user: UserInfo; username: string; password: string }> => {
  const username = freshUsername()
  const password = 'secret123'
  const user = await succeed(register, { username, password, confirmPassword: password }, await systemVisitor(hall))
  return { user, username, password }
}

describe('login', () => {
  it('signs the demo player in: token, session key, user key', async () => {
    const user = await loginDemo()
    expect(user.username).toBe('demo')
    expect(user.token).not.toBe('')
    expect(user.session_key).not.toBe('')
    expect(user.userkey).not.toBe('')
    expect(user.userIdx).toMatch(/^\d+$/)
  })

  it('refuses a wrong password, and an unknown username, with 1011', async () => {
    const ctx = await systemVisitor(hall)
    expect(await fail(login, { username: 'demo', password: 'wrong-pass1' }, ctx)).toMatchObject({ _tag: 'ServiceCode', code: 1011 })
    expect(await fail(login, { username: 'nobody1234', password: 'demo1234' }, ctx)).toMatchObject({ _tag: 'ServiceCode', code: 1011 })
  })

  it('gives the code the control surface forces (account frozen 1025)', async () => {
    await control(hall.url, 'force', { path: login.path, code: 1025, msg: 'account frozen' })
    expect(await fail(login, DEMO, await systemVisitor(hall))).toEqual(new HallServiceCode({ code: 1025, msg: 'account frozen' }))
  })
})

describe('after login: the session key signs and encrypts', () => {
  it('heartbeat and prize answer for the player, encrypted under the session key', async () => {
    const user = await loginDemo()
    const ctx = playerContext(hall, user)
    const { fetch, exchanges } = recordingFetch()
    const beat = await succeed(heartbeat, {}, ctx, { ports: { fetch } })
    expect(Math.abs(beat.serverTime - Date.now())).toBeLessThan(60_000)
    expect(exchanges[0]?.responseHeaders.get('x-encrypted')).toBe('1')
    const p = await succeed(prize, {}, ctx)
    expect(Number(p.game_gold)).toBeGreaterThanOrEqual(0)
  })

  it('prize follows a credit from the control surface', async () => {
    const { user, username } = await registerFresh()
    const ctx = playerContext(hall, user)
    expect(Number((await succeed(prize, {}, ctx)).game_gold)).toBe(0)
    await control(hall.url, 'credit', { username, siteCode: '001', amount: '12.5' })
    expect(Number((await succeed(prize, {}, ctx)).game_gold)).toBe(12.5)
  })

  it('the site key no longer verifies once the token names a session (4001)', async () => {
    const user = await loginDemo()
    const e = await fail(heartbeat, {}, { ...playerContext(hall, user), keyMaterial: hall.siteKey })
    expect(e).toMatchObject({ _tag: 'ServiceCode', code: 4001 })
  })

  it('heartbeat and prize without a session give -1', async () => {
    const ctx = await systemVisitor(hall)
    expect(await fail(heartbeat, {}, ctx)).toMatchObject({ _tag: 'ServiceCode', code: -1 })
    expect(await fail(prize, {}, ctx)).toMatchObject({ _tag: 'ServiceCode', code: -1 })
  })

  it('an expired token (expire-token) gives -1 on every post-login call', async () => {
    const { user, username } = await registerFresh()
    const ctx = playerContext(hall, user)
    await succeed(heartbeat, {}, ctx)
    await control(hall.url, 'expire-token', { username, siteCode: '001' })
    expect(await fail(heartbeat, {}, ctx)).toMatchObject({ _tag: 'ServiceCode', code: -1 })
    expect(await fail(prize, {}, ctx)).toMatchObject({ _tag: 'ServiceCode', code: -1 })
    expect(await fail(userLogout, {}, ctx)).toMatchObject({ _tag: 'ServiceCode', code: -1 })
  })

  it('UserLogout ends the session: later calls with the token give -1', async () => {
    const { user } = await registerFresh()
    const ctx = playerContext(hall, user)
    expect(await succeed(userLogout, { useridx: user.userIdx, token: user.token }, ctx)).toEqual({})
    expect(await fail(heartbeat, {}, ctx)).toMatchObject({ _tag: 'ServiceCode', code: -1 })
  })
})

describe('registration', () => {
  it('checkusername: taken, free, and invalid (1031)', async () => {
    const ctx = await systemVisitor(hall)
    expect(await succeed(checkUsername, { username: 'demo' }, ctx)).toEqual({ available: false })
    expect(await succeed(checkUsername, { username: 'DEMO' }, ctx)).toEqual({ available: false })
    expect(await succeed(checkUsername, { username: freshUsername() }, ctx)).toEqual({ available: true })
    expect(await fail(checkUsername, { username: 'a!' }, ctx)).toMatchObject({ _tag: 'ServiceCode', code: 1031 })
  })

  it('register signs the new player in; the username is then taken (1030)', async () => {
    const { user, username, password } = await registerFresh()
    expect(user.username).toBe(username)
    expect(user.account_type).toBe(0)
    const ctx = await systemVisitor(hall)
    expect(await succeed(checkUsername, { username }, ctx)).toEqual({ available: false })
    expect(await fail(register, { username, password }, ctx)).toMatchObject({ _tag: 'ServiceCode', code: 1030 })
    expect((await succeed(login, { username, password }, ctx)).username).toBe(username)
  })

  it('register refuses an invalid username (1031), a weak password or a mismatch (1032)', async () => {
    const ctx = await systemVisitor(hall)
    expect(await fail(register, { username: 'x', password: 'secret123' }, ctx)).toMatchObject({ code: 1031 })
    expect(await fail(register, { username: freshUsername(), password: '12345678' }, ctx)).toMatchObject({ code: 1032 })
    expect(await fail(register, { username: freshUsername(), password: 'secret123', confirmPassword: 'secret124' }, ctx)).toMatchObject({ code: 1032 })
  })

  it('testregister creates a trial account; an unoffered currency gives 1034', async () => {
    const ctx = await systemVisitor(hall)
    const guest = await succeed(testRegister, { currency: 'USD' }, ctx)
    expect(guest.account_type).toBe(1)
    expect(await fail(testRegister, { currency: 'XXX' }, ctx)).toMatchObject({ _tag: 'ServiceCode', code: 1034 })
  })

  it('updateGuestCurrency changes a trial account; a real account gives 1033', async () => {
    const guest = await succeed(testRegister, { currency: 'USD' }, await systemVisitor(hall))
    const changed = await succeed(updateGuestCurrency, { currency: 'EUR' }, playerContext(hall, guest))
    expect(changed.currency).toBe('EUR')
    expect(await fail(updateGuestCurrency, { currency: 'XXX' }, playerContext(hall, guest))).toMatchObject({ code: 1034 })
    const real = await loginDemo()
    expect(await fail(updateGuestCurrency, { currency: 'EUR' }, playerContext(hall, real))).toMatchObject({ code: 1033 })
  })
})

describe('forced password change', () => {
  it('clears change_password with the right old password; a wrong one gives 1011', async () => {
    const { user, username, password } = await registerFresh()
    await control(hall.url, 'player', { username, change_password: 1 })
    const ctx = playerContext(hall, user)
    expect(await fail(forceChangePassword, { oldPassword: 'wrong999', newPassword: 'newpass12' }, ctx)).toMatchObject({ code: 1011 })
    const changed = await succeed(forceChangePassword, { oldPassword: password, newPassword: 'newpass12' }, ctx)
    // The hall replaces the fast-login key on a password change and hands this session the new one.
    expect(changed).toEqual({ change_password: 0, userkey: expect.stringMatching(/^[0-9a-f]{64}$/) })
    expect(changed.userkey).not.toBe(user.userkey)
  })
})

describe('fast login', () => {
  it('signs in with the user key into a new session', async () => {
    const { user } = await registerFresh()
    const again = await succeed(fastLogin, { userkey: user.userkey }, await systemVisitor(hall))
    expect(again.username).toBe(user.username)
    expect(again.token).not.toBe(user.token)
  })

  it('an unknown user key gives 1011', async () => {
    expect(await fail(fastLogin, { userkey: 'f'.repeat(64) }, await systemVisitor(hall))).toMatchObject({ code: 1011 })
  })
})

describe('spec §4: fast login and test registration retry once after reloading system info', () => {
  /** The lobby's view of the visitor context, replaced by a system-info reload. */
  const reloadable = async () => {
    const state = { ctx: await systemVisitor(hall), reloads: 0, tokens: [] as Array<string> }
    const reloadSysInfo = callHall(getSysInfo, {}, { ...state.ctx, token: '' }).pipe(
      Effect.tap((sys) =>
        Effect.sync(() => {
          state.reloads++
          state.ctx = { ...state.ctx, token: sys.token }
        }),
      ),
    )
    const { fetch, exchanges } = recordingFetch()
    const run = <A, E>(make: (ctx: HallContext) => Effect.Effect<A, E>) =>
      withSysInfoReload(
        Effect.suspend(() => make(state.ctx)),
        reloadSysInfo,
      )
    return { state, run, fetch, exchanges }
  }

  it('fast login recovers from one forced failure, with the reloaded system token', async () => {
    const { user } = await registerFresh()
    const { state, run, fetch, exchanges } = await reloadable()
    const firstToken = state.ctx.token
    await control(hall.url, 'force', { path: fastLogin.path, code: -1, msg: 'token expired', times: 1 })
    const signedIn = await Effect.runPromise(run((ctx) => callHall(fastLogin, { userkey: user.userkey }, ctx, { ports: { fetch } })))
    expect(signedIn.username).toBe(user.username)
    expect(state.reloads).toBe(1)
    const sentTokens = exchanges.map((e) => e.requestHeaders.get('token'))
    expect(sentTokens).toHaveLength(2)
    expect(sentTokens[0]).toBe(firstToken)
    expect(sentTokens[1]).toBe(state.ctx.token)
    expect(sentTokens[1]).not.toBe(firstToken)
  })

  it('test registration recovers from one forced failure', async () => {
    const { state, run } = await reloadable()
    await control(hall.url, 'force', { path: testRegister.path, code: 3004, msg: 'test register game', times: 1 })
    const guest = await Effect.runPromise(run((ctx) => callHall(testRegister, { currency: 'USD' }, ctx)))
    expect(guest.account_type).toBe(1)
    expect(state.reloads).toBe(1)
  })

  it('a second failure rejects the call with that failure, after one reload', async () => {
    const { state, run } = await reloadable()
    await control(hall.url, 'force', { path: fastLogin.path, code: 9110, msg: 'restricted access', times: 2 })
    const r = await Effect.runPromise(Effect.result(run((ctx) => callHall(fastLogin, { userkey: 'a'.repeat(64) }, ctx))))
    expect(Result.isFailure(r) && r.failure).toEqual(new HallServiceCode({ code: 9110, msg: 'restricted access' }))
    expect(state.reloads).toBe(1)
  })

  it('no reload when the first attempt succeeds', async () => {
    const { user } = await registerFresh()
    const { state, run } = await reloadable()
    await Effect.runPromise(run((ctx) => callHall(fastLogin, { userkey: user.userkey }, ctx)))
    expect(state.reloads).toBe(0)
    expect(Result.isSuccess(await attempt(heartbeat, {}, playerContext(hall, user)))).toBe(true)
  })
})
