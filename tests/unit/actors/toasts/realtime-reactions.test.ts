import { describe, expect, it } from 'vitest'
import { REDPACKET_DELAYS } from '../../../../actors/redpackets'
import { selectBalance } from '../../../../actors/wallet'
import { TOAST_DELAYS, selectCurrentToast } from '../../../../actors/toasts'
import type { EventOfType, LobbyEvent } from '../../../../schemas/events'
import { lobby, user } from '../session/support'

const order = { orderNo: 'P1', amount: '25', currency: 'USD', balance: '125.00', isFirst: 0 }

/** Every actor on one bus, a player signed in; socket notices published as the socket actor does. */
const signedIn = () => {
  const l = lobby()
  l.boot({ userkey: 'uk-1001' })
  l.answer(user())
  const notice = (e: LobbyEvent) => l.bus.publish(e, 'actor', 'socket')
  const requestsOf = (source: string) =>
    l.records.filter((r) => r.source === source && r.event.type === 'hall.requested').map((r) => r.event as EventOfType<'hall.requested'>)
  const toast = () => selectCurrentToast(l.host.actor('toasts')!.getSnapshot() as never)
  return { ...l, notice, requestsOf, toast }
}

describe('what reacts to the socket notices, on the bus', () => {
  it('a deposit: the wallet takes its balance and refreshes it, and a toast shows for 2 s of the actor clock', () => {
    const l = signedIn()
    l.notice({ type: 'realtime.payOrderSucceeded', msgId: '42', data: order })
    const refresh = l.requestsOf('wallet').at(-1)!
    expect([refresh.call, refresh.requestId]).toEqual(['prize', 'wallet-1'])
    expect(selectBalance(l.wallet())).toBe('125.00')
    expect(l.toast()?.message).toEqual({ key: 'depositReceived', params: { amount: '25', currency: 'USD' }, tone: 'success' })
    l.answer({ game_gold: '125.00', lastgameinfo: null }, refresh)
    expect(selectBalance(l.wallet())).toBe('125.00')
    l.timers.advance(TOAST_DELAYS.shown - 1)
    expect(l.toast()).not.toBeNull()
    l.timers.advance(1)
    expect(l.toast()).toBeNull()
    // The toast's end is a clock fact in the log, so replay ends it at the same point.
    expect(l.records.filter((r) => r.event.type === 'clock.fired' && r.states?.['toasts'] === 'idle')).toHaveLength(1)
  })

  it('a withdrawal and a registration queue behind one another', () => {
    const l = signedIn()
    l.notice({ type: 'realtime.withdrawOrderSucceeded', msgId: '1', data: order })
    l.notice({ type: 'realtime.registerSucceeded', msgId: '2', data: { username: 'player01' } })
    expect(l.requestsOf('wallet').at(-1)?.call).toBe('prize')
    expect(l.toast()?.message.key).toBe('withdrawalPaid')
    l.timers.advance(TOAST_DELAYS.shown)
    expect(l.toast()?.message.key).toBe('registered')
    l.timers.advance(TOAST_DELAYS.shown)
    expect(l.toast()).toBeNull()
  })

  it('activity details: the red packets are fetched again (the 3 s fetch lock still applies)', () => {
    const l = signedIn()
    const fetches = () => l.requestsOf('redpackets').filter((r) => r.call === 'redActive')
    expect(fetches()).toHaveLength(1)
    l.answer({ list: [] }, fetches()[0])
    // Within the lock: the notice is not a second fetch.
    l.notice({ type: 'realtime.activeDetailsReceived', msgId: '5', data: { activeId: 9 } })
    expect(fetches()).toHaveLength(1)
    l.timers.advance(REDPACKET_DELAYS.fetchLock)
    l.notice({ type: 'realtime.activeDetailsReceived', msgId: '6', data: { activeId: 9 } })
    expect(fetches()).toHaveLength(2)
  })
})
