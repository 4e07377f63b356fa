import { describe, expect, it } from 'vitest'
import { LOG_MIGRATIONS, parseNdjson, type LogMigration } from '../../../src/bus/ndjson'

/**
 * A synthetic version-0 log: no such version was ever released (1 is the first), so this test
 * invents one to prove the hook: records said `time` where version 1 says `at`, and the header
 * had no viewport.
 */
const v0 = [
  { format: 'lobby-log', formatVersion: 0, appVersion: '0.0.9', session: 'old', siteCode: '001', language: 'en_US', startedAt: 1_700_000_000_000 },
  { seq: 1, time: 1_700_000_000_001, session: 'old', kind: 'fact', event: { type: 'dom.visibilityChanged', visible: false }, source: 'dom' },
  { seq: 2, time: 1_700_000_000_002, session: 'old', kind: 'fact', event: { type: 'dom.visibilityChanged', visible: true }, source: 'dom' },
]
  .map((l) => JSON.stringify(l))
  .join('\n')

const zeroToOne: LogMigration = {
  from: 0,
  header: (h) => ({ ...h, viewport: { width: 0, height: 0 } }),
  record: ({ time, ...r }) => ({ ...r, at: time }),
}

describe('log format versions', () => {
  it('refuses a version-0 log this build has no migration for, naming the version', () => {
    expect(LOG_MIGRATIONS.has(0)).toBe(false)
    const parsed = parseNdjson(v0)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) {
      expect(parsed.error.line).toBe(1)
      expect(parsed.error.message).toBe('log format version 0 is not supported (this build reads version 2 and has no migration from version 0)')
    }
  })

  it('opens a version-0 log after its migrations, step by step to the current version', () => {
    const parsed = parseNdjson(v0, new Map([...LOG_MIGRATIONS, [0, zeroToOne]]))
    if (!parsed.ok) throw new Error(parsed.error.message)
    expect(parsed.file.header).toMatchObject({ formatVersion: 2, appVersion: '0.0.9', viewport: { width: 0, height: 0 } })
    expect(parsed.file.records.map((r) => [r.seq, r.at])).toEqual([
      [1, 1_700_000_000_001],
      [2, 1_700_000_000_002],
    ])
  })

  it('without the step from version 1 a version-0 log is refused, naming the missing step', () => {
    const parsed = parseNdjson(v0, new Map([[0, zeroToOne]]))
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.error.message).toBe('log format version 0 is not supported (this build reads version 2 and has no migration from version 1)')
  })

  it('refuses a newer version, saying a newer build reads it', () => {
    const parsed = parseNdjson(JSON.stringify({ format: 'lobby-log', formatVersion: 3 }))
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.error.message).toMatch(/version 3 is not supported: it is newer than this build, which reads version 2/)
  })

  it('says so when the first line is not a lobby log header', () => {
    const parsed = parseNdjson('{"hello":1}\n')
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.error.message).toMatch(/not a lobby log header/)
  })
})
