import { describe, expect, it } from 'vitest'
import { balance, browserFilesReached, browserTestFiles, countVitestReport, profileTable, replayReached, schedule, selectStages, STAGES, type VitestReport } from '../../../scripts/test.ts'

const file = (status: string, tests: string[], name = 'a.test.ts'): NonNullable<VitestReport['testResults']>[number] => ({
  name,
  status,
  assertionResults: tests.map((s) => ({ status: s })),
})

describe('countVitestReport', () => {
  it('counts each test once', () => {
    const report = { testResults: [file('passed', ['passed', 'passed']), file('failed', ['passed', 'failed'])] }
    expect(countVitestReport(report, 1)).toEqual({ passed: 3, failed: 1, notes: [] })
  })

  it('counts skipped and todo tests as failed', () => {
    const tally = countVitestReport({ testResults: [file('passed', ['passed', 'skipped', 'todo'])] }, 0)
    expect(tally.passed).toBe(1)
    expect(tally.failed).toBe(2)
  })

  it('counts a file that fails outside any test as one failure', () => {
    const tally = countVitestReport({ testResults: [file('failed', []), file('passed', ['passed'])] }, 1)
    expect(tally).toMatchObject({ passed: 1, failed: 1 })
  })

  it('counts a failing exit with nothing failed as one failure', () => {
    expect(countVitestReport({ testResults: [file('passed', ['passed'])] }, 1)).toMatchObject({ passed: 1, failed: 1 })
    expect(countVitestReport({ testResults: [] }, 1)).toMatchObject({ passed: 0, failed: 1 })
  })
})

describe('selectStages', () => {
  const names = (argv: string[]) => selectStages(argv).map((s) => s.name)

  it('runs every stage in order by default', () => {
    expect(names([])).toEqual(['typecheck', 'imports', 'lint', 'unit', 'replay', 'e2e'])
    expect(names([])).toEqual(STAGES.map((s) => s.name))
  })

  it('selects stages by name or alias, keeping the run order', () => {
    expect(names(['--only', 'e2e,unit'])).toEqual(['unit', 'e2e'])
    expect(names(['--only=browser,types'])).toEqual(['typecheck', 'e2e'])
  })

  it('rejects unknown stages and arguments', () => {
    expect(() => names(['--only', 'nope'])).toThrow(/unknown stage 'nope'/)
    expect(() => names(['--fast'])).toThrow(/unknown argument/)
    expect(() => names(['--only'])).toThrow(/needs a list/)
  })
})

describe('schedule', () => {
  const plan = (argv: string[]) => schedule(selectStages(argv)).map((g) => [g.lead.name, ...g.beside.map((b) => b.name)])

  it('runs the import graph and the replays beside lint, every stage once', () => {
    expect(plan([])).toEqual([['typecheck'], ['lint', 'imports', 'replay'], ['unit'], ['e2e']])
  })

  it('runs a stage alone when the one it goes beside is not selected', () => {
    expect(plan(['--only', 'imports,replay,unit'])).toEqual([['imports'], ['unit'], ['replay']])
    expect(plan(['--only', 'lint,replay'])).toEqual([['lint', 'replay']])
  })
})

