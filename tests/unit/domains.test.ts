import { describe, expect, it } from 'vitest'
import { actorSpecs, domains } from '../../actors'
import { eventDefs } from '../../schemas/events'
import { appEvents } from '../../schemas/events/app'
import { clockEvents } from '../../schemas/events/clock'
import { diagnosticsEvents } from '../../schemas/events/diagnostics'
import { domainEvents } from '../../schemas/events/domain'
import { hallEvents } from '../../schemas/events/hall'
import { kitEvents } from '../../schemas/events/kit'
import { i18n, loadDomainWords, SHARED_NAMESPACES } from '../../src/i18n'
import { NAMESPACES } from '../../src/i18n/locale-table'

/**
 * The boot list (actors/domains.ts) is the lobby's one registration point: each domain's module
 * (actors/<domain>/domain.ts) holds its actors, events, routes, popups and namespaces, and what
 * the host starts, the bus validates and the i18n loader fetches is read from it.
 */

/** The bus's own events, which belong to no domain: the app, the clock, domain starts, the hall runner, the kit, diagnostics. */
const CORE_EVENTS = [...appEvents, ...clockEvents, ...domainEvents, ...hallEvents, ...kitEvents, ...diagnosticsEvents].map((d) => d.type)

describe('domains', () => {
  it('have distinct names, and the host starts their actors in the boot list order', () => {
    expect(new Set(domains.map((d) => d.name)).size).toBe(domains.length)
    expect(actorSpecs.map((a) => a.id)).toEqual(domains.flatMap((d) => d.actors.map((a) => a.id)))
    expect(new Set(actorSpecs.map((a) => a.id)).size).toBe(actorSpecs.length)
  })

  it('declare every event of the catalogue once, the core events aside', () => {
    const declared = domains.flatMap((d) => d.events.map((e) => e.type))
    expect(new Set(declared).size).toBe(declared.length)
    expect([...CORE_EVENTS, ...declared].sort()).toEqual(eventDefs.map((d) => d.type).sort())
  })

  it('own every locale namespace once, the shared ones aside', () => {
    const owned = domains.flatMap((d) => d.namespaces)
    expect(new Set(owned).size).toBe(owned.length)
    expect([...SHARED_NAMESPACES, ...owned].sort()).toEqual([...NAMESPACES].sort())
  })

  it("fetch a domain's words for a language from its module", async () => {
    const withdraw = domains.find((d) => d.name === 'withdraw')!
    expect(i18n.hasResourceBundle('de_DE', 'withdraw')).toBe(false)
    await loadDomainWords(withdraw, 'de_DE')
    expect(i18n.hasResourceBundle('de_DE', 'withdraw')).toBe(true)
  })
})
