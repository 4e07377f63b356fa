import type { AnyActorRef, Snapshot } from 'xstate'
import { actorSpecs, type ActorSpec } from '../../actors'
import type { LobbyEvent } from '../../schemas/events'
import { redactEvent } from '../../schemas/events/redact'
import type { LogRecord } from '../../schemas/log'
import type { LogFile } from '../bus/ndjson'
import type { Divergence } from '../bus/replayer'
import { createReplaySystem, type LobbySystem } from '../system'

/**
 * A replay system driven record by record: the timeline's way to know every actor's snapshot
 * before and after any record. It injects the logged intents and facts up to a seq (the actors
 * regenerate the notices), and keeps the real snapshot objects after each processed record for
 * the last stretch, so the state inspector and the rendered screen read them without copying.
 * Going back means starting a fresh replay system and feeding it again from the start: replay
 * runs at over 100,000 records a second, so a jump is at most a moment even in a long log.
 */

/** Every actor's snapshot at one point, in the order of `actorIds`. */
export type SnapshotRow = ReadonlyArray<Snapshot<unknown> | undefined>

/** What a seek answers. */
export interface SeekResult {
  readonly seq: number
  /** Snapshots after the record before `seq` (at the very start: after the actors started). */
  readonly before: SnapshotRow
  /** Snapshots after the record `seq` was processed. */
  readonly after: SnapshotRow
  /** The first difference between the replay and the log up to here, if any. */
  readonly divergence: Divergence | null
}

const RING = 512

export class ReplayCursor {
  private system!: LobbySystem
  private now = 0
  private next = 0
  private ring: Array<{ seq: number; row: SnapshotRow }> = []
  private divergence: Divergence | null = null
  private generation = 0
  private readonly bySeq = new Map<number, LogRecord>()
  readonly actorIds: ReadonlyArray<string>

  constructor(
    readonly file: LogFile,
    private readonly actors?: ReadonlyArray<ActorSpec>,
  ) {
    for (const r of file.records) this.bySeq.set(r.seq, r)
    this.reset()
    // Every actor the log may start: the boot ones, then the actors of each domain started when first
    // needed (their snapshots are undefined until their domain.started), so the inspector and the
    // frame's screen know them from the first record on.
    const booted = this.system.host.ids
    this.actorIds = [...booted, ...(this.actors ?? actorSpecs).map((a) => a.id).filter((id) => !booted.includes(id))]
  }

  /** The replay system as it is now (it changes when the cursor goes back). */
  get current(): LobbySystem {
    return this.system
  }

  /** Bumped each time the cursor starts a fresh replay system. */
  get systemGeneration(): number {
    return this.generation
  }

  /** The seq of the last record injected (0 before any). */
  get injectedUpTo(): number {
    return this.next === 0 ? 0 : this.file.records[this.next - 1]!.seq
  }

  private row(): SnapshotRow {
    return this.actorIds.map((id) => this.system.host.actor(id)?.getSnapshot() as Snapshot<unknown> | undefined)
  }

  private reset(): void {
    this.system?.stop()
    this.generation++
    this.now = this.file.records[0]?.at ?? this.file.header.startedAt
    this.next = 0
    this.divergence = null
    this.system = createReplaySystem({ now: () => this.now, ...(this.actors === undefined ? {} : { actors: this.actors }) })
    const ids = this.system.host.ids
    this.ring = [{ seq: 0, row: ids.map((id) => this.system.host.actor(id)?.getSnapshot() as Snapshot<unknown> | undefined) }]
    this.system.bus.records$.subscribe((r) => {
      this.ring.push({ seq: r.seq, row: this.row() })
      if (this.ring.length > RING) this.ring.splice(0, this.ring.length - RING)
      if (this.divergence !== null) return
      const logged = this.bySeq.get(r.seq)
      if (logged === undefined) {
        this.divergence = { seq: r.seq, actor: r.source ?? null, reason: 'the replay produced an event the log does not have', expected: null, actual: redactEvent(r.event) }
      } else if (logged.event.type !== r.event.type || logged.kind !== r.kind) {
        this.divergence = {
          seq: r.seq,
          actor: r.source ?? logged.source ?? null,
          reason: `expected ${logged.kind} ${logged.event.type}, replay produced ${r.kind} ${r.event.type}`,
          expected: logged.event,
          actual: redactEvent(r.event),
        }
      }
    })
  }

  /** Injects logged intents and facts while their seq is at most `seq`. */
  private feed(seq: number): void {
    const records = this.file.records
    while (this.next < records.length && records[this.next]!.seq <= seq) {
      const r = records[this.next++]!
      if (r.kind === 'notice') continue
      this.now = Math.max(this.now, r.at)
      try {
        this.system.bus.publish(r.event as unknown as LobbyEvent, 'replay', r.source)
      } catch (error) {
        this.divergence ??= { seq: r.seq, actor: null, reason: `the logged ${r.kind} could not be injected: ${error instanceof Error ? error.message : String(error)}`, expected: r.event, actual: null }
      }
    }
  }

  /** Replays up to the record `seq` and answers every actor's snapshot before and after it. */
  seek(seq: number): SeekResult {
    const oldest = this.ring[0]!.seq
    if (seq <= oldest && oldest !== 0) this.reset()
    else if (this.injectedUpTo > seq && !this.ring.some((e) => e.seq === seq)) this.reset()
    this.feed(seq)
    let before: SnapshotRow = this.ring[0]!.row
    let after: SnapshotRow | undefined
    for (const e of this.ring) {
      if (e.seq < seq) before = e.row
      else if (e.seq === seq) after = e.row
    }
    if (after === undefined) {
      // Not produced (a divergence, or a seq the log skips): the last state at or before it.
      after = before
    }
    return { seq, before, after, divergence: this.divergence !== null && this.divergence.seq <= seq ? this.divergence : null }
  }

  /** An actor of the current replay system. */
  actor(id: string): AnyActorRef | undefined {
    return this.system.host.actor(id)
  }

  stop(): void {
    this.system.stop()
  }
}
