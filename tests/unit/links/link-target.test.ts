import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { frameTarget } from '../../../actors/framebox'
import { goOf } from '../../../actors/tasks'
import { LocationType, linkTarget } from '../../../schemas/link-target'
import { matchPath, pathOf, routeByName } from '../../../schemas/routes'

const link = (location_type: number, location_value = '', location_template = '') => ({ location_type, location_value, location_template })

describe('the one link-type router', () => {
  it('leads each location type of the spec to its target', () => {
    const targets = Object.values(LocationType).map((t) => linkTarget(link(t, t === LocationType.url ? 'https://example.com/x' : ''), { trial: false }))
    expect(targets).toEqual([
      { kind: 'none' },
      { kind: 'url', url: 'https://example.com/x' },
      { kind: 'route', name: 'eventIndex' },
      { kind: 'route', name: 'eventTask' },
      { kind: 'popup', popup: 'pay' },
      { kind: 'route', name: 'eventCashback' },
      { kind: 'route', name: 'promote' },
      { kind: 'route', name: 'vip' },
      // The club category, which offers the club and its app (spec §2: club needs the app).
      { kind: 'route', name: 'subgame', query: { gameCategoryId: '9', platformId: '9999' } },
      { kind: 'route', name: 'yuebao' },
    ])
  })

  it('opens an event with its id and template, else the event list', () => {
    expect(linkTarget(link(3, '42', 'rebate'), { trial: false })).toEqual({ kind: 'route', name: 'eventDetail', params: { template: 'rebate', eventId: '42' } })
    expect(linkTarget(link(3, '42'), { trial: false })).toEqual({ kind: 'route', name: 'eventIndex' })
    expect(linkTarget({ location_type: 3, location_value: '42' }, { trial: false })).toEqual({ kind: 'route', name: 'eventIndex' })
  })

  it('lets nothing but http(s) out, and asks a trial player to register except for an event', () => {
    expect(linkTarget(link(2, 'javascript:alert(1)'), { trial: false })).toEqual({ kind: 'none' })
    expect(linkTarget(link(8), { trial: true })).toEqual({ kind: 'popup', popup: 'register' })
    expect(linkTarget(link(3), { trial: true })).toEqual({ kind: 'route', name: 'eventIndex' })
    expect(linkTarget(link(1), { trial: true })).toEqual({ kind: 'none' })
    expect(linkTarget(link(11), { trial: false })).toEqual({ kind: 'none' })
  })

  it('every route it leads to exists, and its path matches back to it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.string(), fc.string(), fc.boolean(), (type, value, template, trial) => {
        const target = linkTarget(link(type, value, template), { trial })
        if (target.kind !== 'route') return
        expect(routeByName(target.name)).toBeDefined()
        expect(matchPath(pathOf(target.name, target.params ?? {}))?.name).toBe(target.name)
      }),
    )
  })

  it('the frame box, the banners and the task centre follow it alike', () => {
    for (const type of Object.values(LocationType)) {
      const l = link(type, type === LocationType.url ? 'https://example.com/x' : '')
      expect(frameTarget(l, false)).toEqual(linkTarget(l, { trial: false }))
      expect(frameTarget(l, true)).toEqual(linkTarget(l, { trial: true }))
      // A social-bind task without a sign-in of its own (whatsapp 13: its task type does not
      // decide) goes where its location leads.
      const task = { taskType: 13 as const, condition: 0 as const, location_type: type, location_value: l.location_value }
      expect(goOf(task)).toEqual(linkTarget(l, { trial: false }))
    }
  })
})
