/**
 * The support console refuses cross-site requests: a change (any POST) must be application/json
 * (a cross-site form posts text/plain or a form encoding), come from an allowed origin (Origin, or
 * Sec-Fetch-Site same-origin), and, when the sign-in rides on the cookie, carry the sign-in's CSRF
 * token, which sign-in and /me answer to the console's own page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHall, type RunningHall } from '../../server/hall'
import { CSRF_HEADER } from '../../server/support/routes'

let hall: RunningHall
let origin = ''
beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', log: () => undefined })
  origin = new URL(hall.url).origin
}, 60_000)
afterAll(() => hall.close())

const LEAD = { username: 'support', password: 'support-dev' }

/** A cookie sign-in of the seeded lead, as the console's page holds it, with its CSRF token. */
const signIn = async (): Promise<{ cookie: string; csrf: string }> => {
  const res = await fetch(`${hall.url}/support/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(LEAD) })
  expect(res.status).toBe(200)
  const body = (await res.json()) as { csrf: string }
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '', csrf: body.csrf }
}

let made = 0
/** A lead's change through the cookie: adds an agent; answers the HTTP status. */
const addAgent = async (cookie: string, headers: Record<string, string>, contentType = 'application/json'): Promise<number> => {
  made += 1
  const res = await fetch(`${hall.url}/support/api/accounts`, {
    method: 'POST',
    headers: { cookie, 'content-type': contentType, ...headers },
    body: JSON.stringify({ username: `csrf.agent${made}`, role: 'agent' }),
  })
  return res.status
}

describe('the support console against cross-site requests', () => {
  it('refuses a form post (text/plain): no sign-in, no change', async () => {
    const forged = await fetch(`${hall.url}/support/api/login`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(LEAD) })
    expect(forged.status).toBe(415)
    expect(forged.headers.get('set-cookie')).toBeNull()
    const { cookie, csrf } = await signIn()
    expect(await addAgent(cookie, { origin, [CSRF_HEADER]: csrf }, 'text/plain;charset=UTF-8')).toBe(415)
    expect(await addAgent(cookie, { origin, [CSRF_HEADER]: csrf }, 'application/x-www-form-urlencoded')).toBe(415)
  })

  it('refuses JSON from another origin (another port of the same host) and a cross-site fetch', async () => {
    const { cookie, csrf } = await signIn()
    const other = `http://127.0.0.1:${Number(new URL(hall.url).port) + 1}`
    expect(await addAgent(cookie, { origin: other, [CSRF_HEADER]: csrf })).toBe(403)
    expect(await addAgent(cookie, { origin: 'null', [CSRF_HEADER]: csrf })).toBe(403)
    expect(await addAgent(cookie, { 'sec-fetch-site': 'cross-site', [CSRF_HEADER]: csrf })).toBe(403)
    const login = await fetch(`${hall.url}/support/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: other }, body: JSON.stringify(LEAD) })
    expect(login.status).toBe(403)
    // The console's own page: its origin, or a same-origin fetch.
    expect(await addAgent(cookie, { origin, [CSRF_HEADER]: csrf })).toBe(200)
    expect(await addAgent(cookie, { 'sec-fetch-site': 'same-origin', [CSRF_HEADER]: csrf })).toBe(200)
  })

  it("refuses a cookie sign-in's change without its CSRF token or with a wrong one; the token from /me works", async () => {
    const { cookie, csrf } = await signIn()
    expect(await addAgent(cookie, { origin })).toBe(403)
    expect(await addAgent(cookie, { origin, [CSRF_HEADER]: 'x'.repeat(csrf.length) })).toBe(403)
    // Another sign-in's token is not this one's.
    const another = await signIn()
    expect(another.csrf).not.toBe(csrf)
    expect(await addAgent(cookie, { origin, [CSRF_HEADER]: another.csrf })).toBe(403)
    // The console's page reads its token from /me (it cannot read the HttpOnly cookie).
    const me = (await (await fetch(`${hall.url}/support/api/me`, { headers: { cookie } })).json()) as { csrf: string }
    expect(me.csrf).toBe(csrf)
    expect(await addAgent(cookie, { origin, [CSRF_HEADER]: me.csrf })).toBe(200)
    // Signing out through the cookie needs it too.
    const out = (headers: Record<string, string>) => fetch(`${hall.url}/support/api/logout`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin, ...headers }, body: '{}' })
    expect((await out({})).status).toBe(403)
    expect((await out({ [CSRF_HEADER]: csrf })).status).toBe(200)
    expect((await fetch(`${hall.url}/support/api/me`, { headers: { cookie } })).status).toBe(401)
  })
})
