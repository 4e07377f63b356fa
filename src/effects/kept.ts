import type { LobbyEvent } from '../../schemas/events'
import type { Bus } from '../bus/bus'

/**
 * A value the lobby keeps on the device across visits (a Dexie pref), seen from the bus: read once,
 * at the first event that asks for it, and told to the actors as an event; written whenever an
 * event gives a new value, in order. The banner flags, the event categories' cache and the frame
 * box's history are kept so.
 */
export interface KeptValue<A> {
  /** The runner's name on the bus. */
  readonly source: string
  /** Reads what is kept (anything: it is decoded before use). */
  readonly load: () => Promise<unknown>
  /** Writes a value; a failed write is dropped, and the next visit reads the last one written. */
  readonly save: (value: A) => Promise<unknown>
  /** The event whose first occurrence reads the value. */
  readonly readOn: LobbyEvent['type']
  /** What was read, checked; null when nothing usable is kept. */
  readonly decode: (raw: unknown) => A | null
  /** The event telling what was kept (null: nothing usable, or the read failed), or null to tell nothing. */
  readonly loaded: (value: A | null) => LobbyEvent | null
  /** The value an event gives to keep, or undefined when it gives none. */
  readonly toKeep: (event: LobbyEvent) => A | undefined
}

export interface KeptValueRunner {
  readonly stop: () => void
  /** Resolves when the writes asked for so far are done (tests, and a page about to close). */
  readonly settled: () => Promise<void>
}

export const startKeptValue = <A>(bus: Bus, kept: KeptValue<A>): KeptValueRunner => {
  let read = false
  let stopped = false
  let writes: Promise<unknown> = Promise.resolve()
  const tell = (value: A | null) => {
    const event = stopped ? null : kept.loaded(value)
    if (event !== null) bus.publish(event, 'runner', kept.source)
  }
  const sub = bus.records$.subscribe(({ event }) => {
    if (event.type === kept.readOn && !read) {
      read = true
      void kept.load().then((raw) => tell(kept.decode(raw)), () => tell(null))
      return
    }
    const value = kept.toKeep(event)
    if (value === undefined) return
    // A value given before the first read is newer than anything kept: nothing is read after it.
    read = true
    writes = writes.then(() => kept.save(value)).catch(() => undefined)
  })
  return {
    stop: () => {
      stopped = true
      sub.unsubscribe()
    },
    settled: () => writes.then(() => undefined),
  }
}
