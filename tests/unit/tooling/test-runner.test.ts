import { describe, expect, it } from 'vitest'
import { countVitestReport, selectStages, STAGES, type VitestReport } from '../../../scripts/test.ts'

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
