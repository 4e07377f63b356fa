import { describe, expect, it } from 'vitest'
import { assign, setup, type SnapshotFrom } from 'xstate'
import {
  CONNECT_TIMEOUT_MS,
  HEARTBEAT_MS,
  MAX_RETRIES,
  reconnectDelayMs,
  socketMachine,
  type SocketEvent,
} from '../../actors/socket'
import type { EventOfType } from '../../schemas/events'
import { appStarted } from '../support/site-fixtures'
import { modelHarness, type DelayEvent, type StepCheck } from './harness'

// ---------------------------------------------------------------------------------------------
// The test model: the socket's rules written out again over an abstract context (the retries
// since the last open, the msgIds processed). Connection numbers are relative: a model event
// names the current connection or a stale one, and `drive` makes it concrete from the real
// actor. Every delay event is the full delay of the state's one timer, so it always fires
// (a state with no timer gets a long delay that must change nothing).

type Which = 'current' | 'stale'
type ModelEvent =
  | EventOfType<'app.started'>
  | EventOfType<'session.credentialsChanged'>
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.loggedOut'>
  | EventOfType<'session.tokenExpired'>
  | EventOfType<'session.logoutConfirmed'>
  | EventOfType<'socket.retryRequested'>
  | { readonly type: 'socket.opened'; readonly which: Which }
  | { readonly type: 'socket.closed'; readonly which: Which }
  | { readonly type: 'socket.messageReceived'; readonly which: Which; readonly msgId: string }
  | DelayEvent

interface ModelContext {
  readonly retries: number
  readonly processed: ReadonlyArray<string>
}

const STOPS = ['session.loggedOut', 'session.tokenExpired', 'session.logoutConfirmed'] as const
const stopTo = Object.fromEntries(STOPS.map((t) => [t, { target: 'closed' }])) as Record<(typeof STOPS)[number], { target: 'closed' }>
const isCurrent = ({ event }: { event: ModelEvent }) => 'which' in event && event.which === 'current'

const socketModel = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  guards: {
    current: isCurrent,
    newMessage: ({ context, event }) => isCurrent({ event }) && event.type === 'socket.messageReceived' && !context.processed.includes(event.msgId),
    exhausted: ({ context }) => context.retries >= MAX_RETRIES,
  },
  actions: {
    // A transition without a target or an action is not "can" for xstate/graph: the events the
    // real actor only takes note of (site code, Token) get this one.
    note: () => undefined,
    reset: assign({ retries: 0 }),
    retry: assign(({ context }) => ({ retries: context.retries + 1 })),
    process: assign(({ context, event }) => (event.type === 'socket.messageReceived' ? { processed: [...context.processed, event.msgId].sort() } : {})),
  },
}).createMachine({
  id: 'socketModel',
  context: { retries: 0, processed: [] },
  initial: 'closed',
  on: { 'app.started': { actions: 'note' } },
  states: {
    closed: { on: { 'session.loggedIn': { target: 'connecting', actions: 'reset' }, 'session.credentialsChanged': { actions: 'note' } } },
    connecting: {
      on: {
        delay: { target: 'error' },
        'socket.opened': { guard: 'current', target: 'open', actions: 'reset' },
        'socket.closed': { guard: 'current', target: 'error' },
        'session.credentialsChanged': { target: 'connecting', reenter: true, actions: 'reset' },
        ...stopTo,
      },
    },
    open: {
      on: {
        delay: { target: 'open', reenter: true },
        'socket.messageReceived': { guard: 'newMessage', actions: 'process' },
        'socket.closed': { guard: 'current', target: 'error' },
        'session.credentialsChanged': { target: 'connecting', actions: 'reset' },
        ...stopTo,
      },
    },
    error: {
      always: { guard: 'exhausted', target: 'disconnected' },
      on: {
        delay: { target: 'connecting', actions: 'retry' },
        'session.loggedIn': { target: 'connecting', actions: 'reset' },
        'session.credentialsChanged': { target: 'connecting', actions: 'reset' },
        ...stopTo,
      },
    },
    disconnected: {
      on: {
        'socket.retryRequested': { target: 'connecting', actions: 'reset' },
        'session.loggedIn': { target: 'connecting', actions: 'reset' },
        'session.credentialsChanged': { target: 'connecting', actions: 'reset' },
        ...stopTo,
      },
    },
  },
})

type ModelSnapshot = SnapshotFrom<typeof socketModel>

const credentials = (token: string): ModelEvent => ({ type: 'session.credentialsChanged', token, keyMaterial: 'k', currency: 'USD' })
const loggedIn: ModelEvent = { type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false }

/** The one timer of each state, as a full delay; a long quiet delay where there is none. */
const delayOf = (s: ModelSnapshot): number =>
  s.matches('connecting') ? CONNECT_TIMEOUT_MS : s.matches('open') ? HEARTBEAT_MS : s.matches('error') ? reconnectDelayMs(s.context.retries + 1) : 60_000

/**
 * The sample events. The full climb to the 20th retry is explored with nothing processed; with
 * msgIds processed, drops are offered only up to the second retry (the dedupe across reconnections
 * does not depend on how many retries it took), which keeps the model at a few hundred states.
 */
