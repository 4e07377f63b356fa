import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { startHall } from '../../server/hall'
import { ThirdPartyCodes } from '../../server/calls/thirdparty'
import { ServiceCodes } from '../../server/calls/types'
import { callHall, control, player, visitor } from './support'
import type { Caller, Hall } from './support'

/**
 * Third-party sign-in through the hall's stand-in OAuth 2.0 providers (server/thirdparty.ts:
 * authorization code with PKCE, real redirects, the token endpoint) and the calls that take the
 * access token (thirdpartylogin, thirdpartyregister, thirduser/bind), and the trial account's
 * conversion (setaccount) with its play money taken out of the ledger.
 */

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
const codeOf = async (caller: Caller, path: string, params: unknown) => (await post(caller, path, params)).envelope.code
const dataOf = async <T>(caller: Caller, path: string, params: unknown): Promise<T> => {
  const { envelope } = await post(caller, path, params)
  expect(envelope.code, `${path}: ${JSON.stringify(envelope)}`).toBe(1)
  return envelope.data as T
}

const b64url = (b: Buffer) => b.toString('base64url')
const callback = () => `${hall.url}/oauth/callback?origin=${encodeURIComponent(hall.url)}`

/** The provider's sign-in as the lobby's window does it: the page, the form, the redirect with the code. */
const authorize = async (provider: string, email: string, o: { decision?: string; challenge?: string } = {}) => {
  const verifier = b64url(randomBytes(32))
  const challenge = o.challenge ?? b64url(createHash('sha256').update(verifier).digest())
  const state = b64url(randomBytes(12))
  const params = { response_type: 'code', client_id: '001', redirect_uri: callback(), state, code_challenge: challenge, code_challenge_method: 'S256' }
  const pageRes = await fetch(`${hall.url}/oauth/${provider}/authorize?${new URLSearchParams(params)}`)
  expect(pageRes.status).toBe(200)
  expect(await pageRes.text()).toContain('<form method="post">')
  const res = await fetch(`${hall.url}/oauth/${provider}/authorize`, {
    method: 'POST',
    body: new URLSearchParams({ ...params, email, name: 'Tester', decision: o.decision ?? 'allow' }),
    redirect: 'manual',
  })
  expect(res.status).toBe(302)
  const location = new URL(res.headers.get('location') ?? '')
  expect(location.origin + location.pathname).toBe(`${hall.url}/oauth/callback`)
  expect(location.searchParams.get('state')).toBe(state)
  return { code: location.searchParams.get('code') ?? '', error: location.searchParams.get('error'), verifier }
}

