import { describe, expect, it } from 'vitest'
import { merge, REDPACKET_DELAYS, selectReceiveAll, selectRedPacketCount, selectRedPacketPopup } from '../../../../actors/redpackets'
import {
  action, activity, claimAnswer, failed, fetchRequested, listAnswer, loggedIn, loggedOut, popupClosed, started, startRedPackets,
} from './support'

const LIST = { type: 'hall.requested', requestId: 'redpackets-1', call: 'redActive', payload: {} }

describe('red packets: fetching', () => {
  it('fetches at sign-in of a real player, then polls every 10 s', () => {
    const t = startRedPackets()
    t.signIn()
    expect(t.requests()).toEqual([LIST])
    t.send(listAnswer('redpackets-1', []))
    t.clock.increment(REDPACKET_DELAYS.defaultPoll - 1)
    expect(t.requests()).toEqual([])
    t.clock.increment(1)
    expect(t.requests()).toEqual([{ ...LIST, requestId: 'redpackets-2' }])
  })

  it('fetches nothing for a guest or a visitor', () => {
    const t = startRedPackets()
    t.send(started(), loggedIn(false))
    expect(t.requests()).toEqual([])
    expect(t.snapshot().value).toBe('signedOut')
  })

  it.each([
    [2, 'FreezeManual'],
    [3, 'FreezeAbnormal'],
    [5, 'BlackList'],
  ])('skips every fetch for account status %i (%s)', (status) => {
    const t = startRedPackets()
    t.signIn({ status })
    t.clock.increment(REDPACKET_DELAYS.defaultPoll * 3)
    t.send(fetchRequested)
    expect(t.requests()).toEqual([])
  })

  it.each([1, 4])('fetches for account status %i', (status) => {
    const t = startRedPackets()
    t.signIn({ status })
    expect(t.requests()).toHaveLength(1)
  })

  it('takes the account status the sign-in carries', () => {
    const t = startRedPackets()
    t.send(started(), loggedIn(true, 3))
    expect(t.requests()).toEqual([])
    expect(t.snapshot().context.userStatus).toBe(3)
  })

  it('keeps a 3 s lock after each fetch: a request inside it is skipped', () => {
    const t = startRedPackets()
    t.signIn()
    t.send(listAnswer('redpackets-1', []))
    t.requests()
    t.send(fetchRequested)
    expect(t.requests()).toEqual([])
    t.clock.increment(REDPACKET_DELAYS.fetchLock)
    t.send(fetchRequested)
    expect(t.requests()).toEqual([{ ...LIST, requestId: 'redpackets-2' }])
  })

  it('ignores a fetch request while a fetch is in flight, and a failed fetch keeps the queue', () => {
    const t = startRedPackets()
    t.signIn()
    t.send(listAnswer('redpackets-1', [activity(1)]))
    t.clock.increment(REDPACKET_DELAYS.defaultPoll)
    t.requests()
    t.send(fetchRequested)
    expect(t.requests()).toEqual([])
    t.send(failed('redpackets-2', 'redActive'))
    expect(selectRedPacketCount(t.snapshot())).toBe(1)
    expect(t.snapshot().matches({ signedIn: { fetch: 'waiting' } })).toBe(true)
  })

  it('polls at the shortest interval the open activities set (3 and 5 min)', () => {
    const t = startRedPackets()
    t.signIn()
    t.send(listAnswer('redpackets-1', [activity(1, { refreshInterval: 300 }), activity(2, { refreshInterval: 180 }), activity(3, { status: 3, refreshInterval: 10 })]))
    t.requests()
    t.clock.increment(179_999)
    expect(t.requests()).toEqual([])
    t.clock.increment(1)
    expect(t.requests()).toHaveLength(1)
  })

  it('stops at logout and ignores a late answer', () => {
    const t = startRedPackets()
    t.signIn()
    t.send(loggedOut, listAnswer('redpackets-1', [activity(1)]))
    t.clock.increment(60_000)
    expect(t.requests()).toEqual([LIST])
    expect(t.snapshot().value).toBe('signedOut')
    expect(selectRedPacketPopup(t.snapshot())).toEqual({ kind: 'none' })
  })

  it('a new sign-in starts again without reusing a request id', () => {
    const t = startRedPackets()
    t.signIn()
    t.send(loggedIn())
    expect(t.requests().map((r) => r.requestId)).toEqual(['redpackets-1', 'redpackets-2'])
  })
})

