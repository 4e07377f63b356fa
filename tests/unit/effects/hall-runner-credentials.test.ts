import { describe, expect, it } from 'vitest'
import { Bus } from '../../../src/bus/bus'
import { startHallRunner } from '../../../src/effects/hall-runner'
import { appStarted } from '../../support/site-fixtures'
import { fakeFetch, fixedPorts, json } from './hall/fake-hall'

/** The hall runner takes the token, key material and currency the session announces. */
describe('hall runner and session.credentialsChanged', () => {
  const run = async () => {
    const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
    const { fetch, seen } = fakeFetch(() => json({ code: 1, msg: 'ok', data: {} }))
    startHallRunner(bus, { domain: 'lobby.test', timezone: 'UTC', fingerprint: 'fp', options: { ports: fixedPorts(fetch) } })
    const answered: string[] = []
    bus.records$.subscribe((r) => {
      if (r.event.type === 'hall.responded' || r.event.type === 'hall.failed') answered.push(r.event.requestId)
    })
    bus.publish(appStarted(), 'runner', 'page')
    const call = async (requestId: string) => {
      bus.publish({ type: 'hall.requested', requestId, call: 'userLogout', payload: {} }, 'actor', 'session')
      await expect.poll(() => answered.includes(requestId)).toBe(true)
      return seen.at(-1)!.headers
    }
    return { bus, call }
  }

  it('signs with the player credentials after a sign-in and with the site key after a logout', async () => {
    const { bus, call } = await run()
    const before = await call('t-1')
    expect([before['token'], before['currency']]).toEqual(['', ''])

    bus.publish({ type: 'session.credentialsChanged', token: 'tk-player', keyMaterial: 'sk-player', currency: 'USDT' }, 'actor', 'session')
    const player = await call('t-2')
    expect([player['token'], player['currency']]).toEqual(['tk-player', 'USDT'])
    // The same request signed with the session key and with the site key differ: the key material followed.
    expect(player['signature']).not.toBe(before['signature'])

    bus.publish({ type: 'session.credentialsChanged', token: 'sys-token', keyMaterial: 'site-key-0001-secret', currency: 'USD' }, 'actor', 'session')
    const visitor = await call('t-3')
    expect([visitor['token'], visitor['currency']]).toEqual(['sys-token', 'USD'])
    // Same clock, nonce and body: back on the site key, the signature is the first one again.
    expect(visitor['signature']).toBe(before['signature'])
  })
})

/** The live page sends a call after the frame being drawn: asked now, sent when `defer` runs, with the headers of the moment it was asked. */
describe('hall runner with a deferred send', () => {
  it('sends nothing until the deferred work runs, then signs with the credentials of the ask', async () => {
    const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
    const { fetch, seen } = fakeFetch(() => json({ code: 1, msg: 'ok', data: {} }))
    const queued: Array<() => void> = []
    startHallRunner(bus, { domain: 'lobby.test', timezone: 'UTC', fingerprint: 'fp', options: { ports: fixedPorts(fetch) }, defer: (send) => queued.push(send) })
    const answered: string[] = []
    bus.records$.subscribe((r) => {
      if (r.event.type === 'hall.responded') answered.push(r.event.requestId)
    })
    bus.publish(appStarted(), 'runner', 'page')
    bus.publish({ type: 'session.credentialsChanged', token: 'tk-player', keyMaterial: 'sk-player', currency: 'USDT' }, 'actor', 'session')
    bus.publish({ type: 'hall.requested', requestId: 'd-1', call: 'userLogout', payload: {} }, 'actor', 'session')
    // A sign-out between the ask and the send: the call still goes with the player's credentials it was asked with.
    bus.publish({ type: 'session.credentialsChanged', token: 'sys-token', keyMaterial: 'site-key-0001-secret', currency: 'USD' }, 'actor', 'session')
    await Promise.resolve()
    expect(seen).toHaveLength(0)
    expect(queued).toHaveLength(1)
    queued.shift()!()
    await expect.poll(() => answered).toEqual(['d-1'])
    expect(seen).toHaveLength(1)
    expect([seen[0]!.headers['token'], seen[0]!.headers['currency']]).toEqual(['tk-player', 'USDT'])
  })

  it('fails a call it cannot send at once, without deferring', () => {
    const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
    const queued: Array<() => void> = []
    startHallRunner(bus, { domain: 'lobby.test', timezone: 'UTC', fingerprint: 'fp', defer: (send) => queued.push(send) })
    const failed: string[] = []
    bus.records$.subscribe((r) => {
      if (r.event.type === 'hall.failed') failed.push(r.event.error._tag)
    })
    bus.publish({ type: 'hall.requested', requestId: 'd-2', call: 'userLogout', payload: {} }, 'actor', 'session')
    expect(failed).toEqual(['Network'])
    expect(queued).toHaveLength(0)
  })
})
