import { createActor, type AnyEventObject } from 'xstate'
import { describe, expect, it } from 'vitest'
import { payChannelsActor } from '../../../../actors/pay'
import type { LobbyEvent } from '../../../../schemas/events'
import type { PayChannel, PayMethod } from '../../../../schemas/hall/calls/pay'
import { appStarted, responded, siteConfig } from '../../../support/site-fixtures'

/**
 * The pay popup's channels by the site's hall profile (issue 45, HallProfile `payList`): one
 * payplatformlistV3 by default; on a `v4` site payListV4 for each currency the site offers, then
 * payTypeV4 for each method, put together into the list the popup reads either way.
 */
const method = (type: number, currency: string): PayMethod => ({ type, name: `M${type}`, icon: '', kind: 'fiat', currency, bonus_rate: '0', sort: type })
const channel = (id: number, type: number, currency: string): PayChannel => ({
  id, type, name: `C${id}`, icon: '', kind: 'fiat', currency, min_amount: '10', max_amount: '1000', fixed_amounts: [], fee_rate: '0',
  bonus_rate: '0', network: '', need_real_name: 0, choose_bank: 0, sort: id,
})

const ready: LobbyEvent = {
  type: 'site.ready', siteCode: '081', language: 'pt_BR', currency: 'BRL', languages: ['pt_BR'], currencies: ['BRL', 'USDT'],
  systemToken: '', autoVisitorLogin: false, device: 'desktop',
}
const loggedIn: LobbyEvent = { type: 'session.loggedIn', mode: 'normal', username: 'p1', accountType: 0, real: true, mustChangePassword: false }
const openPay: LobbyEvent = { type: 'popup.openRequested', popup: 'pay' }

const start = (payList?: 'v3' | 'v4') => {
  const actor = createActor(payChannelsActor.machine)
  const asked: AnyEventObject[] = []
  actor.on('*', (e) => asked.push(e))
  actor.start()
  actor.send(appStarted({ site: siteConfig(payList === undefined ? {} : { hallProfile: { payList } }) }))
  actor.send(ready)
  actor.send(loggedIn)
  const next = (): AnyEventObject | undefined => asked.shift()
  return { actor, next, asked, view: () => payChannelsActor.view(actor.getSnapshot()) }
}

describe('pay channels by the hall profile', () => {
  it('by default (and with payList v3) asks payplatformlistV3 once and shows its list', () => {
    for (const profile of [undefined, 'v3'] as const) {
      const s = start(profile)
      s.actor.send(openPay)
      expect(s.asked).toEqual([{ type: 'hall.requested', requestId: 'paychannels-1', call: 'payPlatformListV3', payload: {} }])
      const list = [{ ...method(1, 'BRL'), channels: [channel(1, 1, 'BRL')] }]
      s.actor.send(responded('paychannels-1', 'payPlatformListV3', { list }))
      expect(s.view()).toEqual({ status: 'ready', data: list, error: null })
    }
  })

  it('with payList v4 asks payListV4 per site currency, then payTypeV4 per method, and shows them as one list', () => {
    const s = start('v4')
    s.actor.send(openPay)
    expect(s.next()).toEqual({ type: 'hall.requested', requestId: 'paychannels-1', call: 'payListV4', payload: { payCurrency: 'BRL' } })
    expect(s.view().status).toBe('loading')
    s.actor.send(responded('paychannels-1', 'payListV4', { list: [method(1, 'BRL'), method(2, 'BRL')] }))
    expect(s.next()).toEqual({ type: 'hall.requested', requestId: 'paychannels-2', call: 'payListV4', payload: { payCurrency: 'USDT' } })
    s.actor.send(responded('paychannels-2', 'payListV4', { list: [method(3, 'USDT')] }))
    expect(s.next()).toEqual({ type: 'hall.requested', requestId: 'paychannels-3', call: 'payTypeV4', payload: { type: 1, payCurrency: 'BRL' } })
    s.actor.send(responded('paychannels-3', 'payTypeV4', { list: [channel(11, 1, 'BRL'), channel(12, 1, 'BRL')] }))
    expect(s.next()).toEqual({ type: 'hall.requested', requestId: 'paychannels-4', call: 'payTypeV4', payload: { type: 2, payCurrency: 'BRL' } })
    s.actor.send(responded('paychannels-4', 'payTypeV4', { list: [channel(21, 2, 'BRL')] }))
    expect(s.next()).toEqual({ type: 'hall.requested', requestId: 'paychannels-5', call: 'payTypeV4', payload: { type: 3, payCurrency: 'USDT' } })
    expect(s.view().status).toBe('loading')
    s.actor.send(responded('paychannels-5', 'payTypeV4', { list: [channel(31, 3, 'USDT')] }))
    expect(s.asked).toEqual([])
    expect(s.view()).toEqual({
      status: 'ready',
      error: null,
      data: [
        { ...method(1, 'BRL'), channels: [channel(11, 1, 'BRL'), channel(12, 1, 'BRL')] },
        { ...method(2, 'BRL'), channels: [channel(21, 2, 'BRL')] },
        { ...method(3, 'USDT'), channels: [channel(31, 3, 'USDT')] },
      ],
    })
  })

  it('v4: a refused step fails the list (Try again starts over), an older answer is dropped, a sign-out forgets', () => {
    const s = start('v4')
    s.actor.send(openPay)
    s.actor.send(responded('paychannels-1', 'payListV4', { list: [method(1, 'BRL')] }))
    s.actor.send({ type: 'hall.failed', requestId: 'paychannels-2', call: 'payListV4', error: { _tag: 'Network', message: 'offline' } } as never)
    expect(s.view().status).toBe('failed')
    s.asked.splice(0)
    s.actor.send({ type: 'query.refreshRequested', query: 'paychannels' })
    expect(s.next()).toEqual({ type: 'hall.requested', requestId: 'paychannels-3', call: 'payListV4', payload: { payCurrency: 'BRL' } })
    s.actor.send(openPay)
    expect(s.next()).toEqual({ type: 'hall.requested', requestId: 'paychannels-4', call: 'payListV4', payload: { payCurrency: 'BRL' } })
    s.actor.send(responded('paychannels-3', 'payListV4', { list: [method(9, 'BRL')] }))
    expect(s.asked).toEqual([])
    s.actor.send({ type: 'session.loggedOut', reason: 'logout' })
    expect(s.view()).toEqual({ status: 'idle', data: null, error: null })
    s.actor.send(openPay)
    expect(s.asked).toEqual([])
  })
})
