import { describe, expect, it } from 'vitest'
import { and, assign, enqueueActions, not, setup, stateIn, type SnapshotFrom } from 'xstate'
import { REDPACKET_DELAYS, redpacketsMachine } from '../../actors/redpackets'
import type { EventOfType } from '../../schemas/events'
import type { RedActivity } from '../../schemas/hall/calls/active'
import { modelHarness, type DelayEvent, type StepCheck } from './harness'

// ---------------------------------------------------------------------------------------------
// The test model: the red-packet rules written again over activity ids. Three sample lists
// (none; a grab packet 1 and an open packet 2; a packet 4 for phones only) on a desktop; answers
// are abstract (`list`, `claimed`, `claimFailed`) and `drive` turns them into the real pending
// request's hall answer. Time is the `delay` event; the lock and the poll keep their elapsed ms.

const LOCK = REDPACKET_DELAYS.fetchLock
const POLL = REDPACKET_DELAYS.defaultPoll

const activity = (activeid: number, o: Partial<RedActivity> = {}): RedActivity => ({
  activeid, title: `Rain ${activeid}`, status: 1, action: 'grab', redId: 1, count: 1, deviceTypes: ['3', '4'], refreshInterval: 10, ...o,
})
const LISTS: Readonly<Record<string, ReadonlyArray<RedActivity>>> = {
  one: [activity(1)],
  two: [activity(1), activity(2, { action: 'open' }), activity(3, { status: 3 })],
  // A packet for phones only, and two packets sent to the player (Receive all takes them).
  phones: [activity(4, { deviceTypes: ['1', '2'] }), activity(5, { action: 'send', count: 2 })],
}
type ListName = keyof typeof LISTS

interface ModelContext {
  readonly status: number
  readonly queue: ReadonlyArray<number>
  readonly blocked: ReadonlyArray<number>
  readonly prompted: ReadonlyArray<number>
  readonly taken: ReadonlyArray<number>
  readonly sinceLock: number
  readonly sinceWait: number
  readonly started: boolean
  /** The post-login sequence's red-packet step is running. */
  readonly stepDue: boolean
  /** A Receive all is asked and not answered. */
  readonly receiving: boolean
}
type ModelEvent =
  | DelayEvent
  | { readonly type: 'list'; readonly name: ListName }
  | { readonly type: 'listFailed' }
  | { readonly type: 'claimed'; readonly first: boolean }
  | { readonly type: 'claimFailed' }
  | { readonly type: 'allReceived' }
  | { readonly type: 'allFailed' }
  | { readonly type: 'stale' }
  | { readonly type: 'lock' }
  | EventOfType<'app.started'>
  | EventOfType<'hall.responded'>
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.loggedOut'>
  | EventOfType<'redpackets.fetchRequested'>
  | EventOfType<'redpackets.actionRequested'>
  | EventOfType<'redpackets.popupClosed'>
  | EventOfType<'redpackets.receiveAllRequested'>
  | EventOfType<'realtime.activeDetailsReceived'>
  | EventOfType<'postlogin.redPacketsStarted'>

const actionOf = (id: number) => Object.values(LISTS).flat().find((a) => a.activeid === id)?.action ?? 'grab'
/** The send activity whose packets Receive all takes. */
const SENT = 5
const mergeIds = (c: ModelContext, name: ListName) => {
  const list = LISTS[name] ?? []
  const open = list.filter((a) => a.status === 1 && !c.taken.includes(a.activeid))
  const allowed = open.filter((a) => a.deviceTypes.includes('4')).map((a) => a.activeid)
  const kept = c.queue.filter((id) => {
    const fresh = list.find((a) => a.activeid === id)
    return fresh === undefined || allowed.includes(id)
  })
  return { queue: [...kept, ...allowed.filter((id) => !kept.includes(id))], blocked: open.filter((a) => !a.deviceTypes.includes('4')).map((a) => a.activeid) }
}
const initial: ModelContext = { status: 1, queue: [], blocked: [], prompted: [], taken: [], sinceLock: 0, sinceWait: 0, started: false, stepDue: false, receiving: false }

