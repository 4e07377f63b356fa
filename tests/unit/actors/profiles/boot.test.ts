import { createActor, type AnyEventObject, type AnyStateMachine } from 'xstate'
import { describe, expect, it } from 'vitest'
import { bootBrandActor, bootCurrenciesActor, bootLayoutActor } from '../../../../actors/site'
import type { EventOfType } from '../../../../schemas/events'
import { appStarted, responded, siteConfig } from '../../../support/site-fixtures'

/**
 * The brand logo, layout and currencies by the site's hall profile (issue 45, HallProfile `boot`):
 * read from the copies injected with the page by default; asked of the hall at boot
 * (getBrandLogoUse, getLayout, getAllCurrency) where the profile says `call`, or where the page
 * carries no copy.
 */
const ACTORS = [
  [bootBrandActor, 'getBrandLogoUse', 'brandLogo'],
  [bootLayoutActor, 'getLayout', 'layout'],
  [bootCurrenciesActor, 'getAllCurrency', 'allCurrency'],
] as const

const COPIES = { brandLogo: { hallLogo: '/logo.svg' }, layout: { header: [] }, allCurrency: [] }

const asked = (spec: (typeof ACTORS)[number][0], started: EventOfType<'app.started'>) => {
  const actor = createActor(spec.machine as AnyStateMachine)
  const out: AnyEventObject[] = []
  actor.on('*', (e) => out.push(e))
  actor.start()
  actor.send(started)
  return { actor, out }
}

describe('boot copies by the hall profile', () => {
  it('a page with the injected copies and no profile (or boot injected) asks none', () => {
    for (const site of [siteConfig({ healthy: true, injected: COPIES }), siteConfig({ healthy: true, injected: COPIES, hallProfile: { boot: 'injected' } })]) {
      for (const [spec] of ACTORS) expect(asked(spec, appStarted({ site })).out).toEqual([])
    }
  })

  it('a boot call profile asks each call once at app.started, and its answer is the data views read', () => {
    const site = siteConfig({ healthy: true, injected: COPIES, hallProfile: { boot: 'call' } })
    for (const [spec, call] of ACTORS) {
      const { actor, out } = asked(spec, appStarted({ site }))
      expect(out).toEqual([{ type: 'hall.requested', requestId: `${spec.id}-1`, call, payload: {} }])
      const answer = call === 'getAllCurrency' ? [{ currencyCode: 'BRL' }] : { from: 'hall' }
      actor.send(responded(`${spec.id}-1`, call, answer))
      expect(spec.view(actor.getSnapshot() as never)).toEqual({ status: 'ready', data: answer, error: null })
    }
  })

  it('a page without a copy asks for that one only', () => {
    const site = siteConfig({ healthy: true, injected: { layout: COPIES.layout, allCurrency: [] } })
    expect(asked(bootBrandActor, appStarted({ site })).out.map((e) => e['call'])).toEqual(['getBrandLogoUse'])
    expect(asked(bootLayoutActor, appStarted({ site })).out).toEqual([])
    expect(asked(bootCurrenciesActor, appStarted({ site })).out).toEqual([])
  })
})
