import { describe, expect, it } from 'vitest'
import {
  CONNECT_TIMEOUT_MS,
  HEARTBEAT_MS,
  MAX_RETRIES,
  REMEMBERED_MSG_IDS,
  reconnectDelayMs,
  remember,
  selectSocketCanRetry,
  selectSocketNextDelayMs,
  selectSocketStatus,
} from '../../../../actors/socket'
import type { ServerNotice } from '../../../../schemas/events/socket'
import {
  closed,
  credentials,
  loggedIn,
  loggedOut,
  logoutConfirmed,
  message,
  opened,
  paid,
  retry,
  started,
  startSocket,
  tokenExpired,
} from './support'

/** A socket signed in and asked to connect (connection 1). */
const signedIn = () => {
  const s = startSocket()
  s.send(started, credentials('tok-1'), loggedIn)
  return s
}

/** The delays the actor scheduled on its clock, in order. */
const recordDelays = (s: ReturnType<typeof startSocket>): number[] => {
  const delays: number[] = []
  const original = s.clock.setTimeout.bind(s.clock)
  s.clock.setTimeout = (fn: (...args: unknown[]) => void, ms: number) => {
    delays.push(ms)
    return original(fn, ms)
  }
  return delays
}

describe('socket actor: connecting', () => {
  it('stays closed until a player signs in, then asks for a connection with the Token and siteCode', () => {
    const s = startSocket()
    s.send(started, credentials('tok-1'))
    expect(s.snapshot().value).toBe('closed')
    expect(s.drain()).toEqual([])
    s.send(loggedIn)
    expect(s.snapshot().value).toBe('connecting')
    expect(s.drain()).toEqual([{ type: 'socket.connectRequested', connection: 1, token: 'tok-1', siteCode: '001' }])
    expect(selectSocketStatus(s.snapshot())).toBe('connecting')
  })

  it('opens on the current connection only; a stale connection is ignored', () => {
    const s = signedIn()
    s.send(opened(0))
    expect(s.snapshot().value).toBe('connecting')
    s.send(opened(1))
    expect(s.snapshot().value).toBe('open')
    expect(selectSocketStatus(s.snapshot())).toBe('online')
    s.send(closed(0))
    expect(s.snapshot().value).toBe('open')
  })

  it('gives a connection 4 s to open, then closes it and retries after 1 s', () => {
    const s = signedIn()
    s.drain()
    s.clock.increment(CONNECT_TIMEOUT_MS - 1)
    expect(s.snapshot().value).toBe('connecting')
    s.clock.increment(1)
    expect(s.snapshot().value).toBe('error')
    expect(s.drain()).toEqual([{ type: 'socket.closeRequested', connection: 1 }])
    expect(selectSocketNextDelayMs(s.snapshot())).toBe(1000)
    s.clock.increment(1000)
    expect(s.snapshot().value).toBe('connecting')
    expect(s.drain()).toEqual([{ type: 'socket.connectRequested', connection: 2, token: 'tok-1', siteCode: '001' }])
    expect(selectSocketStatus(s.snapshot())).toBe('reconnecting')
  })
})

