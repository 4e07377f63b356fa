import { describe, expect, it } from 'vitest'
import { selectWebPushBusy, selectWebPushOn, selectWebPushProblem, selectWebPushShown, webPushActor, type WebPushContext } from '../../../../actors/webpush'
import type { LobbyEvent } from '../../../../schemas/events'
import { runActors } from '../../../support/actors'

/** The web-push actor (actors/webpush): what it asks of the hall and of the runner, and what the settings row shows. */
const login = (real = true): LobbyEvent => ({ type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: real ? 0 : 1, real, mustChangePassword: false })
const KEY = 'BK'.padEnd(87, 'A')
const SUB = JSON.stringify({ endpoint: 'https://push.example/1', keys: { p256dh: KEY, auth: 'A'.repeat(22) } })

const start = (real = true) => {
  const a = runActors([webPushActor])
  a.send(login(real))
  const row = () => {
    const s = a.snapshot('webpush') as unknown as { context: WebPushContext }
    return { shown: selectWebPushShown(s), on: selectWebPushOn(s), busy: selectWebPushBusy(s), problem: selectWebPushProblem(s) }
  }
  return { ...a, row }
}

describe('the web-push actor', () => {
  it('asks nothing until the settings page opens, and nothing at all for a trial account', () => {
    const trial = start(false)
    trial.send({ type: 'webPush.opened' })
    expect(trial.emitted).toEqual([])
    const a = start()
    expect(a.emitted).toEqual([])
    a.send({ type: 'webPush.opened' })
    expect(a.emitted).toEqual([{ type: 'hall.requested', requestId: 'webpush-1', call: 'getWebPushInfo', payload: {} }])
  })

  it('hides the row when the site has push off', () => {
    const a = start()
    a.send({ type: 'webPush.opened' }, { type: 'hall.responded', requestId: 'webpush-1', call: 'getWebPushInfo', data: { status: 'close', webKey: '' } })
    expect(a.emitted.map((e) => e.type)).toEqual(['hall.requested'])
    expect(a.row().shown).toBe(false)
  })

  it('subscribes on the press, registers the subscription, and unsubscribes with the endpoint', () => {
    const a = start()
    a.send({ type: 'webPush.opened' }, { type: 'hall.responded', requestId: 'webpush-1', call: 'getWebPushInfo', data: { status: 'open', webKey: KEY } })
    expect(a.emitted.at(-1)).toEqual({ type: 'webPush.probeRequested' })
    expect(a.row()).toEqual({ shown: false, on: false, busy: true, problem: null })
    a.send({ type: 'webPush.probed', supported: true, permission: 'default' })
    expect(a.row()).toEqual({ shown: true, on: false, busy: false, problem: null })
    a.send({ type: 'webPush.toggled', on: true })
    expect(a.emitted.at(-1)).toEqual({ type: 'webPush.subscribeRequested', webKey: KEY })
    expect(a.row().busy).toBe(true)
    a.send({ type: 'webPush.subscribed', jpushWebId: SUB })
    expect(a.emitted.at(-1)).toEqual({ type: 'hall.requested', requestId: 'webpush-2', call: 'registerWebPush', payload: { jpushWebId: SUB } })
    a.send({ type: 'hall.responded', requestId: 'webpush-2', call: 'registerWebPush', data: { created: true } })
    expect(a.row()).toEqual({ shown: true, on: true, busy: false, problem: null })
    a.send({ type: 'webPush.toggled', on: false })
    expect(a.emitted.at(-1)).toEqual({ type: 'webPush.unsubscribeRequested' })
    a.send({ type: 'webPush.unsubscribed', endpoint: 'https://push.example/1' })
    expect(a.emitted.at(-1)).toEqual({ type: 'hall.requested', requestId: 'webpush-3', call: 'unregisterWebPush', payload: { endpoint: 'https://push.example/1' } })
    expect(a.row()).toEqual({ shown: true, on: false, busy: false, problem: null })
  })

  it('keeps why subscribing failed, clears it on the next press, and says when the browser has no push', () => {
    const a = start()
    a.send({ type: 'webPush.opened' }, { type: 'hall.responded', requestId: 'webpush-1', call: 'getWebPushInfo', data: { status: 'open', webKey: KEY } })
    a.send({ type: 'webPush.probed', supported: true, permission: 'default' }, { type: 'webPush.toggled', on: true }, { type: 'webPush.subscribeFailed', reason: 'unreachable' })
    expect(a.row()).toEqual({ shown: true, on: false, busy: false, problem: 'unreachable' })
    a.send({ type: 'webPush.toggled', on: true })
    expect(a.row().problem).toBe(null)
    a.send({ type: 'webPush.subscribed', jpushWebId: SUB })
    a.send({ type: 'hall.failed', requestId: 'webpush-2', call: 'registerWebPush', error: { _tag: 'ServiceCode', code: 2223, msg: 'off' } } as unknown as LobbyEvent)
    expect(a.row()).toEqual({ shown: true, on: false, busy: false, problem: 'hall' })
    const b = start()
    b.send({ type: 'webPush.opened' }, { type: 'hall.responded', requestId: 'webpush-1', call: 'getWebPushInfo', data: { status: 'open', webKey: KEY } })
    b.send({ type: 'webPush.probed', supported: false, permission: 'denied' })
    expect(b.row()).toEqual({ shown: true, on: false, busy: false, problem: 'unsupported' })
    b.send({ type: 'webPush.toggled', on: true })
    expect(b.emitted.at(-1)?.type).toBe('webPush.probeRequested')
  })

  it('registers a subscription the browser already has, and forgets everything at the logout', () => {
    const a = start()
    a.send({ type: 'webPush.opened' }, { type: 'hall.responded', requestId: 'webpush-1', call: 'getWebPushInfo', data: { status: 'open', webKey: KEY } })
    a.send({ type: 'webPush.probed', supported: true, permission: 'granted', jpushWebId: SUB })
    expect(a.emitted.at(-1)).toEqual({ type: 'hall.requested', requestId: 'webpush-2', call: 'registerWebPush', payload: { jpushWebId: SUB } })
    a.send({ type: 'session.loggedOut', reason: 'logout' })
    // The answer of a forgotten request changes nothing.
    a.send({ type: 'hall.responded', requestId: 'webpush-2', call: 'registerWebPush', data: { created: false } })
    expect(a.row()).toEqual({ shown: false, on: false, busy: true, problem: null })
  })
})
