import {
  createActor,
  createEmptyActor,
  SimulatedClock,
  type Actor,
  type AnyActorScope,
  type AnyEventObject,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type InputFrom,
  type InspectionEvent,
  type SnapshotFrom,
  type StateValue,
} from 'xstate'
import { createTestModel, type AdjacencyMap } from 'xstate/graph'
import { concealEvent, redactEvent } from '../../schemas/events/redact'

/**
 * Model-based testing of the lobby's actors (docs/model-testing.md).
 *
 * A test model (an XState machine that xstate/graph can traverse: no `after`, no `invoke`) is
 * explored with the sample events the test gives; every generated path is then replayed against a
 * fresh real actor under `SimulatedClock`, checking after each step that the real actor is in the
 * state the model predicts. Coverage is measured on the REAL machine: which of its leaf state
 * nodes were ever active and which of its transitions were ever taken, read from XState's
 * `@xstate.microstep` inspection events, so transient states (left at once by `always`) and
 * delayed transitions count too.
 *
 * Every path also runs, step by step, on a second real actor (the redacted twin) that gets each
 * event as the recorder stores it and replay injects it: every field a schema marks sensitive
 * replaced with "[redacted]". The twin must reach the same state and emit the same notices
 * (compared after redaction) at every step; an actor that decides on a code, a password or a
 * PIN fails here, since replay could not reproduce its decision.
 */

/** The event that stands for time passing in a test model: the harness advances the clock by `ms`. */
export interface DelayEvent {
  readonly type: 'delay'
  readonly ms: number
}

/** What a drive function gets besides the event: the real actor and its clock. */
export interface DriveContext<TReal extends AnyStateMachine> {
  readonly actor: Actor<TReal>
  readonly clock: SimulatedClock
}

/** What a per-step check sees, after the start and after every step of a path. */
export interface StepCheck<TReal extends AnyStateMachine, TModel extends AnyStateMachine> {
  /** The real actor's snapshot after the step. */
  readonly real: SnapshotFrom<TReal>
  /** The model's snapshot after the step. */
  readonly model: SnapshotFrom<TModel>
  /** The model event of this step; null for the start of a path. */
  readonly event: EventFromLogic<TModel> | null
  /** What the real actor emitted during this step (during start, for the first check). */
  readonly emitted: ReadonlyArray<AnyEventObject>
  /** Everything the real actor emitted since the path began. */
  readonly emittedSoFar: ReadonlyArray<AnyEventObject>
  /** 0 for the start, then 1, 2, ... for each step. */
  readonly step: number
}

/** Bounds of path generation, so a model test stays fast however the model grows. */
export interface ModelLimits {
  /** Traversal iterations of xstate/graph's adjacency map before it gives up (default 20 000). */
  readonly traversal?: number
  /** Maximal simple paths added to the shortest paths (default 40; 0 for none). */
  readonly simplePaths?: number
  /** Total paths run; past it the rest are dropped and the report says so (default 3 000). */
  readonly paths?: number
  /**
   * Paths run, chosen at random from those left, once every state, transition and branch of the
   * real machine is covered (default 200); the other paths are skipped. LOBBY_MODEL_ALL_PATHS=1
   * runs every generated path instead, LOBBY_MODEL_SEED picks another random choice.
   */
  readonly extraPaths?: number
}

