import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { NEXT_PAGE_LOCK_MS, clampPage, createPagedMachine, pageCount, sizeOf, type PagedConfig } from '../../../actors/kit'
import type { LobbyEvent } from '../../../schemas/events'
import { vipInfo } from '../../../schemas/hall/calls/vip'
import { modelHarness } from '../harness'

/**
 * The paged-list factory (spec §4 Table) on every path the sample events generate: conditions,
 * pages (in range, past the end, below 1), sizes, the mobile next page with its 200 ms lock,
 * changes while loading, failures and retries, sign-in and sign-out. Every record screen
 * inherits this.
 */
type Row = { readonly id: number }
const CALL = vipInfo
const config: PagedConfig<typeof CALL, Row> = {
  id: 'records',
  call: CALL,
  audience: 'real',
  request: (q) => ({ ...q.condition, page: q.page, size: q.size }),
  read: (d) => d as unknown as { rows: ReadonlyArray<Row>; total: number },
  refetchOn: ['realtime.payOrderSucceeded'],
  retryOn: ['socket.opened'],
  reloadOn: ['messages.changed'],
}
const machine = createPagedMachine(config)
type Snap = SnapshotFrom<typeof machine>
type Ev = LobbyEvent | { readonly type: 'list.unlocked' }

const site = (device: 'desktop' | 'mobile'): LobbyEvent => ({
  type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'USD', languages: [], currencies: [], systemToken: '', autoVisitorLogin: true, device,
})
const login = (real: boolean): LobbyEvent =>
  ({ type: 'session.loggedIn', mode: real ? 'normal' : 'trymode', username: 'p', accountType: real ? 0 : 1, real, mustChangePassword: false })
const page = (c: Snap['context'], total: number): LobbyEvent => {
  const size = sizeOf(c)
  const count = Math.max(0, Math.min(size, total - (c.page - 1) * size))
  return { type: 'hall.responded', requestId: c.pendingId ?? 'none', call: CALL.name, data: { rows: Array.from({ length: count }, (_, i) => ({ id: (c.page - 1) * size + i })), total } }
}

const events = (s: Snap): Ev[] => {
  const c = s.context
  const out: Ev[] = [login(false), { type: 'list.opened', list: 'other', condition: {} }]
  if (c.locked) out.push({ type: 'list.unlocked' })
  if (c.requestCount < 3) {
    out.push(
      c.device === 'desktop' ? site('mobile') : site('desktop'),
      login(true),
      { type: 'session.loggedOut', reason: 'logout' },
      { type: 'list.opened', list: 'records', condition: { dateType: 7 } },
      { type: 'list.conditionChanged', list: 'records', condition: { state: 10002 } },
      { type: 'list.pageChosen', list: 'records', page: 3 },
      { type: 'list.pageChosen', list: 'records', page: 99 },
      { type: 'list.sizeChosen', list: 'records', size: 20 },
      { type: 'list.nextRequested', list: 'records' },
      { type: 'list.retryRequested', list: 'records' },
      { type: 'realtime.payOrderSucceeded' } as unknown as LobbyEvent,
      { type: 'socket.opened', connection: 1 },
      { type: 'messages.changed', change: 'read', count: 1 },
    )
  }
  if (c.pendingId !== null) {
    out.push(page(c, 45), page(c, 0))
    out.push({ type: 'hall.failed', requestId: c.pendingId, call: CALL.name, error: { _tag: 'Network', message: 'offline' } })
  }
  return out
}

const harness = modelHarness({
  name: 'paged list',
  machine,
  events: events,
  drive: (e, { actor, clock }) => (e.type === 'list.unlocked' ? clock.increment(NEXT_PAGE_LOCK_MS) : actor.send(e as never)),
  serializeState: (s) => {
    const c = s.context
    return JSON.stringify([s.value, c.requestCount, c.real, c.device, c.condition, c.page, c.chosenSize, c.rows.length, c.total, c.appending, c.dirty, c.locked, c.known, c.pendingId, c.error === null])
  },
  check: ({ real, emitted }) => {
    const c = real.context
    const asked = emitted.filter((e) => e.type === 'hall.requested')
    // One request at a time, for a real player, with the page, size and condition in force.
    expect(asked.length).toBeLessThanOrEqual(1)
    for (const e of asked) {
      expect(c.real).toBe(true)
      expect(e['requestId']).toBe(c.pendingId)
      expect(e['payload']).toEqual({ ...c.condition, page: c.page, size: sizeOf(c) })
    }
    // The page never leaves 1..ceil(total/size) once the total is known (a next page is at most one past the rows).
    expect(c.page).toBeGreaterThanOrEqual(1)
    if (!c.appending && !c.dirty && c.known) expect(c.page).toBeLessThanOrEqual(Math.max(pageCount(c.total, sizeOf(c)), 1))
    expect([10, 15, 20, 30, 40, 50]).toContain(sizeOf(c))
    expect(c.rows.length).toBeLessThanOrEqual(Math.max(c.total, sizeOf(c)))
    if (!c.real) expect([c.rows, c.pendingId]).toEqual([[], null])
    expect(['loading', 'follow'].includes(real.value as string)).toBe(c.pendingId !== null)
  },
  limits: { paths: 3000, traversal: 200_000, simplePaths: 0 },
})

