import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { MAX_TOASTS, TOAST_DELAYS, selectCurrentToast, selectWaitingToasts, toastsActor, toastsMachine, type ToastsEvent } from '../../../../actors/toasts'
import { eventDef } from '../../../../schemas/events'
import type { OrderSuccess } from '../../../../schemas/events/socket'
import type { ToastMessage } from '../../../../schemas/events/toast'

const order = (over: Partial<OrderSuccess> = {}): OrderSuccess => ({ orderNo: 'P1', amount: '25', currency: 'USD', balance: '125.00', isFirst: 0, ...over })
const deposit = (over: Partial<OrderSuccess> = {}): ToastsEvent => ({ type: 'realtime.payOrderSucceeded', msgId: '1', data: order(over) })
const asked = (key: string): ToastsEvent => ({ type: 'toast.requested', message: { key, params: {}, tone: 'info' } })

/** The toasts actor on a simulated clock. */
const toasts = () => {
  const clock = new SimulatedClock()
  const actor = createActor(toastsMachine, { clock }).start()
  const current = () => selectCurrentToast(actor.getSnapshot())
  const key = () => current()?.message.key ?? null
  return { clock, actor, current, key, waiting: () => selectWaitingToasts(actor.getSnapshot()) }
}

describe('toasts actor', () => {
  it('shows a toast for exactly 2 s, then nothing', () => {
    const t = toasts()
    expect(t.current()).toBeNull()
    t.actor.send(asked('hello'))
    expect(t.current()).toEqual({ id: 1, message: { key: 'hello', params: {}, tone: 'info' } })
    t.clock.increment(TOAST_DELAYS.shown - 1)
    expect(t.key()).toBe('hello')
    t.clock.increment(1)
    expect(t.current()).toBeNull()
    expect(t.actor.getSnapshot().value).toBe('idle')
    expect(TOAST_DELAYS.shown).toBe(2_000)
  })

  it("a game-lobby warning shows as a toast: the prize-balance refusal and the club prompt as information, a failure as an error", () => {
    const t = toasts()
    t.actor.send({ type: 'games.warned', message: 'lobby.game.fetchingPrize' })
    t.actor.send({ type: 'games.warned', message: 'games.clubNeedsApp' })
    t.actor.send({ type: 'games.warned', message: 'games.favoriteFailed' })
    expect(t.current()?.message).toEqual({ key: 'games.fetchingPrize', params: {}, tone: 'info' })
    t.clock.increment(TOAST_DELAYS.shown)
    expect(t.current()?.message).toEqual({ key: 'games.clubNeedsApp', params: {}, tone: 'info' })
    t.clock.increment(TOAST_DELAYS.shown)
    expect(t.current()?.message).toEqual({ key: 'games.favoriteFailed', params: {}, tone: 'error' })
  })

  it('queues toasts: each shows 2 s in turn, in the order asked, a late one waiting for its turn', () => {
    const t = toasts()
    t.actor.send(asked('first'))
    t.clock.increment(500)
    t.actor.send(asked('second'))
    t.actor.send(asked('third'))
    expect([t.key(), t.waiting()]).toEqual(['first', 2])
    // The first keeps its own 2 s: toasts arriving do not restart it.
    t.clock.increment(1_500)
    expect([t.current()?.id, t.key(), t.waiting()]).toEqual([2, 'second', 1])
    t.clock.increment(1_999)
    expect(t.key()).toBe('second')
    t.clock.increment(1)
    expect([t.current()?.id, t.key(), t.waiting()]).toEqual([3, 'third', 0])
    t.actor.send(asked('fourth'))
    t.clock.increment(2_000)
    expect(t.key()).toBe('fourth')
    t.clock.increment(2_000)
    expect(t.current()).toBeNull()
    // Quiet again: the next toast shows at once, for a full 2 s.
    t.clock.increment(10_000)
    t.actor.send(asked('fifth'))
    expect(t.current()?.id).toBe(5)
    t.clock.increment(1_999)
    expect(t.key()).toBe('fifth')
    t.clock.increment(1)
    expect(t.current()).toBeNull()
  })

  it('words the socket notices: a deposit received, a withdrawal paid out, a registration', () => {
    const t = toasts()
    t.actor.send(deposit({ amount: '25', currency: 'USD' }))
    t.actor.send({ type: 'realtime.withdrawOrderSucceeded', msgId: '2', data: order({ amount: '10.50', currency: 'BRL' }) })
    t.actor.send({ type: 'realtime.registerSucceeded', msgId: '3', data: { username: 'newbie01' } })
    const seen: ToastMessage[] = []
    for (let i = 0; i < 3; i++) {
      seen.push(t.current()!.message)
      t.clock.increment(TOAST_DELAYS.shown)
    }
    expect(seen).toEqual([
      { key: 'depositReceived', params: { amount: '25', currency: 'USD' }, tone: 'success' },
      { key: 'withdrawalPaid', params: { amount: '10.50', currency: 'BRL' }, tone: 'success' },
      { key: 'registered', params: { username: 'newbie01' }, tone: 'success' },
    ])
    expect(t.current()).toBeNull()
  })

  it('bounds the queue: a burst drops the oldest waiting toasts, never the one on screen', () => {
    const t = toasts()
    for (let i = 1; i <= MAX_TOASTS + 5; i++) t.actor.send(asked(`n${i}`))
    expect(t.actor.getSnapshot().context.queue.map((q) => q.message.key)).toEqual([
      'n1',
      ...Array.from({ length: MAX_TOASTS - 1 }, (_, i) => `n${i + 7}`),
    ])
    expect(t.key()).toBe('n1')
    t.clock.increment(TOAST_DELAYS.shown)
    expect([t.current()?.id, t.key()]).toEqual([7, 'n7'])
  })

  it('consumes exactly the events it handles, each in the catalogue', () => {
    for (const type of toastsActor.consumes) expect(eventDef(type)?.kind).toBeDefined()
    expect(eventDef('toast.requested')?.kind).toBe('notice')
    expect([...toastsActor.consumes].sort()).toEqual(['games.warned', 'realtime.payOrderSucceeded', 'realtime.registerSucceeded', 'realtime.withdrawOrderSucceeded', 'toast.requested'])
  })
})