const rpModel = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  guards: {
    real: ({ event }) => event.type === 'session.loggedIn' && event.real,
    skipped: ({ context }) => [2, 3, 5].includes(context.status),
    lockOpen: stateIn('#rpModel.signedIn.lock.open'),
    lockDue: ({ context, event }) => event.type === 'delay' && context.sinceLock + event.ms >= LOCK,
    pollDue: ({ context, event }) => event.type === 'delay' && context.sinceWait + event.ms >= POLL,
    hasHead: ({ context }) => context.queue.length > 0,
    needsTips: ({ context }) => context.blocked.some((id) => !context.prompted.includes(id)),
    isHead: ({ context, event }) => event.type === 'redpackets.actionRequested' && context.queue[0] === event.activeId && actionOf(event.activeId) === event.action,
    bringsNew: ({ context, event }) => event.type === 'list' && mergeIds(context, event.name).queue.some((id) => !context.queue.includes(id)),
    stepDue: ({ context }) => context.stepDue,
    sendWaiting: ({ context }) => context.queue.includes(SENT),
    receiving: ({ context }) => context.receiving,
    fetchPending: stateIn('#rpModel.signedIn.fetch.fetching'),
  },
  actions: {
    noteStart: assign({ started: true }),
    signIn: assign(({ context, event }) => ({ ...initial, started: context.started, status: event.type === 'session.loggedIn' ? (event.userStatus ?? 1) : 1 })),
    signOut: assign(({ context }) => ({ ...initial, started: context.started })),
    fetch: enqueueActions(({ enqueue }) => {
      enqueue.assign({ sinceLock: 0 })
      enqueue.raise({ type: 'lock' })
    }),
    take: assign(({ context, event }) => (event.type === 'list' ? mergeIds(context, event.name) : {})),
    wait: assign({ sinceWait: 0 }),
    addWait: assign(({ context, event }) => (event.type === 'delay' ? { sinceWait: context.sinceWait + event.ms } : {})),
    addLock: assign(({ context, event }) => (event.type === 'delay' ? { sinceLock: context.sinceLock + event.ms } : {})),
    takeHead: assign(({ context }) => ({ queue: context.queue.slice(1), taken: [...context.taken, context.queue[0] ?? 0] })),
    prompt: assign(({ context }) => ({ prompted: [...new Set([...context.prompted, ...context.blocked])] })),
    takeAll: assign(({ context }) => ({ queue: context.queue.filter((id) => id !== SENT), taken: [...new Set([...context.taken, SENT])], receiving: false })),
    startStep: assign({ stepDue: true }),
    finishStep: assign({ stepDue: false }),
  },
}).createMachine({
  id: 'rpModel',
  context: initial,
  initial: 'signedOut',
  on: {
    'app.started': { actions: 'noteStart' },
    'session.loggedIn': [{ guard: 'real', target: '.signedIn', reenter: true, actions: 'signIn' }, { target: '.signedOut', actions: 'signOut' }],
    'session.loggedOut': { target: '.signedOut', actions: 'signOut' },
  },
  states: {
    signedOut: {},
    signedIn: {
      type: 'parallel',
      on: {
        'redpackets.receiveAllRequested': { guard: and(['sendWaiting', not('receiving')]), actions: assign({ receiving: true }) },
        allReceived: { guard: 'receiving', actions: 'takeAll' },
        allFailed: { guard: 'receiving', actions: assign({ receiving: false }) },
      },
      states: {
        fetch: {
          initial: 'due',
          states: {
            due: { always: [{ guard: and([not('skipped'), 'lockOpen']), target: 'fetching', actions: 'fetch' }, { target: 'waiting', actions: 'wait' }] },
            fetching: { on: { list: { target: 'waiting', actions: ['take', 'wait'] }, listFailed: { target: 'waiting', actions: 'wait' }, stale: {} } },
            waiting: {
              on: {
                delay: [{ guard: 'pollDue', target: 'due' }, { actions: 'addWait' }],
                'redpackets.fetchRequested': { target: 'due' },
                'realtime.activeDetailsReceived': { target: 'due' },
              },
            },
          },
        },
        lock: {
          initial: 'open',
          states: {
            open: { on: { lock: { target: 'closed' } } },
            closed: { on: { delay: [{ guard: 'lockDue', target: 'open' }, { actions: 'addLock' }] } },
          },
        },
        popup: {
          initial: 'held',
          states: {
            // Held after a sign-in until the post-login sequence's red-packet step starts.
            held: { on: { 'postlogin.redPacketsStarted': { target: 'hidden', actions: 'startStep' } } },
            hidden: {
              always: [
                { guard: 'hasHead', target: 'packet' },
                { guard: 'needsTips', target: 'tips' },
                { guard: and(['stepDue', not('fetchPending')]), actions: 'finishStep' },
              ],
            },
            packet: { on: { 'redpackets.actionRequested': { guard: 'isHead', target: 'claiming', actions: 'takeHead' }, 'redpackets.popupClosed': { target: 'dismissed' } } },
            claiming: { on: { claimed: { target: 'result' }, claimFailed: { target: 'result' } } },
            result: { on: { 'redpackets.popupClosed': { target: 'hidden' } } },
            tips: { on: { 'redpackets.popupClosed': { target: 'hidden', actions: 'prompt' } } },
            dismissed: { always: { guard: 'stepDue', actions: 'finishStep' }, on: { list: { guard: and(['bringsNew', stateIn('#rpModel.signedIn.fetch.fetching')]), target: 'hidden' }, 'redpackets.fetchRequested': { target: 'hidden' } } },
          },
        },
      },
    },
  },
})

