/**
 * A Brazilian site's code send to a bound phone (issue 45's defect): a phone is bound with its
 * country segment ('+5511987654321'); /user/security/createsms checks the site's phone rule
 * (spec §5: the Brazilian rules, third digit 9) on the national number, the segment aside, so the
 * bound phone named masked or in full gets its code, and a national number that breaks the rule is
 * still refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHall } from '../../server/hall'
import { maskPhone } from '../../server/calls/security'
import { callHall, control, player, visitor } from './support'
import type { Caller } from './support'

let hall: Awaited<ReturnType<typeof startHall>>
let site: Caller

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', log: () => undefined })
  site = await visitor(hall.url, '101')
}, 60_000)
afterAll(() => hall.close())

const post = (caller: Caller, path: string, params: unknown) => callHall(hall.url, caller, 'POST', path, params)

const signedIn = async (settings: Record<string, unknown> = {}): Promise<{ caller: Caller; username: string }> => {
  const p = await control(hall.url, 'new-player', { siteCode: '101', prefix: 'br', ...settings })
  const username = String(p['username'])
  const login = await post(site, '/home/login', { username, password: String(p['password']) })
  expect(login.envelope.code).toBe(1)
  return { caller: player('101', login.envelope.data), username }
}

describe('the Brazilian phone rule on a code send (site 101)', () => {
  it('sends a code to the bound +55 phone, named masked or in full', async () => {
    const { caller, username } = await signedIn({ mobile_phone: '+5511987654321' })
    const masked = await post(caller, '/user/security/createsms', { phone: maskPhone('+5511987654321') })
    expect(masked.envelope).toMatchObject({ code: 1, data: { target: maskPhone('+5511987654321') } })
    expect(String((await control(hall.url, 'last-code', { siteCode: '101', username, purpose: 'phone' }))['code'])).toMatch(/^\d{4}$/)
    await control(hall.url, 'reset', {})
    expect((await post(caller, '/user/security/createsms', { phone: '+5511987654321' })).envelope.code).toBe(1)
  })

  it('checks a new number given with its area code by the national rules', async () => {
    const { caller } = await signedIn()
    await control(hall.url, 'reset', {})
    expect((await post(caller, '/user/security/createsms', { phone: '21987654321', areaCode: '+55' })).envelope.code).toBe(1)
    await control(hall.url, 'reset', {})
    // Third digit not 9: the rule's phoneError, in national and international form alike.
    expect((await post(caller, '/user/security/createsms', { phone: '21887654321', areaCode: '+55' })).envelope).toMatchObject({ code: 1220, msg: 'validation.phoneError' })
    expect((await post(caller, '/user/security/createsms', { phone: '+5521887654321' })).envelope).toMatchObject({ code: 1220, msg: 'validation.phoneError' })
  })
})
