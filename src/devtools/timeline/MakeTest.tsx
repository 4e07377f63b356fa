import { useMemo, useState } from 'react'
import { toNdjson, type LogFile } from '../../bus/ndjson'
import {
  EXPECT_FORMAT, checkGolden, cutLog, describeOutcome, expectationFlag, expectationOf, observedExpectations, runStart,
  type ExpectFile, type Expectation, type GoldenOutcome,
} from '../golden'

/**
 * "Make a test from here": the timeline's form of `npm run golden` (docs/replay.md, "A test from a
 * session"). The log is cut at the selected record (with the notices it caused); the developer
 * keeps the states the lobby reached there that should hold, adds what should have happened in
 * the command line's words, checks it against this build, and takes the two files, or the command
 * that makes them from the uploaded session.
 */

const download = (name: string, text: string, type: string): void => {
  const a = document.createElement('a')
  a.href = URL.createObjectURL(new Blob([text], { type }))
  a.download = name
  a.click()
}

/** Reads the extra lines ('--context wallet.stale=true', one a line) into expectations, or the first problem. */
const readLines = (text: string): { expect: Expectation[]; problem: string | null } => {
  const expect: Expectation[] = []
  for (const line of text.split('\n').map((l) => l.trim()).filter(Boolean)) {
    const m = /^(--[\w-]+)\s+(.+)$/.exec(line)
    const e = m === null ? `'${line}': a flag and its value, as npm run golden takes them` : expectationOf(m[1]!, m[2]!.trim())
    if (typeof e === 'string') return { expect, problem: e }
    expect.push(e)
  }
  return { expect, problem: null }
}

export const MakeTest = ({ file, seq, title, reference, onClose }: { file: LogFile; seq: number; title: string; reference?: string | undefined; onClose: () => void }) => {
  const cut = useMemo(() => cutLog(file, seq), [file, seq])
  const [name, setName] = useState(() => (reference ?? title).toLowerCase().replace(/\.ndjson$/, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'session')
  const [fromText, setFromText] = useState(String(seq))
  const from = /^\d+$/.test(fromText) ? runStart(cut, Math.min(Number(fromText), seq)) : runStart(cut, seq)
  const observed = useMemo(() => observedExpectations(cut, from), [cut, from])
  const [dropped, setDropped] = useState<ReadonlySet<string>>(new Set())
  const [extra, setExtra] = useState('')
  const [outcome, setOutcome] = useState<GoldenOutcome | null>(null)
  const lines = readLines(extra)
  const expect = [...observed.filter((e) => !dropped.has(expectationFlag(e))), ...lines.expect]
  const spec: ExpectFile = { format: EXPECT_FORMAT, version: 1, log: `${name}.ndjson`, source: `${reference ?? title}, records to ${seq}`, from, until: seq, expect }
  const command = [
    'npm run golden --',
    reference ?? `<${title}>`,
    `--name ${name}`,
    ...(from === seq ? [] : [`--from ${from}`]),
    `--until ${seq}`,
    ...expect.map((e) => `'${expectationFlag(e).replace(/'/g, "'\\''")}'`),
  ].join(' ')

  return (
    <section className="tl-banner tl-maketest" aria-label="Make a test from here">
      <h2>A test from seq {seq}</h2>
      <p>
        The log from its start to seq {seq} ({cut.records.length.toLocaleString('en')} records, with what seq {seq} caused). The records before the part
        under test must replay as recorded; at the end, what is ticked and written below must hold.
      </p>
      <label>
        Test name <input value={name} onChange={(e) => setName(e.target.value.toLowerCase())} aria-label="Test name" />
      </label>{' '}
      <label>
        Part under test from seq <input value={fromText} onChange={(e) => setFromText(e.target.value)} inputMode="numeric" size={7} aria-label="From seq" />
      </label>
      <fieldset>
        <legend>States the lobby reached (untick what should not hold)</legend>
        {observed.length === 0 ? <p>No actor changed state from seq {from}.</p> : null}
        {observed.map((e) => {
          const key = expectationFlag(e)
          return (
            <label key={key}>
              <input
                type="checkbox"
                checked={!dropped.has(key)}
                onChange={() => setDropped((d) => (d.has(key) ? new Set([...d].filter((k) => k !== key)) : new Set([...d, key])))}
              />{' '}
              <code>{key}</code>
            </label>
          )
        })}
      </fieldset>
      <label>
        What should have happened, one a line (<code>--in ACTOR=STATE</code>, <code>--context ACTOR.PATH=VALUE</code>, <code>--notice TYPE</code>,{' '}
        <code>--no-notice TYPE</code>)
        <textarea value={extra} onChange={(e) => setExtra(e.target.value)} rows={3} aria-label="Expectations" spellCheck={false} />
      </label>
      {lines.problem === null ? null : (
        <p className="tl-error" role="alert">
          {lines.problem}
        </p>
      )}
      <p>
        <button type="button" disabled={lines.problem !== null} onClick={() => setOutcome(checkGolden(cut, spec))}>
          Check against this build
        </button>{' '}
        <button
          type="button"
          disabled={lines.problem !== null || name === ''}
          onClick={() => {
            download(`${name}.ndjson`, toNdjson(cut.header, cut.records), 'application/x-ndjson')
            download(`${name}.expect.json`, `${JSON.stringify(spec, null, 2)}\n`, 'application/json')
          }}
        >
          Download the test ({name}.ndjson, {name}.expect.json)
        </button>{' '}
        <button type="button" onClick={onClose}>
          Close
        </button>
      </p>
      {outcome === null ? null : (
        <pre role="status" aria-label="Test result">
          {describeOutcome(outcome).join('\n')}
        </pre>
      )}
      <p>Or in a terminal (the log downloaded from the hall; support credentials in the environment), into tests/replay:</p>
      <pre aria-label="Command">{command}</pre>
    </section>
  )
}