/** Everything a model test says about one actor. */
export interface ModelSpec<TReal extends AnyStateMachine, TModel extends AnyStateMachine = TReal> {
  /** The actor's name, as it appears in the coverage line. */
  readonly name: string
  /** The real machine, exactly as the system starts it. */
  readonly machine: TReal
  /** The test model to traverse; defaults to the real machine (which then must not use `after` or `invoke`). */
  readonly model?: TModel
  /**
   * The sample events the traversal may send: a list, or a function of the model state (e.g. to
   * answer the request id the state is waiting for). An event is only offered in states whose
   * model handles its type.
   */
  readonly events:
    | ReadonlyArray<EventFromLogic<TModel>>
    | ((state: SnapshotFrom<TModel>) => ReadonlyArray<EventFromLogic<TModel>>)
  /** How to play one model event on the real actor. Default: `{ type: 'delay', ms }` advances the clock, anything else is sent. */
  readonly drive?: (event: EventFromLogic<TModel>, ctx: DriveContext<TReal>) => void
  /** The real state value the model state stands for. Default: the model's own value. */
  readonly expectedValue?: (model: SnapshotFrom<TModel>) => StateValue
  /** Extra assertions, run after the start and after every step of every path. */
  readonly check?: (step: StepCheck<TReal, TModel>) => void
  /**
   * How the traversal tells model states apart. Default: value and whole context. Give an
   * abstraction when the context grows without bound; it must not merge states that behave
   * differently, which the harness checks on every path it runs.
   */
  readonly serializeState?: (model: SnapshotFrom<TModel>) => string
  /** Input of the real machine, when it takes one. */
  readonly input?: InputFrom<TReal>
  /** Input of the model, when it takes one (default: `input`). */
  readonly modelInput?: InputFrom<TModel>
  readonly limits?: ModelLimits
  /** Where the coverage report goes (default console.log); false prints nothing. */
  readonly log?: ((line: string) => void) | false
}

/** A covered/total count and what is missing. */
export interface Coverage {
  readonly covered: number
  readonly total: number
  readonly uncovered: ReadonlyArray<string>
}

/** What one run of every generated path found. */
export interface ModelReport {
  readonly name: string
  /** Leaf (atomic and final) state nodes of the real machine, by id. */
  readonly states: Coverage
  /** Handlers of the real machine: one per (state node, event type), `always` and each `after` delay included. */
  readonly transitions: Coverage
  /** Candidate transitions of the real machine: each guarded alternative of a handler on its own. */
  readonly branches: Coverage
  /** Paths run. */
  readonly paths: number
  readonly steps: number
  /** Paths generated but not run because of `limits.paths`. */
  readonly droppedPaths: number
  /** Paths generated but not run because coverage was complete and the extra random paths had run. */
  readonly skippedPaths: number
  /** The one-line summary that is printed, e.g. `model site: states 10/10, transitions 12/12, branches 17/17 (paths 40)`. */
  readonly line: string
}

/** One path: the events in order and the model state each one leads to. */
export interface ModelPath<TModel extends AnyStateMachine> {
  readonly steps: ReadonlyArray<{ readonly event: EventFromLogic<TModel>; readonly state: SnapshotFrom<TModel> }>
}

/** The result of running one path. */
export interface PathRun<TReal extends AnyStateMachine> {
  readonly real: SnapshotFrom<TReal>
  readonly emitted: ReadonlyArray<AnyEventObject>
}

/** A model test, ready to run. */
export interface ModelHarness<TReal extends AnyStateMachine, TModel extends AnyStateMachine> {
  /** The generated paths: shortest to every model state, bounded simple paths, then one per model edge not yet taken. */
  paths(): ReadonlyArray<ModelPath<TModel>>
  /** Runs every generated path against a fresh real actor, prints and returns coverage; throws on the first divergence. */
  run(): ModelReport
  /** Runs one hand-written event sequence with the same checks (for key paths whose notices a test asserts). */
  runEvents(events: ReadonlyArray<EventFromLogic<TModel>>): PathRun<TReal>
}

// ---------------------------------------------------------------------------------------------
// The real machine's inventory: leaf states, handlers and candidate transitions.

interface Inventory {
  readonly leaves: ReadonlyArray<string>
  readonly handlers: ReadonlyArray<string>
  readonly branches: ReadonlyArray<string>
  /** Candidate transition → [handler label, branch label]. */
  readonly byTransition: ReadonlyMap<AnyTransitionDefinition, readonly [string, string]>
}

