import { describe, expect, it } from 'vitest'
import { domains } from '../../actors'
import { PopupId } from '../../schemas/events/popup'
import { ROUTES } from '../../schemas/routes'
import { pageOf, popupViewOf, SCREENS } from '../../src/views/routing/registry'

/**
 * Every route and popup of the spec belongs to one domain of the boot list (actors/domains.ts),
 * and has its own screen from that domain's screens (src/views/<folder>/screens.tsx).
 */
describe('routes, popups and screens', () => {
  it('gives every route one domain and its page', () => {
    const owners = ROUTES.map((r) => domains.filter((d) => (d.routes as ReadonlyArray<string>).includes(r.name)).map((d) => d.name))
    expect(ROUTES.filter((_, i) => owners[i]!.length !== 1).map((r) => r.name)).toEqual([])
    expect(ROUTES.filter((r) => pageOf(r.name) === undefined).map((r) => r.name)).toEqual([])
  })

  it('gives every popup one domain and its view', () => {
    const owners = PopupId.literals.map((p) => domains.filter((d) => (d.popups as ReadonlyArray<string>).includes(p)).map((d) => d.name))
    expect(PopupId.literals.filter((_, i) => owners[i]!.length !== 1)).toEqual([])
    expect(PopupId.literals.filter((p) => popupViewOf(p) === undefined)).toEqual([])
  })

  it('takes screens only from the domains that declare them', () => {
    for (const s of SCREENS) {
      const domain = domains.find((d) => d.name === s.domain)
      expect(domain, s.domain).toBeDefined()
      expect(Object.keys(s.pages).sort()).toEqual([...domain!.routes].sort())
      expect(Object.keys(s.popups).sort()).toEqual([...domain!.popups].sort())
    }
  })
})
