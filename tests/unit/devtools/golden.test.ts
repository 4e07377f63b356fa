import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseNdjson, toNdjson, type LogFile } from '../../../src/bus/ndjson'
import { replayLog } from '../../../src/bus/replayer'
import { checkGolden, cutLog, describeOutcome, leafPaths, parseExpectFile, runStart } from '../../../src/devtools/golden'

/**
 * A golden test made from a session (src/devtools/golden.ts, npm run golden): the log cut to a
 * record with what that record caused, the setup that must replay identical, and the expectations
 * read at the end, on the golden log of a sign-up (tests/replay/session-flow.ndjson).
 */

const root = path.resolve(import.meta.dirname, '../../..')
const read = (name: string): LogFile => {
  const parsed = parseNdjson(readFileSync(path.join(root, 'tests/replay', name), 'utf8'))
  if (!parsed.ok) throw new Error(parsed.error.message)
  return parsed.file
}
const log = read('session-flow.ndjson')

describe('a golden test from a session', () => {
  it('cuts a log after a record with the notices that record caused, and the cut log replays identical', () => {
    // seq 68 is the sign-up intent; 69 is the request the session emitted for it.
    const cut = cutLog(log, 68)
    expect(cut.records.map((r) => r.seq).slice(-2)).toEqual([68, 69])
    expect(cut.header).toEqual(log.header)
    const written = parseNdjson(toNdjson(cut.header, cut.records))
    expect(written.ok).toBe(true)
    if (!written.ok) return
    expect(written.file.records).toEqual(cut.records)
    expect(replayLog(written.file).identical).toBe(true)
  })

  it('finds the input whose run holds a record', () => {
    expect(runStart(log, 69)).toBe(68)
    expect(runStart(log, 68)).toBe(68)
    expect(runStart(log, 60)).toBe(59)
  })

  it('passes the expectations that hold at the end and names the ones that do not', () => {
    const cut = cutLog(log, 70)
    const [state] = leafPaths(checkGolden(cut, { from: 68, expect: [] }).snapshots['session']?.value)
    expect(state).toBeDefined()
    const outcome = checkGolden(cut, {
      from: 68,
      expect: [
        { actor: 'session', in: state! },
        { actor: 'session', in: 'no.such.state' },
        { notice: 'hall.requested', emitted: true, with: { call: 'register' } },
        { notice: 'popup.shown', emitted: false },
        { notice: 'popup.shown', emitted: true },
      ],
    })
    const [same, other, requested, noPopup, popup] = outcome.results
    expect(same!.ok).toBe(true)
    expect(other!.ok).toBe(false)
    expect(other!.actual).toBe(state)
    expect(requested!.ok).toBe(true)
    expect(noPopup!.ok).toBe(true)
    expect(popup!.ok).toBe(false)
    expect(popup!.actual).toBe('none emitted')
    expect(outcome.passed).toBe(false)
    const lines = describeOutcome(outcome)
    expect(lines).toContain('FAIL     notice popup.shown emitted; actual none emitted')
    expect(lines.at(-1)).toBe('result   NOT AS EXPECTED')
    // A notice before `from` does not count: the popup shown at 64 is setup.
    expect(checkGolden(cut, { from: 63, expect: [{ notice: 'popup.shown', emitted: true }] }).passed).toBe(true)
  })

  it('reads a context value by its path, and says where the actor last changed', () => {
    const cut = cutLog(log, 70)
    const site = checkGolden(cut, { from: 68, expect: [] }).snapshots['site']!.context as Record<string, unknown>
    const key = Object.keys(site).find((k) => typeof site[k] === 'string')!
    const outcome = checkGolden(cut, {
      from: 68,
      expect: [
        { actor: 'site', context: key, equals: site[key] },
        { actor: 'site', context: key, equals: 'not this' },
      ],
    })
    expect(outcome.results.map((r) => r.ok)).toEqual([true, false])
    expect(outcome.results[1]!.actual).toBe(site[key])
    expect(outcome.results[1]!.lastChanged).not.toBeNull()
  })

  it('fails when the setup before `from` no longer replays as recorded, naming the record and actor', () => {
    const cut = cutLog(log, 70)
    // The music actor's request at seq 60 claimed to be another call: the setup diverges there.
    const altered: LogFile = {
      header: cut.header,
      records: cut.records.map((r) => (r.seq === 60 ? { ...r, event: { ...r.event, call: 'hotList' } } : r)),
    }
    const outcome = checkGolden(altered, { from: 68, expect: [] })
    expect(outcome.passed).toBe(false)
    expect(outcome.setupDivergence?.seq).toBe(60)
    expect(outcome.setupDivergence?.actor).toBe('music')
    expect(describeOutcome(outcome)[0]).toMatch(/^setup {4}DIVERGED at seq 60 \(actor music\)/)
    // After `from`, the same change is only reported: the expectations decide.
    const late = checkGolden(altered, { from: 58, expect: [] })
    expect(late.passed).toBe(true)
    expect(late.divergence?.seq).toBe(60)
  })

  it('refuses an expectation file that is not one', () => {
    expect(parseExpectFile('{').ok).toBe(false)
    expect(parseExpectFile('{"format":"lobby-golden-expect","version":2,"from":1,"until":2,"expect":[]}')).toEqual({
      ok: false,
      message: 'expectation file version 2 is not supported (this build reads 1)',
    })
    expect(parseExpectFile('{"format":"lobby-golden-expect","version":1,"from":1,"until":2,"expect":[{"actor":"x"}]}').ok).toBe(false)
    expect(parseExpectFile('{"format":"lobby-golden-expect","version":1,"log":"a.ndjson","from":1,"until":2,"expect":[{"actor":"x","in":"y"}]}').ok).toBe(true)
  })
})

describe('a golden test of a session whose domains started when first needed', () => {
  it('starts each late domain at its domain.started, as the replay does, and reads its actors at the end', () => {
    // Recorded with lazy domains: savings started by the sign-in, withdraw by its route.
    const lazy = read('lazy-withdraw.ndjson')
    const started = lazy.records.filter((r) => r.event.type === 'domain.started').map((r) => (r.event as unknown as { domain: string }).domain)
    expect(started).toEqual(['yuebao', 'withdraw'])
    const outcome = checkGolden(lazy, { from: lazy.records[0]!.seq, expect: [] })
    expect(outcome.snapshots['yuebao']).toBeDefined()
    expect(Object.keys(outcome.snapshots).some((id) => id.startsWith('withdraw'))).toBe(true)
  })
})
