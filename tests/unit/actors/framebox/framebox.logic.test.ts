import { describe, expect, it } from 'vitest'
import { FRAME_BOX_KEEP, flagsOf, frameTarget, isDue, keep, markShown, toggleNotToday } from '../../../../actors/framebox'
import type { FrameFlags } from '../../../../schemas/events/framebox'
import type { Frame } from '../../../../schemas/hall/calls/site'

const frame = (id: number, frameType: 1 | 2 | 3 | 4, location_type = 1, location_value = '', location_template = ''): Frame => ({
  id, frameType, img_style: 1, img_url: '', img_color: '', img_icon: '', title: '', publicity_name: '', content: '',
  location_type, location_value, location_template, jump_window: 0,
})
const flags = (o: Partial<FrameFlags> = {}): FrameFlags => ({ username: 'p', day: '2030-01-01', shownToday: [], notToday: [], once: [], ...o })

describe('frame box rules', () => {
  it('login frames once per login, day frames once a day, home frames always, one-time frames once', () => {
    expect(isDue(frame(1, 1), flags(), [])).toBe(true)
    expect(isDue(frame(1, 1), flags(), [1])).toBe(false)
    expect(isDue(frame(2, 2), flags({ shownToday: [2] }), [])).toBe(false)
    expect(isDue(frame(3, 3), flags({ shownToday: [3] }), [3])).toBe(true)
    expect(isDue(frame(4, 4), flags({ once: [4] }), [])).toBe(false)
    // 'Not show again today' hides any type for the day.
    expect(isDue(frame(3, 3), flags({ notToday: [3] }), [])).toBe(false)
  })

  it('day flags expire on another day; one-time flags do not', () => {
    const history = [flags({ shownToday: [2], notToday: [3], once: [4] })]
    expect(flagsOf(history, 'p', '2030-01-01')).toEqual(history[0])
    expect(flagsOf(history, 'p', '2030-01-02')).toEqual(flags({ day: '2030-01-02', once: [4] }))
    expect(flagsOf(history, 'q', '2030-01-02')).toEqual(flags({ username: 'q', day: '2030-01-02' }))
  })

  it('keeps the last 5 users, the newest first', () => {
    let history: ReadonlyArray<FrameFlags> = []
    for (const u of ['a', 'b', 'c', 'd', 'e', 'f', 'b']) history = keep(history, flags({ username: u }))
    expect(history.map((f) => f.username)).toEqual(['b', 'f', 'e', 'd', 'c'])
    expect(history).toHaveLength(FRAME_BOX_KEEP)
  })

  it('marks day and one-time frames shown, and toggles not-today', () => {
    expect(markShown(flags(), frame(2, 2)).shownToday).toEqual([2])
    expect(markShown(flags(), frame(4, 4)).once).toEqual([4])
    expect(markShown(flags(), frame(1, 1))).toEqual(flags())
    expect(toggleNotToday(toggleNotToday(flags(), 7), 7).notToday).toEqual([])
    expect(toggleNotToday(flags(), 7).notToday).toEqual([7])
  })

  it('each location type leads to its target; a trial player is asked to register except for events', () => {
    const targets = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((t) => frameTarget(frame(1, 3, t, t === 2 ? 'https://example.com' : ''), false))
    expect(targets).toEqual([
      { kind: 'none' },
      { kind: 'url', url: 'https://example.com' },
      { kind: 'route', name: 'eventIndex' },
      { kind: 'route', name: 'eventTask' },
      { kind: 'popup', popup: 'pay' },
      { kind: 'route', name: 'eventCashback' },
      { kind: 'route', name: 'promote' },
      { kind: 'route', name: 'vip' },
      { kind: 'route', name: 'subgame', query: { gameCategoryId: '9', platformId: '9999' } },
      { kind: 'route', name: 'yuebao' },
    ])
    expect(frameTarget(frame(1, 3, 3, '42', 'rebate'), false)).toEqual({ kind: 'route', name: 'eventDetail', params: { template: 'rebate', eventId: '42' } })
    expect(frameTarget(frame(1, 3, 2, 'javascript:alert(1)'), false)).toEqual({ kind: 'none' })
    expect(frameTarget(frame(1, 3, 8), true)).toEqual({ kind: 'popup', popup: 'register' })
    expect(frameTarget(frame(1, 3, 3), true)).toEqual({ kind: 'route', name: 'eventIndex' })
    expect(frameTarget(frame(1, 3, 1), true)).toEqual({ kind: 'none' })
  })
})
