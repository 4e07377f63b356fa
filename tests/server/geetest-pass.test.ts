/**
 * The Geetest v4 validation's pass (issue 45; docs/hall.md "Hall profile" `geetest`): the v4
 * validation spends the challenge and answers a pass token; the guarded call (a code send past its
 * allowance) carries it as its `geetest` result and is let through once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHall } from '../../server/hall'
import { callHall, control, player, visitor } from './support'
import type { Caller } from './support'

let hall: Awaited<ReturnType<typeof startHall>>
let site: Caller

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', log: () => undefined })
  site = await visitor(hall.url, '001')
}, 60_000)
afterAll(() => hall.close())

const post = (caller: Caller, path: string, params: unknown) => callHall(hall.url, caller, 'POST', path, params)

const signedIn = async (): Promise<Caller> => {
  const p = await control(hall.url, 'new-player', { prefix: 'gee' })
  const login = await post(site, '/home/login', { username: String(p['username']), password: String(p['password']) })
  expect(login.envelope.code).toBe(1)
  return player('001', login.envelope.data)
}

const challenge = async (caller: Caller): Promise<{ key: string; digits: string }> => {
  const c = await post(caller, '/home/captcha', {})
  const key = (c.envelope.data as { key: string }).key
  return { key, digits: String((await control(hall.url, 'challenge-answer', { key }))['answer']) }
}

describe('the v4 validation answers a pass the guarded call carries', () => {
  it("site 401 is seeded with the hall profile geetest 'v4'", async () => {
    expect(((await control(hall.url, 'site-config', { siteCode: '401' }))['config'] as { hallProfile?: unknown }).hallProfile).toEqual({ geetest: 'v4' })
  })

  it('a code send past its allowance goes through once with the pass of a validated challenge', async () => {
    const caller = await signedIn()
    await control(hall.url, 'reset', {})
    for (let i = 0; i < 3; i++) expect((await post(caller, '/user/security/createsms', { phone: '+15551234567' })).envelope.code).toBe(1)
    expect((await post(caller, '/user/security/createsms', { phone: '+15551234567' })).envelope.code).toBe(1119)

    const c = await challenge(caller)
    const validated = await post(caller, '/user/geetest/validate/v4', { captcha_id: '001', lot_number: c.key, captcha_output: c.digits, scene: 'sms' })
    expect(validated.envelope.code).toBe(1)
    const pass = validated.envelope.data as { pass_token: string; gen_time: string }
    expect(pass.pass_token).toMatch(/^[0-9a-f]{32}$/)
    expect(Number(pass.gen_time)).toBeGreaterThan(0)
    // The validation spent the challenge: its key and answer alone no longer pass.
    expect((await post(caller, '/user/security/createsms', { phone: '+15551234567', captchaKey: c.key, captcha: c.digits })).envelope.code).toBe(2011)

    const geetest = { captcha_id: '001', lot_number: c.key, captcha_output: c.digits, ...pass }
    expect((await post(caller, '/user/security/createsms', { phone: '+15551234567', geetest })).envelope.code).toBe(1)
    // A pass is used once (a miss: 2011); a pass of another challenge does not pass this one (a miss again, the other validation having passed in between).
    expect((await post(caller, '/user/security/createsms', { phone: '+15551234567', geetest })).envelope.code).toBe(2011)
    const d = await challenge(caller)
    const other = (await post(caller, '/user/geetest/validate/v4', { captcha_id: '001', lot_number: d.key, captcha_output: d.digits })).envelope.data as { pass_token: string; gen_time: string }
    expect((await post(caller, '/user/security/createsms', { phone: '+15551234567', geetest: { ...geetest, pass_token: other.pass_token } })).envelope.code).toBe(2011)
  })

  it('a code send before sign-in (recovery by e-mail) goes through with the pass of the validation before sign-in', async () => {
    await control(hall.url, 'reset', {})
    const email = `geo${Date.now() % 1e9}@example.com`
    const made = (await control(hall.url, 'new-player', { prefix: 'geo', email })) as { username: string }
    const ask = { username: made.username, email }
    let code = 1
    let sends = 0
    while (code === 1 && sends < 10) {
      code = (await post(site, '/user/email/createmail', ask)).envelope.code
      sends += 1
    }
    expect(code).toBe(1119)
    const c = await challenge(site)
    const validated = await post(site, '/geetest/validate/v4', { captcha_id: '001', lot_number: c.key, captcha_output: c.digits })
    expect(validated.envelope.code).toBe(1)
    const pass = validated.envelope.data as { pass_token: string; gen_time: string }
    const geetest = { captcha_id: '001', lot_number: c.key, captcha_output: c.digits, ...pass }
    expect((await post(site, '/user/email/createmail', { ...ask, geetest })).envelope.code).toBe(1)
    // Used once: the same pass again is a miss.
    expect((await post(site, '/user/email/createmail', { ...ask, geetest })).envelope.code).toBe(2011)
  })

  it('a wrong answer gets no pass', async () => {
    const c = await challenge(site)
    const wrong = c.digits === '0000' ? '1111' : '0000'
    const refused = await post(site, '/geetest/validate/v4', { captcha_id: '001', lot_number: c.key, captcha_output: wrong })
    expect(refused.envelope.code).toBe(2011)
    expect(refused.envelope.data ?? null).toBeNull()
  })
})
