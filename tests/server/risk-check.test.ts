/**
 * The sign-in's risk check (issue 45; docs/hall.md control `risk-check`): a player the control
 * names signs in with loginValidType 7 until /user/risk/verifyPhone passes with the code sent to
 * its bound phone (or /user/risk/bindPhone binds one); a wrong code is refused and the check stays.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startHall } from '../../server/hall'
import { callHall, control, player, visitor } from './support'
import type { Caller, Hall } from './support'

let hall: Hall
let site: Caller

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', log: () => undefined })
  site = await visitor(hall.url, '001')
}, 60_000)
afterAll(() => hall.close())

const post = (caller: Caller, path: string, params: unknown) => callHall(hall.url, caller, 'POST', path, params)
const login = async (username: string) => {
  const { envelope } = await post(site, '/home/login', { username, password: 'abc12345' })
  expect(envelope.code).toBe(1)
  return envelope.data as { loginValidType?: number }
}
const lastCode = async (username: string): Promise<string> => (await control(hall.url, 'last-code', { username, purpose: 'phone' }))['code'] as string

it('asks the check of a named player until the bound phone code passes', async () => {
  const { username } = (await control(hall.url, 'new-player', { prefix: 'risk', password: 'abc12345', mobile_phone: '5551234567' })) as { username: string }
  expect((await login(username)).loginValidType).toBeUndefined()
  await control(hall.url, 'risk-check', { username })
  const answer = await login(username)
  expect(answer.loginValidType).toBe(7)
  const caller = player('001', answer)
  expect((await post(caller, '/user/security/createsms', { phone: '******4567' })).envelope.code).toBe(1)
  const code = await lastCode(username)
  expect((await post(caller, '/user/risk/verifyPhone', { code: code === '000000' ? '111111' : '000000' })).envelope.code).toBe(1223)
  expect((await login(username)).loginValidType).toBe(7)
  const again = player('001', await login(username))
  await post(again, '/user/security/createsms', { phone: '******4567' })
  expect((await post(again, '/user/risk/verifyPhone', { code: await lastCode(username) })).envelope.code).toBe(1)
  expect((await login(username)).loginValidType).toBeUndefined()
})

it('an account without a phone binds one by its code, which ends the check', async () => {
  const { username } = (await control(hall.url, 'new-player', { prefix: 'risk', password: 'abc12345' })) as { username: string }
  await control(hall.url, 'risk-check', { username })
  const caller = player('001', await login(username))
  await post(caller, '/user/security/createsms', { phone: '5557654321' })
  const { envelope } = await post(caller, '/user/risk/bindPhone', { phone: '5557654321', code: await lastCode(username) })
  expect(envelope).toMatchObject({ code: 1, data: { mobile_phone: '******4321' } })
  expect((await login(username)).loginValidType).toBeUndefined()
})
