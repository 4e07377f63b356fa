import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FavoriteRef, GamePage, GamePlatform } from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { aesEncrypt, callHall, control, nonce, player, visitor } from './support'
import type { Caller, Hall } from './support'

let hall: Hall
let site: Caller
let site101: Caller

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
  site = await visitor(hall.url, '001')
  site101 = await visitor(hall.url, '101')
}, 60_000)
afterAll(() => hall.close())

const get = (c: Caller, path: string, params: unknown) => callHall(hall.url, c, 'GET', path, params)
const post = (c: Caller, path: string, params: unknown) => callHall(hall.url, c, 'POST', path, params)
const pageOf = (data: unknown) => Schema.decodeUnknownSync(GamePage)(data)
const login = async (username = 'demo') =>
  player('001', (await post(site, '/home/login', { username, password: 'demo1234', clientType: 5 })).envelope.data)

describe('the game catalogue at the reference hall', () => {
  it('holds at least 10,000 games over every category and at least 60 platforms', async () => {
    const cats = [1, 2, 3, 4, 5, 6, 8, 9, 10, 11]
    let total = 0
    for (const c of cats) {
      const p = pageOf((await get(site, '/api/lobby/recentreport/game-list', { gameCategoryId: c, platformId: Number(`${c}999`), current: 1, size: 20 })).envelope.data)
      expect(p.records).toHaveLength(20)
      expect(p.records.every((g) => g.gameCategoryId === c)).toBe(true)
      total += p.total
    }
    expect(total).toBeGreaterThanOrEqual(10_000)
    const platforms = Schema.decodeUnknownSync(Schema.Array(GamePlatform))((await get(site, '/api/lobby/recentreport/platform-categories', {})).envelope.data)
    expect(new Set(platforms.map((p) => p.platformId)).size).toBeGreaterThanOrEqual(60)
  })

  it('pages by 20, filters by platform, answers hot, demo and search', async () => {
    const p2 = pageOf((await get(site, '/api/lobby/recentreport/game-list', { gameCategoryId: 3, platformId: 13, current: 2, size: 20 })).envelope.data)
    expect(p2.current).toBe(2)
    expect(p2.records.every((g) => g.platformId === 13)).toBe(true)
    const hot = pageOf((await get(site, '/api/lobby/recentreport/hot-list', { current: 1, size: 20 })).envelope.data)
    expect(hot.records.length).toBe(20)
    const demo = pageOf((await get(site, '/api/lobby/recentreport/game-list', { demo: '1', current: 1, size: 20 })).envelope.data)
    expect(demo.records.every((g) => g.demo && g.platformId === 13)).toBe(true)
    const found = pageOf((await get(site, '/api/lobby/recentreport/game-list', { gameName: 'dragon', current: 1, size: 20 })).envelope.data)
    expect(found.total).toBeGreaterThan(0)
    expect(found.records.every((g) => g.gameName.toLowerCase().includes('dragon'))).toBe(true)
    const none = pageOf((await get(site, '/api/lobby/recentreport/game-list', { gameName: '%_', current: 1, size: 20 })).envelope.data)
    expect(none.total).toBe(0)
  })

  it('injects platform 68 for category 4 and 14, 134, 37 for category 3 on site 101 only', async () => {
    const cat = async (c: Caller, id: number) =>
      Schema.decodeUnknownSync(Schema.Array(GamePlatform))((await get(c, '/api/lobby/recentreport/platform-categories', { gameCategoryId: id })).envelope.data).map((p) => p.platformId)
    expect((await cat(site101, 4))[0]).toBe(68)
    expect((await cat(site101, 3)).slice(0, 3)).toEqual([14, 134, 37])
    expect(await cat(site, 4)).not.toContain(68)
    expect(await cat(site, 3)).not.toContain(134)
  })

  it('serves generated artwork per game', async () => {
    const first = pageOf((await get(site, '/api/lobby/recentreport/hot-list', {})).envelope.data).records[0]!
    const res = await fetch(`${hall.url}${first.url}`)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(await res.text()).toContain('<svg')
  })

  it('adds and removes favourites with id and delid, per player', async () => {
    const me = await login()
    const ref = { game_id: 130009, cate_id: 13, category_id: 3 }
    const a = Schema.decodeUnknownSync(Schema.Array(FavoriteRef))((await post(me, '/home/addfavorite', { id: [ref] })).envelope.data)
    expect(a).toContainEqual({ game_id: 130009, cate_id: 13, category_id: 3 })
    expect(pageOf((await post(me, '/gameapi/favorite-list/v2', { current: 1, size: 20 })).envelope.data).records.map((g) => g.gameId)).toContain(130009)
    const b = (await post(me, '/home/addfavorite', { delid: [ref] })).envelope.data
    expect(b).toEqual([])
    expect((await post(site, '/home/addfavorite', { id: [ref] })).envelope.code).toBe(-1)
  })

  it('launches demo and formal games, and a formal round moves real balance in one transaction', async () => {
    expect((await post(site, '/gameapi/login', { gameid: 130009, platfromid: 13, user_type: 'demo' })).envelope.data).toEqual({ socket_url: [{ url: '/games/play', gameid: 130009 }] })
    expect((await post(site, '/gameapi/login', { gameid: 130001, platfromid: 14, user_type: 'demo' })).envelope.code).toBe(41020)
    expect((await post(site, '/gameapi/login', { gameid: 130009, platfromid: 13, user_type: 'formal' })).envelope.code).toBe(-1)
    const loginData = (await post(site, '/home/login', { username: 'demo', password: 'demo1234', clientType: 5 })).envelope.data as { session_key: string; userkey: string; token: string }
    const me = player('001', loginData)
    await control(hall.url, 'credit', { username: 'demo', amount: '100' })
    expect((await post(me, '/gameapi/login', { gameid: 130009, platfromid: 13, user_type: 'formal' })).envelope.code).toBe(1)
    const n = nonce()
    const key = `${n}.${aesEncrypt(site.keyMaterial, n, loginData.session_key)}`
    const url = `${hall.url}/games/play?gameId=130009&route=%2Fhome%2Fgame&lang=en_US&key=${encodeURIComponent(key)}&userkey=${loginData.userkey}&try=demo`
    const html = await (await fetch(url, { headers: { accept: 'text/html' } })).text()
    const ticket = /const ticket = "([0-9a-f]+)"/.exec(html)?.[1]
    expect(ticket).toBeDefined()
    const before = Number(/id="balance"[^>]*>([\d.]+)</.exec(html)?.[1])
    const round = (await (await fetch(`${hall.url}/games/round`, { method: 'POST', body: JSON.stringify({ ticket, bet: '10' }) })).json()) as { ok: boolean; win: string; balance: string }
    expect(round.ok).toBe(true)
    expect(Number(round.balance)).toBeCloseTo(before - 10 + Number(round.win), 2)
    const gold = (await post(me, '/gameapi/RefreshGold', { os_type: 3 })).envelope.data as { game_gold: string }
    expect(Number(gold.game_gold)).toBeCloseTo(Number(round.balance), 2)
    const tooMuch = (await (await fetch(`${hall.url}/games/round`, { method: 'POST', body: JSON.stringify({ ticket, bet: '99999999' }) })).json()) as { ok: boolean }
    expect(tooMuch.ok).toBe(false)
    expect(pageOf((await post(me, '/gameapi/recent-list/v2', {})).envelope.data).records[0]?.gameId).toBe(130009)
    const bad = await fetch(url.replace('userkey=', 'userkey=x'), { headers: { accept: 'text/html' } })
    expect(bad.status).toBe(403)
  })

  it('names the last game until it is left through its way back to the lobby, which goes to a lobby route only', async () => {
    const loginData = (await post(site, '/home/login', { username: 'demo', password: 'demo1234', clientType: 5 })).envelope.data as { session_key: string; userkey: string }
    const me = player('001', loginData)
    const lastGame = async () => ((await post(me, '/home/prize', {})).envelope.data as { lastgameinfo: { gameId: string } | null }).lastgameinfo
    const open = async (gameId: number, route: string) => {
      const n = nonce()
      const key = `${n}.${aesEncrypt(site.keyMaterial, n, loginData.session_key)}`
      const html = await (await fetch(`${hall.url}/games/play?gameId=${gameId}&route=${encodeURIComponent(route)}&lang=en_US&key=${encodeURIComponent(key)}&userkey=${loginData.userkey}`)).text()
      const back = /<a class="back" href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&#38;', '&')
      expect(back).toMatch(/^\/games\/exit\?ticket=[0-9a-f]{32}&route=/)
      return back ?? ''
    }
    const leave = async (back: string) => {
      const r = await fetch(`${hall.url}${back}`, { redirect: 'manual' })
      expect(r.status).toBe(303)
      return r.headers.get('location')
    }
    const first = await open(130009, '/home/game')
    expect((await lastGame())?.gameId).toBe('130009')
    // A second game opened in another tab is the last one; leaving the first one forgets nothing.
    const second = await open(130010, '/home/game?category=3')
    expect(await leave(first)).toBe('/home/game')
    expect((await lastGame())?.gameId).toBe('130010')
    expect(await leave(second)).toBe('/home/game?category=3')
    expect(await lastGame()).toBeNull()
    // Another site's address is never where a game returns to; an unknown ticket changes nothing.
    for (const route of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      expect(await leave(`/games/exit?ticket=${'0'.repeat(32)}&route=${encodeURIComponent(route)}`)).toBe('/home/game')
      expect(await open(130009, route)).toContain(`route=${encodeURIComponent('/home/game')}`)
    }
  })

  it("answers the sports wallet (provider 136): the balance, '-1' while the money is in a sports game, back after RefreshGold", async () => {
    expect((await post(site, '/gameapi/getBalanceList', { platformId: 136 })).envelope.code).toBe(-1)
    const me = player('001', (await post(site, '/home/login', { username: 'demo', password: 'demo1234', clientType: 5 })).envelope.data)
    const wallet = async () => ((await post(me, '/gameapi/getBalanceList', { platformId: 136 })).envelope.data as { list: Array<{ platformId: number; balance: string }> }).list
    await post(me, '/gameapi/RefreshGold', { os_type: 3 })
    const balance = ((await post(me, '/gameapi/RefreshGold', { os_type: 3 })).envelope.data as { game_gold: string }).game_gold
    expect(await wallet()).toEqual([{ platformId: 136, balance }])
    // Another provider's game leaves the sports wallet alone; a sports game (150007, platform 136) takes the money in.
    expect((await post(me, '/gameapi/login', { gameid: 130001, platfromid: 14, user_type: 'formal' })).envelope.code).toBe(1)
    expect(await wallet()).toEqual([{ platformId: 136, balance }])
    expect((await post(me, '/gameapi/login', { gameid: 150007, platfromid: 136, user_type: 'formal' })).envelope.code).toBe(1)
    expect(await wallet()).toEqual([{ platformId: 136, balance: '-1' }])
    await post(me, '/gameapi/RefreshGold', { os_type: 3 })
    expect(await wallet()).toEqual([{ platformId: 136, balance }])
  })

  it('answers the prize pool from its tables: win amount and the winners newest first, pages of at most 200', async () => {
    expect((await post(site, '/api/lobby/prize-pool/win-amount', {})).envelope.data).toEqual({ amount: '128888.88' })
    const w = (await post(site, '/api/lobby/prize-pool/winner-list', { size: 200, current: 1 })).envelope.data as { records: Array<{ username: string; gameName: string; amount: string }>; total: number }
    expect(w.records).toHaveLength(200)
    expect(w.total).toBe(240)
    // The newest winner (migration 068): the first game of the Fishing block, amount 79.19 + 50.
    expect(w.records[0]).toEqual({ username: 'pl***037', gameName: 'Crazy Gems 1', amount: '129.19' })
    const rest = (await post(site, '/api/lobby/prize-pool/winner-list', { size: 200, current: 2 })).envelope.data as { records: unknown[] }
    expect(rest.records).toHaveLength(40)
    const capped = (await post(site, '/api/lobby/prize-pool/winner-list', { size: 1000, current: 1 })).envelope.data as { records: unknown[] }
    expect(capped.records).toHaveLength(200)
    // Shared by the hall's sites.
    expect((await post(site101, '/api/lobby/prize-pool/win-amount', {})).envelope.data).toEqual({ amount: '128888.88' })
  })
})