describe('paged-list factory model', () => {
  it('covers every state, transition and branch', () => {
    const report = harness.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
  }, 120_000)

  it('a condition change goes back to page 1; a change while loading is queried when the answer lands', () => {
    const { real, emitted } = harness.runEvents([
      login(true),
      { type: 'list.opened', list: 'records', condition: {} },
      { type: 'list.pageChosen', list: 'records', page: 2 },
      { type: 'hall.responded', requestId: 'records-1', call: CALL.name, data: { rows: [{ id: 1 }], total: 45 } },
      { type: 'list.pageChosen', list: 'records', page: 4 },
      { type: 'list.conditionChanged', list: 'records', condition: { state: 10003 } },
    ] as never)
    const payloads = emitted.filter((e) => e.type === 'hall.requested').map((e) => e['payload'])
    // records-1 asked page 1; page 2 came while loading and was asked when it landed, clamped to the known total; then page 4, then the condition's page 1.
    expect(payloads).toEqual([{ page: 1, size: 10 }, { page: 2, size: 10 }])
    expect([real.context.page, real.context.condition, real.context.dirty]).toEqual([1, { state: 10003 }, true])
  })

  it('on mobile the next page appends, and a second scroll within 200 ms asks nothing', () => {
    const { real, emitted } = harness.runEvents([
      site('mobile'),
      login(true),
      { type: 'list.opened', list: 'records', condition: {} },
      { type: 'hall.responded', requestId: 'records-1', call: CALL.name, data: { rows: Array.from({ length: 15 }, (_, i) => ({ id: i })), total: 40 } },
      { type: 'list.nextRequested', list: 'records' },
      { type: 'hall.responded', requestId: 'records-2', call: CALL.name, data: { rows: Array.from({ length: 15 }, (_, i) => ({ id: 15 + i })), total: 40 } },
      { type: 'list.nextRequested', list: 'records' },
      { type: 'list.unlocked' },
      { type: 'list.nextRequested', list: 'records' },
    ] as never)
    expect(emitted.filter((e) => e.type === 'hall.requested').map((e) => (e['payload'] as { page: number }).page)).toEqual([1, 2, 3])
    expect(real.context.rows.length).toBe(30)
  })

  it('a reload asks for the page shown on the web, the first page on a phone, and after the answer when loading', () => {
    const asked = (events: ReadonlyArray<unknown>) =>
      harness.runEvents(events as never).emitted.filter((e) => e.type === 'hall.requested').map((e) => (e['payload'] as { page: number }).page)
    const changed = { type: 'messages.changed', change: 'delete', count: 1 }
    const opened = [login(true), { type: 'list.opened', list: 'records', condition: {} }]
    const first = { type: 'hall.responded', requestId: 'records-1', call: CALL.name, data: { rows: [{ id: 1 }], total: 45 } }
    const third = { type: 'hall.responded', requestId: 'records-2', call: CALL.name, data: { rows: [{ id: 21 }], total: 45 } }
    expect(asked([...opened, first, { type: 'list.pageChosen', list: 'records', page: 3 }, third, changed])).toEqual([1, 3, 3])
    expect(asked([site('mobile'), ...opened, first, { type: 'list.nextRequested', list: 'records' }, third, changed])).toEqual([1, 2, 1])
    // While page 1 loads, a reload is asked once the answer lands.
    expect(asked([...opened, changed, first])).toEqual([1, 1])
  })

  it('a list opened before the player signs in is asked at their real sign-in, with its condition, and not for a guest', () => {
    const payloads = (events: ReadonlyArray<unknown>) =>
      harness.runEvents(events as never).emitted.filter((e) => e.type === 'hall.requested').map((e) => e['payload'])
    const early = { type: 'list.opened', list: 'records', condition: { state: 10003 } }
    expect(payloads([early])).toEqual([])
    expect(payloads([early, login(false)])).toEqual([])
    expect(payloads([early, login(true)])).toEqual([{ state: 10003, page: 1, size: 10 }])
    expect(payloads([early, login(false), login(true)])).toEqual([])
  })

  it('a list whose size the spec fixes asks with it on every device and ignores a chosen size', () => {
    const fixed = modelHarness({
      name: 'paged list, fixed size',
      machine: createPagedMachine({ ...config, pageSize: 5 }),
      events: () => [],
      drive: (e, { actor }) => actor.send(e as never),
      serializeState: (s) => JSON.stringify(s.value),
      check: () => undefined,
      limits: { paths: 1, traversal: 1, simplePaths: 0 },
    })
    const { emitted } = fixed.runEvents([
      site('mobile'),
      login(true),
      { type: 'list.opened', list: 'records', condition: {} },
      { type: 'hall.responded', requestId: 'records-1', call: CALL.name, data: { rows: [{ id: 1 }], total: 12 } },
      { type: 'list.sizeChosen', list: 'records', size: 20 },
      { type: 'list.pageChosen', list: 'records', page: 9 },
    ] as never)
    // The chosen size asks nothing; page 9 of 12 rows at 5 a page is page 3.
    expect(emitted.filter((e) => e.type === 'hall.requested').map((e) => e['payload'])).toEqual([{ page: 1, size: 5 }, { page: 3, size: 5 }])
  })

  it('go-to-page clamps to 1..ceil(total/size)', () => {
    expect([clampPage(0, 45, 10), clampPage(3, 45, 10), clampPage(9, 45, 10), clampPage(Number.NaN, 45, 10), clampPage(2, 0, 10)]).toEqual([1, 3, 5, 1, 1])
  })
})
