/**
 * The hall's stand-ins in production (docs/hall.md, "Deploying"): the payment provider's page
 * that pays without money, the identity providers that sign in whoever types an email, the demo
 * player seeded with money. A production hall has none of them: their routes answer 404, no
 * player is seeded, a deposit waits for the provider's signed callback; the game page still
 * plays. Started with its stand-ins on (a demo), it prints a warning and its page says so (the
 * lobby's banner).
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DepositOrder, depositSignText } from '../../schemas/hall/calls/pay'
import { Schema } from 'effect'
import { startHall, type RunningHall } from '../../server/hall'
import { DEMO_PLAYER } from '../../server/seed'
import { aesEncrypt, callHall, nonce, player, type Caller } from './support'

const md5 = (s: string): string => createHash('md5').update(s, 'utf8').digest('hex')

interface Started {
  readonly hall: RunningHall
  readonly lines: string[]
  readonly html: string
  readonly site: Caller
  readonly depositKey: string
}

/** A production hall and what its page gives any visitor: the site key and the deposit key. */
const production = async (standIns: boolean): Promise<Started> => {
  const lines: string[] = []
  const hall = await startHall({ port: 0, dataDir: 'memory', mode: 'production', log: (l) => lines.push(l), ...(standIns ? { standIns: true } : {}) })
  const html = await (await fetch(`${hall.url}/`, { headers: { accept: 'text/html' } })).text()
  const siteKey = /"siteKey":"([^"]+)"/.exec(html)?.[1] ?? ''
  const depositKey = /"depositKey":"([^"]+)"/.exec(html)?.[1] ?? ''
  expect([siteKey, depositKey].every((k) => k !== '')).toBe(true)
  return { hall, lines, html, site: { siteCode: '001', keyMaterial: siteKey, token: '' }, depositKey }
}

let n = 0
/** Registers a player and places an online deposit order (channel 101, the provider's page). */
const placeOrder = async (s: Started): Promise<{ caller: Caller; data: { session_key: string; userkey: string }; order: DepositOrder }> => {
  n += 1
  const reg = await callHall(s.hall.url, s.site, 'POST', '/home/register', { username: `standin${n}`, password: 'abc12345' })
  expect(reg.envelope.code, reg.envelope.msg).toBe(1)
  const caller = player('001', reg.envelope.data)
  const request_id = `stand-ins-request-${n}`
  const a = await callHall(s.hall.url, caller, 'POST', '/pay/offlineOrderV3', { channel_id: 101, amount: '100', request_id, sign: md5(depositSignText({ channel_id: 101, amount: '100', request_id }, s.depositKey)) })
  expect(a.envelope.code, a.envelope.msg).toBe(1)
  return { caller, data: reg.envelope.data as { session_key: string; userkey: string }, order: Schema.decodeUnknownSync(DepositOrder)(a.envelope.data) }
}

const balanceOf = async (s: Started, caller: Caller): Promise<string> =>
  ((await callHall(s.hall.url, caller, 'POST', '/gameapi/RefreshGold', { os_type: 3 })).envelope.data as { game_gold: string }).game_gold

const pressPay = (s: Started, o: DepositOrder) => fetch(`${s.hall.url}${o.pay_url}`, { method: 'POST', body: new URLSearchParams({ outcome: 'paid' }) })

