import { describe, expect, it } from 'vitest'
import type { LobbyEvent } from '../../../schemas/events'
import { TRACE_LIMITS, type TraceReport } from '../../../schemas/hall/calls/site'
import { Bus } from '../../../src/bus/bus'
import {
  BATCH_DELAY_MS, BATCH_SIZE, RESOURCES_PER_MINUTE, TRACES_PER_MINUTE, TRACES_PER_PAGE, errorTrace, redactQuery, rejectionTrace, resourceTrace, startTraceRunner, traceGate,
  type ResourceEntry, type TracePorts,
} from '../../../src/effects/trace'
import { appStarted, siteConfig } from '../../support/site-fixtures'

const HREF = 'http://127.0.0.1:8080/home/game?site=001'
const resource = (duration: number, name = 'http://127.0.0.1:8080/assets/big.js'): ResourceEntry => ({ name, duration, initiatorType: 'script' })
const error = (message: string, lineno = 1) => ({ message, filename: 'http://127.0.0.1:8080/assets/index.js', lineno, colno: 2 })

describe('what the trace runner reports', () => {
  it('a resource of 3000 ms or more, never one under, and never the player logger’s own call', () => {
    expect(resourceTrace(resource(2999.99), HREF, 0)).toBeNull()
    expect(resourceTrace(resource(3000), HREF, 0)).toMatchObject({ event: 'resource', message: 'script took 3000 ms', source: 'http://127.0.0.1:8080/assets/big.js', lineno: 0, colno: 0 })
    expect(resourceTrace(resource(Number.NaN), HREF, 0)).toBeNull()
    expect(resourceTrace(resource(9000, 'http://127.0.0.1:8080/hall/v1/netstat/player/logger'), HREF, 0)).toBeNull()
  })

  it('a script error and an unhandled rejection with where they happened, created in UTC', () => {
    expect(errorTrace(error('Uncaught Error: probe', 40), HREF, Date.UTC(2026, 10, 26, 9, 5, 7))).toEqual({
      event: 'error', message: 'Uncaught Error: probe', source: 'http://127.0.0.1:8080/assets/index.js', lineno: 40, colno: 2, href: HREF, created: '2026-11-26 09:05:07',
    })
    const reason = new TypeError('bad')
    reason.stack = 'TypeError: bad\n    at f (http://127.0.0.1:8080/assets/a.js:10:20)'
    expect(rejectionTrace(reason, HREF, 0)).toMatchObject({ event: 'unhandledrejection', message: 'TypeError: bad', source: 'http://127.0.0.1:8080/assets/a.js', lineno: 10, colno: 20 })
    expect(rejectionTrace({ why: 1 }, HREF, 0)).toMatchObject({ message: '{"why":1}', source: '', lineno: 0 })
  })

  it('no token, ticket or code leaves the page, and every text fits the hall’s limits', () => {
    const href = 'http://h/home/game?site=001&token=abc123&ticket=t-9&id=7&code=4321&userkey=uk#x?session_key=sk'
    expect(redactQuery(href)).toBe('http://h/home/game?site=001&token=[redacted]&ticket=[redacted]&id=7&code=[redacted]&userkey=[redacted]#x?session_key=[redacted]')
    const t = errorTrace({ message: `failed http://h/a?token=secret ${'m'.repeat(2000)}`, filename: `http://h/x.js?sign=s1&v=2`, lineno: -3, colno: 1e12 }, href, 0)
    expect(JSON.stringify(t)).not.toMatch(/abc123|secret|t-9|4321|=uk|=sk|s1/)
    expect([t.message.length, t.source, t.lineno, t.colno]).toEqual([TRACE_LIMITS.message, 'http://h/x.js?sign=[redacted]&v=2', 0, TRACE_LIMITS.position])
    expect(t.href).toContain('id=7')
  })
})

describe('the trace gate', () => {
  it('admits the same error once per page', () => {
    const gate = traceGate()
    const t = errorTrace(error('E'), HREF, 0)
    expect([gate.admit(t, 0), gate.admit(t, 1000), gate.admit(errorTrace(error('E', 2), HREF, 0), 1000)]).toEqual([true, false, true])
  })

  it(`admits at most ${TRACES_PER_MINUTE} in any minute and ${TRACES_PER_PAGE} per page`, () => {
    const gate = traceGate()
    const admit = (n: number, at: number) => gate.admit(errorTrace(error(`E${n}`), HREF, at), at)
    const first = Array.from({ length: TRACES_PER_MINUTE + 2 }, (_, i) => admit(i, i))
    expect(first.filter(Boolean)).toHaveLength(TRACES_PER_MINUTE)
    // A minute after the first, room again; a refused error may come back then.
    expect(admit(TRACES_PER_MINUTE, 59_999)).toBe(false)
    expect(admit(TRACES_PER_MINUTE, 60_000)).toBe(true)
    let admitted = TRACES_PER_MINUTE + 1
    for (let minute = 2; minute < 10; minute += 1) {
      for (let i = 0; i < TRACES_PER_MINUTE; i += 1) if (admit(minute * 100 + i, minute * 60_000 + i)) admitted += 1
    }
    expect(admitted).toBe(TRACES_PER_PAGE)
  })
})

