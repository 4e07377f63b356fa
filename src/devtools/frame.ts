import type { AnyActorRef, Snapshot } from 'xstate'
import type { LobbyEvent } from '../../schemas/events'
import type { LobbySystem } from '../system'
import type { SnapshotRow } from './cursor'

/**
 * What the rendered lobby screen reads: a system whose actors show the snapshots of one point of
 * a replayed session. Views render from whatever system they are given (SystemProvider), so the
 * real lobby screens draw from these snapshots exactly as they drew from the live actors. In
 * replay the screen is inert (intents are dropped); a fork hands the frame its live system.
 *
 * The screen itself is drawn in an iframe (devtools.html?frame) so the phone or desktop frame has
 * its own viewport: the lobby's media queries and its `useMedia` hooks see the frame's width, not
 * the devtools window's. The iframe, same origin, reads this host from `window.parent`.
 */

type Listener = () => void

/** A stand-in actor: the snapshot the frame shows, and change notifications. */
class FrameActor {
  private readonly listeners = new Set<(s: unknown) => void>()
  constructor(
    readonly id: string,
    private snapshot: Snapshot<unknown> | undefined,
  ) {}

  getSnapshot(): Snapshot<unknown> | undefined {
    return this.snapshot
  }

  subscribe(observer: ((s: unknown) => void) | { next?: (s: unknown) => void }) {
    const fn = typeof observer === 'function' ? observer : (s: unknown) => observer.next?.(s)
    this.listeners.add(fn)
    return { unsubscribe: () => void this.listeners.delete(fn) }
  }

  send(): void {}

  on() {
    return { unsubscribe: () => {} }
  }

  set(s: Snapshot<unknown> | undefined): void {
    if (s === this.snapshot) return
    this.snapshot = s
    for (const l of this.listeners) l(s)
  }
}

/** What the frame page renders: a system, the interface language, and whether it takes input. */
export interface FrameState {
  readonly system: LobbySystem
  /** Changes when the frame must mount a different system (a fork). */
  readonly key: string
  readonly language: string
  readonly interactive: boolean
}

/** The host the frame iframe reads through `window.parent.__lobbyFrameHost`. */
export class FrameHost {
  private readonly actors = new Map<string, FrameActor>()
  private readonly listeners = new Set<Listener>()
  private state: FrameState

  constructor(
    private readonly base: LobbySystem,
    private readonly actorIds: ReadonlyArray<string>,
    language: string,
  ) {
    for (const id of actorIds) this.actors.set(id, new FrameActor(id, base.host.actor(id)?.getSnapshot() as Snapshot<unknown> | undefined))
    this.state = { system: this.replaySystem(), key: 'replay', language, interactive: false }
  }

  private replaySystem(): LobbySystem {
    return {
      ...this.base,
      send: (_intent: LobbyEvent) => {},
      actor: (id: string) => {
        const a = this.actors.get(id)
        if (a === undefined) throw new Error(`no actor '${id}'`)
        return a as unknown as AnyActorRef
      },
    }
  }

  /** Shows the snapshots of one point of the replay. */
  show(row: SnapshotRow, language: string): void {
    this.actorIds.forEach((id, i) => this.actors.get(id)?.set(row[i]))
    if (this.state.key !== 'replay' || this.state.language !== language) {
      this.state = { system: this.replaySystem(), key: 'replay', language, interactive: false }
      this.emit()
    }
  }

  /** Hands the frame a live system (a fork): it renders it and takes input. */
  showLive(system: LobbySystem, key: string, language: string): void {
    this.state = { system, key, language, interactive: true }
    this.emit()
  }

  get current(): FrameState {
    return this.state
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private emit(): void {
    for (const l of this.listeners) l()
  }
}

declare global {
  interface Window {
    __lobbyFrameHost?: FrameHost
  }
}