describe('red packets: the queue', () => {
  it('merges by activeid, filters closed ones and keeps what the fetch does not mention', () => {
    const base = { taken: [] as string[], device: '4' as const }
    const first = merge({ ...base, queue: [] }, [activity(1), activity(2, { status: 3 }), activity(3)])
    expect(first.queue.map((a) => a.activeid)).toEqual([1, 3])
    const second = merge({ ...base, queue: first.queue }, [activity(3, { title: 'renamed' }), activity(4), activity(1, { status: 2 })])
    expect(second.queue.map((a) => [a.activeid, a.title])).toEqual([[3, 'renamed'], [4, 'Rain 4']])
    const third = merge({ ...base, queue: second.queue }, [])
    expect(third.queue.map((a) => a.activeid)).toEqual([3, 4])
    expect(third.pollMs).toBe(REDPACKET_DELAYS.defaultPoll)
  })

  it('never brings back a packet already taken, but offers the next packet of the activity', () => {
    const r = merge({ queue: [], taken: ['1:1'], device: '4' }, [activity(1), activity(2)])
    expect(r.queue.map((a) => a.activeid)).toEqual([2])
    expect(merge({ queue: [], taken: ['1:1'], device: '4' }, [activity(1, { redId: 2 })]).queue).toHaveLength(1)
  })

  it('filters by device: packets of other devices are blocked', () => {
    const r = merge({ queue: [], taken: [], device: '3' }, [activity(1, { deviceTypes: ['1', '2'] }), activity(2, { deviceTypes: ['3'] }), activity(3, { deviceTypes: ['4'], status: 3 })])
    expect(r.queue.map((a) => a.activeid)).toEqual([2])
    expect(r.blocked).toEqual([1])
  })
})