const describeTarget = (t: AnyTransitionDefinition): string => {
  const targets = (t.target ?? []) as ReadonlyArray<AnyStateNode>
  const to = targets.length === 0 ? '(no target)' : targets.map((n) => `#${n.id}`).join(', ')
  const guard = t.guard === undefined ? '' : ` if ${guardName(t.guard)}`
  return `→ ${to}${guard}`
}

const guardName = (guard: unknown): string => {
  if (typeof guard === 'string') return guard
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type)
  if (typeof guard === 'function') return guard.name || 'inline guard'
  return 'guard'
}

const handlerLabel = (node: AnyStateNode, eventType: string, delay: string | number | undefined): string => {
  if (eventType === '') return `#${node.id} always`
  if (delay !== undefined) return `#${node.id} after ${delay}`
  return `#${node.id} on ${eventType}`
}

const inventoryOf = (machine: AnyStateMachine): Inventory => {
  const leaves: string[] = []
  const handlers: string[] = []
  const branches: string[] = []
  const byTransition = new Map<AnyTransitionDefinition, readonly [string, string]>()
  const add = (node: AnyStateNode, eventType: string, defs: ReadonlyArray<AnyTransitionDefinition>) => {
    // `after` definitions carry their delay; each delay is its own handler even on one node.
    const groups = new Map<string, AnyTransitionDefinition[]>()
    for (const def of defs) {
      const label = handlerLabel(node, eventType, (def as { delay?: string | number }).delay)
      groups.set(label, [...(groups.get(label) ?? []), def])
    }
    for (const [label, group] of groups) {
      handlers.push(label)
      group.forEach((def, i) => {
        const branch = group.length === 1 ? `${label} ${describeTarget(def)}` : `${label} [${i + 1}/${group.length}] ${describeTarget(def)}`
        branches.push(branch)
        byTransition.set(def, [label, branch])
      })
    }
  }
  const walk = (node: AnyStateNode) => {
    if ((node.type === 'atomic' || node.type === 'final') && node !== machine.root) leaves.push(`#${node.id}`)
    for (const [eventType, defs] of node.transitions) add(node, eventType, defs)
    if (node.always !== undefined) add(node, '', node.always)
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child)
  }
  walk(machine.root)
  return { leaves, handlers, branches, byTransition }
}

// ---------------------------------------------------------------------------------------------
// Formatting

const MAX_EVENT = 140

const formatEvent = (event: AnyEventObject | null): string => {
  if (event === null) return '(initial state)'
  const { type, ...rest } = event
  const body = Object.keys(rest).length === 0 ? '' : ` ${JSON.stringify(rest)}`
  const text = `${type}${body}`
  return text.length > MAX_EVENT ? `${text.slice(0, MAX_EVENT - 1)}…` : text
}

const formatValue = (value: unknown): string => JSON.stringify(value)

const sameValue = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  const ak = Object.keys(a)
  const bk = Object.keys(b)
  return (
    ak.length === bk.length &&
    ak.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  )
}

interface StepLog {
  readonly event: AnyEventObject | null
  readonly model: unknown
  readonly real: unknown
}

const formatPath = (
  name: string,
  pathLabel: string,
  events: ReadonlyArray<AnyEventObject>,
  log: ReadonlyArray<StepLog>,
  failedAt: number,
): string => {
  const lines = [`${name} ${pathLabel}, ${events.length} step(s):`]
  const row = (i: number, event: AnyEventObject | null, tail: string) =>
    `  ${i === failedAt ? '✗' : i < failedAt ? '✓' : ' '} ${String(i).padStart(2)}. ${formatEvent(event)}${tail}`
  for (let i = 0; i <= events.length; i++) {
    const event = i === 0 ? null : (events[i - 1] ?? null)
    const entry = log[i]
    if (entry === undefined) {
      lines.push(row(i, event, '   (not run)'))
    } else if (sameValue(entry.model, entry.real)) {
      lines.push(row(i, event, `   → ${formatValue(entry.real)}`))
    } else {
      lines.push(row(i, event, `   → model ${formatValue(entry.model)}, real ${formatValue(entry.real)}`))
    }
  }
  return lines.join('\n')
}