const exchange = (provider: string, code: string, verifier: string) =>
  fetch(`${hall.url}/oauth/${provider}/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: callback(), client_id: '001', code_verifier: verifier }),
  })

/** An access token of `provider` for the account of `email`. */
const accessToken = async (provider: string, email: string): Promise<string> => {
  const { code, verifier } = await authorize(provider, email)
  const res = await exchange(provider, code, verifier)
  expect(res.status).toBe(200)
  const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number }
  expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 })
  return body.access_token
}

const email = () => `third${(n += 1)}${Date.now().toString(36)}@example.com`

it('issues a code once, only to the PKCE verifier, and the token names the account (userinfo)', async () => {
  const mail = email()
  const { code, verifier } = await authorize('google', mail)
  expect((await exchange('google', code, b64url(randomBytes(32)))).status).toBe(400)
  // The failed exchange spent the code.
  expect(await (await exchange('google', code, verifier)).json()).toMatchObject({ error: 'invalid_grant' })
  const token = await accessToken('google', mail)
  const info = await fetch(`${hall.url}/oauth/google/userinfo`, { headers: { authorization: `Bearer ${token}` } })
  expect(await info.json()).toMatchObject({ email: mail, name: 'Tester' })
  expect((await fetch(`${hall.url}/oauth/facebook/userinfo`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401)
  // A cancelled sign-in goes back with access_denied and no code.
  expect(await authorize('qq', mail, { decision: 'deny' })).toMatchObject({ code: '', error: 'access_denied' })
  // A redirect_uri elsewhere is refused on the provider's page.
  const elsewhere = new URLSearchParams({ response_type: 'code', client_id: '001', redirect_uri: 'https://evil.example/oauth/callback', state: 'abcdefghij', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })
  expect((await fetch(`${hall.url}/oauth/google/authorize?${elsewhere}`)).status).toBe(400)
})

it('an unknown account answers code 100 and registers in thirdWay mode; then it signs in at once', async () => {
  const mail = email()
  const token = await accessToken('google', mail)
  const first = await dataOf<{ code: number; email: string; id: string; new_username: string; new_password: string }>(site, '/home/thirdpartylogin', { access_token: token, requester_type: 1 })
  expect(first).toMatchObject({ code: 100, email: mail })
  expect(first.new_username).toMatch(/^[A-Za-z0-9]{4,16}$/)
  // Another provider's type with this token is refused.
  expect(await codeOf(site, '/home/thirdpartylogin', { access_token: token, requester_type: 2 })).toBe(ThirdPartyCodes.badToken)
  // The registration must name the account the token belongs to.
  expect(await codeOf(site, '/home/thirdpartyregister', { email: mail, id: 'go-someone-else', access_token: token, requester_type: 1, new_username: first.new_username, new_password: first.new_password })).toBe(ThirdPartyCodes.mismatch)
  const user = await dataOf<{ username: string; account_type: number; thirdType: number; thirdEmail: string }>(site, '/home/thirdpartyregister', {
    email: mail, id: first.id, access_token: token, requester_type: 1, new_username: first.new_username, new_password: first.new_password,
  })
  expect(user).toMatchObject({ username: first.new_username, account_type: 0, thirdType: 1 })
  expect(user.thirdEmail).toMatch(/^th\*\*\*@example\.com$/)
  // Registered once: again is refused.
  expect(await codeOf(site, '/home/thirdpartyregister', { email: mail, id: first.id, access_token: token, requester_type: 1, new_username: `${first.new_username.slice(0, 12)}x`, new_password: first.new_password })).toBe(ThirdPartyCodes.boundElsewhere)
  // A new sign-in with the provider (a new token) signs the player in without registering.
  const again = await dataOf<{ username: string; code?: number }>(site, '/home/thirdpartylogin', { access_token: await accessToken('google', mail), requester_type: 1 })
  expect(again.code).toBeUndefined()
  expect(again.username).toBe(first.new_username)
  // So does the password the registration chose.
  expect((await post(site, '/home/login', { username: first.new_username, password: first.new_password })).envelope.code).toBe(1)
})

it('binds a provider account to a registered player once, refuses it for another player, shows it masked on the profile', async () => {
  const a = await control(hall.url, 'new-player', { prefix: 'thrda' })
  const b = await control(hall.url, 'new-player', { prefix: 'thrdb' })
  const callerA = player('001', await dataOf(site, '/home/login', { username: a['username'], password: a['password'] }))
  const callerB = player('001', await dataOf(site, '/home/login', { username: b['username'], password: b['password'] }))
  const mail = email()
  const bound = await dataOf<{ data: { email: string; thirdType: number } }>(callerA, '/user/security/thirduser/bind', { os_type: 3, access_token: await accessToken('facebook', mail), requester_type: 2 })
  expect(bound).toEqual({ data: { email: `th***@example.com`, thirdType: 2 } })
  expect(await dataOf(callerA, '/user/settings/info', {})).toMatchObject({ thirdEmail: 'th***@example.com', thirdType: 2 })
  expect((await dataOf<{ list: Array<{ item: string; action: string; verifyType: number }> }>(callerA, '/user/security/history', {})).list[0]).toMatchObject({ item: 'thirdWay', action: 'bind', verifyType: 8 })
  expect(await codeOf(callerB, '/user/security/thirduser/bind', { os_type: 3, access_token: await accessToken('facebook', mail), requester_type: 2 })).toBe(ThirdPartyCodes.boundElsewhere)
  expect(await codeOf(callerA, '/user/security/thirduser/bind', { os_type: 3, access_token: await accessToken('facebook', email()), requester_type: 2 })).toBe(ThirdPartyCodes.alreadyBound)
  expect(await codeOf(callerA, '/user/security/thirduser/bind', { os_type: 3, access_token: 'not-a-token', requester_type: 1 })).toBe(ThirdPartyCodes.badToken)
  // The bound account now signs player A in.
  const signedIn = await dataOf<{ username: string }>(site, '/home/thirdpartylogin', { access_token: await accessToken('facebook', mail), requester_type: 2 })
  expect(signedIn.username).toBe(a['username'])
})

it('a trial account sets its username and password: registered, its play money out of the ledger, the new password signs in', async () => {
  const guest = await dataOf<{ username: string; account_type: number; token: string; session_key: string; currency: string }>(site, '/home/testregister', { currency: 'CNY' })
  expect(guest.account_type).toBe(1)
  await control(hall.url, 'credit', { siteCode: '001', username: guest.username, amount: '25.50' })
  const caller = player('001', guest)
  // A trial account binds nothing before it registers.
  expect(await codeOf(caller, '/user/security/thirduser/bind', { os_type: 3, access_token: await accessToken('google', email()), requester_type: 1 })).toBe(ThirdPartyCodes.trial)
  const taken = await control(hall.url, 'new-player', { prefix: 'thrdt' })
  expect(await codeOf(caller, '/user/settings/setaccount', { username: taken['username'], password: 'abc12345', confirmPassword: 'abc12345' })).toBe(ServiceCodes.usernameTaken)
  expect(await codeOf(caller, '/user/settings/setaccount', { username: 'ab', password: 'abc12345', confirmPassword: 'abc12345' })).toBe(ServiceCodes.invalidUsername)
  expect(await codeOf(caller, '/user/settings/setaccount', { username: 'trialok1', password: '123456', confirmPassword: '123456' })).toBe(ServiceCodes.invalidPassword)
  expect(await codeOf(caller, '/user/settings/setaccount', { username: 'trialok1', password: 'abc12345', confirmPassword: 'abc12346' })).toBe(ServiceCodes.invalidPassword)
  const username = `trial${Date.now().toString(36).slice(-6)}`
  const done = await dataOf<{ username: string; userkey: string }>(caller, '/user/settings/setaccount', { username, password: 'abc12345', confirmPassword: 'abc12345' })
  expect(done.username).toBe(username)
  expect(done.userkey).toMatch(/^[0-9a-f]{64}$/)
  // Once: the account is registered now.
  expect(await codeOf(caller, '/user/settings/setaccount', { username: `${username}x`, password: 'abc12345', confirmPassword: 'abc12345' })).toBe(ThirdPartyCodes.notTrial)
  const user = await dataOf<{ username: string; account_type: number; game_gold: string; userOptResult: number[] }>(site, '/home/login', { username, password: 'abc12345' })
  expect(user).toMatchObject({ username, account_type: 0, game_gold: '0.00' })
  expect(user.userOptResult[4]).toBe(0)
  // The ledger explains the balance: the play money credited, then taken out as trial-forfeit.
  const movements = await dataOf<{ records: Array<{ kind: string; amount: string; balance: string }> }>(player('001', user), '/record/accountDetails', { current: 1, size: 10, dateType: -1 })
  expect(movements.records.map((m) => [m.kind, m.amount, m.balance])).toEqual([['other', '-25.5', '0'], ['deposit', '25.5', '25.5']])
  expect(await codeOf(site, '/home/login', { username: guest.username, password: 'abc12345' })).toBe(ServiceCodes.loginError)
})
