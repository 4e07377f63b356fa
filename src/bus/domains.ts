import type { Subscription } from 'rxjs'
import type { LazyDomain } from '../../actors/boot'
import type { Domain } from '../../actors/domain'
import type { ActorSpec } from '../../actors/spec'
import type { Bus } from './bus'
import type { ActorHost, LazyStarts } from './host'

/**
 * Domains started when first needed (docs/architecture.md, "Domains start when first needed").
 * The loader imports a lazy domain's module when a view shows one of its routes or popups, or
 * when the bus processes an event that asks for it (actors/boot.ts, `asks`), hands its actors to
 * the host and publishes `domain.started`: the host starts them when it processes that fact, so
 * the moment is in the log, and a replay starts them at the same record.
 */

/** What the host must know of the lazy domains from boot on: what each keeps for its start. */
export const lazyStartsOf = (table: ReadonlyArray<LazyDomain>, held?: ReadonlyMap<string, ReadonlyArray<ActorSpec>>): LazyStarts => ({
  keeps: new Map(table.map((d) => [d.name, d.keeps])),
  ...(held === undefined ? {} : { held }),
})

/** How views and runners ask for a domain. */
export interface DomainStarter {
  /** Resolves once the domain's actors run (at once for a boot domain); rejects when its code cannot be loaded (ask again to retry). */
  ensure(name: string): Promise<void>
  /** Whether the domain's actors run. */
  running(name: string): boolean
}

/** Every domain runs from boot: a system started with all of them (tests). */
export const allRunning: DomainStarter = { ensure: () => Promise.resolve(), running: () => true }

export interface DomainLoader extends DomainStarter {
  stop(): void
}

/**
 * The live loader. `publish` decides who starts a domain: true in a live or test system (it
 * publishes `domain.started`), false in a replay system, whose records bring the fact: there it
 * hands the code to the host and waits for the record.
 */
export const startDomainLoader = (bus: Bus, host: ActorHost, table: ReadonlyArray<LazyDomain>, o: { readonly publish: boolean }): DomainLoader => {
  const byName = new Map(table.map((d) => [d.name, d]))
  const pending = new Map<string, Promise<void>>()
  const waiting = new Map<string, Array<() => void>>()
  const running = (name: string): boolean => !byName.has(name) || host.started(name)
  const started = (name: string): void => {
    for (const resolve of waiting.get(name) ?? []) resolve()
    waiting.delete(name)
  }
  const ensure = (name: string): Promise<void> => {
    if (running(name)) return Promise.resolve()
    const known = pending.get(name)
    if (known !== undefined) return known
    const entry = byName.get(name)!
    const p = entry.load().then(
      (domain: Domain) => {
        if (host.started(name)) return
        host.provide(name, domain.actors)
        if (o.publish) {
          bus.publish({ type: 'domain.started', domain: name }, 'runner', 'domains')
          return
        }
        return new Promise<void>((resolve) => waiting.set(name, [...(waiting.get(name) ?? []), resolve]))
      },
      (error: unknown) => {
        // A failed import is forgotten: the next ask imports the module afresh.
        pending.delete(name)
        throw error
      },
    )
    pending.set(name, p)
    return p
  }
  const asked = table.flatMap((d) => d.asks.map((a) => ({ name: d.name, ask: a })))
  const askedTypes = new Set(asked.map((a) => a.ask.type as string))
  const sub: Subscription = bus.records$.subscribe((record) => {
    if (record.event.type === 'domain.started') started(record.event.domain)
    if (!askedTypes.has(record.event.type) || !o.publish) return
    for (const { name, ask } of asked) {
      if (ask.type !== record.event.type || running(name) || (ask.when !== undefined && !ask.when(record.event))) continue
      ensure(name).catch((error: unknown) => console.warn(`lobby: the ${name} domain could not be loaded; it is asked again when next needed`, error))
    }
  })
  return { ensure, running, stop: () => sub.unsubscribe() }
}
