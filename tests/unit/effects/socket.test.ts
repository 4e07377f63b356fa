import { describe, expect, it } from 'vitest'
import { socketActor } from '../../../actors/socket'
import type { LobbyEvent } from '../../../schemas/events'
import { Bus, type BusRecord } from '../../../src/bus/bus'
import { BusClock } from '../../../src/bus/clock'
import { ActorHost } from '../../../src/bus/host'
import { readFrame, socketUrl, startSocketRunner, type SocketLike } from '../../../src/effects/socket'
import { appStarted, siteConfig } from '../../support/site-fixtures'

/** A WebSocket in memory: what was sent, and the hall's side driven by the test. */
class FakeSocket implements SocketLike {
  readyState = 0
  readonly sent: string[] = []
  closedWith: number | null = null
  onopen: SocketLike['onopen'] = null
  onclose: SocketLike['onclose'] = null
  onmessage: SocketLike['onmessage'] = null
  onerror: SocketLike['onerror'] = null
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data)
  }
  close(code?: number) {
    this.closedWith = code ?? 1000
    this.readyState = 3
  }
  open() {
    this.readyState = 1
    this.onopen?.({})
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) })
  }
  drop(code = 1006) {
    this.readyState = 3
    this.onclose?.({ code, reason: '' })
  }
}

const system = () => {
  const sockets: FakeSocket[] = []
  const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
  const host = new ActorHost(bus, [socketActor], new BusClock(null))
  const records: BusRecord[] = []
  bus.records$.subscribe((r) => records.push(r))
  host.start()
  const stop = startSocketRunner(bus, (url) => {
    const s = new FakeSocket(url)
    sockets.push(s)
    return s
  })
  bus.publish(appStarted({ site: siteConfig({ configApiBaseUrl: 'https://hall.example:8443/hall' }) }), 'runner')
  const login = (token: string) => {
    bus.publish({ type: 'session.credentialsChanged', token, keyMaterial: 'k', currency: 'USD' }, 'actor', 'session')
    bus.publish({ type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false }, 'actor', 'session')
  }
  const facts = () => records.filter((r) => r.kind === 'fact' && r.event.type.startsWith('socket.')).map((r) => r.event)
  const notices = (prefix: string) => records.filter((r) => r.event.type.startsWith(prefix)).map((r) => r.event)
  return { bus, host, sockets, login, facts, notices, stop, state: () => host.actor('socket')?.getSnapshot().value }
}

const payOrderSuccess = { orderNo: 'P1', amount: '10.00', currency: 'USD', balance: '110.00', isFirst: 1 }

describe('socket runner', () => {
  it('builds the socket URL on the hall origin with Token and siteCode', () => {
    expect(socketUrl('https://hall.example:8443', 'a b', '001')).toBe('wss://hall.example:8443/websocket/ws?Token=a+b&siteCode=001')
    expect(socketUrl('http://127.0.0.1:8080', 't', '101')).toBe('ws://127.0.0.1:8080/websocket/ws?Token=t&siteCode=101')
  })

  it('reads the hall frames: Pong, typed notices, unknown content as unrecognised, junk as nothing', () => {
    expect(readFrame('{"type":"Pong"}')).toEqual({ kind: 'pong' })
    expect(readFrame(JSON.stringify({ type: 'notice', msgId: '7', content: { type: 'payOrderSuccess', data: { ...payOrderSuccess, extra: true } } }))).toEqual({
      kind: 'notice',
      msgId: '7',
      notice: { type: 'payOrderSuccess', data: payOrderSuccess },
    })
    expect(readFrame(JSON.stringify({ type: 'notice', msgId: '8', content: { type: 'payOrderSuccess', data: { orderNo: 1 } } }))).toEqual({
      kind: 'notice',
      msgId: '8',
      notice: { type: 'unrecognised', contentType: 'payOrderSuccess' },
    })
    expect(readFrame(JSON.stringify({ type: 'notice', msgId: '9', content: { type: 'lottery/draw', data: null } }))).toMatchObject({ notice: { type: 'unrecognised', contentType: 'lottery/draw' } })
    expect(readFrame('not json')).toBeNull()
    expect(readFrame('{"type":"notice"}')).toBeNull()
  })

  it('opens the socket the actor asks for, publishes what happens to it, and sends its acks and Pings', () => {
    const s = system()
    s.login('tok-1')
    expect(s.sockets.map((x) => x.url)).toEqual(['wss://hall.example:8443/websocket/ws?Token=tok-1&siteCode=001'])
    const ws = s.sockets[0]!
    ws.open()
    expect(s.state()).toBe('open')
    ws.receive({ type: 'notice', msgId: '41', content: { type: 'payOrderSuccess', data: payOrderSuccess } })
    ws.receive({ type: 'notice', msgId: '41', content: { type: 'payOrderSuccess', data: payOrderSuccess } })
    ws.receive({ type: 'Pong' })
    ws.receive('garbage')
    expect(ws.sent).toEqual(['{"type":"ack","msgId":"41"}', '{"type":"ack","msgId":"41"}'])
    expect(s.notices('realtime.')).toEqual([{ type: 'realtime.payOrderSucceeded', msgId: '41', data: payOrderSuccess }])
    s.bus.publish({ type: 'socket.pingRequested', connection: 1 }, 'actor', 'socket')
    expect(ws.sent.at(-1)).toBe('{"type":"Ping"}')
    ws.drop()
    expect(s.facts()).toEqual([
      { type: 'socket.opened', connection: 1 },
      { type: 'socket.messageReceived', connection: 1, msgId: '41', notice: { type: 'payOrderSuccess', data: payOrderSuccess } },
      { type: 'socket.messageReceived', connection: 1, msgId: '41', notice: { type: 'payOrderSuccess', data: payOrderSuccess } },
      { type: 'socket.closed', connection: 1, code: 1006, reason: '' },
    ])
    expect(s.state()).toBe('error')
  })

  it('closes a connection the actor gives up and publishes nothing more about it', () => {
    const s = system()
    s.login('tok-1')
    const first = s.sockets[0]!
    first.open()
    s.bus.publish({ type: 'session.credentialsChanged', token: 'tok-2', keyMaterial: 'k', currency: 'USD' }, 'actor', 'session')
    expect(first.closedWith).toBe(1000)
    expect(s.sockets[1]!.url).toContain('Token=tok-2')
    first.drop()
    first.receive({ type: 'notice', msgId: '1', content: { type: 'registerSuccess', data: { username: 'p' } } })
    expect(s.facts().filter((f: LobbyEvent) => 'connection' in f && f.connection === 1)).toEqual([{ type: 'socket.opened', connection: 1 }])
    s.bus.publish({ type: 'session.loggedOut', reason: 'logout' }, 'actor', 'session')
    expect(s.sockets[1]!.closedWith).toBe(1000)
    expect(s.state()).toBe('closed')
    s.stop()
  })
})