const socketEvents = (s: ModelSnapshot): ModelEvent[] => {
  const climb = s.context.processed.length === 0 || s.context.retries < 2
  return [
  appStarted(),
  credentials('tok-A'),
  credentials('tok-B'),
  loggedIn,
  { type: 'session.loggedOut', reason: 'logout' },
  { type: 'session.tokenExpired' },
  { type: 'session.logoutConfirmed' },
  { type: 'socket.retryRequested' },
  { type: 'socket.opened', which: 'current' },
  { type: 'socket.opened', which: 'stale' },
  ...(climb ? [{ type: 'socket.closed', which: 'current' } as const] : []),
  { type: 'socket.closed', which: 'stale' },
  { type: 'socket.messageReceived', which: 'current', msgId: 'm1' },
  { type: 'socket.messageReceived', which: 'current', msgId: 'm2' },
  { type: 'socket.messageReceived', which: 'stale', msgId: 'm3' },
  ...(climb || !s.matches('error') ? [{ type: 'delay', ms: delayOf(s) } as const] : []),
  ]
}

const paid = { orderNo: 'P', amount: '1.00', currency: 'USD', balance: '1.00', isFirst: 0 }

/** The real event a model event stands for, against the real actor's current connection. */
const concrete = (e: ModelEvent, connection: number): SocketEvent | DelayEvent => {
  if (!('which' in e)) return e
  const n = e.which === 'current' ? connection : connection - 1
  switch (e.type) {
    case 'socket.opened':
      return { type: 'socket.opened', connection: n }
    case 'socket.closed':
      return { type: 'socket.closed', connection: n, code: 1006, reason: '' }
    case 'socket.messageReceived':
      return { type: 'socket.messageReceived', connection: n, msgId: e.msgId, notice: { type: 'payOrderSuccess', data: { ...paid, orderNo: e.msgId } } }
  }
}

/** Invariants on every step of every path. */
const socketInvariants = () => {
  let token = ''
  let lastConnection = 0
  let prevValue: unknown = 'closed'
  const noticed = new Map<string, number>()
  return ({ real, event, emitted, step }: StepCheck<typeof socketMachine, typeof socketModel>) => {
    if (step === 0) {
      token = ''
      lastConnection = 0
      prevValue = 'closed'
      noticed.clear()
    }
    if (event?.type === 'session.credentialsChanged') token = event.token
    const c = real.context
    // wanted is exactly "not closed".
    expect(c.wanted).toBe(real.value !== 'closed')
    for (const e of emitted) {
      if (e.type === 'socket.connectRequested') {
        // Connections are numbered one after another, with the last Token and the site's code.
        expect(e).toEqual({ type: 'socket.connectRequested', connection: lastConnection + 1, token, siteCode: c.siteCode })
        lastConnection += 1
      }
      if (e.type.startsWith('realtime.')) {
        const id = (e as unknown as { msgId: string }).msgId
        noticed.set(id, (noticed.get(id) ?? 0) + 1)
        // Processed once, whatever was resent.
        expect(noticed.get(id)).toBe(1)
      }
    }
    if (event?.type === 'socket.messageReceived') {
      const acks = emitted.filter((e) => e.type === 'socket.ackRequested')
      // Every notice of the current connection while open is acknowledged once; nothing else is.
      expect(acks).toEqual(event.which === 'current' && prevValue === 'open' ? [{ type: 'socket.ackRequested', connection: c.connection, msgId: event.msgId }] : [])
    }
    // socket.gaveUp exactly on entering disconnected, after the last retry.
    const gaveUp = emitted.filter((e) => e.type === 'socket.gaveUp')
    expect(gaveUp).toEqual(real.value === 'disconnected' && prevValue !== 'disconnected' ? [{ type: 'socket.gaveUp', retries: MAX_RETRIES }] : [])
    expect(c.retries).toBeLessThanOrEqual(MAX_RETRIES)
    prevValue = real.value
  }
}

const socket = modelHarness({
  name: 'socket',
  machine: socketMachine,
  model: socketModel,
  events: socketEvents,
  drive: (event, { actor, clock }) => {
    const e = concrete(event, actor.getSnapshot().context.connection)
    if (e.type === 'delay') clock.increment(e.ms)
    else actor.send(e)
  },
  check: socketInvariants(),
  limits: { simplePaths: 10 },
})

describe('socket actor, model-based', () => {
  it('follows the model on every generated path and covers every state, handler and branch', () => {
    const report = socket.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
    expect(report.droppedPaths).toBe(0)
  })

  it('gives up after the 20th retry on the shortest path there, and a manual retry starts over', () => {
    const drops: ModelEvent[] = []
    for (let r = 1; r <= MAX_RETRIES; r++) drops.push({ type: 'delay', ms: reconnectDelayMs(r) }, { type: 'socket.closed', which: 'current' })
    const { real, emitted } = socket.runEvents([
      appStarted(),
      credentials('tok-A'),
      loggedIn,
      { type: 'socket.closed', which: 'current' },
      ...drops,
      { type: 'socket.retryRequested' },
    ])
    expect(real.value).toBe('connecting')
    expect(emitted.filter((e) => e.type === 'socket.connectRequested')).toHaveLength(MAX_RETRIES + 2)
    expect(emitted.filter((e) => e.type === 'socket.gaveUp')).toEqual([{ type: 'socket.gaveUp', retries: MAX_RETRIES }])
  })
})
