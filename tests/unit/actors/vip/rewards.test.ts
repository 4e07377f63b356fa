import { describe, expect, it } from 'vitest'
import { anyVipReceivable, userVipActor, vipDetailsActor, vipReceiveActor, type UserVip, type VipReward } from '../../../../actors/vip'
import type { LobbyEvent } from '../../../../schemas/events'
import { runActors } from '../../../support/actors'

const login: LobbyEvent = { type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false }
const asked = (a: ReturnType<typeof runActors>) => a.emitted.filter((e) => e.type === 'hall.requested').map((e) => [e.call, e.payload])
const card = (type: VipReward['type'], vip: number, status: VipReward['status']): VipReward => ({ type, vip, amount: '8', status, expireTime: null })
const user = (rewards: VipReward[]): UserVip => ({
  vip: 1, next_vip: 2, user_validbet: '500', next_vip_validbet: '2500', need_validbet: '2000', user_deposit: '107.8', next_vip_deposit: '500', need_deposit: '392.2', vip_status: 'open', rewards,
})

describe('the VIP screen actors', () => {
  it('ask nothing at a login; the screen opening reads the ladder and the player’s VIP', () => {
    const a = runActors([vipDetailsActor, userVipActor])
    a.send(login)
    // A credited deposit before the screen was shown asks nothing either.
    a.send({ type: 'realtime.payOrderSucceeded', msgId: 'm1', data: { orderNo: '1', amount: '108', currency: 'USD', balance: '108.00', isFirst: 1 } })
    expect(asked(a)).toEqual([])
    a.send({ type: 'vip.opened' })
    expect(asked(a)).toEqual([['vipDetails', {}], ['vipLevels', {}]])
  })

  it('a receipt reports the balance and reads the cards again; a credited deposit reads them once shown', () => {
    const a = runActors([userVipActor, vipReceiveActor])
    a.send(login, { type: 'vip.opened' })
    a.send({ type: 'hall.responded', requestId: 'vipuser-1', call: 'vipLevels', data: user([card(13001, 1, 0)]) })
    a.send({ type: 'command.submitted', command: 'vipreceive', payload: { type: 13001, vip: 1 } })
    a.send({ type: 'hall.responded', requestId: 'vipreceive-1', call: 'vipGiftReceive', data: { amount: '8', count: 1, currency: 'USD', game_gold: '634.80' } })
    expect(a.emitted.filter((e) => e.type === 'wallet.balanceReported')).toEqual([{ type: 'wallet.balanceReported', balance: '634.80', source: 'reward' }])
    const received = a.emitted.filter((e) => e.type === 'vip.received')
    expect(received).toEqual([{ type: 'vip.received', count: 1 }])
    const before = asked(a).length
    a.send(received[0] as LobbyEvent)
    expect(asked(a).slice(before)).toEqual([['vipLevels', {}]])
    a.send({ type: 'realtime.payOrderSucceeded', msgId: 'm2', data: { orderNo: '2', amount: '108', currency: 'USD', balance: '742.80', isFirst: 0 } })
    expect(asked(a).slice(before)).toEqual([['vipLevels', {}], ['vipLevels', {}]])
  })

  it('receive-all asks once for a double click, and is enabled when any card is receivable', () => {
    const a = runActors([vipReceiveActor])
    a.send(login)
    const submit: LobbyEvent = { type: 'command.submitted', command: 'vipreceive', payload: { vip: -1 } }
    a.send(submit, submit)
    expect(asked(a)).toEqual([['vipGiftReceive', { vip: -1 }]])
    expect(anyVipReceivable([card(13001, 1, 1), card(13001, 2, 2), card(13004, 1, -1)])).toBe(false)
    expect(anyVipReceivable([card(13001, 1, 1), card(13004, 1, 0)])).toBe(true)
  })
})
