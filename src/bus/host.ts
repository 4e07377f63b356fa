import { createActor, type AnyActorRef, type AnyStateMachine } from 'xstate'
import type { ActorSpec } from '../../actors'
import type { LobbyEvent } from '../../schemas/events'
import type { Bus, BusRecord } from './bus'
import type { BusClock } from './clock'

/** The answer events the host addresses to the actor that asked. */
const ANSWER_TYPES: ReadonlySet<string> = new Set(['hall.responded', 'hall.failed'])
/** Separates the asking actor's id from its counter in a request id. */
const REQUEST_ID_SEPARATOR = '-'


/**
 * Domains that start after boot (actors/boot.ts): what each keeps for its actors' start (groups
 * of event types, the latest of each group), and the code of those already here (a replay that
 * had every domain's code before its start).
 */
export interface LazyStarts {
  readonly keeps: ReadonlyMap<string, ReadonlyArray<ReadonlyArray<string>>>
  readonly held?: ReadonlyMap<string, ReadonlyArray<ActorSpec>>
  /**
   * A replay system that does not know its log yet: if the first record is not `domains.booted`
   * (a log recorded when every domain started at boot), these actors start before it, each at its
   * place in the full list (`rank`), as they did then.
   */
  readonly unlessBooted?: { readonly specs: ReadonlyArray<ActorSpec>; readonly rank: ReadonlyMap<string, number> }
}

const NO_LAZY_STARTS: LazyStarts = { keeps: new Map() }

/** An actor that stopped with an error while processing an event. */
export interface ActorFailure {
  readonly actor: string
  readonly seq: number
  readonly error: unknown
}

/**
 * Whether two state values are the same as JSON text, keys in the same order (a value whose keys
 * came in another order counts as changed, as it always has in the log). A state value is a
 * string or an object of them; it is walked rather than written out, and anything else falls
 * back to comparing the JSON text.
 */
