import { describe, expect, it } from 'vitest'
import { unreadActor } from '../../../../actors/badges'
import { marqueeActor, messageReadActor, messageReceiveActor, noticesActor } from '../../../../actors/messages'
import type { LobbyEvent } from '../../../../schemas/events'
import { runActors } from '../../../support/actors'

const login: LobbyEvent = { type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false }
const asked = (a: ReturnType<typeof runActors>) => a.emitted.filter((e) => e.type === 'hall.requested').map((e) => [e.requestId, e.call, e.payload])
const notice = (id: number, isRead: 0 | 1) => ({ id, type: 1, title: `N${id}`, content: '', isRead, award: '0', awardStatus: -1, createdAt: '2026-11-26 10:00:00' })

describe('the message centre actors', () => {
  it('ask 5 messages a page of the chosen type, whatever size is chosen', () => {
    const a = runActors([noticesActor])
    a.send(login, { type: 'list.opened', list: 'notices', condition: { type: 2 } })
    a.send({ type: 'hall.responded', requestId: 'notices-1', call: 'messageList', data: { records: [notice(1, 0)], total: 12, current: 1, size: 5 } })
    a.send({ type: 'list.sizeChosen', list: 'notices', size: 20 }, { type: 'list.pageChosen', list: 'notices', page: 3 })
    expect(asked(a)).toEqual([['notices-1', 'messageList', { type: 2, page: 1, size: 5 }], ['notices-2', 'messageList', { type: 2, page: 3, size: 5 }]])
    expect(noticesActor.view(a.snapshot('notices')).sizes).toEqual([5])
  })

  it('a read message asks the page shown and the unread counts again; a message on the socket asks the first page', () => {
    const a = runActors([noticesActor, unreadActor, messageReadActor])
    a.send(login, { type: 'list.opened', list: 'notices', condition: { type: 1 } })
    a.send({ type: 'hall.responded', requestId: 'notices-1', call: 'messageList', data: { records: [notice(2, 0), notice(1, 0)], total: 7, current: 1, size: 5 } })
    a.send({ type: 'list.pageChosen', list: 'notices', page: 2 })
    a.send({ type: 'hall.responded', requestId: 'notices-2', call: 'messageList', data: { records: [notice(6, 0)], total: 7, current: 2, size: 5 } })
    a.send({ type: 'command.submitted', command: 'messageread', payload: { ids: [6] } })
    a.send({ type: 'hall.responded', requestId: 'messageread-1', call: 'messageRead', data: { count: 1 } })
    const changed = a.emitted.filter((e) => e.type === 'messages.changed')
    expect(changed).toEqual([{ type: 'messages.changed', change: 'read', count: 1 }])
    // The bus hands the notice to every actor that takes it.
    a.send(changed[0] as LobbyEvent)
    expect(asked(a).slice(-3)).toEqual([
      ['messageread-1', 'messageRead', { ids: [6] }],
      ['notices-3', 'messageList', { type: 1, page: 2, size: 5 }],
      ['unread-1', 'homeIndex', {}],
    ])
    a.send({ type: 'hall.responded', requestId: 'notices-3', call: 'messageList', data: { records: [notice(6, 1)], total: 7, current: 2, size: 5 } })
    a.send({ type: 'realtime.messageReceived', msgId: 'm1', data: { id: 8, type: 1 } })
    expect(asked(a).slice(-2)).toEqual([['notices-4', 'messageList', { type: 1, page: 1, size: 5 }], ['unread-2', 'homeIndex', {}]])
  })

  it('a received award reports the balance to the wallet; the marquee is read for visitors when the site is ready and on a new marquee item', () => {
    const a = runActors([messageReceiveActor, marqueeActor])
    a.send(login, { type: 'command.submitted', command: 'messagereceive', payload: { id: 3 } })
    a.send({ type: 'hall.responded', requestId: 'messagereceive-1', call: 'customerReceiveAward', data: { amount: '7.5', count: 1, currency: 'USD', game_gold: '107.50' } })
    expect(a.emitted.filter((e) => e.type === 'wallet.balanceReported')).toEqual([{ type: 'wallet.balanceReported', balance: '107.50', source: 'reward' }])
    const b = runActors([marqueeActor])
    b.send({ type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'USD', languages: [], currencies: [], systemToken: '', autoVisitorLogin: true, device: 'desktop' })
    b.send({ type: 'hall.responded', requestId: 'marquee-1', call: 'marquee', data: { list: [{ id: 1, content: 'Hi', createdAt: '2026-11-26 10:00:00' }] } })
    b.send({ type: 'realtime.messageReceived', msgId: 'm1', data: { id: 9, type: 1 } })
    b.send({ type: 'realtime.messageReceived', msgId: 'm2', data: { id: 10, type: 3 } })
    expect(asked(b).map(([id]) => id)).toEqual(['marquee-1', 'marquee-2'])
    expect(marqueeActor.view(b.snapshot('marquee')).data).toEqual([{ id: 1, content: 'Hi', createdAt: '2026-11-26 10:00:00' }])
  })
})
