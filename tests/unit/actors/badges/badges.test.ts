import { describe, expect, it } from 'vitest'
import {
  badgeText, chargeRateActor, rateText, redDotActor, selectActivityCount, selectAwardCount, selectChargeRate, selectDiscountBadge, selectMessageCentreType,
  selectRebateCount, selectTaskCount, selectUnreadMessages, unreadActor, type BadgeData,
} from '../../../../actors/badges'
import type { LobbyEvent } from '../../../../schemas/events'
import { runActors } from '../../../support/actors'

const site = { type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'USD', languages: [], currencies: [], systemToken: '', autoVisitorLogin: false, device: 'mobile' } as LobbyEvent
const login = (real: boolean): LobbyEvent => ({ type: 'session.loggedIn', mode: real ? 'normal' : 'trymode', username: 'demo', accountType: real ? 0 : 1, real, mustChangePassword: false })
/** What the post-login sequence asks for at a real sign-in. */
const refresh: LobbyEvent = { type: 'postlogin.refreshRequested', items: ['redDot', 'authInfo', 'notices', 'gameCategories', 'rewardBind'] }
const logout: LobbyEvent = { type: 'session.loggedOut', reason: 'logout' }
const ok = (requestId: string, call: string, data: unknown): LobbyEvent => ({ type: 'hall.responded', requestId, call, data })
const dot = { activeAmount: '8', activeCount: 1, taskAmount: '0', taskCount: 2, returnAmount: '0', returnCount: 0, rewardAmount: '3.5', rewardCount: 1 }

const run = (...events: LobbyEvent[]) => {
  const a = runActors([chargeRateActor, redDotActor, unreadActor])
  a.send(...events)
  const badges = (): BadgeData => ({
    chargeRate: chargeRateActor.view(a.snapshot('chargerate')).data,
    redDot: redDotActor.view(a.snapshot('reddot')).data,
    unread: unreadActor.view(a.snapshot('unread')).data,
  })
  return { ...a, badges, calls: () => a.emitted.map((e) => e.call) }
}

describe('badge texts', () => {
  it('caps counts at 99+ and shows nothing for zero (spec §9)', () => {
    expect([0, -1, 1, 99, 100, 120].map(badgeText)).toEqual([null, null, '1', '99', '99+', '99+'])
  })
  it('shows a positive rate without trailing zeros, nothing for zero', () => {
    expect([null, '0', '12.50', '10', 'x'].map(rateText)).toEqual([null, null, '12.5', '10', null])
  })
})

describe('the badge queries', () => {
  it('ask a visitor only for the highest charge rate when the site is ready', () => {
    const a = run(site)
    expect(a.emitted).toEqual([{ type: 'hall.requested', requestId: 'chargerate-1', call: 'maxChargeRate', payload: {} }])
    a.send(ok('chargerate-1', 'maxChargeRate', { charge_rate: '10' }))
    expect(selectChargeRate(a.badges())).toBe('10')
  })

  it('a trial login asks again for the rate only', () => {
    expect(run(site, login(false)).calls()).toEqual(['maxChargeRate', 'maxChargeRate'])
  })

  it('a real login asks for the rate, then the refresh for red dots and unread counts, and their answers are kept', () => {
    const a = run(site, login(true), refresh)
    expect(a.emitted.slice(1).map((e) => [e.requestId, e.call])).toEqual([['chargerate-2', 'maxChargeRate'], ['reddot-1', 'getRedDot'], ['unread-1', 'homeIndex']])
    a.send(ok('reddot-1', 'getRedDot', dot))
    a.send(ok('unread-1', 'homeIndex', { message: 120, notice: 0, announcement: 4 }))
    const b = a.badges()
    expect([selectActivityCount(b), selectTaskCount(b), selectRebateCount(b), selectAwardCount(b)]).toEqual([1, 2, 0, 1])
    expect(selectUnreadMessages(b)).toBe(120)
    expect(selectMessageCentreType(b)).toBe('announcement')
    expect(selectDiscountBadge(b)).toEqual({ kind: 'reward', amount: '3.5' })
  })

  it('a logout clears the counts and ignores the answers still due for the previous player', () => {
    const a = run(site, login(true), refresh)
    a.send(ok('unread-1', 'homeIndex', { message: 3, notice: 1, announcement: 0 }))
    a.send(logout)
    expect(selectUnreadMessages(a.badges())).toBe(0)
    a.send(ok('reddot-1', 'getRedDot', dot))
    expect(selectActivityCount(a.badges())).toBe(0)
    expect(a.emitted.at(-1)).toEqual({ type: 'hall.requested', requestId: 'chargerate-3', call: 'maxChargeRate', payload: {} })
  })

  it('refresh red dots on an activity notice, red dots (a deposit may reach an activity tier) and unread counts on a credited deposit, for real players only', () => {
    const a = run(site)
    a.send({ type: 'realtime.activeDetailsReceived' } as unknown as LobbyEvent)
    expect(a.emitted).toHaveLength(1)
    a.send(login(true), refresh)
    const before = a.emitted.length
    a.send({ type: 'realtime.activeDetailsReceived' } as unknown as LobbyEvent)
    a.send({ type: 'realtime.payOrderSucceeded' } as unknown as LobbyEvent)
    expect(a.calls().slice(before)).toEqual(['getRedDot', 'getRedDot', 'homeIndex'])
    // A received activity reward asks for the red dots again.
    a.send({ type: 'activities.changed', activeId: 7001, count: 1 })
    expect(a.calls().slice(before + 3)).toEqual(['getRedDot'])
  })

  it('a real sign-in asks for red dots and unread counts only with the post-login refresh, and only for the items it names', () => {
    const a = run(site, login(true))
    expect(a.calls()).toEqual(['maxChargeRate', 'maxChargeRate'])
    a.send({ type: 'postlogin.refreshRequested', items: ['notices'] })
    expect(a.calls().slice(2)).toEqual(['homeIndex'])
    a.send(refresh)
    expect(a.calls().slice(3)).toEqual(['getRedDot', 'homeIndex'])
  })

  it('a visitor ignores a refresh', () => {
    expect(run(site, refresh).calls()).toEqual(['maxChargeRate'])
  })

  it('a failed call keeps what was shown', () => {
    const a = run(site)
    a.send(ok('chargerate-1', 'maxChargeRate', { charge_rate: '5' }))
    a.send(login(true))
    a.send({ type: 'hall.failed', requestId: 'chargerate-2', call: 'maxChargeRate', error: { _tag: 'Network', message: 'offline' } })
    expect(selectChargeRate(a.badges())).toBe('5')
    expect(selectDiscountBadge(a.badges())).toBeNull()
  })
})
