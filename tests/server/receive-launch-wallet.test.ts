/**
 * Three catalogue calls the reference hall answers since issue 45: /active/receiverewardall (every
 * packet sent to the player, one transaction each, never twice), /gameapi/loginv2 (the launch
 * answered with the finished game address) and /pay/wallet/downloadUrl (the site's wallet app).
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

const signedIn = async (): Promise<{ caller: Caller; username: string; data: { userkey: string } }> => {
  const p = await control(hall.url, 'new-player', { prefix: 'recv' })
  const username = String(p['username'])
  const login = await post(site, '/home/login', { username, password: String(p['password']) })
  expect(login.envelope.code).toBe(1)
  return { caller: player('001', login.envelope.data), username, data: login.envelope.data as { userkey: string } }
}

const balance = async (username: string): Promise<string> => (await control(hall.url, 'credit', { username, amount: '0' }))['balance'] as string

const activity = async (body: Record<string, unknown>): Promise<number> => {
  const r = await control(hall.url, 'red-activity', body)
  expect(r).toMatchObject({ ok: true })
  return r['activeId'] as number
}

describe('/active/receiverewardall', () => {
  it('takes every packet sent to the player on this device, once, and answers the total and the balance', async () => {
    const { caller, username } = await signedIn()
    const sent = await activity({ players: [username], action: 'send', amount: '2.5', packets: 3 })
    const other = await activity({ players: [username], action: 'send', amount: '1.25', packets: 1 })
    const grab = await activity({ players: [username], action: 'grab', amount: '9' })
    const phoneOnly = await activity({ players: [username], action: 'send', amount: '4', deviceTypes: ['1'] })
    const all = await post(caller, '/active/receiverewardall', { requestDeviceType: 4 })
    expect(all.envelope.code).toBe(1)
    const data = all.envelope.data as { list: Array<{ activeId: number; redId: number; amount: string; first: boolean }>; total: string; balance: string }
    expect(data.list.map((c) => [c.activeId, c.redId, c.amount, c.first])).toEqual([
      [sent, 1, '2.50', true], [sent, 2, '2.50', true], [sent, 3, '2.50', true], [other, 1, '1.25', true],
    ])
    expect(data.total).toBe('8.75')
    expect(data.balance).toBe('8.75')
    expect(await balance(username)).toBe('8.75')
    // Nothing is left: the grab packet and the packet of another device stay where they were.
    expect((await post(caller, '/active/receiverewardall', { requestDeviceType: 4 })).envelope).toMatchObject({ code: 1, data: { list: [], total: '0.00', balance: '8.75' } })
    const left = (await post(caller, '/active/redactive', {})).envelope.data as { list: Array<{ activeid: number }> }
    expect(left.list.map((a) => a.activeid).sort()).toEqual([grab, phoneOnly].sort())
  })

  it('two receives at once credit each packet once', async () => {
    const { caller, username } = await signedIn()
    await activity({ players: [username], action: 'send', amount: '3', packets: 4 })
    const answers = await Promise.all([0, 1, 2].map(() => post(caller, '/active/receiverewardall', { requestDeviceType: 4 })))
    for (const a of answers) expect(a.envelope.code).toBe(1)
    const taken = answers.flatMap((a) => (a.envelope.data as { list: Array<{ redId: number }> }).list.map((c) => c.redId))
    expect(taken.sort()).toEqual([1, 2, 3, 4])
    expect(await balance(username)).toBe('12.00')
  })

  it('refuses a visitor and a blacklisted player', async () => {
    expect((await post(site, '/active/receiverewardall', { requestDeviceType: 4 })).envelope.code).toBe(-1)
    const { caller, username } = await signedIn()
    await activity({ players: [username], action: 'send', amount: '3' })
    // Blacklisting (status 5) ends the player's sessions: the receive is refused as a visitor's is.
    await control(hall.url, 'player', { username, user_status: 5 })
    expect((await post(caller, '/active/receiverewardall', { requestDeviceType: 4 })).envelope.code).toBe(-1)
    expect(await balance(username)).toBe('0.00')
  })
})

describe('/gameapi/loginv2', () => {
  it('answers the finished address of the game page, which opens for the player', async () => {
    const { caller, username } = await signedIn()
    const a = await post(caller, '/gameapi/loginv2', { gameid: 130009, platfromid: 13, user_type: 'formal' })
    expect(a.envelope.code).toBe(1)
    const { game_url, direction } = a.envelope.data as { game_url: string; direction: number }
    expect(typeof direction).toBe('number')
    const url = new URL(game_url, hall.url)
    expect(url.pathname).toBe('/games/play')
    expect(url.searchParams.get('try')).toBe(username)
    expect(url.searchParams.get('key')).toMatch(/^[0-9a-f]{32}\..+/)
    const page = await fetch(url, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Playing for real')
    expect(html).toContain(username)
  })

  it("is what a site's hall profile names: injected with the site configuration, absent by default", async () => {
    const config = async () => (await control(hall.url, 'site-config', { siteCode: '001' }))['config'] as { hallProfile?: unknown }
    expect((await config()).hallProfile).toBeUndefined()
    await control(hall.url, 'site-document', { siteCode: '001', name: 'site', patch: { hallProfile: { launch: 'loginv2', other: 1 } } })
    expect((await config()).hallProfile).toEqual({ launch: 'loginv2' })
    await control(hall.url, 'site-document', { siteCode: '001', name: 'site', remove: ['hallProfile'] })
    expect((await config()).hallProfile).toBeUndefined()
  })

  it('launches a demo without a session, and refuses what loginv1 refuses', async () => {
    const demo = await post(site, '/gameapi/loginv2', { gameid: 130009, platfromid: 13, user_type: 'demo' })
    expect(demo.envelope.code).toBe(1)
    const url = new URL((demo.envelope.data as { game_url: string }).game_url, hall.url)
    expect(url.searchParams.get('key')).toBeNull()
    expect(await (await fetch(url, { headers: { accept: 'text/html' } })).text()).toContain('Demo play')
    expect((await post(site, '/gameapi/loginv2', { gameid: 130009, platfromid: 14, user_type: 'demo' })).envelope.code).toBe(1050)
    expect((await post(site, '/gameapi/loginv2', { gameid: 130009, platfromid: 13, user_type: 'formal' })).envelope.code).toBe(-1)
  })
})

describe('/pay/wallet/downloadUrl', () => {
  it("answers the site's wallet app for the device type, '' when it names none", async () => {
    const { caller } = await signedIn()
    expect((await post(caller, '/pay/wallet/downloadUrl', { device_type: 1 })).envelope).toMatchObject({ code: 1, data: { url: '' } })
    await control(hall.url, 'site-document', { siteCode: '001', name: 'download', patch: { walletApp: { '1': 'https://wallet.example/get', '2': 'javascript:alert(1)' } } })
    expect((await post(caller, '/pay/wallet/downloadUrl', { device_type: 1 })).envelope).toMatchObject({ code: 1, data: { url: 'https://wallet.example/get' } })
    expect((await post(caller, '/pay/wallet/downloadUrl', { device_type: 2 })).envelope).toMatchObject({ code: 1, data: { url: '' } })
    await control(hall.url, 'site-document', { siteCode: '001', name: 'download', remove: ['walletApp'] })
  })
})