describe('a production hall without its stand-ins', () => {
  let s: Started
  beforeAll(async () => {
    s = await production(false)
  }, 60_000)
  afterAll(() => s.hall.close())

  it('seeds its sites but no player: demo / demo1234 does not sign in', async () => {
    expect(s.html).toContain('"siteCode":"001"')
    const login = await callHall(s.hall.url, s.site, 'POST', '/home/login', { username: DEMO_PLAYER.username, password: DEMO_PLAYER.password })
    expect(login.envelope.code).not.toBe(1)
  })

  it("answers 404 on the provider's page: pressing Pay credits nothing, the order waits for the signed callback, which a wrong signature does not settle", async () => {
    const { caller, order } = await placeOrder(s)
    expect(order.pay_url).toMatch(/^\/provider\/pay\/[0-9a-f]{32}$/)
    expect((await fetch(`${s.hall.url}${order.pay_url}`)).status).toBe(404)
    expect((await pressPay(s, order)).status).toBe(404)
    expect(await balanceOf(s, caller)).toBe('0.00')
    const forged = await fetch(`${s.hall.url}/provider/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_no: order.order_no, status: 'paid', amount: '100', sign: md5(`order_no=${order.order_no}&status=paid&amount=100&key=`) }),
    })
    expect(forged.status).toBe(403)
    expect(await balanceOf(s, caller)).toBe('0.00')
    const info = Schema.decodeUnknownSync(DepositOrder)((await callHall(s.hall.url, caller, 'POST', '/pay/orderInfo', { order_no: order.order_no })).envelope.data)
    expect(info.status).toBe(0)
  })

  it('answers 404 on the stand-in identity providers', async () => {
    const q = new URLSearchParams({ response_type: 'code', client_id: '001', redirect_uri: `${s.hall.url}/oauth/callback`, state: 's', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })
    expect((await fetch(`${s.hall.url}/oauth/google/authorize?${q.toString()}`)).status).toBe(404)
    // A browser asking for a page there gets the lobby's page (its own not-found), not the provider's form.
    expect(await (await fetch(`${s.hall.url}/oauth/google/authorize?${q.toString()}`, { headers: { accept: 'text/html' } })).text()).not.toContain('stand-in for Google')
    expect((await fetch(`${s.hall.url}/oauth/google/authorize`, { method: 'POST', body: new URLSearchParams({ ...Object.fromEntries(q), decision: 'allow', email: 'a@b.example' }) })).status).toBe(404)
    expect((await fetch(`${s.hall.url}/oauth/google/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code' }) })).status).toBe(404)
  })

  it('still opens the game page for a signed-in player', async () => {
    const { caller, data } = await placeOrder(s)
    const login = await callHall(s.hall.url, caller, 'POST', '/gameapi/login', { gameid: 130009, platfromid: 13, user_type: 'formal' })
    expect(login.envelope.code, login.envelope.msg).toBe(1)
    const nc = nonce()
    const key = `${nc}.${aesEncrypt(s.site.keyMaterial, nc, data.session_key)}`
    const page = await fetch(`${s.hall.url}/games/play?gameId=130009&route=%2Fhome%2Fgame&lang=en_US&key=${encodeURIComponent(key)}&userkey=${data.userkey}`, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(await page.text()).toMatch(/const ticket = "[0-9a-f]+"/)
  })

  it('offers no third-party sign-in, whose only providers are the stand-ins: in the page and in the system info call', async () => {
    for (const key of ['useGoogle', 'useFacebook', 'useWechat', 'useQQ']) {
      expect(s.html).toContain(`"${key}":"close"`)
      expect(s.html).not.toContain(`"${key}":"open"`)
    }
    const called = (await callHall(s.hall.url, s.site, 'GET', '/home/getsysinfo', {})).envelope.data as Record<string, unknown>
    expect(called['useGoogle']).toBe('close')
    expect(called['useFacebook']).toBe('close')
    expect(called['useWechat']).toBe('close')
  })

  it('says nothing of stand-ins: no warning at start, no banner flag in the page', () => {
    expect(s.lines.join('\n')).not.toContain('STAND-INS')
    expect(s.html).not.toContain('standIns')
  })
})

describe('a production hall started with its stand-ins (a demo)', () => {
  let s: Started
  beforeAll(async () => {
    s = await production(true)
  }, 60_000)
  afterAll(() => s.hall.close())

  it('prints a warning at start and tells the page to show its banner', () => {
    expect(s.lines.join('\n')).toContain('STAND-INS ON')
    expect(s.html).toContain('"standIns":true')
  })

  it('offers the third-party sign-ins its stand-in providers answer', async () => {
    const called = (await callHall(s.hall.url, s.site, 'GET', '/home/getsysinfo', {})).envelope.data as Record<string, unknown>
    expect(called['useGoogle']).toBe('open')
    expect(called['useFacebook']).toBe('open')
  })

  it("seeds the demo player with its money, and the provider's page pays", async () => {
    const login = await callHall(s.hall.url, s.site, 'POST', '/home/login', { username: DEMO_PLAYER.username, password: DEMO_PLAYER.password })
    expect(login.envelope.code, login.envelope.msg).toBe(1)
    expect(login.envelope.data).toMatchObject({ game_gold: '1000.00' })
    const { caller, order } = await placeOrder(s)
    expect((await fetch(`${s.hall.url}${order.pay_url}`)).status).toBe(200)
    expect((await pressPay(s, order)).status).toBe(200)
    expect(Number(await balanceOf(s, caller))).toBeGreaterThanOrEqual(100)
  })
})
