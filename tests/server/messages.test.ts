import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerReceiveAward, homeIndex, marquee, messageList } from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { connectSocket } from './socket-client'
import { callHall, control, player, visitor } from './support'
import type { Caller, Hall } from './support'

/**
 * The message centre at the hall (server/calls/messages.ts): messages to a site or a player, the
 * list by type 5 a page, read, read all and delete for the player alone, unread counts counted from
 * the messages, awards credited once with their ledger entry, the marquee, and the socket notice of
 * a player's new message.
 */
let hall: Hall
// The hall's clock runs ahead of the real one by `ahead` (an award's expiry is tried without waiting).
let ahead = 0
let n = 0

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', now: () => Date.now() + ahead })
}, 60_000)
afterAll(() => hall.close())

const post = (caller: Caller, path: string, params: unknown) => callHall(hall.url, caller, 'POST', path, params)
const decode = <S extends Schema.Top>(schema: S, data: unknown): S['Type'] => Schema.decodeUnknownSync(schema as unknown as Schema.Codec<S['Type']>)(data)

const newPlayer = async (siteCode = '001') => {
  n += 1
  const username = `mail${String(n).padStart(3, '0')}${siteCode}`
  const reg = await post(await visitor(hall.url, siteCode), '/home/register', { username, password: 'abc12345' })
  expect(reg.envelope.code, reg.envelope.msg).toBe(1)
  return { caller: player(siteCode, reg.envelope.data), username, token: (reg.envelope.data as { token: string }).token }
}

const list = async (caller: Caller, type: 1 | 2 | 3, page = 1) => {
  const a = await post(caller, '/message/list', { type, page })
  expect(a.envelope.code, a.envelope.msg).toBe(1)
  return decode(messageList.response, a.envelope.data)
}
const unread = async (caller: Caller) => decode(homeIndex.response, (await post(caller, '/home/index', {})).envelope.data)
const send = async (body: Record<string, unknown>): Promise<number[]> => {
  const r = await control(hall.url, 'message', body)
  expect(r, JSON.stringify(r)).toMatchObject({ ok: true })
  return r['ids'] as number[]
}
const balance = async (caller: Caller): Promise<string> => ((await post(caller, '/gameapi/RefreshGold', { os_type: 3 })).envelope.data as { game_gold: string }).game_gold

