import { describe, expect, it } from 'vitest'
import { fastest, LINES_DELAYS, pingBand, selectCurrentLine, selectLineMenu, START_LINES } from '../../../../actors/lines'
import { BASE, cancelled, confirmed, linesOf, menuOpened, pinged, selected, startLines, started } from './support'

describe('lines actor: the start', () => {
  it('times the first 19 lines at start and switches the API base to the fastest', () => {
    const t = startLines()
    const lines = linesOf(25)
    t.send(started(lines))
    const [request] = t.drain()
    expect(request).toEqual({ type: 'lines.testRequested', round: 'lines-1', urls: lines.slice(0, START_LINES).map((l) => l.url) })
    t.answer((_, i) => (i === 7 ? 40 : 300 + i))
    expect(t.drain()).toEqual([{ type: 'lines.baseChosen', url: 'http://l8.test/hall' }])
    expect(t.snapshot().value).toEqual({ running: { test: 'watching', menu: 'closed' } })
    expect(selectCurrentLine(t.snapshot())).toEqual({ url: 'http://l8.test/hall', title: 'Line 8', ping: 40, band: 'green' })
  })

  it('waits for every line of the round before choosing, and ignores answers of other rounds or lines', () => {
    const t = startLines()
    t.send(started(linesOf(3)))
    t.drain()
    t.send(pinged('lines-1', 'http://l3.test/hall', 10), pinged('lines-0', 'http://l1.test/hall', 1), pinged('lines-1', 'http://other/hall', 1))
    expect(t.snapshot().matches({ running: { test: 'testing' } })).toBe(true)
    t.send(pinged('lines-1', 'http://l3.test/hall', 5)) // the same line twice: the first answer counts
    t.send(pinged('lines-1', 'http://l1.test/hall', 20), pinged('lines-1', 'http://l2.test/hall', 30))
    expect(t.drain()).toEqual([{ type: 'lines.baseChosen', url: 'http://l3.test/hall' }])
    expect(t.snapshot().context.pings['http://l3.test/hall']).toBe(10)
  })

  it('keeps the base when it is the fastest, and takes the first line on a tie', () => {
    expect(fastest(['a', 'b', 'c'], { a: 50, b: 20, c: 20 })).toBe('b')
    expect(fastest(['a', 'b'], { a: 9999, b: 0 })).toBeNull()
    const t = startLines()
    t.send(started([{ url: BASE, title: 'Main' }, ...linesOf(1)]))
    t.drain()
    t.answer((_, i) => (i === 0 ? 15 : 90))
    expect(t.drain()).toEqual([])
    expect(t.snapshot().context.current).toBe(BASE)
  })

  it('times only the line in use when every line failed at start', () => {
    const t = startLines()
    t.send(started(linesOf(3)))
    t.drain()
    t.answer(() => 9999)
    expect(t.drain()).toEqual([{ type: 'lines.testRequested', round: 'lines-2', urls: [BASE] }])
    t.answer(() => 9999)
    expect(t.drain()).toEqual([])
    expect(t.snapshot().value).toEqual({ running: { test: 'watching', menu: 'closed' } })
    expect(selectCurrentLine(t.snapshot()).band).toBe('failed')
  })

  it('times the line in use when the site offers no lines', () => {
    const t = startLines()
    t.send(started(undefined))
    expect(t.drain()).toEqual([{ type: 'lines.testRequested', round: 'lines-1', urls: [BASE] }])
    t.answer(() => 120)
    expect(t.drain()).toEqual([])
    expect(selectCurrentLine(t.snapshot())).toEqual({ url: BASE, title: '', ping: 120, band: 'green' })
  })

  it('ignores a malformed injected line list', () => {
    const t = startLines()
    const e = started(undefined)
    t.send({ ...e, site: { ...e.site, injected: { lines: [{ url: 1 }] } } })
    expect(t.drain()).toEqual([{ type: 'lines.testRequested', round: 'lines-1', urls: [BASE] }])
  })

  it('starts again on a new app.started without reusing a round id', () => {
    const t = startLines()
    t.send(started(linesOf(2)))
    t.send(started(linesOf(2)))
    const requests = t.drain()
    expect(requests.map((r) => (r as { round?: string }).round)).toEqual(['lines-1', 'lines-2'])
  })
})

describe('lines actor: retests', () => {
  it('times the line in use every 15 s', () => {
    const t = startLines()
    t.send(started(linesOf(3)))
    t.drain()
    t.answer((_, i) => 100 * (i + 1))
    t.drain()
    t.clock.increment(LINES_DELAYS.retest - 1)
    expect(t.drain()).toEqual([])
    t.clock.increment(1)
    expect(t.drain()).toEqual([{ type: 'lines.testRequested', round: 'lines-2', urls: ['http://l1.test/hall'] }])
    t.answer(() => 700)
    expect(selectCurrentLine(t.snapshot()).band).toBe('yellow')
    t.clock.increment(LINES_DELAYS.retest)
    expect(t.lastRound().round).toBe('lines-3')
  })

  it('times every line while the menu is open', () => {
    const t = startLines()
    t.send(started(linesOf(2)))
    t.answer(() => 100)
    t.send(menuOpened)
    t.answer(() => 100)
    t.drain()
    t.clock.increment(LINES_DELAYS.retest)
    expect(t.drain()).toEqual([{ type: 'lines.testRequested', round: 'lines-3', urls: ['http://l1.test/hall', 'http://l2.test/hall'] }])
  })
})

