import { describe, expect, it } from 'vitest'
import { HEARTBEAT_MS } from '../../../../actors/socket'
import { appStarted, siteConfig } from '../../../support/site-fixtures'
import { credentials, loggedIn, opened, closed, startSocket } from '../socket/support'

/**
 * The keep-alive by the site's hall profile (issue 45, HallProfile `heartbeat`): a Ping on the
 * socket every 10 s by default, the `/home/heartbeat` call every 10 s instead where the profile
 * says `call` (spec §9 heartbeat 10 s); the socket stays open either way.
 */
const signedInOn = (heartbeat?: 'socket' | 'call') => {
  const s = startSocket()
  s.send(appStarted({ site: siteConfig(heartbeat === undefined ? {} : { hallProfile: { heartbeat } }) }), credentials('tok-1'), loggedIn)
  s.send(opened(1))
  s.drain()
  return s
}

describe('heartbeat by the hall profile', () => {
  it('a site without a profile, or with heartbeat socket, pings on the socket and asks no call', () => {
    for (const profile of [undefined, 'socket'] as const) {
      const s = signedInOn(profile)
      s.clock.increment(HEARTBEAT_MS)
      expect(s.drain()).toEqual([{ type: 'socket.pingRequested', connection: 1 }])
    }
  })

  it('a site with heartbeat call asks /home/heartbeat every 10 s instead of the Ping, while the socket is open', () => {
    const s = signedInOn('call')
    s.clock.increment(HEARTBEAT_MS - 1)
    expect(s.drain()).toEqual([])
    s.clock.increment(1)
    expect(s.drain()).toEqual([{ type: 'hall.requested', requestId: 'socket-1', call: 'heartbeat', payload: {} }])
    s.clock.increment(HEARTBEAT_MS)
    expect(s.drain()).toEqual([{ type: 'hall.requested', requestId: 'socket-2', call: 'heartbeat', payload: {} }])
    expect(s.snapshot().value).toBe('open')
    s.send(closed(1))
    s.drain()
    s.clock.increment(HEARTBEAT_MS / 2)
    expect(s.ofType('hall.requested')).toEqual([])
  })
})