describe('socket actor: reconnect backoff', () => {
  it('computes 1, 1.3, 1.69 ... seconds (to the ms), capped at 10', () => {
    const expected = [1000, 1300, 1690, 2197, 2856, 3713, 4827, 6275, 8157, ...Array<number>(11).fill(10_000)]
    expect(Array.from({ length: MAX_RETRIES }, (_, i) => reconnectDelayMs(i + 1))).toEqual(expected)
  })

  it('waits exactly 1, 1.3, 1.69 ... 10 s between attempts after drops, and the 21st attempt never happens', () => {
    const s = signedIn()
    s.send(opened(1))
    const delays = recordDelays(s)
    s.drain()
    const attempts: number[] = []
    s.send(closed(1))
    for (let attempt = 1; attempt <= MAX_RETRIES; attempt++) {
      expect(s.snapshot().value).toBe('error')
      const delay = delays.at(-1)!
      s.clock.increment(delay - 1)
      expect(s.snapshot().value).toBe('error')
      s.clock.increment(1)
      const connects = s.ofType('socket.connectRequested')
      expect(connects).toHaveLength(1)
      attempts.push(delay)
      expect(s.snapshot().value).toBe('connecting')
      s.send(closed(attempt + 1))
    }
    // The reconnect delays, as scheduled on the clock (connect timeouts of 4 s in between are not reconnect delays).
    expect(attempts).toEqual(Array.from({ length: MAX_RETRIES }, (_, i) => reconnectDelayMs(i + 1)))
    expect(attempts.slice(0, 4)).toEqual([1000, 1300, 1690, 2197])
    expect(attempts.slice(9)).toEqual(Array<number>(11).fill(10_000))
    expect(s.snapshot().value).toBe('disconnected')
    expect(s.drain()).toEqual([{ type: 'socket.gaveUp', retries: MAX_RETRIES }])
    expect(selectSocketStatus(s.snapshot())).toBe('disconnected')
    expect(selectSocketCanRetry(s.snapshot())).toBe(true)
    // An hour later nothing more happened: no 21st attempt.
    s.clock.increment(3_600_000)
    expect(s.drain()).toEqual([])
    expect(s.snapshot().context.connection).toBe(MAX_RETRIES + 1)
  })

  it('counts attempts that time out as well, and gives up after the 20th', () => {
    const s = signedIn()
    s.drain()
    for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) {
      s.clock.increment(CONNECT_TIMEOUT_MS)
      expect(s.ofType('socket.closeRequested')).toEqual([{ type: 'socket.closeRequested', connection: attempt + 1 }])
      if (attempt < MAX_RETRIES) s.clock.increment(reconnectDelayMs(attempt + 1))
    }
    expect(s.snapshot().value).toBe('disconnected')
    expect(s.snapshot().context.connection).toBe(MAX_RETRIES + 1)
  })

  it('starts the backoff over after a successful open', () => {
    const s = signedIn()
    s.send(closed(1))
    s.clock.increment(1000)
    s.send(closed(2))
    s.clock.increment(1300)
    expect(s.snapshot().context.retries).toBe(2)
    s.send(opened(3))
    expect(s.snapshot().context.retries).toBe(0)
    s.send(closed(3))
    expect(selectSocketNextDelayMs(s.snapshot())).toBe(1000)
  })

  it('reconnects on a manual retry after giving up, with the backoff started over', () => {
    const s = signedIn()
    for (let n = 1; n <= MAX_RETRIES + 1; n++) {
      s.send(closed(n))
      s.clock.increment(10_000)
    }
    expect(s.snapshot().value).toBe('disconnected')
    s.drain()
    s.send(retry)
    expect(s.snapshot().value).toBe('connecting')
    expect(s.snapshot().context.retries).toBe(0)
    expect(s.drain()).toEqual([{ type: 'socket.connectRequested', connection: MAX_RETRIES + 2, token: 'tok-1', siteCode: '001' }])
  })

  it('ignores a manual retry while it is still trying', () => {
    const s = signedIn()
    s.send(closed(1))
    s.drain()
    s.send(retry)
    expect(s.snapshot().value).toBe('error')
    expect(s.drain()).toEqual([])
  })
})

describe('socket actor: heartbeat', () => {
  it('sends a Ping every 10 s while open, and none before', () => {
    const s = signedIn()
    s.send(opened(1))
    s.drain()
    s.clock.increment(HEARTBEAT_MS - 1)
    expect(s.drain()).toEqual([])
    s.clock.increment(1)
    expect(s.drain()).toEqual([{ type: 'socket.pingRequested', connection: 1 }])
    s.clock.increment(HEARTBEAT_MS)
    s.clock.increment(HEARTBEAT_MS)
    expect(s.ofType('socket.pingRequested')).toHaveLength(2)
    s.send(closed(1))
    s.clock.increment(HEARTBEAT_MS)
    expect(s.ofType('socket.pingRequested')).toHaveLength(0)
  })
})

