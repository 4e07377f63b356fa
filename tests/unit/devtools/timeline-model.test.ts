import { describe, expect, it } from 'vitest'
import { actorSpecs } from '../../../actors'
import { ReplayCursor } from '../../../src/devtools/cursor'
import { diffJson, toPlain } from '../../../src/devtools/diff'
import { TimelineModel, eventSummary } from '../../../src/devtools/model'
import { syntheticLog } from '../../bench/replay-log'

const ids = actorSpecs.map((s) => s.id)
const log = syntheticLog(400)

describe('timeline model', () => {
  const model = new TimelineModel(log, ids)

  it('has a lane per actor, the views and each runner, and places every record in one', () => {
    const lanes = model.lanes.map((l) => l.id)
    expect(lanes.slice(0, ids.length)).toEqual(ids)
    expect(lanes).toContain('view')
    for (let i = 0; i < model.records.length; i++) expect(model.lanes[model.laneIndex[i]!]).toBeDefined()
    const intent = model.records.findIndex((r) => r.kind === 'intent')
    expect(model.lanes[model.laneIndex[intent]!]!.id).toBe('view')
  })

  it('pairs every hall request with its answer by request id, with the time it took', () => {
    const requested = log.records.filter((r) => r.event.type === 'hall.requested').length
    expect(model.network.length).toBe(requested)
    const answered = model.network.filter((c) => c.answer >= 0)
    expect(answered.length).toBeGreaterThan(0)
    for (const c of answered) {
      const req = model.records[c.request]!.event as unknown as { requestId: string }
      const ans = model.records[c.answer]!.event as unknown as { requestId: string }
      expect(ans.requestId).toBe(req.requestId)
      expect(c.ms).toBe(model.records[c.answer]!.at - model.records[c.request]!.at)
      expect(c.ok).toBe(false)
      expect(c.error).toBe('Network')
    }
    expect(model.networkOf(answered[0]!.answer)).toBe(answered[0])
  })

  it('marks failed calls and blocked sites as errors', () => {
    const failures = log.records.filter((r) => r.event.type === 'hall.failed' || r.event.type === 'site.blocked').length
    expect(model.errorCount).toBe(failures)
    expect(model.filter({ errorsOnly: true }).length).toBe(failures)
  })

  it('filters by kind, type (exact or prefix), actor and text', () => {
    const all = model.filter({})
    expect(all.length).toBe(log.records.length)
    const intents = model.filter({ kinds: ['intent'] })
    expect([...intents].every((i) => model.records[i]!.kind === 'intent')).toBe(true)
    const hall = model.filter({ type: 'hall.' })
    expect([...hall].every((i) => model.records[i]!.event.type.startsWith('hall.'))).toBe(true)
    expect(model.filter({ type: 'hall.failed' }).length).toBe(log.records.filter((r) => r.event.type === 'hall.failed').length)
    const site = model.filter({ actors: ['site'] })
    expect([...site].every((i) => model.records[i]!.source === 'site' || 'site' in (model.records[i]!.states ?? {}))).toBe(true)
    expect(model.filter({ text: 'CONNECTION REFUSED BY THE BENCH' }).length).toBe(log.records.filter((r) => r.event.type === 'hall.failed').length)
  })

  it('follows cause links both ways', () => {
    const notice = model.records.findIndex((r) => r.cause !== undefined)
    const cause = model.causeOf(notice)
    expect(model.records[cause]!.seq).toBe(model.records[notice]!.cause)
    expect(model.effectsOf(cause)).toContain(notice)
    expect(model.positionAtOrBefore(model.records.at(-1)!.seq + 10)).toBe(model.records.length - 1)
  })

  it('summarizes an event on one line', () => {
    expect(eventSummary(model.records[0]!)).toMatch(/^appVersion=bench site=/)
  })
})

describe('replay cursor', () => {
  it('gives each actor\'s state before and after a record, as the log recorded it', () => {
    const cursor = new ReplayCursor(log)
    const withState = log.records.filter((r) => r.states !== undefined && 'site' in r.states).slice(0, 6)
    const site = cursor.actorIds.indexOf('site')
    for (const r of withState) {
      const s = cursor.seek(r.seq)
      expect(s.divergence).toBeNull()
      expect(toPlain((s.after[site] as unknown as { value: unknown }).value)).toEqual(r.states!['site'])
      expect(s.before[site]).not.toBe(s.after[site])
    }
  })

  it('goes back by replaying again from the start, with the same snapshots', () => {
    const long = syntheticLog(1500)
    const cursor = new ReplayCursor(long)
    const target = long.records[40]!.seq
    const first = cursor.seek(target)
    const gen = cursor.systemGeneration
    cursor.seek(long.records[1490]!.seq)
    const again = cursor.seek(target)
    expect(cursor.systemGeneration).toBe(gen + 1)
    expect(again.after.map((s) => toPlain((s as unknown as { value: unknown }).value))).toEqual(first.after.map((s) => toPlain((s as unknown as { value: unknown }).value)))
  })

  it('reports where a log diverges from this build', () => {
    const edited = { ...log, records: log.records.map((r) => (r.seq === 3 && r.kind === 'notice' ? { ...r, event: { ...r.event, type: 'site.somethingElse' } } : r)) }
    const cursor = new ReplayCursor(edited)
    const s = cursor.seek(10)
    expect(s.divergence?.seq).toBe(3)
  })
})

describe('diff', () => {
  it('lists added, removed and changed paths', () => {
    expect(diffJson({ value: 'a', context: { n: 1, list: [1, 2], gone: true } }, { value: 'b', context: { n: 1, list: [1, 3, 4], extra: 'x' } })).toEqual([
      { path: 'value', kind: 'changed', before: 'a', after: 'b' },
      { path: 'context.list[1]', kind: 'changed', before: 2, after: 3 },
      { path: 'context.list[2]', kind: 'added', after: 4 },
      { path: 'context.gone', kind: 'removed', before: true },
      { path: 'context.extra', kind: 'added', after: 'x' },
    ])
    expect(diffJson({ a: 1 }, { a: 1 })).toEqual([])
  })
})