const sameValueText = (a: unknown, b: unknown): boolean => {
  if (typeof a === 'string' || typeof b === 'string') return a === b
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) || Array.isArray(b)) {
    return JSON.stringify(a) === JSON.stringify(b)
  }
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  if (ka.length !== kb.length) return JSON.stringify(a) === JSON.stringify(b)
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!
    if (k !== kb[i] || !sameValueText((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return JSON.stringify(a) === JSON.stringify(b)
  }
  return true
}

/** A state node of a machine, as the index below needs it (xstate's `StateNode`). */
interface IndexedNode {
  readonly transitions: ReadonlyMap<string, unknown>
  readonly always?: ReadonlyArray<unknown> | undefined
  readonly states: Readonly<Record<string, IndexedNode>>
}

/**
 * Which state nodes of a machine can act on an event, by event type, derived from the machine:
 * the nodes with a transition on that type, and those with an eventless transition (its guard is
 * evaluated after any event, and may read it). Null for a machine with a wildcard descriptor, which
 * may act on any event.
 */
export interface AcceptIndex {
  readonly byType: ReadonlyMap<string, ReadonlySet<IndexedNode>>
  readonly eventless: ReadonlySet<IndexedNode>
}

const acceptIndexes = new WeakMap<AnyStateMachine, AcceptIndex | null>()

export const acceptIndexOf = (machine: AnyStateMachine): AcceptIndex | null => {
  let index = acceptIndexes.get(machine)
  if (index !== undefined) return index
  const byType = new Map<string, Set<IndexedNode>>()
  const eventless = new Set<IndexedNode>()
  let wildcard = false
  const walk = (node: IndexedNode): void => {
    for (const descriptor of node.transitions.keys()) {
      if (descriptor.includes('*')) wildcard = true
      const nodes = byType.get(descriptor) ?? new Set<IndexedNode>()
      nodes.add(node)
      byType.set(descriptor, nodes)
    }
    if (node.always !== undefined && node.always.length > 0) eventless.add(node)
    for (const child of Object.values(node.states)) walk(child)
  }
  walk(machine.root)
  index = wildcard ? null : { byType, eventless }
  acceptIndexes.set(machine, index)
  return index
}

/**
 * Whether sending an event of this type to an actor surely leaves it as it is: it is running, and
 * none of its active state nodes has a transition on the type or an eventless transition. XState
 * then selects no transition, runs no action and keeps its snapshot object; the host skips the
 * step (a domain not involved in a record is not stepped).
 */
export const surelyIgnores = (ref: AnyActorRef, index: AcceptIndex | null, type: string): boolean => {
  if (index === null) return false
  const snapshot = ref.getSnapshot() as { readonly status: string; readonly _nodes: ReadonlyArray<IndexedNode> }
  if (snapshot.status !== 'active') return false
  const nodes = index.byType.get(type)
  for (const node of snapshot._nodes) if (nodes?.has(node) === true || index.eventless.has(node)) return false
  return true
}

/**
 * Runs the actors on the bus: delivers each processed event to the actors that consume it,
 * publishes what they emit as notices (queued behind the current event), and notes on the
 * record every actor whose state value changed. The same host runs live, in tests and in
 * replay; actor delays come due as `clock.fired` facts (see BusClock).
 */
export class ActorHost {
  private readonly refs = new Map<string, AnyActorRef>()
  /**
   * Per running actor, what dispatch reads of it (one lookup a recipient): its ref, the index of
   * its state nodes that act on each event type, the snapshot it had at the last check (an
   * unchanged snapshot object means an unchanged state) and the state value it had when it last
   * changed (as noted on a record).
   */
  private readonly running = new Map<string, { readonly ref: AnyActorRef; readonly index: AcceptIndex | null; lastSnapshot: unknown; lastValue: unknown }>()
  private readonly routes = new Map<string, string[]>()
  /** Per answer type: the actors that take it and those that hear every answer of that type. */
  private readonly answerTakers = new Map<string, Set<string>>()
  private readonly answerHearers = new Map<string, string[]>()
  private readonly order = new Map<string, number>()
  readonly failures: ActorFailure[] = []
  private currentSeq = 0
  /** The actors in start order: the boot ones, then each domain's as it starts. */
  private readonly specs: ActorSpec[] = []
  /** Domains whose code is here and whose actors start at their `domain.started` record. */
  private readonly held = new Map<string, ReadonlyArray<ActorSpec>>()
  /** Domains started after boot. */
  private readonly lateStarted = new Set<string>()
  /** The event types some lazy domain keeps, and the latest processed event of each. */
  private readonly keptTypes: ReadonlySet<string>
  private readonly latest = new Map<string, { readonly seq: number; readonly event: LobbyEvent }>()
  private dispatched = false

  constructor(
    private readonly bus: Bus,
    specs: ReadonlyArray<ActorSpec>,
    private readonly clock: BusClock,
    private readonly lazy: LazyStarts = NO_LAZY_STARTS,
  ) {
    for (const spec of specs) this.register(spec)
    this.keptTypes = new Set([...lazy.keeps.values()].flat(2))
    for (const [name, held] of lazy.held ?? []) this.held.set(name, held)
  }

  private register(spec: ActorSpec): void {
    if (spec.id.includes(REQUEST_ID_SEPARATOR)) throw new Error(`actor id '${spec.id}' must not contain '${REQUEST_ID_SEPARATOR}'`)
    this.order.set(spec.id, this.specs.length)
    this.specs.push(spec)
    for (const type of spec.consumes) {
      if (ANSWER_TYPES.has(type)) {
        const takers = this.answerTakers.get(type) ?? new Set<string>()
        takers.add(spec.id)
        this.answerTakers.set(type, takers)
        if (spec.hears?.includes(type as 'hall.failed') === true) {
          const hearers = this.answerHearers.get(type) ?? []
          hearers.push(spec.id)
          this.answerHearers.set(type, hearers)
        }
        continue
      }
      const list = this.routes.get(type) ?? []
      list.push(spec.id)
      this.routes.set(type, list)
    }
  }

  private create(spec: ActorSpec): void {
    const ref = createActor(spec.machine, { clock: this.clock, id: spec.id })
    ref.on('*', (emitted: { type: string }) => this.bus.publish(emitted as LobbyEvent, 'actor', spec.id))
    ref.subscribe({
      error: (error: unknown) => this.failures.push({ actor: spec.id, seq: this.currentSeq, error }),
    })
    ref.start()
    this.refs.set(spec.id, ref)
    const snapshot = ref.getSnapshot() as { value: unknown }
    this.running.set(spec.id, { ref, index: acceptIndexOf(spec.machine), lastSnapshot: snapshot, lastValue: snapshot.value })
  }

  /** Creates and starts every actor given at construction, then takes over the bus's dispatch. */
  start(): void {
    for (const spec of this.specs) this.create(spec)
    this.bus.setDispatcher((record) => this.dispatch(record))
  }

  /**
   * Hands the host a domain's actors, which start when the bus processes its `domain.started`
   * (the live loader publishes it right after; a replay injects it from the log).
   */
  provide(domain: string, specs: ReadonlyArray<ActorSpec>): void {
    if (!this.lateStarted.has(domain)) this.held.set(domain, specs)
  }

  /** Whether a domain started after boot here. */
  started(domain: string): boolean {
    return this.lateStarted.has(domain)
  }

  /**
   * Starts a domain at its record: its actors after every actor started before, each handed the
   * latest event of each group its domain keeps (in the order the bus processed them), as the
   * input of its start. Returns their ids, in start order.
   */
  private startDomain(domain: string): ReadonlyArray<string> {
    if (this.lateStarted.has(domain)) return []
    const specs = this.held.get(domain)
    if (specs === undefined) throw new Error(`domain '${domain}' started, but its code was not handed to the host`)
    this.held.delete(domain)
    this.lateStarted.add(domain)
    for (const spec of specs) {
      if (this.order.has(spec.id)) throw new Error(`actor '${spec.id}' of domain '${domain}' is already running`)
      this.register(spec)
    }
    for (const spec of specs) this.create(spec)
    const kept: Array<{ readonly seq: number; readonly event: LobbyEvent }> = []
    for (const group of this.lazy.keeps.get(domain) ?? []) {
      let last: { readonly seq: number; readonly event: LobbyEvent } | undefined
      for (const type of group) {
        const e = this.latest.get(type)
        if (e !== undefined && (last === undefined || e.seq > last.seq)) last = e
      }
      if (last !== undefined) kept.push(last)
    }
    kept.sort((a, b) => a.seq - b.seq)
    for (const { event } of kept) {
      for (const spec of specs) if (spec.consumes.includes(event.type)) this.refs.get(spec.id)?.send(event)
    }
    return specs.map((s) => s.id)
  }

  /** Stops every actor. */
  stop(): void {
    for (const ref of this.refs.values()) ref.stop()
    this.refs.clear()
    this.running.clear()
  }

  /** The running actor with this id. */
  actor(id: string): AnyActorRef | undefined {
    return this.refs.get(id)
  }

  /** The ids of all actors, in start order. */
  get ids(): ReadonlyArray<string> {
    return this.specs.map((s) => s.id)
  }

  /** Every actor's current state value (for the log header of a replay and for the devtools). */
  stateValues(): Record<string, unknown> {
    const out: Record<string, unknown> = {}
    for (const [id, ref] of this.refs) out[id] = (ref.getSnapshot() as { value: unknown }).value
    return out
  }

  /**
   * Who takes an event: its consumers; for a hall answer, the actor that asked (the id before the
   * request id's first '-') and the actors that hear every answer of its type, in start order.
   */
  private recipients(event: LobbyEvent): ReadonlyArray<string> {
    if (!ANSWER_TYPES.has(event.type)) return this.routes.get(event.type) ?? []
    const { requestId } = event as { requestId: string }
    const at = requestId.indexOf(REQUEST_ID_SEPARATOR)
    const asker = at === -1 ? requestId : requestId.slice(0, at)
    const hearers = this.answerHearers.get(event.type) ?? []
    const takes = this.answerTakers.get(event.type)?.has(asker) === true && !hearers.includes(asker)
    if (!takes) return hearers
    return [asker, ...hearers].sort((a, b) => (this.order.get(a) ?? 0) - (this.order.get(b) ?? 0))
  }

  /** Starts actors at boot after all (before the first record), in the full list's order. */
  private adoptAtBoot(specs: ReadonlyArray<ActorSpec>, rank: ReadonlyMap<string, number>): void {
    for (const spec of specs) this.register(spec)
    for (const spec of specs) this.create(spec)
    const rankOf = (id: string): number => rank.get(id) ?? Number.MAX_SAFE_INTEGER
    this.specs.sort((a, b) => rankOf(a.id) - rankOf(b.id))
    for (const [i, spec] of this.specs.entries()) this.order.set(spec.id, i)
    const byOrder = (a: string, b: string): number => (this.order.get(a) ?? 0) - (this.order.get(b) ?? 0)
    for (const list of this.routes.values()) list.sort(byOrder)
    for (const list of this.answerHearers.values()) list.sort(byOrder)
    const refs = [...this.refs.entries()].sort(([a], [b]) => byOrder(a, b))
    this.refs.clear()
    for (const [id, ref] of refs) this.refs.set(id, ref)
  }

  private dispatch(record: BusRecord): void {
    if (!this.dispatched) {
      this.dispatched = true
      const legacy = this.lazy.unlessBooted
      if (legacy !== undefined && record.event.type !== 'domains.booted') this.adoptAtBoot(legacy.specs, legacy.rank)
    }
    this.currentSeq = record.seq
    const fired = record.event.type === 'clock.fired'
    if (fired) this.clock.fire(record.event.timer)
    const type = record.event.type
    // A domain's start: its actors (and what they are handed) are what can have changed.
    const recipients = type === 'domain.started' ? this.startDomain(record.event.domain) : this.recipients(record.event)
    if (type !== 'domain.started') {
      for (const id of recipients) {
        const actor = this.running.get(id)
        if (actor !== undefined && !surelyIgnores(actor.ref, actor.index, type)) actor.ref.send(record.event)
      }
    }
    if (this.keptTypes.has(type)) this.latest.set(type, { seq: record.seq, event: record.event })
    let states: Record<string, unknown> | undefined
    // Only an actor sent the event can have changed (what they emit waits behind it on the bus),
    // or, when a delay fired, the actor whose delay it was: then every actor is looked at. The
    // recipients come in start order, so the states are noted in the same order either way.
    for (const id of fired ? this.refs.keys() : recipients) {
      const actor = this.running.get(id)
      if (actor === undefined) continue
      // Snapshots are immutable: an actor that ignored the event kept its snapshot object, so
      // its state value cannot have changed.
      const snapshot = actor.ref.getSnapshot() as { value: unknown }
      if (snapshot === actor.lastSnapshot) continue
      actor.lastSnapshot = snapshot
      const value = snapshot.value
      if (!sameValueText(value, actor.lastValue)) {
        actor.lastValue = value
        states ??= {}
        states[id] = value
      }
    }
    if (states !== undefined) record.states = states
  }
}
