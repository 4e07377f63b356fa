import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import {
  badgeText, badgesMachine, rateText, selectActivityCount, selectAwardCount, selectChargeRate, selectDiscountBadge, selectMessageCentreType,
  selectRebateCount, selectTaskCount, selectUnreadMessages, type BadgesEmitted, type BadgesEvent,
} from '../../../../actors/badges'

const site = { type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'USD', languages: [], currencies: [], systemToken: '', autoVisitorLogin: false, device: 'mobile' } as unknown as BadgesEvent
const login = (real: boolean): BadgesEvent => ({ type: 'session.loggedIn', mode: real ? 'normal' : 'trymode', username: 'demo', accountType: real ? 0 : 1, real, mustChangePassword: false }) as BadgesEvent
/** What the post-login sequence asks for at a real sign-in. */
const refresh: BadgesEvent = { type: 'postlogin.refreshRequested', items: ['redDot', 'authInfo', 'notices', 'gameCategories', 'rewardBind'] }
const logout: BadgesEvent = { type: 'session.loggedOut', reason: 'logout' }
const ok = (requestId: string, call: string, data: unknown): BadgesEvent => ({ type: 'hall.responded', requestId, call, data })
const dot = { activeAmount: '8', activeCount: 1, taskAmount: '0', taskCount: 2, returnAmount: '0', returnCount: 0, rewardAmount: '3.5', rewardCount: 1 }

const run = (...events: BadgesEvent[]) => {
  const actor = createActor(badgesMachine)
  const emitted: BadgesEmitted[] = []
  actor.on('*', (e) => emitted.push(e as BadgesEmitted))
  actor.start()
  for (const e of events) actor.send(e)
  return { emitted, send: (e: BadgesEvent) => actor.send(e), snap: () => actor.getSnapshot() }
}

describe('badge texts', () => {
  it('caps counts at 99+ and shows nothing for zero (spec §9)', () => {
    expect([0, -1, 1, 99, 100, 120].map(badgeText)).toEqual([null, null, '1', '99', '99+', '99+'])
  })
  it('shows a positive rate without trailing zeros, nothing for zero', () => {
    expect([null, '0', '12.50', '10', 'x'].map(rateText)).toEqual([null, null, '12.5', '10', null])
  })
})

describe('the badges actor', () => {
  it('asks a visitor only for the highest charge rate when the site is ready', () => {
    const a = run(site)
    expect(a.emitted).toEqual([{ type: 'hall.requested', requestId: 'badges-1', call: 'maxChargeRate', payload: {} }])
    a.send(ok('badges-1', 'maxChargeRate', { charge_rate: '10' }))
    expect(selectChargeRate(a.snap())).toBe('10')
  })

  it('a trial login asks again for the rate only', () => {
    const a = run(site, login(false))
    expect(a.emitted.map((e) => e.call)).toEqual(['maxChargeRate', 'maxChargeRate'])
  })

  it('a real login asks for the rate, red dots and unread counts, and keeps their answers', () => {
    const a = run(site, login(true), refresh)
    expect(a.emitted.slice(1).map((e) => [e.requestId, e.call])).toEqual([['badges-2', 'maxChargeRate'], ['badges-3', 'getRedDot'], ['badges-4', 'homeIndex']])
    a.send(ok('badges-3', 'getRedDot', dot))
    a.send(ok('badges-4', 'homeIndex', { message: 120, notice: 0, announcement: 4 }))
    const s = a.snap()
    expect([selectActivityCount(s), selectTaskCount(s), selectRebateCount(s), selectAwardCount(s)]).toEqual([1, 2, 0, 1])
    expect(selectUnreadMessages(s)).toBe(120)
    expect(selectMessageCentreType(s)).toBe('announcement')
    expect(selectDiscountBadge(s)).toEqual({ kind: 'reward', amount: '3.5' })
  })

  it('a logout clears the counts and ignores the answers still due for the previous player', () => {
    const a = run(site, login(true), refresh)
    a.send(ok('badges-4', 'homeIndex', { message: 3, notice: 1, announcement: 0 }))
    a.send(logout)
    expect(selectUnreadMessages(a.snap())).toBe(0)
    a.send(ok('badges-3', 'getRedDot', dot))
    expect(selectActivityCount(a.snap())).toBe(0)
    expect(a.emitted.at(-1)).toEqual({ type: 'hall.requested', requestId: 'badges-5', call: 'maxChargeRate', payload: {} })
  })

  it('refreshes red dots on an activity notice and unread counts on a credited deposit, for real players only', () => {
    const a = run(site)
    a.send({ type: 'realtime.activeDetailsReceived' } as unknown as BadgesEvent)
    expect(a.emitted).toHaveLength(1)
    a.send(login(true))
    a.send(refresh)
    const before = a.emitted.length
    a.send({ type: 'realtime.activeDetailsReceived' } as unknown as BadgesEvent)
    a.send({ type: 'realtime.payOrderSucceeded' } as unknown as BadgesEvent)
    expect(a.emitted.slice(before).map((e) => e.call)).toEqual(['getRedDot', 'homeIndex'])
  })

  it('a real sign-in asks for red dots and unread counts only with the post-login refresh, and only for the items it names', () => {
    const a = run(site, login(true))
    expect(a.emitted.map((e) => e.call)).toEqual(['maxChargeRate', 'maxChargeRate'])
    a.send({ type: 'postlogin.refreshRequested', items: ['notices'] })
    expect(a.emitted.slice(2).map((e) => e.call)).toEqual(['homeIndex'])
    a.send(refresh)
    expect(a.emitted.slice(3).map((e) => e.call)).toEqual(['getRedDot', 'homeIndex'])
  })

  it('a visitor ignores a refresh', () => {
    const a = run(site)
    a.send(refresh)
    expect(a.emitted.map((e) => e.call)).toEqual(['maxChargeRate'])
  })

  it('a failed call keeps what was shown', () => {
    const a = run(site)
    a.send(ok('badges-1', 'maxChargeRate', { charge_rate: '5' }))
    a.send(login(true))
    a.send({ type: 'hall.failed', requestId: 'badges-2', call: 'maxChargeRate', error: { kind: 'network' } } as unknown as BadgesEvent)
    expect(selectChargeRate(a.snap())).toBe('5')
    expect(selectDiscountBadge(a.snap())).toBeNull()
  })
})