/** A failure of a model test: the real actor diverged, a check failed, or the model is unusable. */
export class ModelDivergence extends Error {
  override readonly name = 'ModelDivergence'
}

// ---------------------------------------------------------------------------------------------
// The harness

const defaultDrive = <TReal extends AnyStateMachine>(event: AnyEventObject, { actor, clock }: DriveContext<TReal>): void => {
  if (event.type === 'delay' && typeof (event as { ms?: unknown }).ms === 'number') {
    clock.increment((event as unknown as DelayEvent).ms)
    return
  }
  actor.send(event as EventFromLogic<TReal>)
}

const serializeDefault = (s: { value: unknown; context: unknown }): string =>
  JSON.stringify({ value: s.value, context: s.context })

const eventKey = (e: AnyEventObject): string => JSON.stringify(e)

/** JSON with object keys in order, so two events compare equal up to key order. */
const stableJson = (v: unknown): string =>
  JSON.stringify(v, (_k, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  )

/**
 * An event as replay injects it: redacted as the recorder stores it, then taken in as the bus
 * takes in every intent (its secrets, now "[redacted]", wrapped in Secrets). Model-only events (a
 * delay, a child's outcome) have no schema and pass unchanged.
 */
const redactedForReplay = <E extends AnyEventObject>(event: E): E => concealEvent(redactEvent(event))

/**
 * The inert actor scope the model is stepped with, as xstate/graph steps it during traversal:
 * actions are resolved (assign updates context) but nothing is executed, emitted or spawned.
 * One scope for every step, where `getNextSnapshot` would create an actor per call.
 */
const inertScope = (): AnyActorScope => {
  const self = createEmptyActor()
  return {
    self,
    logger: () => {},
    id: '',
    sessionId: 'model',
    defer: () => {},
    system: self.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  }
}

/** What the harness reads of any machine snapshot. */
interface Readable {
  readonly value: StateValue
  readonly status: string
  readonly error?: unknown
}

interface Recorded {
  readonly leaves: Set<string>
  readonly handlers: Set<string>
  readonly branches: Set<string>
}

/** Builds a model test for one actor. See docs/model-testing.md. */
export function modelHarness<TReal extends AnyStateMachine, TModel extends AnyStateMachine = TReal>(
  spec: ModelSpec<TReal, TModel>,
): ModelHarness<TReal, TModel> {
  type MSnap = SnapshotFrom<TModel>
  type MEvent = EventFromLogic<TModel>

  const model = (spec.model ?? spec.machine) as TModel
  const serialize = (s: MSnap): string => (spec.serializeState ?? serializeDefault)(s)
  const modelInput = (spec.modelInput ?? spec.input) as InputFrom<TModel>
  const limits = {
    traversal: spec.limits?.traversal ?? 20_000,
    simplePaths: spec.limits?.simplePaths ?? 40,
    paths: spec.limits?.paths ?? 3_000,
    extraPaths: spec.limits?.extraPaths ?? 200,
  }
  const inventory = inventoryOf(spec.machine)
  const drive = spec.drive ?? ((e: MEvent, ctx: DriveContext<TReal>) => defaultDrive(e, ctx))
  const scope = inertScope()
  const modelStart = (): MSnap => model.getInitialSnapshot(scope, modelInput) as MSnap
  const modelNext = (s: MSnap, e: MEvent): MSnap => model.transition(s, e, scope) as MSnap
  const expected = (s: MSnap): StateValue => (spec.expectedValue ? spec.expectedValue(s) : (s as unknown as Readable).value)

  // The sample events per state, computed once per snapshot so the filter below can compare.
  const samplesCache = new WeakMap<object, ReadonlySet<string>>()
  const samplesOf = (s: MSnap): ReadonlyArray<MEvent> => (typeof spec.events === 'function' ? spec.events(s) : spec.events)
  const sampleKeys = (s: MSnap): ReadonlySet<string> => {
    let keys = samplesCache.get(s)
    if (keys === undefined) {
      keys = new Set(samplesOf(s).map((e) => eventKey(e)))
      samplesCache.set(s, keys)
    }
    return keys
  }

  let planned: { paths: ReadonlyArray<ModelPath<TModel>>; dropped: number } | undefined

  const plan = () => {
    if (planned !== undefined) return planned
    const testModel = createTestModel(model, {
      events: (s: MSnap) => samplesOf(s) as MEvent[],
      // createTestModel offers a bare `{ type }` for every event type a state handles that has no
      // sample; only the samples the test wrote are sent.
      filterEvents: (s: MSnap, e: MEvent) => sampleKeys(s).has(eventKey(e)),
      serializeState: (s: MSnap) => serialize(s),
      limit: limits.traversal,
      ...(modelInput === undefined ? {} : { input: modelInput }),
    })

    let adjacency: AdjacencyMap<MSnap, MEvent>
    let shortest: ReadonlyArray<{ state: MSnap; steps: ReadonlyArray<{ state: MSnap; event: MEvent }> }>
    try {
      adjacency = testModel.getAdjacencyMap()
      shortest = testModel.getShortestPaths({ allowDuplicatePaths: true })
    } catch (error) {
      const hint = /Traversal limit exceeded/.test(String(error))
        ? ' (the model has more states than limits.traversal: abstract the context with serializeState, or offer fewer sample events)'
        : ''
      throw new ModelDivergence(`model ${spec.name}: cannot traverse the test model: ${String(error)}${hint}`, { cause: error })
    }

    type Steps = ReadonlyArray<{ event: MEvent; state: MSnap }>
    // xstate/graph paths start with a synthetic `xstate.init` step holding the initial state.
    const toSteps = (p: { steps: ReadonlyArray<{ state: MSnap; event: MEvent }> }): Steps => p.steps.slice(1)
    const toVertex = new Map<string, Steps>()
    for (const p of shortest) {
      const key = serialize(p.state)
      const known = toVertex.get(key)
      if (known === undefined || known.length > p.steps.length - 1) toVertex.set(key, toSteps(p))
    }

    const start = serialize(modelStart())
    const candidates: Steps[] = [...toVertex.values()]

    // Maximal simple paths, depth first, with a hard budget on both paths and work.
    if (limits.simplePaths > 0) {
      const found: Steps[] = []
      let work = 0
      const budget = limits.simplePaths * 200
      const onPath = new Set<string>([start])
      const trail: Array<{ event: MEvent; state: MSnap }> = []
      const dfs = (vertex: string): void => {
        if (found.length >= limits.simplePaths || work++ > budget) return
        let extended = false
        for (const t of Object.values(adjacency[vertex as keyof typeof adjacency]?.transitions ?? {})) {
          const next = serialize(t.state)
          if (onPath.has(next)) continue
          extended = true
          onPath.add(next)
          trail.push({ event: t.event, state: t.state })
          dfs(next)
          trail.pop()
          onPath.delete(next)
          if (found.length >= limits.simplePaths || work > budget) return
        }
        if (!extended && trail.length > 0) found.push([...trail])
      }
      dfs(start)
      candidates.push(...found)
    }

    // Every model edge (state, sample event) not on a path yet gets the shortest path to its
    // source plus that edge, so events that loop (ignored answers, stale ids) are exercised too.
    const taken = new Set<string>()
    const markEdges = (steps: Steps) => {
      let from = start
      for (const s of steps) {
        taken.add(`${from}\u0000${eventKey(s.event)}`)
        from = serialize(s.state)
      }
    }
    candidates.forEach(markEdges)
    for (const [vertex, entry] of Object.entries(adjacency) as Array<[string, { transitions: Record<string, { event: MEvent; state: MSnap }> }]>) {
      const prefix = toVertex.get(vertex)
      if (prefix === undefined) continue
      for (const t of Object.values(entry.transitions)) {
        if (taken.has(`${vertex}\u0000${eventKey(t.event)}`)) continue
        const steps = [...prefix, { event: t.event, state: t.state }]
        markEdges(steps)
        candidates.push(steps)
      }
    }

    // Drop paths that are a prefix of a longer one: the longer one checks the same steps.
    const sorted = [...candidates].sort((a, b) => b.length - a.length)
    const prefixes = new Set<string>()
    const kept: Steps[] = []
    for (const steps of sorted) {
      const key = steps.map((s) => eventKey(s.event)).join('\u0000')
      if (prefixes.has(key)) continue
      kept.push(steps)
      prefixes.add('')
      let acc = ''
      steps.forEach((s, i) => {
        acc = i === 0 ? eventKey(s.event) : `${acc}\u0000${eventKey(s.event)}`
        prefixes.add(acc)
      })
    }
    kept.reverse() // shortest first: an early failure shows the shortest path that exposes it
    const paths = kept.slice(0, limits.paths).map((steps) => ({ steps }))
    planned = { paths, dropped: kept.length - paths.length }
    return planned
  }

  const runPath = (events: ReadonlyArray<MEvent>, planStates: ReadonlyArray<MSnap> | null, label: string, recorded: Recorded) => {
    const clock = new SimulatedClock()
    const log: StepLog[] = []
    const fail = (at: number, message: string, cause?: unknown): never => {
      throw new ModelDivergence(`model ${spec.name}: ${message}\n${formatPath(`model ${spec.name}`, label, events, log, at)}`, cause === undefined ? undefined : { cause })
    }
    const record = (snapshot: unknown, transitions: ReadonlyArray<AnyTransitionDefinition>) => {
      for (const node of (snapshot as { _nodes?: ReadonlyArray<AnyStateNode> })._nodes ?? []) {
        if (node.type === 'atomic' || node.type === 'final') recorded.leaves.add(`#${node.id}`)
      }
      for (const t of transitions) {
        const labels = inventory.byTransition.get(t)
        if (labels === undefined) continue
        recorded.handlers.add(labels[0])
        recorded.branches.add(labels[1])
      }
    }
    const inspect = (ev: InspectionEvent) => {
      // Only the actor under test: its own session is the root of the inspection.
      if (ev.type !== '@xstate.microstep' || ev.rootId !== ev.actorRef.sessionId) return
      record(ev.snapshot, ev._transitions)
    }
    const actor = createActor(spec.machine as AnyStateMachine, {
      clock,
      inspect,
      ...(spec.input === undefined ? {} : { input: spec.input }),
    }) as unknown as Actor<TReal>
    const emittedSoFar: AnyEventObject[] = []
    let emitted: AnyEventObject[] = []
    actor.on('*', (e: AnyEventObject) => {
      emitted.push(e)
      emittedSoFar.push(e)
    })
    let actorError: unknown
    actor.subscribe({ error: (e) => (actorError = e) })

    // The redacted twin: the same path as replay would inject it from the log. A path that no
    // redaction changes would give the twin the live actor's own events, and an actor is a pure
    // function of them: only paths with a secret (or a sensitive answer) run it.
    const redactedEvents = events.map(redactedForReplay)
    const twinClock = new SimulatedClock()
    const twin = redactedEvents.some((r, i) => r !== events[i])
      ? (createActor(spec.machine as AnyStateMachine, { clock: twinClock, ...(spec.input === undefined ? {} : { input: spec.input }) }) as unknown as Actor<TReal>)
      : null
    let twinEmitted: AnyEventObject[] = []
    twin?.on('*', (e: AnyEventObject) => twinEmitted.push(e))
    let twinError: unknown
    twin?.subscribe({ error: (e) => (twinError = e) })
    const checkTwin = (at: number) => {
      if (twin === null) return
      const live = actor.getSnapshot() as unknown as Readable
      const replayed = twin.getSnapshot() as unknown as Readable
      if (twinError !== undefined || replayed.status === 'error') {
        fail(at, `the redacted twin failed at step ${at}: ${String(twinError ?? replayed.error)}`, twinError ?? replayed.error)
      }
      if (!sameValue(replayed.value, live.value)) {
        fail(
          at,
          `with its sensitive fields redacted (as replay injects them) the path diverges at step ${at}: live ${formatValue(live.value)}, redacted ${formatValue(replayed.value)}; an actor must not decide on a secret's content`,
        )
      }
      const want = emitted.map((e) => stableJson(redactEvent(e)))
      const got = twinEmitted.map((e) => stableJson(redactEvent(e)))
      if (want.length !== got.length || want.some((w, i) => w !== got[i])) {
        fail(
          at,
          `with its sensitive fields redacted (as replay injects them) the path emits other notices at step ${at}:\n  live     ${want.join('\n           ') || '(none)'}\n  redacted ${got.join('\n           ') || '(none)'}\nan actor must not decide on a secret's content`,
        )
      }
      twinEmitted = []
    }

    let modelSnap = modelStart()
    const checkStep = (at: number, event: MEvent | null) => {
      const real = actor.getSnapshot()
      const seen = real as unknown as Readable
      record(real, [])
      const want = expected(modelSnap)
      log.push({ event, model: want, real: seen.value })
      if (actorError !== undefined || seen.status === 'error') {
        fail(at, `the real actor failed: ${String(actorError ?? seen.error)}`, actorError ?? seen.error)
      }
      if (!sameValue(seen.value, want)) {
        fail(at, `the real actor diverged from the model at step ${at}: expected ${formatValue(want)}, real ${formatValue(seen.value)}`)
      }
      try {
        spec.check?.({ real, model: modelSnap, event, emitted, emittedSoFar, step: at })
      } catch (error) {
        fail(at, `check failed at step ${at}: ${error instanceof Error ? error.message : String(error)}`, error)
      }
      emitted = []
    }

    actor.start()
    twin?.start()
    checkTwin(0)
    checkStep(0, null)
    events.forEach((event, i) => {
      const at = i + 1
      const before = modelSnap
      modelSnap = modelNext(modelSnap, event)
      const planned = planStates?.[i]
      if (planned !== undefined && serialize(planned) !== serialize(modelSnap)) {
        fail(
          at,
          `serializeState merges model states that behave differently: from ${serialize(before)} the plan expected ${serialize(planned)}, the model gives ${serialize(modelSnap)}`,
        )
      }
      try {
        drive(event, { actor, clock })
      } catch (error) {
        fail(at, `driving the real actor threw at step ${at}: ${error instanceof Error ? error.message : String(error)}`, error)
      }
      try {
        if (twin !== null) drive(redactedEvents[i] as MEvent, { actor: twin, clock: twinClock })
      } catch (error) {
        fail(at, `driving the redacted twin threw at step ${at}: ${error instanceof Error ? error.message : String(error)}`, error)
      }
      checkTwin(at)
      checkStep(at, event)
    })
    const real = actor.getSnapshot()
    actor.stop()
    twin?.stop()
    return { real, emitted: emittedSoFar }
  }

  const emptyRecorded = (): Recorded => ({ leaves: new Set(), handlers: new Set(), branches: new Set() })

  const coverage = (all: ReadonlyArray<string>, seen: ReadonlySet<string>): Coverage => {
    const uncovered = all.filter((x) => !seen.has(x))
    return { covered: all.length - uncovered.length, total: all.length, uncovered }
  }

  return {
    paths: () => plan().paths,
    run: () => {
      const { paths, dropped } = plan()
      const recorded = emptyRecorded()
      let steps = 0
      let ran = 0
      const runOne = (i: number) => {
        const p = paths[i]!
        steps += p.steps.length
        ran++
        runPath(
          p.steps.map((s) => s.event),
          p.steps.map((s) => s.state),
          `path ${i + 1} of ${paths.length}`,
          recorded,
        )
      }
      const complete = () =>
        recorded.leaves.size === inventory.leaves.length &&
        recorded.handlers.size === inventory.handlers.length &&
        recorded.branches.size === inventory.branches.length
      // Shortest first, until the real machine is covered; then a fixed number of the paths left,
      // at random (seeded: the same choice every run unless LOBBY_MODEL_SEED says otherwise).
      let coveredAfter: number | undefined
      for (let i = 0; i < paths.length; i++) {
        runOne(i)
        if (!runsEveryPath() && complete()) {
          coveredAfter = i + 1
          const left = Array.from({ length: paths.length - i - 1 }, (_, k) => i + 1 + k)
          for (const j of pickAtRandom(left, limits.extraPaths, `${modelSeed()}:${spec.name}`)) runOne(j)
          break
        }
      }
      const skipped = paths.length - ran
      const states = coverage(inventory.leaves, recorded.leaves)
      const transitions = coverage(inventory.handlers, recorded.handlers)
      const branches = coverage(inventory.branches, recorded.branches)
      const droppedNote = dropped > 0 ? `, ${dropped} dropped by limits.paths` : ''
      const coveredNote = coveredAfter === undefined || skipped === 0 ? '' : ` of ${paths.length}: covered after ${coveredAfter}, then ${ran - coveredAfter} at random, ${skipped} skipped`
      const line = `model ${spec.name}: states ${states.covered}/${states.total}, transitions ${transitions.covered}/${transitions.total}, branches ${branches.covered}/${branches.total} (paths ${ran}${coveredNote}, steps ${steps}${droppedNote})`
      const report: ModelReport = { name: spec.name, states, transitions, branches, paths: ran, steps, droppedPaths: dropped, skippedPaths: skipped, line }
      const print = spec.log === false ? undefined : (spec.log ?? ((l: string) => console.log(l)))
      if (print !== undefined) print(formatReport(report))
      return report
    },
    runEvents: (events) => runPath(events, null, 'given path', emptyRecorded()),
  }
}

/** Whether every generated path runs (LOBBY_MODEL_ALL_PATHS=1), not only until coverage and the extra ones. */
const runsEveryPath = (): boolean => process.env['LOBBY_MODEL_ALL_PATHS'] === '1'

/** The seed of the extra paths' random choice: LOBBY_MODEL_SEED, else a fixed one. */
const modelSeed = (): string => process.env['LOBBY_MODEL_SEED'] ?? 'lobby'

/**
 * `count` of `items` chosen at random by a generator seeded with `seed` (the same seed, the same
 * choice), in their original order.
 */
export const pickAtRandom = <T>(items: ReadonlyArray<T>, count: number, seed: string): T[] => {
  if (count >= items.length) return [...items]
  // FNV-1a of the seed, then mulberry32.
  let h = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193) >>> 0
  const next = (): number => {
    h = (h + 0x6d2b79f5) >>> 0
    let t = h
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const indices = items.map((_, i) => i)
  // A partial Fisher-Yates shuffle: the first `count` places.
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(next() * (indices.length - i))
    const t = indices[i]!
    indices[i] = indices[j]!
    indices[j] = t
  }
  return indices.slice(0, count).sort((a, b) => a - b).map((i) => items[i]!)
}

/** The coverage line followed by what is not covered, one item a line. */
export const formatReport = (report: ModelReport): string => {
  const lines = [report.line]
  const list = (title: string, c: Coverage) => {
    if (c.uncovered.length === 0) return
    lines.push(`  uncovered ${title}:`)
    for (const item of c.uncovered) lines.push(`    ${item}`)
  }
  list('states', report.states)
  list('transitions', report.transitions)
  list('branches', report.branches)
  return lines.join('\n')
}

/** Shorthand: build the harness and run every generated path. */
export const runModel = <TReal extends AnyStateMachine, TModel extends AnyStateMachine = TReal>(
  spec: ModelSpec<TReal, TModel>,
): ModelReport => modelHarness(spec).run()
