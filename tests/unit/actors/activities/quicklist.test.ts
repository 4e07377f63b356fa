/**
 * The event centre on a site whose hall profile says `events: 'quickList'` (issue 45; docs/hall.md
 * "Hall profile"): the quick list read when the event centre opens there, an activity's page read
 * by its template, and what a quick-list entry opens (a red packet, the discount codes, a page).
 * On the default site neither call is asked.
 */
import { describe, expect, it } from 'vitest'
import { categoriesActor, detailActor, quickEntryTarget, quickListActor, templateDetailActor } from '../../../../actors/activities'
import type { LobbyEvent } from '../../../../schemas/events'
import { NO_END, type ActivityDetail, type ActivitySummary } from '../../../../schemas/hall/calls/active'
import { runActors } from '../../../support/actors'

const login: LobbyEvent = { type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false }
const asked = (a: ReturnType<typeof runActors>) => a.emitted.filter((e) => e.type === 'hall.requested').map((e) => [e.call, e.payload])
const summary = (activeId: number, type: ActivitySummary['type'], template: string): ActivitySummary => ({
  activeId, type, template, title: '', imgId: '', imgUrl: '', startTime: '2026-01-01 00:00:00', endTime: NO_END, period: 0, status: 1, sort: 0, redDot: 1,
})
const detail: ActivityDetail = {
  ...summary(41, 10, 'deposit-daily'), endTime: '2030-12-31 00:00:00', content: '', condition: 1, rewardMode: 0, distribution: 2, rechargeAmount: '0', betAmount: '0', rewards: [],
}

describe('the quick list and the detail by template (hall profile events: quickList)', () => {
  it('the default site asks neither: the categories when the centre opens, the detail by id', () => {
    const a = runActors([categoriesActor, quickListActor, detailActor, templateDetailActor])
    a.send(login, { type: 'activities.opened' }, { type: 'activity.opened', activeId: 41 })
    a.send({ type: 'activities.changed', activeId: 41, count: 1 })
    expect(asked(a)).toEqual([['activeCategory', {}], ['activeGet', { activeId: 41 }], ['activeCategory', {}], ['activeGet', { activeId: 41 }]])
  })

  it('a quick-list site reads the quick list beside the categories, and the page by its template; a receipt reads both again', () => {
    const a = runActors([categoriesActor, quickListActor, detailActor, templateDetailActor])
    a.send(login, { type: 'activities.opened', quick: true }, { type: 'activity.opened', activeId: 41, template: 'deposit-daily' })
    expect(asked(a)).toEqual([['activeCategory', {}], ['quickList', {}], ['getByTemplate', { template: 'deposit-daily' }]])
    const list = [summary(41, 10, 'deposit-daily'), summary(7001, 7, 'redpacket'), summary(22, 22, 'discountCode')]
    a.send({ type: 'hall.responded', requestId: 'eventquick-1', call: 'quickList', data: { list } })
    a.send({ type: 'hall.responded', requestId: 'eventbytemplate-1', call: 'getByTemplate', data: detail })
    expect(quickListActor.view(a.snapshot('eventquick')).data).toEqual(list)
    expect(templateDetailActor.view(a.snapshot('eventbytemplate')).data).toEqual(detail)
    a.send({ type: 'activities.changed', activeId: 41, count: 1 })
    expect(asked(a).slice(3)).toEqual([['activeCategory', {}], ['quickList', {}], ['getByTemplate', { template: 'deposit-daily' }]])
    // Another activity's receipt leaves the page alone.
    a.send({ type: 'activities.changed', activeId: 42, count: 1 })
    expect(asked(a).filter(([call]) => call === 'getByTemplate')).toHaveLength(2)
    // A red packet taken reads the quick list again (the taken packet leaves it).
    const before = asked(a).length
    a.send({ type: 'redpackets.credited', activeId: 7001, redId: 1, amount: '2', currency: 'BRL', balance: '12' })
    expect(asked(a).slice(before)).toEqual([['quickList', {}]])
  })

  it('the default site reads no quick list when a red packet is taken', () => {
    const a = runActors([quickListActor])
    a.send(login, { type: 'activities.opened' }, { type: 'redpackets.credited', activeId: 7001, redId: 1, amount: '2', currency: 'BRL', balance: '12' })
    expect(asked(a)).toEqual([])
  })

  it('a red packet opens the red-packet popup, the discount codes theirs, any other activity its page', () => {
    expect(quickEntryTarget(summary(7001, 7, 'redpacket'))).toBe('redpackets')
    expect(quickEntryTarget(summary(22, 22, 'discountCode'))).toBe('discountCode')
    expect(quickEntryTarget(summary(41, 10, 'deposit-daily'))).toBe('page')
  })
})