type ModelSnapshot = SnapshotFrom<typeof rpModel>

const started: ModelEvent = {
  type: 'app.started', appVersion: '0.1.0', storedLanguage: null, device: 'desktop', viewport: { width: 1280, height: 800 }, url: 'http://hall.test/',
  site: { siteCode: '001', configApiBaseUrl: 'http://hall.test/hall', siteKey: 'k', languageCode: 'en_US', healthy: true },
}
/** A sign-in, with the account status the session took from the user info. */
const loggedIn = (real: boolean, userStatus = 1): ModelEvent => ({ type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: real ? 0 : 1, real, mustChangePassword: false, userStatus })

const stepStarts: ModelEvent = { type: 'postlogin.redPacketsStarted' }

const events = (s: ModelSnapshot): ModelEvent[] => {
  const out: ModelEvent[] = [
    { type: 'delay', ms: LOCK }, { type: 'delay', ms: POLL }, { type: 'redpackets.fetchRequested' }, { type: 'redpackets.popupClosed' },
    { type: 'realtime.activeDetailsReceived', msgId: '7', data: { activeId: 1 } },
    { type: 'redpackets.actionRequested', activeId: 1, action: 'grab' }, { type: 'redpackets.actionRequested', activeId: 2, action: 'open' },
    { type: 'list', name: 'one' }, { type: 'list', name: 'two' }, { type: 'list', name: 'phones' }, { type: 'listFailed' }, { type: 'stale' },
    { type: 'claimed', first: true }, { type: 'claimFailed' },
    { type: 'redpackets.receiveAllRequested' },
  ]
  if (s.context.receiving) out.push({ type: 'allReceived' }, { type: 'allFailed' })
  if (s.matches({ signedIn: { popup: 'held' } })) out.push(stepStarts)
  if (s.matches('signedOut')) out.push(...(s.context.started ? [] : [started]), loggedIn(true), loggedIn(true, 3), loggedIn(false))
  else out.push({ type: 'session.loggedOut', reason: 'logout' })
  return out
}

