import { createHash, randomBytes } from 'node:crypto'
import { Schema } from 'effect'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { activeTaskTask } from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { hallPlayers, type HallPlayer } from './players'
import { visitor } from './support'
import type { Hall } from './support'

/**
 * The social-bind tasks at the hall (server/tasks.ts, issue 45): bind facebook 14 and bind wechat
 * 3 complete when the player binds an account of that provider through the third-party sign-in
 * (the stand-in provider's OAuth code with PKCE, then /user/security/thirduser/bind), and for a
 * player registered through it (thirdWay); another provider's bind completes neither.
 */
let hall: Hall

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
}, 60_000)
afterAll(() => hall.close())

const { ok, newPlayer } = hallPlayers(() => hall.url)
const decode = (data: unknown) => Schema.decodeUnknownSync(activeTaskTask.response)(data)

/** The newcomer task of a type, as the player's task list answers it. */
const task = async (p: HallPlayer, taskType: number) => {
  const t = decode(await ok(p.caller, '/activetask/task', { template: 'newcomer' })).list.find((x) => x.taskType === taskType)
  if (t === undefined) throw new Error(`no newcomer task ${taskType}`)
  return t
}

let n = 0
const email = () => `bind${(n += 1)}${Date.now().toString(36)}@example.com`

/** An access token of `provider` for `mail`, through the provider's sign-in page, its redirect and its token endpoint. */
const accessToken = async (provider: string, mail: string): Promise<string> => {
  const verifier = randomBytes(32).toString('base64url')
  const params = {
    response_type: 'code',
    client_id: '001',
    redirect_uri: `${hall.url}/oauth/callback?origin=${encodeURIComponent(hall.url)}`,
    state: randomBytes(12).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest().toString('base64url'),
    code_challenge_method: 'S256',
  }
  const res = await fetch(`${hall.url}/oauth/${provider}/authorize`, { method: 'POST', body: new URLSearchParams({ ...params, email: mail, name: 'Tester', decision: 'allow' }), redirect: 'manual' })
  expect(res.status).toBe(302)
  const code = new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? ''
  const token = await fetch(`${hall.url}/oauth/${provider}/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: params.redirect_uri, client_id: '001', code_verifier: verifier }),
  })
  expect(token.status).toBe(200)
  return ((await token.json()) as { access_token: string }).access_token
}

const bind = (p: HallPlayer, provider: string, requesterType: number) => async () =>
  ok(p.caller, '/user/security/thirduser/bind', { os_type: 3, access_token: await accessToken(provider, email()), requester_type: requesterType })

it('binding Facebook completes bind facebook 14, binding WeChat completes bind wechat 3; a Google bind neither', async () => {
  const p = await newPlayer('sbind')
  expect(await task(p, 14)).toMatchObject({ status: 3, done: '0', need: '1' })
  expect(await task(p, 3)).toMatchObject({ status: 3, done: '0' })
  await bind(p, 'google', 1)()
  expect(await task(p, 14)).toMatchObject({ status: 3, done: '0' })
  expect(await task(p, 3)).toMatchObject({ status: 3, done: '0' })
  await bind(p, 'facebook', 2)()
  expect(await task(p, 14)).toMatchObject({ status: 0, done: '1' })
  expect(await task(p, 3)).toMatchObject({ status: 3, done: '0' })
  await bind(p, 'wechat', 4)()
  expect(await task(p, 3)).toMatchObject({ status: 0, done: '1' })
  // Done, its prize is received once like any task's.
  const facebook = await task(p, 14)
  await ok(p.caller, '/activetask/getprize', { taskId: facebook.taskId })
  expect(await task(p, 14)).toMatchObject({ status: 1 })
})

it('a player registered through the Facebook sign-in (thirdWay) has bind facebook done', async () => {
  const site = await visitor(hall.url, '001')
  const token = await accessToken('facebook', email())
  const first = (await ok(site, '/home/thirdpartylogin', { access_token: token, requester_type: 2 })) as { code: number; email: string; id: string; new_username: string; new_password: string }
  expect(first.code).toBe(100)
  await ok(site, '/home/thirdpartyregister', { email: first.email, id: first.id, access_token: token, requester_type: 2, new_username: first.new_username, new_password: first.new_password })
  const { signIn } = hallPlayers(() => hall.url)
  const p = await signIn(first.new_username, first.new_password)
  expect(await task(p, 14)).toMatchObject({ status: 0, done: '1' })
  expect(await task(p, 3)).toMatchObject({ status: 3, done: '0' })
})