describe('red packets: the popup', () => {
  // The post-login sequence's turn for the red packets (after the forced bind and the frames).
  const stepStarts = { type: 'postlogin.redPacketsStarted' } as const
  const withPackets = (...list: Parameters<typeof activity>[]) => {
    const t = startRedPackets()
    t.signIn()
    t.send(listAnswer('redpackets-1', list.map(([id, o]) => activity(id, o))))
    t.send(stepStarts)
    t.drain()
    return t
  }

  it('holds the popup after a sign-in until the post-login sequence gets to the red packets', () => {
    const t = startRedPackets()
    t.signIn()
    t.send(listAnswer('redpackets-1', [activity(1)]))
    expect(selectRedPacketPopup(t.snapshot())).toEqual({ kind: 'none' })
    t.send(stepStarts)
    expect(selectRedPacketPopup(t.snapshot())).toMatchObject({ kind: 'packet', activeId: 1 })
    t.drain()
    t.send(popupClosed)
    expect(t.drain()).toEqual([{ type: 'redpackets.stepFinished' }])
  })

  it('shows the head packet; a grab takes it at once, asks getred, and shows the amount credited', () => {
    const t = withPackets([1], [2, { action: 'open' }])
    expect(selectRedPacketPopup(t.snapshot())).toEqual({ kind: 'packet', activeId: 1, title: 'Rain 1', action: 'grab', waiting: 1 })
    t.send(action(1, 'grab'))
    expect(t.requests()).toEqual([
      { type: 'hall.requested', requestId: 'redpackets-2', call: 'getRed', payload: { activeId: 1, redId: 1, requestDeviceType: 4 } },
    ])
    expect(selectRedPacketCount(t.snapshot())).toBe(1)
    expect(selectRedPacketPopup(t.snapshot())).toEqual({ kind: 'claiming', activeId: 1, action: 'grab' })
    t.send(claimAnswer('redpackets-2', 'getRed'))
    // The balance after the claim is the wallet's.
    expect(t.drain()).toEqual([
      { type: 'wallet.balanceReported', balance: '108.00', source: 'reward' },
      { type: 'redpackets.credited', activeId: 1, redId: 1, amount: '8.00', currency: 'USD', balance: '108.00' },
    ])
    expect(selectRedPacketPopup(t.snapshot())).toEqual({ kind: 'result', activeId: 1, amount: '8.00', currency: 'USD', again: false, error: null })
    t.send(popupClosed)
    expect(selectRedPacketPopup(t.snapshot())).toMatchObject({ kind: 'packet', activeId: 2, action: 'open' })
  })

  it('a double grab sends one request', () => {
    const t = withPackets([1], [2])
    t.send(action(1), action(1))
    expect(t.requests()).toHaveLength(1)
    expect(selectRedPacketCount(t.snapshot())).toBe(1)
  })

  it.each([
    ['open', 'getReward'],
    ['send', 'receiveReward'],
  ] as const)('%s takes the head with %s', (a, call) => {
    const t = withPackets([5, { action: a }])
    t.send(action(5, 'grab'))
    expect(t.requests()).toEqual([])
    t.send(action(5, a))
    expect(t.requests()).toEqual([expect.objectContaining({ call, payload: { activeId: 5, redId: 1, requestDeviceType: 4 } })])
  })

  it('an action for another packet than the head is ignored', () => {
    const t = withPackets([1], [2])
    t.send(action(2))
    expect(t.requests()).toEqual([])
  })

  it('a claim the hall had credited before shows the amount again without a credited notice (its balance still goes to the wallet)', () => {
    const t = withPackets([1])
    t.send(action(1))
    t.requests()
    t.send(claimAnswer('redpackets-2', 'getRed', { first: false }))
    expect(t.drain()).toEqual([{ type: 'wallet.balanceReported', balance: '108.00', source: 'reward' }])
    expect(selectRedPacketPopup(t.snapshot())).toMatchObject({ kind: 'result', again: true })
  })

  it('a failed claim shows the error; the packet is gone from the queue', () => {
    const t = withPackets([1])
    t.send(action(1))
    t.send(failed('redpackets-2', 'getRed', { _tag: 'ServiceCode', code: 1201, msg: 'red packet gone' }))
    expect(selectRedPacketPopup(t.snapshot())).toEqual({ kind: 'result', activeId: 1, amount: null, currency: '', again: false, error: 'red packet gone' })
    t.send(popupClosed)
    expect(selectRedPacketPopup(t.snapshot())).toEqual({ kind: 'none' })
  })

  it('a taken packet the next fetch still lists does not come back', () => {
    const t = withPackets([1])
    t.send(action(1))
    t.clock.increment(REDPACKET_DELAYS.defaultPoll)
    t.send(listAnswer('redpackets-3', [activity(1)]))
    expect(selectRedPacketCount(t.snapshot())).toBe(0)
  })

  it('a closed packet stays hidden until a fetch brings a new activity or the player asks', () => {
    const t = withPackets([1])
    t.send(popupClosed)
    expect(selectRedPacketPopup(t.snapshot())).toEqual({ kind: 'none' })
    t.clock.increment(REDPACKET_DELAYS.defaultPoll)
    t.send(listAnswer('redpackets-2', [activity(1)]))
    expect(selectRedPacketPopup(t.snapshot())).toEqual({ kind: 'none' })
    t.clock.increment(REDPACKET_DELAYS.defaultPoll)
    t.send(listAnswer('redpackets-3', [activity(1), activity(2)]))
    expect(selectRedPacketPopup(t.snapshot())).toMatchObject({ kind: 'packet', activeId: 1 })
    t.send(popupClosed, fetchRequested)
    expect(selectRedPacketPopup(t.snapshot())).toMatchObject({ kind: 'packet', activeId: 1 })
  })

  it('shows the receive-tips prompt once when the open packets are for other devices', () => {
    const t = startRedPackets()
    t.signIn({ device: 'mobile' })
    t.send(listAnswer('redpackets-1', [activity(1, { deviceTypes: ['4'] })]))
    t.send(stepStarts)
    expect(selectRedPacketPopup(t.snapshot())).toEqual({ kind: 'tips' })
    t.send(popupClosed)
    expect(selectRedPacketPopup(t.snapshot())).toEqual({ kind: 'none' })
    t.clock.increment(REDPACKET_DELAYS.defaultPoll)
    t.send(listAnswer('redpackets-2', [activity(1, { deviceTypes: ['4'] })]))
    expect(selectRedPacketPopup(t.snapshot())).toEqual({ kind: 'none' })
  })

  it('the selector returns the same view until something changes', () => {
    const t = withPackets([1])
    const a = selectRedPacketPopup(t.snapshot())
    t.clock.increment(REDPACKET_DELAYS.fetchLock)
    expect(selectRedPacketPopup(t.snapshot())).toEqual(a)
  })
})

