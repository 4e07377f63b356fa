/**
 * npm run replay -- <file.ndjson> [--until <seq>] [--print <actor>]
 *
 * Replays a recorded log against the current actors and compares it with what it recorded.
 * Exit 0: identical. Exit 1: diverged (the first diverging seq and actor are printed).
 * Exit 2: the file cannot be read (missing, not a log, unsupported format version).
 */
import { readFileSync } from 'node:fs'
import { parseNdjson } from '../src/bus/ndjson'
import { replayLog } from '../src/bus/replayer'

const usage = 'usage: npm run replay -- <file.ndjson> [--until <seq>] [--print <actor>]'

const args = process.argv.slice(2)
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name)
  if (i === -1) return undefined
  const value = args[i + 1]
  args.splice(i, 2)
  return value
}
const untilText = flag('--until')
const printActor = flag('--print')
const file = args[0]
if (file === undefined || args.length > 1 || (untilText !== undefined && !/^\d+$/.test(untilText))) {
  console.error(usage)
  process.exit(2)
}

let text: string
try {
  text = readFileSync(file, 'utf8')
} catch (error) {
  console.error(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(2)
}
const parsed = parseNdjson(text)
if (!parsed.ok) {
  console.error(`${file}: line ${parsed.error.line}: ${parsed.error.message}`)
  process.exit(2)
}

const { header, records } = parsed.file
const started = performance.now()
const result = replayLog(parsed.file, untilText === undefined ? {} : { until: Number(untilText) })
const ms = performance.now() - started
const kinds = { intent: 0, fact: 0, notice: 0 }
for (const r of records) kinds[r.kind]++

const short = (v: unknown): string => {
  const s = JSON.stringify(v)
  return s === undefined ? String(v) : s.length > 300 ? `${s.slice(0, 300)}…` : s
}

console.log(`log      ${file}`)
console.log(`session  ${header.session}  site ${header.siteCode}  language ${header.language}  viewport ${header.viewport.width}x${header.viewport.height}  app ${header.appVersion}`)
console.log(`started  ${new Date(header.startedAt).toISOString()}`)
console.log(`records  ${records.length} (intents ${kinds.intent}, facts ${kinds.fact}, notices ${kinds.notice}); injected ${result.injected}`)
console.log(`replayed in ${ms.toFixed(1)} ms`)
console.log(`states   ${short(result.finalStates)}`)
if (printActor !== undefined) {
  const snap = result.snapshots[printActor]
  if (snap === undefined) {
    console.error(`no actor '${printActor}' (actors: ${Object.keys(result.snapshots).join(', ')})`)
    process.exit(2)
  }
  console.log(`actor ${printActor}${untilText === undefined ? '' : ` at seq ${untilText}`}:`)
  console.log(JSON.stringify(snap, null, 2))
}
if (result.divergence === null) {
  console.log('result   IDENTICAL')
  process.exit(0)
}
const d = result.divergence
console.log(`result   DIVERGED at seq ${d.seq}${d.actor === null ? '' : ` (actor ${d.actor})`}`)
console.log(`reason   ${d.reason}`)
console.log(`expected ${short(d.expected)}`)
console.log(`actual   ${short(d.actual)}`)
process.exit(1)
