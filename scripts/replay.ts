/**
 * npm run replay -- <file.ndjson> [--until <seq>] [--print <actor>] [--expect <file.expect.json>] [--actors <module.ts>]
 *
 * Replays a recorded log against the current actors and compares it with what it recorded.
 * Exit 0: identical. Exit 1: diverged (the first diverging seq and actor are printed).
 * Exit 2: the file cannot be read (missing, not a log, unsupported format version).
 *
 * A log with an expectation file (`--expect`, or `<name>.expect.json` beside `<name>.ndjson`: a
 * golden test made by `npm run golden`; found and read by tests/replay/expect-file.ts, as the browser's
 * golden check does) is checked against it instead (src/devtools/golden.ts): the
 * setup before its `from` must replay identical, and what the developer asserts at the end must
 * hold. Exit 0: as expected; 1: not (each expectation, the actual value and the record where the
 * actor last changed, the setup's divergence and where the replay left the recorded path are
 * printed). `--actors <module>` replays with the actor specs that module exports as `actors` in
 * place of the lobby's ones of the same ids (a candidate fix, or a known fault in a test).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { actorSpecs, type ActorSpec } from '../actors'
import { parseNdjson } from '../src/bus/ndjson'
import { replayLog } from '../src/bus/replayer'
import { checkGolden, describeOutcome } from '../src/devtools/golden'
import { readExpectFileFor } from '../tests/replay/expect-file'

const usage = 'usage: npm run replay -- <file.ndjson> [--until <seq>] [--print <actor>] [--expect <file.expect.json>] [--actors <module.ts>]'

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
const expectPath = flag('--expect')
const actorsModule = flag('--actors')
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

/** The lobby's actors, with those a module exports as `actors` in place of the ones of the same ids. */
const loadActors = async (module: string | undefined): Promise<ReadonlyArray<ActorSpec>> => {
  if (module === undefined) return actorSpecs
  const loaded = (await import(pathToFileURL(path.resolve(module)).href)) as { actors?: ReadonlyArray<ActorSpec> }
  const list = loaded.actors
  if (list === undefined || typeof list.length !== 'number') {
    console.error(`${module} exports no 'actors' array`)
    process.exit(2)
  }
  const byId = new Map(list.map((a) => [a.id, a]))
  for (const id of byId.keys()) if (!actorSpecs.some((a) => a.id === id)) console.error(`${module}: no lobby actor '${id}' to replace; it runs beside them`)
  return [...actorSpecs.map((a) => byId.get(a.id) ?? a), ...list.filter((a) => !actorSpecs.some((b) => b.id === a.id))]
}
const actors = await loadActors(actorsModule)

const { header, records } = parsed.file
const expected = untilText === undefined ? readExpectFileFor(file, expectPath) : ({ kind: 'none' } as const)
if (expected.kind === 'invalid') {
  console.error(expected.message)
  process.exit(2)
}
if (expected.kind === 'read') {
  const spec = expected.file
  const outcome = checkGolden(parsed.file, spec, actors)
  console.log(`log      ${file}`)
  console.log(`expect   ${expected.path} (setup before seq ${spec.from}, ${spec.expect.length} expectations at seq ${spec.until})`)
  if (actorsModule !== undefined) console.log(`actors   from ${actorsModule}`)
  console.log(`records  ${records.length}`)
  for (const line of describeOutcome(outcome)) console.log(line)
  process.exit(outcome.passed ? 0 : 1)
}

const started = performance.now()
const result = replayLog(parsed.file, { ...(untilText === undefined ? {} : { until: Number(untilText) }), actors })
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
