/**
 * Sign-up's phone at the hall (issue 24; server/register-phone.ts): registerConfig answers the
 * site's 'register' document; where a phone is required, none is 2200, a country not of the site,
 * a number outside its length or against the site's rule is 2201, and a right one is bound (its
 * SMS login code goes to it).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startHall, type RunningHall } from '../../server/hall'
import { RegisterPhoneCodes } from '../../server/register-phone'
import { callHall, control, visitor } from './support'
import type { Caller } from './support'

let hall: RunningHall
let site: Caller
beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', log: () => undefined })
  site = await visitor(hall.url, '001')
}, 60_000)
afterAll(() => hall.close())

const answer = async (path: string, params: unknown) => (await callHall(hall.url, site, 'POST', path, params)).envelope
const register = (username: string, extra: Record<string, string> = {}) => answer('/home/register', { username, password: 'abc12345', ...extra })

it('asks no phone unless the site says so, then requires one of its countries, of its length', async () => {
  expect((await answer('/home/registerConfig', {})).data).toEqual({ phone: 'off' })
  expect((await register('rgp0001', { areaCode: '+55', mobile_phone: '1' })).code).toBe(1)
  await control(hall.url, 'site-document', { siteCode: '001', name: 'register', patch: { phone: 'required' } })
  expect((await answer('/home/registerConfig', {})).data).toEqual({ phone: 'required' })
  expect((await register('rgp0002')).code).toBe(RegisterPhoneCodes.required)
  expect((await register('rgp0002', { areaCode: '+999', mobile_phone: '63991112222' })).code).toBe(RegisterPhoneCodes.invalid)
  expect((await register('rgp0002', { areaCode: '+55', mobile_phone: '123' })).code).toBe(RegisterPhoneCodes.invalid)
  expect((await register('rgp0002', { areaCode: '+55', mobile_phone: '63991112222' })).code).toBe(1)
  const sent = await answer('/shortmsg/create', { phone_number: '+5563991112222', scene: 'login' })
  expect([sent.code, (sent.data as { target: string }).target.slice(-4)]).toEqual([1, '2222'])
})