describe('splitting the browser test files over workers', () => {
  it('gives every file to exactly one worker, longest first to the one that ends soonest', () => {
    const seconds = { 'a.test.ts': 100, 'b.test.ts': 60, 'c.test.ts': 50, 'd.test.ts': 10 }
    const lists = balance(Object.keys(seconds), seconds, 2)
    expect(lists).toEqual([['a.test.ts', 'd.test.ts'], ['b.test.ts', 'c.test.ts']])
  })

  it('counts a file with no figure as the median of the known ones', () => {
    const lists = balance(['new.test.ts', 'x.test.ts', 'y.test.ts', 'z.test.ts'], { 'x.test.ts': 10, 'y.test.ts': 20, 'z.test.ts': 30 }, 2)
    // z 30 to the first; new (the median, 20) and y 20 to the second (20, then 40); x 10 to the first (40).
    expect(lists).toEqual([['x.test.ts', 'z.test.ts'], ['new.test.ts', 'y.test.ts']])
  })

  it('never makes more workers than files, and one worker gets everything', () => {
    expect(balance(['only.test.ts'], {}, 2)).toEqual([['only.test.ts']])
    expect(balance(['b.test.ts', 'a.test.ts'], {}, 1)).toEqual([['a.test.ts', 'b.test.ts']])
  })

  it('finds the browser test files under tests/e2e, nested ones too', () => {
    const files = browserTestFiles()
    expect(files.length).toBeGreaterThan(50)
    expect(files.every((f) => f.startsWith('tests/e2e/') && f.endsWith('.test.ts'))).toBe(true)
    expect(files).toContain('tests/e2e/session.test.ts')
  })
})

describe("the browser stage's time table", () => {
  it('adds up each phase, skips torn lines, and gives each its share of the files’ time', () => {
    const lines = [
      JSON.stringify({ file: 'a', phase: 'boot the lobby', ms: 1500 }),
      JSON.stringify({ file: 'b', phase: 'boot the lobby', ms: 500 }),
      JSON.stringify({ file: 'a', phase: 'sign in through the form', ms: 3000 }),
      '{"file":"b","pha',
    ]
    const table = profileTable(lines, { 'tests/e2e/a.test.ts': 6, 'tests/e2e/b.test.ts': 4 })
    expect(table[1]).toMatch(/^sign in through the form\s+1\s+3\.0\s+3000\s+30%$/)
    expect(table[2]).toMatch(/^boot the lobby\s+2\s+2\.0\s+1000\s+20%$/)
    expect(table[3]).toMatch(/^all files \(their own time\)\s+2\s+10\.0$/)
  })
})

describe('what a change reaches (--changed)', () => {
  const all = ['tests/e2e/a.test.ts', 'tests/e2e/b.test.ts']

  it('runs every browser test when the lobby, the hall or the kit changed', () => {
    for (const f of ['src/views/pay/PayPopup.tsx', 'actors/wallet/wallet.logic.ts', 'schemas/routes.ts', 'server/hall.ts', 'tests/e2e/support/browser.ts', 'index.html']) {
      expect(browserFilesReached(all, [f])).toEqual(all)
    }
  })

  it('runs only the changed browser test files otherwise, and none for a unit-only change', () => {
    expect(browserFilesReached(all, ['tests/e2e/b.test.ts', 'docs/testing.md'])).toEqual(['tests/e2e/b.test.ts'])
    expect(browserFilesReached(all, ['tests/unit/tooling/test-runner.test.ts', 'scripts/test.ts'])).toEqual([])
  })

  it('runs the golden logs\' timeline test when a golden log, its expectation file or the expectation reader changed', () => {
    const withTimeline = [...all, 'tests/e2e/golden-timeline.test.ts']
    expect(browserFilesReached(withTimeline, ['tests/replay/music.ndjson'])).toEqual(['tests/e2e/golden-timeline.test.ts'])
    expect(browserFilesReached(withTimeline, ['tests/replay/wallet-wrong-balance-type.expect.json'])).toEqual(['tests/e2e/golden-timeline.test.ts'])
    expect(browserFilesReached(withTimeline, ['tests/replay/expect-file.ts'])).toEqual(['tests/e2e/golden-timeline.test.ts'])
    expect(browserFilesReached(withTimeline, ['tests/replay/README.md', 'docs/replay.md'])).toEqual([])
  })

  it('replays the golden logs only when what a replay depends on changed', () => {
    expect(replayReached(['actors/session/session.machine.ts'])).toBe(true)
    expect(replayReached(['tests/replay/music.ndjson'])).toBe(true)
    expect(replayReached(['src/bus/replayer.ts'])).toBe(true)
    expect(replayReached(['server/hall.ts', 'src/views/pay/PayPopup.tsx', 'docs/replay.md'])).toBe(false)
  })
})
