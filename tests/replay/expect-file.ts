import { existsSync, readFileSync } from 'node:fs'
import { expectationFlag, expectationOf, parseExpectFile, type ExpectFile } from '../../src/devtools/golden'

/**
 * Which expectation file a golden log is checked against, read once for every place that checks
 * one (docs/replay.md, "How a golden log with expectations is checked"): `npm run replay`
 * (scripts/replay.ts, and so the golden stage of `npm test`) and the browser's golden check
 * (tests/e2e/golden-timeline.test.ts), which applies it in the timeline's "Make a test from here".
 * Both then check it with the same `checkGolden` (src/devtools/golden.ts).
 */

/** `<name>.expect.json` beside `<name>.ndjson` (undefined for a file not named `.ndjson`). */
export const expectPathBeside = (log: string): string | undefined => {
  const beside = log.replace(/\.ndjson$/, '.expect.json')
  return beside === log ? undefined : beside
}

export type ExpectFileRead =
  /** No expectation file: the log must replay identical. */
  | { readonly kind: 'none' }
  | { readonly kind: 'read'; readonly path: string; readonly file: ExpectFile }
  /** Named (or beside the log) but unreadable or not an expectation file: the check cannot run. */
  | { readonly kind: 'invalid'; readonly path: string; readonly message: string }

/**
 * The expectation file of a golden log: `explicit` (`--expect FILE`) when given, else the one beside
 * the log when it exists.
 */
export const readExpectFileFor = (log: string, explicit?: string): ExpectFileRead => {
  const beside = expectPathBeside(log)
  const file = explicit ?? (beside !== undefined && existsSync(beside) ? beside : undefined)
  if (file === undefined) return { kind: 'none' }
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    return { kind: 'invalid', path: file, message: `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}` }
  }
  const spec = parseExpectFile(text)
  return spec.ok ? { kind: 'read', path: file, file: spec.file } : { kind: 'invalid', path: file, message: `${file}: ${spec.message}` }
}

const stable = (v: unknown): string =>
  JSON.stringify(v, (_k, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1))) : value,
  ) ?? 'undefined'

/**
 * The expectations in `npm run golden`'s words, one a line, as the timeline's "Make a test from
 * here" takes them; throws for one those words cannot say (a notice's `with`), which the timeline
 * could then not check as the file says.
 */
export const expectationLines = (spec: Pick<ExpectFile, 'expect'>): string[] =>
  spec.expect.map((e) => {
    const line = expectationFlag(e)
    const [flag, ...value] = line.split(' ')
    const back = expectationOf(flag!, value.join(' '))
    if (stable(back) !== stable(e)) throw new Error(`the expectation ${JSON.stringify(e)} has no command-line form ('${line}' reads back as ${JSON.stringify(back)})`)
    return line
  })