describe('red packets: Receive all', () => {
  const receiveAll = { type: 'redpackets.receiveAllRequested' } as const
  const claim = (activeId: number, redId: number) => ({ activeId, redId, amount: '2.50', currency: 'USD', balance: '17.50', first: true })

  it('asks receiverewardall once for every packet sent to the player; takes them off the queue and tells the wallet', () => {
    const t = startRedPackets()
    t.signIn({ device: 'mobile' })
    t.send(listAnswer('redpackets-1', [activity(1), activity(7, { action: 'send', count: 2 })]))
    t.drain()
    expect(selectReceiveAll(t.snapshot())).toEqual({ waiting: 2, receiving: false, received: null, error: null })
    t.send(receiveAll, receiveAll)
    expect(t.requests()).toEqual([{ type: 'hall.requested', requestId: 'redpackets-2', call: 'receiveRewardAll', payload: { requestDeviceType: 3 } }])
    expect(selectReceiveAll(t.snapshot()).receiving).toBe(true)
    t.send({ type: 'hall.responded', requestId: 'redpackets-2', call: 'receiveRewardAll', data: { list: [claim(7, 1), claim(7, 2)], total: '5.00', balance: '17.50' } })
    const emitted = t.drain()
    expect(emitted.filter((e) => e.type === 'wallet.balanceReported')).toEqual([{ type: 'wallet.balanceReported', balance: '17.50', source: 'reward' }])
    expect(emitted.filter((e) => e.type === 'redpackets.credited').map((e) => (e as unknown as { redId: number }).redId)).toEqual([1, 2])
    expect(t.snapshot().context.queue.map((a) => a.activeid)).toEqual([1])
    expect(selectReceiveAll(t.snapshot())).toEqual({ waiting: 0, receiving: false, received: { count: 2, total: '5.00', currency: 'USD' }, error: null })
    // A fetch answered with the packets before the receive does not bring them back.
    t.send(listAnswer('redpackets-1', [activity(7, { action: 'send', count: 2 })]))
    expect(selectReceiveAll(t.snapshot()).waiting).toBe(0)
  })

  it('asks nothing when no packet was sent to the player, and shows a failure', () => {
    const t = startRedPackets()
    t.signIn()
    t.send(listAnswer('redpackets-1', [activity(1)]))
    t.drain()
    t.send(receiveAll)
    expect(t.requests()).toEqual([])
    t.clock.increment(REDPACKET_DELAYS.defaultPoll)
    expect(t.requests().map((r) => r.requestId)).toEqual(['redpackets-2'])
    t.send(listAnswer('redpackets-2', [activity(8, { action: 'send' })]))
    t.drain()
    t.send(receiveAll)
    const asked = t.requests()
    expect(asked.map((r) => r.call)).toEqual(['receiveRewardAll'])
    t.send(failed(asked[0]!.requestId, 'receiveRewardAll', { _tag: 'ServiceCode', code: 1025, msg: 'account frozen' }))
    expect(selectReceiveAll(t.snapshot())).toEqual({ waiting: 1, receiving: false, received: null, error: 'account frozen' })
  })
})