const check = () => {
  let before: ModelContext | null = null
  let beforeHeld = false
  return ({ model, real, emitted, event, step }: StepCheck<typeof redpacketsMachine, typeof rpModel>) => {
    if (step === 0) {
      before = null
      beforeHeld = false
    }
    const m = model.context
    expect(real.context.queue.map((a) => a.activeid)).toEqual(m.queue)
    expect(real.context.blocked).toEqual(m.blocked)
    const requests = emitted.filter((e) => e.type === 'hall.requested') as Array<EventOfType<'hall.requested'>>
    // One request for each fetch or claim the model makes, never while skipped.
    const fetched = before !== null && real.matches({ signedIn: { fetch: 'fetching' } }) && requests.some((r) => r.call === 'redActive')
    if (m.status === 2 || m.status === 3 || m.status === 5) expect(requests.filter((r) => r.call === 'redActive')).toEqual([])
    if (fetched) expect(real.context.requests.awaiting.fetch).toBe(requests.find((r) => r.call === 'redActive')?.requestId)
    expect(requests.filter((r) => r.call !== 'redActive').length).toBeLessThanOrEqual(1)
    // The step is announced over exactly when the model ends it (a sign-in or logout drops it silently).
    const finished = emitted.filter((e) => e.type === 'redpackets.stepFinished').length
    const endsStep = event !== null && event.type !== 'session.loggedIn' && event.type !== 'session.loggedOut'
    const running = (before !== null && before.stepDue) || (beforeHeld && event?.type === 'postlogin.redPacketsStarted')
    expect(finished).toBe(running && !m.stepDue && endsStep ? 1 : 0)
    // The popup never shows a packet before the sequence's turn.
    if (real.matches({ signedIn: { popup: 'held' } })) expect(m.stepDue).toBe(false)
    const credited = emitted.filter((e) => e.type === 'redpackets.credited')
    // A claim's credit shows in the popup; Receive all's are its two packets, the wallet told the balance.
    if (credited.length > 0 && event?.type !== 'allReceived') expect(real.matches({ signedIn: { popup: 'result' } })).toBe(true)
    if (event?.type === 'allReceived' && before !== null && before.queue.includes(SENT)) {
      expect(credited.map((e) => (e as unknown as { redId: number }).redId)).toEqual([1, 2])
      expect(emitted.filter((e) => e.type === 'wallet.balanceReported')).toHaveLength(1)
    }
    // Receive all asks once, only while a sent packet waits.
    const asked = requests.filter((r) => r.call === 'receiveRewardAll')
    expect(asked.length).toBe(event?.type === 'redpackets.receiveAllRequested' && before !== null && !before.receiving && before.queue.includes(SENT) ? 1 : 0)
    expect(real.matches('signedIn') && real.context.requests.awaiting.all !== undefined).toBe(m.receiving)
    before = m
    beforeHeld = model.matches({ signedIn: { popup: 'held' } })
  }
}