describe('lines actor: the menu', () => {
  const ready = () => {
    const t = startLines()
    t.send(started(linesOf(4)))
    t.answer((_, i) => [300, 9999, 700, 1200][i] ?? 0)
    t.drain()
    return t
  }

  it('times every line when the menu opens, and lists only lines with a live ping, with their bands', () => {
    const t = ready()
    t.send(menuOpened)
    expect(t.drain()).toEqual([
      { type: 'lines.testRequested', round: 'lines-2', urls: linesOf(4).map((l) => l.url) },
    ])
    const during = selectLineMenu(t.snapshot())
    expect(during.open).toBe(true)
    expect(during.testing).toBe(true)
    t.answer((_, i) => [450, 9999, 501, 1001][i] ?? 0)
    const menu = selectLineMenu(t.snapshot())
    expect(menu.testing).toBe(false)
    expect(menu.items.map((i) => [i.title, i.ping, i.band, i.selected])).toEqual([
      ['Line 1', 450, 'green', true],
      ['Line 3', 501, 'yellow', false],
      ['Line 4', 1001, 'red', false],
    ])
    expect(selectLineMenu(t.snapshot())).toBe(menu)
  })

  it('every line of the site is timed when the menu opens, beyond the first 19', () => {
    const t = startLines()
    t.send(started(linesOf(21)))
    t.answer(() => 100)
    t.send(menuOpened)
    expect(t.lastRound().urls).toHaveLength(21)
  })

  it('a menu opened during a retest of the line in use times every line', () => {
    const t = ready()
    t.clock.increment(LINES_DELAYS.retest)
    expect(t.lastRound().urls).toEqual(['http://l1.test/hall'])
    t.send(menuOpened)
    expect(t.lastRound()).toEqual({ type: 'lines.testRequested', round: 'lines-3', urls: linesOf(4).map((l) => l.url) })
  })

  it('a menu opened during the start round does not start another round', () => {
    const t = startLines()
    t.send(started(linesOf(2)))
    t.drain()
    t.send(menuOpened)
    expect(t.drain()).toEqual([])
    t.answer((_, i) => (i === 1 ? 50 : 80))
    expect(t.drain()).toEqual([{ type: 'lines.baseChosen', url: 'http://l2.test/hall' }])
  })

  it('confirm applies the picked line', () => {
    const t = ready()
    t.send(menuOpened)
    t.answer((_, i) => [300, 9999, 700, 1200][i] ?? 0)
    t.drain()
    t.send(selected('http://l3.test/hall'))
    expect(selectLineMenu(t.snapshot()).selected).toBe('http://l3.test/hall')
    expect(t.snapshot().context.current).toBe('http://l1.test/hall')
    t.send(confirmed)
    expect(t.drain()).toEqual([{ type: 'lines.baseChosen', url: 'http://l3.test/hall' }])
    expect(t.snapshot().context.current).toBe('http://l3.test/hall')
    expect(selectLineMenu(t.snapshot()).open).toBe(false)
  })

  it('cancel reverts the pick; confirming the line in use changes nothing', () => {
    const t = ready()
    t.send(menuOpened, selected('http://l4.test/hall'), cancelled)
    expect(t.snapshot().context.current).toBe('http://l1.test/hall')
    expect(t.snapshot().context.selected).toBeNull()
    t.send(menuOpened)
    expect(selectLineMenu(t.snapshot()).selected).toBe('http://l1.test/hall')
    t.send(confirmed)
    expect(t.drain().filter((e) => e.type === 'lines.baseChosen')).toEqual([])
  })

  it('refuses a failed, untested or unknown line', () => {
    const t = ready()
    t.send(menuOpened)
    t.send(selected('http://l2.test/hall'), selected('http://nowhere/hall'))
    expect(t.snapshot().context.selected).toBe('http://l1.test/hall')
  })

  it('ignores menu intents while the menu is closed', () => {
    const t = ready()
    t.send(selected('http://l3.test/hall'), confirmed, cancelled)
    expect(t.drain()).toEqual([])
    expect(t.snapshot().context.current).toBe('http://l1.test/hall')
  })
})

describe('ping bands (spec §9)', () => {
  it('green up to 500, yellow above 500, red above 1000, failed 9999, untested 0', () => {
    expect([1, 500, 501, 1000, 1001, 9998, 9999, 0].map(pingBand)).toEqual([
      'green', 'green', 'yellow', 'yellow', 'red', 'red', 'failed', 'untested',
    ])
    expect(pingBand(undefined)).toBe('untested')
  })
})
