/**
 * Time for the actors. Actor delays (XState `after`) run on a BusClock: a delay that comes due
 * does not call back directly, it becomes the fact `clock.fired` on the bus, and the host runs
 * the delayed transition when that fact is dispatched. So a delay is in the log like any other
 * input, and replay fires it at exactly the same point, with no race against the wall clock.
 */

/** What XState needs of a clock. */
export interface ActorClock {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(id: unknown): void
}

/** Real timers behind the BusClock, replaceable in tests. */
export interface TimerPort {
  set(fn: () => void, ms: number): unknown
  clear(handle: unknown): void
}

/** The browser's or Node's timers. */
export const realTimers: TimerPort = {
  set: (fn, ms) => globalThis.setTimeout(fn, ms),
  clear: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
}

/** The wall clock in ms, for record stamps in live mode. */
export const wallNow = (): number => Date.now()

export class BusClock implements ActorClock {
  private nextId = 0
  private readonly pending = new Map<number, { fn: () => void; handle: unknown }>()

  /**
   * @param onDue called when a delay comes due (live: publish `clock.fired`); null in replay,
   *   where the logged `clock.fired` facts fire the delays instead.
   */
  constructor(
    private readonly onDue: ((timer: number) => void) | null,
    private readonly timers: TimerPort = realTimers,
  ) {}

  setTimeout(fn: () => void, ms: number): number {
    const id = ++this.nextId
    const onDue = this.onDue
    const handle = onDue === null ? undefined : this.timers.set(() => onDue(id), ms)
    this.pending.set(id, { fn, handle })
    return id
  }

  clearTimeout(id: unknown): void {
    const p = this.pending.get(id as number)
    if (p === undefined) return
    if (p.handle !== undefined) this.timers.clear(p.handle)
    this.pending.delete(id as number)
  }

  /** Runs the delay with this id, if it is still pending (called by the host on `clock.fired`). */
  fire(id: number): void {
    const p = this.pending.get(id)
    if (p === undefined) return
    this.pending.delete(id)
    p.fn()
  }

  /** Delays waiting to come due. */
  get pendingCount(): number {
    return this.pending.size
  }
}
