import { createHash } from 'node:crypto'
import { depositSignText, type DepositOrder } from '../../schemas/hall/calls/pay'
import { callHall, control, player, visitor, type Answer, type Caller } from './support'

/** A player registered for a hall test: its signed-in caller and what a game launch needs. */
export interface HallPlayer {
  readonly caller: Caller
  readonly username: string
  readonly data: { readonly session_key: string; readonly userkey: string }
}

const md5 = (s: string): string => createHash('md5').update(s, 'utf8').digest('hex')
let registered = 0

/**
 * Calls as players of a hall whose clock may run ahead of the real one (`clock`, the hall's `now`):
 * every call is stamped with that clock. `ok` throws on any code but success, with the call and the
 * hall's message. `deposit` is a real deposit: the order on channel 101 (2 % fee, 10 % bonus), then
 * the provider page's 'paid'.
 */
export const hallPlayers = (hallUrl: () => string, clock: () => number = Date.now) => {
  const post = (caller: Caller, path: string, params: unknown): Promise<Answer> => callHall(hallUrl(), caller, 'POST', path, params, { timestamp: clock() })
  const ok = async (caller: Caller, path: string, params: unknown): Promise<unknown> => {
    const a = await post(caller, path, params)
    if (a.envelope.code !== 1) throw new Error(`${path} answered ${a.envelope.code}: ${a.envelope.msg}`)
    return a.envelope.data
  }
  const newPlayer = async (prefix: string): Promise<HallPlayer> => {
    registered += 1
    const username = `${prefix}${String(registered).padStart(3, '0')}${Date.now() % 10_000}`
    const data = await ok(await visitor(hallUrl()), '/home/register', { username, password: 'abc12345' })
    return { caller: player('001', data), username, data: data as HallPlayer['data'] }
  }
  /** Signs an existing player in from outside the lobby (its own session). */
  const signIn = async (username: string, password: string): Promise<HallPlayer> => {
    const data = await ok(await visitor(hallUrl()), '/home/login', { username, password })
    return { caller: player('001', data), username, data: data as HallPlayer['data'] }
  }
  const deposit = async (p: HallPlayer, amount: string): Promise<void> => {
    const key = ((await control(hallUrl(), 'site-config', { siteCode: '001' }))['config'] as { depositKey: string }).depositKey
    const request_id = `${p.username}-${Math.random()}`
    const order = (await ok(p.caller, '/pay/offlineOrderV3', { channel_id: 101, amount, request_id, sign: md5(depositSignText({ channel_id: 101, amount, request_id }, key)) })) as DepositOrder
    const page = await (await fetch(`${hallUrl()}${order.pay_url}`, { method: 'POST', body: new URLSearchParams({ outcome: 'paid' }) })).text()
    if (!page.includes('Payment complete')) throw new Error(`the deposit of ${amount} was not paid`)
  }
  const balance = async (p: HallPlayer): Promise<string> => ((await ok(p.caller, '/gameapi/RefreshGold', { os_type: 3 })) as { game_gold: string }).game_gold
  return { post, ok, newPlayer, signIn, deposit, balance }
}
