import { Schema } from 'effect'
import { Subject, type Observable } from 'rxjs'
import type { EventKind } from '../../schemas/event'
import { eventDef, type LobbyEvent, type LobbyEventInput } from '../../schemas/events'
import { concealEvent } from '../../schemas/events/redact'
import { surelyValidOf } from './surely-valid'

/**
 * The one typed bus. Every input that can change state travels here as an intent, a fact or a
 * notice, and is processed run-to-completion: an event is dispatched to the actors, the notices
 * they emit are queued behind it, and only then is the next event taken. That single order is
 * what the log records and what replay reproduces.
 */

/** A processed event, as the recorder and the runners see it. */
export interface BusRecord {
  readonly seq: number
  readonly at: number
  readonly kind: EventKind
  readonly event: LobbyEvent
  readonly cause?: number
  /** The actor id for a notice, the runner's name for a fact, 'view' for an intent. */
  readonly source?: string
  /** State values of the actors that changed while this event was processed. */
  states?: Record<string, unknown>
}

/** Who publishes: views send intents, runners publish facts, the actor host publishes notices. */
export type Publisher = 'view' | 'runner' | 'actor' | 'replay'

const allowedKinds: Record<Publisher, ReadonlyArray<EventKind>> = {
  view: ['intent'],
  runner: ['fact'],
  actor: ['notice'],
  replay: ['intent', 'fact'],
}

/** An event that is not in the catalogue, does not decode, or comes from the wrong publisher. */
export class InvalidEventError extends Error {
  constructor(
    readonly eventType: string,
    readonly reason: string,
  ) {
    super(`invalid bus event '${eventType}': ${reason}`)
    this.name = 'InvalidEventError'
  }
}

/** Handles one event during its dispatch; the host registers itself here. */
export type Dispatcher = (record: BusRecord) => void

export interface BusOptions {
  /** Stamps each record (ms). */
  readonly now: () => number
  /** 'throw' in development and tests (fail loudly); 'report' in production (drop and report). */
  readonly onInvalid: 'throw' | 'report'
}

/** Excess fields are refused: an event carries what its schema names and nothing else. */
const STRICT = { onExcessProperty: 'error' } as const
type Decoder = (input: unknown, options: typeof STRICT) => ReturnType<ReturnType<typeof Schema.decodeUnknownExit>>
/**
 * One validator per event type, made on first use (making one per publish cost more than
 * decoding): the quick check compiled from the schema (src/bus/surely-valid.ts) where it shows
 * the event valid, else the Schema decoder, which decides and says why. The decoded value is not
 * used, only whether it decodes, so the two answer the same.
 */
const validators = new Map<string, (input: unknown) => string | undefined>()
const validatorOf = (type: string, schema: Schema.Codec<unknown>): ((input: unknown) => string | undefined) => {
  let v = validators.get(type)
  if (v === undefined) {
    const decode: Decoder = Schema.decodeUnknownExit(schema)
    const surely = surelyValidOf(schema.ast)
    v = (input) => {
      if (surely?.(input) === true) return undefined
      const exit = decode(input, STRICT)
      return exit._tag === 'Failure' ? `does not decode: ${String(exit.cause)}` : undefined
    }
    validators.set(type, v)
  }
  return v
}

export class Bus {
  private seq = 0
  private readonly queue: Array<{ event: LobbyEvent; kind: EventKind; cause: number | undefined; source: string | undefined }> = []
  private draining = false
  private current: BusRecord | undefined
  private dispatcher: Dispatcher | undefined
  private readonly processed = new Subject<BusRecord>()
  private readonly invalid = new Subject<InvalidEventError>()

  constructor(private readonly options: BusOptions) {}

  /** Every processed event, in order, after its dispatch (states filled in). */
  get records$(): Observable<BusRecord> {
    return this.processed.asObservable()
  }

  /** Events refused in 'report' mode. */
  get invalid$(): Observable<InvalidEventError> {
    return this.invalid.asObservable()
  }

  /** The last seq assigned. */
  get lastSeq(): number {
    return this.seq
  }

  /** Sets the one dispatcher (the actor host). */
  setDispatcher(dispatcher: Dispatcher): void {
    this.dispatcher = dispatcher
  }

  /**
   * Publishes an event. It is checked against the catalogue (its kind must match the
   * publisher) and decoded against its schema; then queued and processed in order. The secrets
   * an intent carries (a password, a code, a PIN: the text typed, or "[redacted]" in replay) are
   * wrapped in Secrets first, so no actor can read one.
   */
  publish(input: LobbyEventInput, from: Publisher, source?: string): void {
    const kind = this.check(input, from)
    if (kind === undefined) return
    const event = (kind === 'intent' ? concealEvent(input) : input) as LobbyEvent
    this.queue.push({ event, kind, cause: this.current?.seq, source: source ?? (from === 'view' ? 'view' : undefined) })
    this.drain()
  }

  private check(event: LobbyEventInput, from: Publisher): EventKind | undefined {
    const raw = (event as { type?: unknown } | null)?.type
    const type = typeof raw === "string" ? raw : String(raw)
    const def = eventDef(type)
    let reason: string | undefined
    if (def === undefined) reason = 'not in the event catalogue'
    else if (!allowedKinds[from].includes(def.kind)) reason = `a ${def.kind} cannot be published by a ${from}`
    else reason = validatorOf(type, def.schema as Schema.Codec<unknown>)(event)
    if (reason === undefined) return def?.kind
    const error = new InvalidEventError(type, reason)
    if (this.options.onInvalid === 'throw') throw error
    this.invalid.next(error)
    return undefined
  }

  private drain(): void {
    if (this.draining) return
    this.draining = true
    try {
      for (let next = this.queue.shift(); next !== undefined; next = this.queue.shift()) {
        const record: { -readonly [K in keyof BusRecord]: BusRecord[K] } = { seq: ++this.seq, at: this.options.now(), kind: next.kind, event: next.event }
        if (next.cause !== undefined) record.cause = next.cause
        if (next.source !== undefined) record.source = next.source
        this.current = record
        try {
          this.dispatcher?.(record)
        } finally {
          this.current = undefined
        }
        this.processed.next(record)
      }
    } finally {
      this.draining = false
    }
  }
}