describe('message centre at the reference hall', () => {
  it('lists a player’s messages and the site’s by type, 5 a page, newest first, and counts the unread ones', async () => {
    const a = await newPlayer()
    const b = await newPlayer()
    expect(await unread(a.caller)).toEqual({ message: 0, notice: 0, announcement: 0 })
    await send({ username: a.username, type: 1, title: 'Notice', content: '<p>Hello</p>', count: 7 })
    await send({ username: a.username, type: 2, title: 'For a alone', content: 'x' })
    expect(await unread(a.caller)).toEqual({ message: 8, notice: 7, announcement: 1 })
    expect(await unread(b.caller)).toEqual({ message: 0, notice: 0, announcement: 0 })
    const first = await list(a.caller, 1)
    expect([first.total, first.size, first.current]).toEqual([7, 5, 1])
    expect(first.records.map((r) => r.title)).toEqual(['Notice 7', 'Notice 6', 'Notice 5', 'Notice 4', 'Notice 3'])
    expect(first.records[0]).toMatchObject({ type: 1, content: '<p>Hello</p>', isRead: 0, award: '0', awardStatus: -1 })
    expect((await list(a.caller, 1, 2)).records.map((r) => r.title)).toEqual(['Notice 2', 'Notice 1'])
    // A site-wide announcement reaches both, and each reads it for themselves.
    const [everyone] = await send({ type: 2, title: 'Everyone', content: 'for all' })
    expect((await unread(b.caller)).announcement).toBe(1)
    expect((await post(b.caller, '/message/read', { ids: [everyone] })).envelope.data).toEqual({ count: 1 })
    expect((await post(b.caller, '/message/read', { ids: [everyone] })).envelope.data).toEqual({ count: 0 })
    expect(await unread(b.caller)).toEqual({ message: 0, notice: 0, announcement: 0 })
    expect((await unread(a.caller)).announcement).toBe(2)
    // Another player's message cannot be read, deleted or received by b.
    const mine = first.records[0]?.id ?? 0
    expect((await post(b.caller, '/message/read', { ids: [mine] })).envelope.data).toEqual({ count: 0 })
    expect((await post(b.caller, '/message/delete', { ids: [mine] })).envelope.data).toEqual({ count: 0 })
    expect((await post(b.caller, '/customer/receiveAward', { id: mine })).envelope.code).toBe(1400)
    expect((await unread(a.caller)).notice).toBe(7)
  })

  it('reads all of a type, deletes for the player alone, and keeps a message whose award is still to receive', async () => {
    const a = await newPlayer()
    const b = await newPlayer()
    await send({ username: a.username, type: 1, title: 'N', content: 'n', count: 3 })
    const [shared] = await send({ type: 1, title: 'Site notice', content: 's' })
    const [award] = await send({ username: a.username, type: 1, title: 'Gift', content: 'g', award: '5' })
    expect((await unread(a.caller)).notice).toBe(5)
    const announcements = (await unread(a.caller)).announcement
    expect((await post(a.caller, '/message/readall', { type: 1 })).envelope.data).toEqual({ count: 5 })
    expect(await unread(a.caller)).toEqual({ message: announcements, notice: 0, announcement: announcements })
    expect((await list(a.caller, 1)).records.every((r) => r.isRead === 1)).toBe(true)
    expect((await post(a.caller, '/message/delete', { ids: [shared, award] })).envelope.data).toEqual({ count: 1 })
    expect((await list(a.caller, 1)).records.map((r) => r.title)).toEqual(['Gift', 'N 3', 'N 2', 'N 1'])
    expect((await list(b.caller, 1)).records.map((r) => r.title)).toContain('Site notice')
    expect((await unread(b.caller)).notice).toBeGreaterThanOrEqual(1)
  })

  it('credits an award once, also when asked for many times at once, with its ledger entry; an expired one credits nothing', async () => {
    const a = await newPlayer()
    const [id] = await send({ username: a.username, type: 1, title: 'Gift', content: 'g', award: '12.5', awardSeconds: 3600 })
    expect(await balance(a.caller)).toBe('0.00')
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(a.caller, '/customer/receiveAward', { id })))
    const received = answers.map((r) => decode(customerReceiveAward.response, r.envelope.data))
    expect(received.filter((r) => r.amount === '12.5').length).toBe(1)
    expect(received.filter((r) => r.amount === '0').length).toBe(5)
    expect(await balance(a.caller)).toBe('12.50')
    const [row] = (await list(a.caller, 1)).records
    expect(row).toMatchObject({ award: '12.5', awardStatus: 1, isRead: 1 })
    // The ledger holds the credit: the account details list it as a bonus, the balance after it beside it.
    const details = (await post(a.caller, '/record/accountDetails', { current: 1, size: 10, dateType: -1, kind: 'bonus' })).envelope.data as { records: Array<{ amount: string; balance: string }> }
    expect(details.records.map((r) => [Number(r.amount), Number(r.balance)])).toEqual([[12.5, 12.5]])
    // An award whose time is over is refused and credits nothing.
    const [late] = await send({ username: a.username, type: 1, title: 'Late', content: 'l', award: '3', awardSeconds: 60 })
    ahead += 61_000
    expect((await post(a.caller, '/customer/receiveAward', { id: late })).envelope.code).toBe(1402)
    expect((await list(a.caller, 1)).records.find((r) => r.id === late)?.awardStatus).toBe(2)
    expect((await post(a.caller, '/message/delete', { ids: [late] })).envelope.data).toEqual({ count: 1 })
    expect(await balance(a.caller)).toBe('12.50')
  })

  it('tells the player’s socket of a new message, and serves the site’s marquee to visitors', async () => {
    const a = await newPlayer()
    const before = (await unread(a.caller)).message
    const socket = connectSocket(hall.url, a.token, '001')
    await socket.opened
    const [id] = await send({ username: a.username, type: 1, title: 'Live', content: 'now' })
    const [notice] = await socket.until((f) => f.type === 'notice' && f.content.type === 'message/new')
    expect(notice).toMatchObject({ type: 'notice', content: { type: 'message/new', data: { id, type: 1 } } })
    await socket.close()
    await send({ type: 3, title: 'Marquee', content: 'Welcome to the lobby' })
    const answer = await callHall(hall.url, await visitor(hall.url, '001'), 'POST', '/message/marquee', {})
    expect(decode(marquee.response, answer.envelope.data).list[0]).toMatchObject({ content: 'Welcome to the lobby' })
    // Marquee items are no one's unread messages.
    expect((await unread(a.caller)).message).toBe(before + 1)
  })

  it('asks for a session for the player’s messages', async () => {
    const site = await visitor(hall.url, '001')
    for (const path of ['/message/list', '/message/read', '/message/readall', '/message/delete', '/customer/receiveAward', '/home/index']) {
      expect((await post(site, path, path === '/message/list' || path === '/message/readall' ? { type: 1 } : path === '/customer/receiveAward' ? { id: 1 } : path === '/home/index' ? {} : { ids: [1] })).envelope.code).toBe(-1)
    }
  })
})