const harness = modelHarness({
  name: 'redpackets',
  machine: redpacketsMachine,
  model: rpModel,
  events,
  check: check(),
  serializeState: (s) => JSON.stringify([s.value, s.context]),
  // The held popup of a sign-in doubles the states the red-packet rules reach, and the packets sent
  // to the player (Receive all) double them again.
  limits: { traversal: 300_000 },
  drive: (event, { actor, clock }) => {
    const c = actor.getSnapshot().context
    switch (event.type) {
      case 'delay':
        return clock.increment(event.ms)
      case 'list':
        return actor.send({ type: 'hall.responded', requestId: c.requests.awaiting.fetch ?? 'none', call: 'redActive', data: { list: LISTS[event.name] } })
      case 'listFailed':
        return actor.send({ type: 'hall.failed', requestId: c.requests.awaiting.fetch ?? 'none', call: 'redActive', error: { _tag: 'Timeout', ms: 60_000 } })
      case 'stale':
        return actor.send({ type: 'hall.responded', requestId: 'redpackets-0', call: 'redActive', data: { list: LISTS['two'] ?? [] } })
      case 'claimed': {
        const k = c.claiming
        return actor.send({
          type: 'hall.responded', requestId: c.requests.awaiting.claim ?? 'none', call: 'getRed',
          data: { activeId: k?.activeId ?? 0, redId: k?.redId ?? 1, amount: '1.00', currency: 'USD', balance: '9.00', first: event.first },
        })
      }
      case 'allReceived': {
        const claim = (redId: number) => ({ activeId: SENT, redId, amount: '2.00', currency: 'USD', balance: '13.00', first: true })
        return actor.send({ type: 'hall.responded', requestId: c.requests.awaiting.all ?? 'none', call: 'receiveRewardAll', data: { list: [claim(1), claim(2)], total: '4.00', balance: '13.00' } })
      }
      case 'allFailed':
        return actor.send({ type: 'hall.failed', requestId: c.requests.awaiting.all ?? 'none', call: 'receiveRewardAll', error: { _tag: 'ServiceCode', code: 1025, msg: 'account frozen' } })
      case 'claimFailed':
        return actor.send({ type: 'hall.failed', requestId: c.requests.awaiting.claim ?? 'none', call: 'getRed', error: { _tag: 'ServiceCode', code: 1214, msg: 'closed' } })
      case 'lock':
        return
      default:
        return actor.send(event)
    }
  },
})

describe('red-packets actor, model-based', () => {
  it('follows the model on every generated path and covers every state and transition', () => {
    const report = harness.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
  })

  it('a double grab takes the packet once and credits once', () => {
    const grab: ModelEvent = { type: 'redpackets.actionRequested', activeId: 1, action: 'grab' }
    const { emitted } = harness.runEvents([started, loggedIn(true), { type: 'list', name: 'two' }, stepStarts, grab, grab, { type: 'claimed', first: true }])
    expect(emitted.filter((e) => e.type === 'hall.requested' && (e as { call?: string }).call === 'getRed')).toHaveLength(1)
    expect(emitted.filter((e) => e.type === 'redpackets.credited')).toHaveLength(1)
  })

  it('after a sign-in the popup waits for the post-login step; the step ends when its popups are closed', () => {
    const grab: ModelEvent = { type: 'redpackets.actionRequested', activeId: 1, action: 'grab' }
    const closed: ModelEvent = { type: 'redpackets.popupClosed' }
    const { emitted, real } = harness.runEvents([started, loggedIn(true), { type: 'list', name: 'one' }])
    expect(real.matches({ signedIn: { popup: 'held' } })).toBe(true)
    const run = harness.runEvents([started, loggedIn(true), { type: 'list', name: 'one' }, stepStarts, grab, { type: 'claimed', first: true }])
    expect(run.real.matches({ signedIn: { popup: 'result' } })).toBe(true)
    expect(run.emitted.filter((e) => e.type === 'redpackets.stepFinished')).toHaveLength(0)
    const done = harness.runEvents([started, loggedIn(true), { type: 'list', name: 'one' }, stepStarts, grab, { type: 'claimed', first: true }, closed])
    expect(done.emitted.filter((e) => e.type === 'redpackets.stepFinished')).toHaveLength(1)
    expect(emitted.filter((e) => e.type === 'redpackets.stepFinished')).toHaveLength(0)
  })

  it('the step waits for the sign-in fetch, and is over at once when it brings nothing', () => {
    const early = harness.runEvents([started, loggedIn(true), stepStarts])
    expect(early.emitted.filter((e) => e.type === 'redpackets.stepFinished')).toHaveLength(0)
    const answered = harness.runEvents([started, loggedIn(true), stepStarts, { type: 'listFailed' }])
    expect(answered.emitted.filter((e) => e.type === 'redpackets.stepFinished')).toHaveLength(1)
    // A frozen player is never fetched for: the step is over at once.
    const frozen = harness.runEvents([started, loggedIn(true, 3), stepStarts])
    expect(frozen.emitted.filter((e) => e.type === 'redpackets.stepFinished')).toHaveLength(1)
  })
})