/** The runner on a bus of its own, with a page that the test drives and a send that records the batches. */
const setup = (outcome: 'sent' | 'tooMany' = 'sent') => {
  const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
  let on: Parameters<TracePorts['listen']>[0] | null = null
  const timers = new Map<number, () => void>()
  let nextTimer = 0
  const batches: TraceReport[][] = []
  let now = 0
  const ports: TracePorts = {
    now: () => now,
    href: () => `${HREF}&token=secret`,
    listen: (handlers) => {
      on = handlers
      return () => {
        on = null
      }
    },
    setTimeout: (f) => {
      timers.set((nextTimer += 1), f)
      return nextTimer
    },
    clearTimeout: (h) => void timers.delete(h as number),
    send: (traces) => {
      batches.push([...traces])
      return Promise.resolve(outcome)
    },
  }
  const stop = startTraceRunner(bus, ports, { domain: 'h', timezone: 'UTC', fingerprint: 'fp' })
  const page = () => {
    if (on === null) throw new Error('the runner does not listen')
    return on
  }
  const elapse = () => {
    const due = [...timers.values()]
    timers.clear()
    for (const f of due) f()
  }
  const start = (traceReport?: 'open' | 'close') =>
    bus.publish(appStarted({ site: siteConfig({ injected: traceReport === undefined ? {} : { sysInfo: { traceReport } } }) }), 'runner', 'page')
  return { bus, page, elapse, batches, stop, start, tick: (ms: number) => (now += ms), listening: () => on !== null }
}

describe('the trace runner', () => {
  it('sends nothing for a site whose sysInfo leaves trace reports off, even what it saw before it knew', () => {
    const r = setup()
    r.page().error(error('before'))
    r.start()
    r.page().error(error('after'))
    r.page().resource(resource(5000))
    r.elapse()
    expect(r.batches).toEqual([])
    r.start('close')
    r.page().error(error('closed'))
    r.elapse()
    expect(r.batches).toEqual([])
  })

  it(`batches a site’s reports: after ${BATCH_DELAY_MS} ms, at once with ${BATCH_SIZE}, and what came before the flag was known`, () => {
    const r = setup()
    r.page().error(error('early'))
    r.start('open')
    r.page().resource(resource(2999))
    r.page().resource(resource(3000))
    r.page().rejection(new Error('late'))
    expect(r.batches).toEqual([])
    r.elapse()
    expect(r.batches.map((b) => b.map((t) => [t.event, t.message]))).toEqual([[['error', 'early'], ['resource', 'script took 3000 ms'], ['unhandledrejection', 'Error: late']]])
    expect(r.batches[0]?.[0]?.href).toBe(`${HREF}&token=[redacted]`)
    // A minute on (the minute's cap counts these three), a full batch leaves at once.
    r.tick(60_000)
    for (let i = 0; i < BATCH_SIZE; i += 1) r.page().error(error(`E${i}`))
    expect(r.batches).toHaveLength(2)
    expect(r.batches[1]).toHaveLength(BATCH_SIZE)
  })

  it('a loop of errors sends each once and at most the minute’s cap; a hidden page sends at once', () => {
    const r = setup()
    r.start('open')
    for (let i = 0; i < 500; i += 1) r.page().error(error(i % 2 === 0 ? 'loop' : `loop ${i}`))
    r.elapse()
    expect(r.batches.flat()).toHaveLength(TRACES_PER_MINUTE)
    expect(r.batches.flat().filter((t) => t.message === 'loop')).toHaveLength(1)
    r.tick(60_000)
    r.page().error(error('next minute'))
    r.page().hidden()
    expect(r.batches.at(-1)?.map((t) => t.message)).toEqual(['next minute'])
  })

  it('slow resources have caps of their own: a slow first load leaves the script errors their room', () => {
    const r = setup()
    r.start('open')
    for (let i = 0; i < 50; i += 1) r.page().resource(resource(4000, `http://127.0.0.1:8080/assets/chunk-${i}.js`))
    r.page().error(error('after a slow load'))
    r.elapse()
    const sent = r.batches.flat()
    expect(sent.filter((t) => t.event === 'resource')).toHaveLength(RESOURCES_PER_MINUTE)
    expect(sent.filter((t) => t.event === 'error').map((t) => t.message)).toEqual(['after a slow load'])
  })

  it('stops reporting when the hall says the page sent too many, and when the site turns them off', async () => {
    const r = setup('tooMany')
    r.start('open')
    r.page().error(error('one'))
    r.elapse()
    await Promise.resolve()
    r.page().error(error('two'))
    r.elapse()
    expect(r.batches.flat().map((t) => t.message)).toEqual(['one'])

    const s = setup()
    s.start('open')
    s.page().error(error('queued'))
    const sysInfo: LobbyEvent = { type: 'hall.responded', requestId: 'site-1', call: 'getSysInfo', data: { traceReport: 'close' } }
    s.bus.publish(sysInfo, 'runner', 'hall')
    s.elapse()
    expect(s.batches).toEqual([])
    s.stop()
    expect(s.listening()).toBe(false)
  })
})
