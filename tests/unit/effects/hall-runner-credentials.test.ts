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