describe('socket actor: notices', () => {
  it('acknowledges every notice and processes it once, across reconnections', () => {
    const s = signedIn()
    s.send(opened(1))
    s.drain()
    s.send(message(1, 'm1'))
    expect(s.drain()).toEqual([
      { type: 'realtime.payOrderSucceeded', msgId: 'm1', data: (paid('m1') as Extract<ServerNotice, { type: 'payOrderSuccess' }>).data },
      { type: 'socket.ackRequested', connection: 1, msgId: 'm1' },
    ])
    s.send(message(1, 'm1'))
    expect(s.drain()).toEqual([{ type: 'socket.ackRequested', connection: 1, msgId: 'm1' }])
    s.send(closed(1))
    s.clock.increment(1000)
    s.send(opened(2), message(2, 'm1'), message(2, 'm2'))
    expect(s.drain().map((e) => `${e.type} ${(e as { msgId?: string }).msgId ?? ''}`)).toEqual([
      'socket.connectRequested ',
      'socket.ackRequested m1',
      'realtime.payOrderSucceeded m2',
      'socket.ackRequested m2',
    ])
    expect(s.snapshot().context).toMatchObject({ received: 2, duplicates: 2 })
  })

  it('turns each content type into its typed notice; an unrecognised one is acknowledged only', () => {
    const order = { orderNo: 'O1', status: 2, amount: '5.00', currency: 'USD' }
    const success = { orderNo: 'O1', amount: '5.00', currency: 'USD', balance: '10.00', isFirst: 0 }
    const cases: Array<[ServerNotice, string | null]> = [
      [{ type: 'pay/orderProgress', data: order }, 'realtime.payOrderProgressed'],
      [{ type: 'withdraw/orderProgress', data: order }, 'realtime.withdrawOrderProgressed'],
      [{ type: 'registerSuccess', data: { username: 'p' } }, 'realtime.registerSucceeded'],
      [{ type: 'payOrderSuccess', data: success }, 'realtime.payOrderSucceeded'],
      [{ type: 'withdrawOrderSuccess', data: success }, 'realtime.withdrawOrderSucceeded'],
      [{ type: 'activeDetails', data: { activeId: 7 } }, 'realtime.activeDetailsReceived'],
      [{ type: 'unrecognised', contentType: 'lottery/draw' }, null],
    ]
    const s = signedIn()
    s.send(opened(1))
    s.drain()
    cases.forEach(([notice, expected], i) => {
      s.send(message(1, `x${i}`, notice))
      const out = s.drain()
      expect(out.at(-1)).toEqual({ type: 'socket.ackRequested', connection: 1, msgId: `x${i}` })
      expect(out.slice(0, -1)).toEqual(expected === null ? [] : [{ type: expected, msgId: `x${i}`, data: (notice as { data: unknown }).data }])
    })
  })

  it('ignores notices of a stale connection and while not open (the hall resends what was not acknowledged)', () => {
    const s = signedIn()
    s.send(message(1, 'early'))
    s.send(opened(1))
    s.send(message(0, 'stale'))
    expect(s.ofType('socket.ackRequested')).toEqual([])
    expect(s.snapshot().context.processed).toEqual([])
  })

  it('remembers a bounded number of msgIds, the newest', () => {
    let processed: ReadonlyArray<string> = []
    for (let i = 0; i < REMEMBERED_MSG_IDS + 100; i++) processed = remember(processed, `m${i}`)
    expect(processed).toHaveLength(REMEMBERED_MSG_IDS)
    expect(processed[0]).toBe('m100')
    expect(processed.at(-1)).toBe(`m${REMEMBERED_MSG_IDS + 99}`)
    const s = signedIn()
    s.send(opened(1))
    for (let i = 0; i < REMEMBERED_MSG_IDS + 3; i++) s.send(message(1, `n${i}`))
    expect(s.snapshot().context.processed).toHaveLength(REMEMBERED_MSG_IDS)
  })
})

describe('socket actor: the session', () => {
  it.each([
    ['logout', loggedOut],
    ['token expiry', tokenExpired],
    ['a confirmed logout', logoutConfirmed],
  ] as const)('closes the connection on %s and stays closed', (_, stop) => {
    const s = signedIn()
    s.send(opened(1))
    s.drain()
    s.send(stop)
    expect(s.snapshot().value).toBe('closed')
    expect(s.drain()).toEqual([{ type: 'socket.closeRequested', connection: 1 }])
    s.clock.increment(60_000)
    expect(s.drain()).toEqual([])
    expect(selectSocketStatus(s.snapshot())).toBe('off')
  })

  it('stops reconnecting when the session ends while it waits', () => {
    const s = signedIn()
    s.send(closed(1))
    s.drain()
    s.send(tokenExpired)
    s.clock.increment(60_000)
    expect(s.snapshot().value).toBe('closed')
    expect(s.drain()).toEqual([])
  })

  it('reconnects with the new Token when the credentials change (a new login, a guest currency change)', () => {
    const s = signedIn()
    s.send(opened(1))
    s.drain()
    s.send(credentials('tok-2'))
    expect(s.drain()).toEqual([
      { type: 'socket.closeRequested', connection: 1 },
      { type: 'socket.connectRequested', connection: 2, token: 'tok-2', siteCode: '001' },
    ])
    // The loggedIn that follows the credentials of a login does not reconnect again.
    s.send(loggedIn)
    expect(s.drain()).toEqual([])
    s.send(credentials('tok-3'))
    expect(s.drain()).toEqual([
      { type: 'socket.closeRequested', connection: 2 },
      { type: 'socket.connectRequested', connection: 3, token: 'tok-3', siteCode: '001' },
    ])
  })

  it('reconnects at once on a login change while waiting to retry or after giving up', () => {
    const s = signedIn()
    s.send(closed(1))
    s.drain()
    s.send(loggedIn)
    expect(s.drain()).toEqual([{ type: 'socket.connectRequested', connection: 2, token: 'tok-1', siteCode: '001' }])
    for (let n = 2; n <= MAX_RETRIES + 2; n++) {
      s.send(closed(n))
      s.clock.increment(10_000)
    }
    expect(s.snapshot().value).toBe('disconnected')
    s.drain()
    s.send(credentials('tok-9'))
    expect(s.drain()).toEqual([{ type: 'socket.connectRequested', connection: MAX_RETRIES + 3, token: 'tok-9', siteCode: '001' }])
  })

  it('does not connect on a logout credentials change (the visitor Token)', () => {
    const s = signedIn()
    s.send(opened(1), logoutConfirmed)
    s.drain()
    s.send(credentials('system'), loggedOut)
    expect(s.drain()).toEqual([])
    expect(s.snapshot().value).toBe('closed')
  })
})
