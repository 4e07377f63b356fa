/**
 * npm run qa -- --actor NAME [--size phone|desktop] [--hall URL] [--static DIR] [--max-paths N] [--out DIR]
 *               [--miswire FROM=TO]
 *
 * Model paths through the UI (docs/model-testing.md, "Model paths through the UI"): the paths the
 * model harness (tests/model/harness.ts) generates from a QA map's sample events
 * (tests/qa/<NAME>.map.ts), played in Chromium against a test hall by what a person does on the
 * screen. After each step the actor in the page must be in the model's state and the screen must
 * show what the map says that state shows. It prints the state and transition coverage reached
 * through the UI beside the machine's own; a path that fails prints its steps in a person's words
 * and writes the session's log to open in the timeline (devtools.html).
 *
 * A test hall: --hall URL (one in test mode, serving a build: the browser tests' own), else one is
 * started here on a PGlite in memory serving --static DIR (default: a fresh `vite build`).
 * --miswire FROM=TO makes the page send TO whenever a view sends FROM: a button wired to the wrong
 * event, which the runner must find (its own test, tests/e2e/qa-runner.test.ts).
 * Exit 0: every path passed; 1: a path failed; 2: bad usage or no hall.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import type { AnyStateMachine } from 'xstate'
import { newContext, launch } from '../tests/e2e/support/browser'
import { control, newPlayer } from '../tests/e2e/support/hall'
import { formatReport, modelHarness } from '../tests/model/harness'
import type { QaMap, QaStep, QaUi } from '../tests/qa/map'

const root = path.resolve(import.meta.dirname, '..')
const usage = 'usage: npm run qa -- --actor NAME [--size phone|desktop] [--hall URL] [--static DIR] [--max-paths N] [--out DIR] [--miswire FROM=TO]'

const args = process.argv.slice(2)
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name)
  if (i === -1) return undefined
  const v = args[i + 1]
  args.splice(i, 2)
  return v
}
const name = flag('--actor')
const size = (flag('--size') ?? 'desktop') as 'phone' | 'desktop'
const hallArg = flag('--hall')
const staticArg = flag('--static')
const maxPaths = Number(flag('--max-paths') ?? '8')
const outDir = path.resolve(flag('--out') ?? path.join(tmpdir(), 'lobby-qa'))
const miswire = flag('--miswire')
if (name === undefined || args.length > 0 || !['phone', 'desktop'].includes(size) || !Number.isInteger(maxPaths) || maxPaths < 1 || (miswire !== undefined && !/^[\w.]+=[\w.]+$/.test(miswire))) {
  console.error(usage)
  process.exit(2)
}

const mapModule = (await import(pathToFileURL(path.join(root, 'tests', 'qa', `${name}.map.ts`)).href).catch(() => null)) as { default?: QaMap } | null
if (mapModule?.default === undefined) {
  console.error(`no QA map tests/qa/${name}.map.ts (maps: see docs/model-testing.md, "Model paths through the UI")`)
  process.exit(2)
}
const map: QaMap = mapModule.default

// ---------------------------------------------------------------------------------------------
// The machine: its leaf states and handlers, and the model's own coverage.

const leafStates = (node: AnyStateMachine['root']): string[] => {
  const children = Object.values(node.states)
  if (children.length === 0) return [node.path.join('.')]
  return children.flatMap((c) => leafStates(c))
}
const handlerOf = (machine: AnyStateMachine, value: unknown, type: string): string | null => {
  const leaves = leafPathsOf(value)
  for (const leaf of leaves) {
    const segments = leaf.split('.')
    for (let n = segments.length; n >= 0; n--) {
      const node = n === 0 ? machine.root : machine.getStateNodeById(`${machine.id}.${segments.slice(0, n).join('.')}`)
      if (Object.keys(node.config.on ?? {}).includes(type)) return `#${node.id} on ${type}`
    }
  }
  return null
}
const leafPathsOf = (value: unknown, prefix = ''): string[] =>
  typeof value === 'string'
    ? [`${prefix}${value}`]
    : value !== null && typeof value === 'object'
      ? Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leafPathsOf(v, `${prefix}${k}.`))
      : []

const allStates = leafStates(map.machine.root)
const harness = modelHarness({ name: map.name, machine: map.machine, events: map.events as never, log: false })
const machineReport = harness.run()
const generated = harness.paths()

type Ev = { readonly type: string }
interface Planned {
  readonly steps: ReadonlyArray<{ readonly event: Ev; readonly value: unknown; readonly before: unknown }>
}

/** How a model event is played: a person's step, an answer arranged on the hall, or one that follows by itself. */
const kindOf = (type: string): 'does' | 'hall' | 'auto' | 'opening' | null =>
  map.does[type] !== undefined ? 'does' : map.hall?.[type] !== undefined ? 'hall' : map.auto?.includes(type) === true ? 'auto' : map.opening?.includes(type) === true ? 'opening' : null
/** How many of a path's first steps are the lobby's own opening (map.opening): not driven, awaited. */
const openingOf = (steps: ReadonlyArray<{ readonly event: Ev }>): number => {
  let n = 0
  while (n < steps.length && kindOf(steps[n]!.event.type) === 'opening') n++
  return n
}

const notDrivable = new Map<string, number>()
let whileCalling = 0
const drivable: Planned[] = []
for (const p of generated) {
  let before: unknown = map.machine.getInitialSnapshot(undefined as never).value
  const steps: Array<Planned['steps'][number]> = []
  let ok = true
  for (const s of p.steps) {
    const event = s.event as Ev
    if (kindOf(event.type) === null) {
      notDrivable.set(event.type, (notDrivable.get(event.type) ?? 0) + 1)
      ok = false
      break
    }
    const value = (s.state as { value: unknown }).value
    steps.push({ event, value, before })
    before = value
  }
  // A path must start with what a person does, and every answer follows a step of theirs. A person
  // cannot be sure to act while a call runs (the answer may come first): such paths are not driven.
  const actsWhileCalling = steps.some((s) => kindOf(s.event.type) === 'does' && leafPathsOf(s.before).some((l) => map.shows[l]?.passing === true))
  if (actsWhileCalling) whileCalling++
  // What opens the lobby comes first, if anything; an opening event later is not the opening.
  else if (ok && steps.length > openingOf(steps) && kindOf(steps[openingOf(steps)]!.event.type) === 'does' && !steps.slice(openingOf(steps)).some((s) => kindOf(s.event.type) === 'opening')) drivable.push({ steps })
}

// The fewest paths that reach every (state, handler) the drivable ones reach: shortest first, each kept if it adds one.
const key = (s: Planned['steps'][number]) => `${handlerOf(map.machine, s.before, s.event.type) ?? ''}→${leafPathsOf(s.value).join(',')}`
const chosen: Planned[] = []
const seen = new Set<string>()
for (const p of [...drivable].sort((a, b) => a.steps.length - b.steps.length)) {
  const adds = p.steps.some((s) => !seen.has(key(s)))
  if (!adds) continue
  for (const s of p.steps) seen.add(key(s))
  chosen.push(p)
  if (chosen.length >= maxPaths) break
}

// ---------------------------------------------------------------------------------------------
// A test hall serving a build.

let hallUrl = hallArg
let closeHall: (() => Promise<void>) | undefined
if (hallUrl === undefined) {
  let staticDir = staticArg
  if (staticDir === undefined) {
    staticDir = mkdtempSync(path.join(tmpdir(), 'lobby-qa-dist-'))
    console.log(`building the lobby into ${staticDir}`)
    const build = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', staticDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' })
    if (build.status !== 0) process.exit(2)
  }
  const { startHall } = await import('../server/hall')
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lobby-qa-data-'))
  const hall = await startHall({ port: 0, dataDir, mode: 'test', staticDir })
  hallUrl = hall.url
  closeHall = async () => {
    await hall.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
const hall = hallUrl

// ---------------------------------------------------------------------------------------------
// Driving a path.

declare global {
  interface Window {
    __qa?: { states: unknown[]; intents: string[]; value: () => unknown }
  }
}

/**
 * Watches the actor's states and the intents the views send; rewires one intent with --miswire. An
 * actor of a domain that starts when first needed (docs/architecture.md, "Domains start when first
 * needed") is watched from its start; until then it is in its machine's initial state.
 */
const watch = async (page: Page, actor: string): Promise<void> => {
  await page.waitForFunction(() => window.__lobby !== undefined)
  await page.evaluate(
    ({ actor, miswire, initial }) => {
      const system = window.__lobby!.system
      // (No named function is declared in here: the bundler would wrap it in a helper the page lacks.)
      const qa = {
        states: [] as unknown[],
        intents: [] as string[],
        attached: false,
        ref(): ReturnType<typeof system.actor> | null {
          try {
            return system.actor(actor)
          } catch {
            return null
          }
        },
        value(): unknown {
          return (qa.ref()?.getSnapshot() as { value: unknown } | undefined)?.value ?? initial
        },
        attach(): void {
          const r = qa.ref()
          if (r === null || qa.attached) return
          qa.attached = true
          qa.states.push((r.getSnapshot() as { value: unknown }).value)
          r.subscribe((s: { value: unknown }) => qa.states.push(s.value))
        },
      }
      window.__qa = qa
      qa.attach()
      if (!qa.attached) {
        const sub = system.bus.records$.subscribe(() => {
          qa.attach()
          if (qa.attached) sub.unsubscribe()
        })
      }
      const send = system.send.bind(system)
      const [from, to] = miswire === null ? [null, null] : miswire.split('=')
      ;(system as { send: (e: { type: string }) => void }).send = (e) => {
        const sent = e.type === from ? { ...e, type: to! } : e
        // A form's submission or start-over is told apart by its command (a page has several forms).
        const command = (sent as { command?: unknown }).command
        qa.intents.push(sent.type.startsWith('command.') && typeof command === 'string' ? `${sent.type}:${command}` : sent.type)
        send(sent as never)
      }
    },
    { actor, miswire: miswire ?? null, initial: map.machine.getInitialSnapshot(undefined as never).value as unknown },
  )
}

/**
 * Whether the actor reaches `expected`: read at once, then again at each state change the page
 * reports (no fixed wait), for at most 15 s.
 */
const settlesIn = async (page: Page, expected: unknown): Promise<boolean> => {
  const until = Date.now() + 15_000
  for (;;) {
    const seen = await page.evaluate(() => window.__qa!.states.length)
    const now = await page.evaluate(() => window.__qa!.value())
    if (matches(now, expected)) return true
    const left = until - Date.now()
    if (left <= 0) return false
    const changed = await page
      .waitForFunction((n) => window.__qa!.states.length > n, seen, { timeout: left })
      .then(() => true)
      .catch(() => false)
    if (!changed) return matches(await page.evaluate(() => window.__qa!.value()), expected)
  }
}

/** Whether the actor was in `expected` at some point since the `from`th state the page reported (or is now). */
const passedSince = async (page: Page, from: number, expected: unknown): Promise<boolean> => {
  const until = Date.now() + 15_000
  for (;;) {
    const history = await page.evaluate((f) => window.__qa!.states.slice(f), from)
    if (history.some((v) => matches(v, expected))) return true
    const left = until - Date.now()
    if (left <= 0) return false
    const changed = await page
      .waitForFunction((n) => window.__qa!.states.length > n, from + history.length, { timeout: left })
      .then(() => true)
      .catch(() => false)
    if (!changed) return false
  }
}

/** How an intent is named in the page's list: its type, and a command's id after a colon (command.submitted:yuebaosave). */
const intentOf = (e: Ev): string => {
  const command = (e as { command?: unknown }).command
  return e.type.startsWith('command.') && typeof command === 'string' ? `${e.type}:${command}` : e.type
}

const matches = (value: unknown, expected: unknown): boolean => JSON.stringify(leafPathsOf(value).sort()) === JSON.stringify(leafPathsOf(expected).sort())

interface PathOutcome {
  readonly ok: boolean
  readonly said: string[]
  readonly failure?: string
  readonly note?: string
  readonly log?: string
  readonly states: string[]
  readonly handlers: string[]
}

const drive = async (browser: Browser, plan: Planned, n: number, unforce: (paths: Iterable<string>) => Promise<void>): Promise<PathOutcome> => {
  const context = await newContext(browser, size)
  const page = await context.newPage()
  page.setDefaultTimeout(10_000)
  const player = await newPlayer(hall, { ...(map.player ?? {}), prefix: 'qa' })
  const ui: QaUi = {
    page,
    hallUrl: hall,
    player,
    desktop: size === 'desktop',
    control: (c, body) => {
      // What a path forces on the hall is taken back after it, whatever happened.
      if (c === 'force') forced.add((body as { path: string }).path)
      return control(hall, c, body)
    },
    open: async (route) => {
      // Opened anew: from the games page when it is open already (a screen's read runs as it opens).
      const again = await page.evaluate(() => location.pathname)
      const target = route
      await page.evaluate((r) => window.__lobby!.system.send({ type: 'nav.requested', name: r } as never), 'game')
      await page.waitForFunction((p) => location.pathname !== p || p === '/home/game', again)
      await page.evaluate((r) => window.__lobby!.system.send({ type: 'nav.requested', name: r } as never), target)
    },
  }
  const forced = new Set<string>()
  const said: string[] = []
  const states = new Set<string>()
  const handlers = new Set<string>()
  const actorValue = () => page.evaluate(() => window.__qa!.value())
  const fail = async (failure: string): Promise<PathOutcome> => {
    const log = await page.evaluate(() => window.__lobby!.exportLog()).catch(() => null)
    let file: string | undefined
    if (log !== null) {
      mkdirSync(outDir, { recursive: true })
      file = path.join(outDir, `${map.name}-${size}-path-${n}.ndjson`)
      writeFileSync(file, log)
    }
    await context.close()
    await unforce(forced)
    return { ok: false, said, failure, ...(file === undefined ? {} : { log: file }), states: [...states], handlers: [...handlers] }
  }
  try {
    if (map.prepare !== undefined) {
      said.push(`(before) ${map.prepare.say}`)
      await map.prepare.run(ui)
    }
    await page.goto(`${hall}/`)
    await page.locator('#root').getByRole('banner').waitFor({ timeout: 30_000 })
    await watch(page, map.actor)
    const initial = await actorValue()
    for (const l of leafPathsOf(initial)) states.add(l)
    let mark = await page.evaluate(() => window.__qa!.states.length)
    // The lobby's opening (before the watch began): the actor settles where the last opening step leaves it.
    const opening = openingOf(plan.steps)
    if (opening > 0) {
      const after = plan.steps[opening - 1]!.value
      said.push(`(the lobby opens) ${plan.steps.slice(0, opening).map((s) => s.event.type).join(', ')}`)
      if (!(await settlesIn(page, after))) return await fail(`as the lobby opened ${map.actor} is ${JSON.stringify(await actorValue())}, the model says ${JSON.stringify(after)}`)
      for (const l of leafPathsOf(after)) states.add(l)
      mark = await page.evaluate(() => window.__qa!.states.length)
    }
    for (let i = opening; i < plan.steps.length; i++) {
      const step = plan.steps[i]!
      const kind = kindOf(step.event.type)!
      if (kind === 'does') {
        // Answers that follow this step are arranged on the hall first.
        for (let j = i + 1; j < plan.steps.length && kindOf(plan.steps[j]!.event.type) !== 'does'; j++) {
          const next = plan.steps[j]!
          if (kindOf(next.event.type) === 'hall') {
            const arrange = map.hall![next.event.type] as QaStep<Ev>
            said.push(`(hall) ${arrange.say}`)
            await arrange.run(ui, next.event)
          }
        }
        const act = map.does[step.event.type] as QaStep<Ev>
        said.push(act.say)
        const sentBefore = await page.evaluate(() => window.__qa!.intents.length)
        const done = await act.run(ui, step.event).then(
          () => null,
          (e: unknown) => (e instanceof Error ? e.message.split('\n')[0]! : String(e)),
        )
        if (done !== null) {
          // A step the model ignores here whose control the screen does not show: the path ends.
          if (matches(step.before, step.value)) {
            await context.close()
            await unforce(forced)
            return { ok: true, said, note: `the screen does not offer '${act.say}' here (the model ignores ${step.event.type} in ${JSON.stringify(step.before)}): stopped`, states: [...states], handlers: [...handlers] }
          }
          return await fail(`step '${act.say}' could not be done: ${done}`)
        }
        // The step must send the model's event (a view's intent: a request, a page opened, a form's
        // submission or start-over), unless the model's event is a fact the step causes.
        if (step.event.type.includes('Requested') || step.event.type.endsWith('.opened') || step.event.type.startsWith('command.')) {
          const intent = intentOf(step.event)
          const sent = await page
            .waitForFunction(([from, type]) => window.__qa!.intents.slice(from).includes(type), [sentBefore, intent] as const, { timeout: 10_000 })
            .then(() => null)
            .catch(async () => page.evaluate((from) => window.__qa!.intents.slice(from), sentBefore))
          // An event the model ignores here that the screen does not even offer: the path ends, nothing to check past it.
          if (sent !== null && matches(step.before, step.value) && !sent.includes(intent)) {
            await context.close()
            await unforce(forced)
            return { ok: true, said, note: `the screen does not offer '${act.say}' here (the model ignores ${step.event.type} in ${JSON.stringify(step.before)}): stopped`, states: [...states], handlers: [...handlers] }
          }
          if (sent !== null) return await fail(`step '${act.say}' sent ${sent.length === 0 ? 'nothing' : sent.join(', ')}, not ${intent}: the control is wired to another event`)
        }
      }
      // The actor reaches the model's state after this step (and the ones that follow by themselves).
      // A state the next model step leaves by itself (an answer) is passed through: it counts if it was reached at all.
      const next = plan.steps[i + 1]
      const passing = next !== undefined && kindOf(next.event.type) !== 'does'
      const reached = passing ? await passedSince(page, mark, step.value) : await settlesIn(page, step.value)
      mark = await page.evaluate(() => window.__qa!.states.length)
      const seenValues = await page.evaluate(() => window.__qa!.states)
      for (const v of seenValues) for (const l of leafPathsOf(v)) states.add(l)
      if (!reached) return await fail(`after '${said.at(-1)}' (${step.event.type}) ${map.actor} is ${JSON.stringify(await actorValue())}, the model says ${JSON.stringify(step.value)}`)
      const h = handlerOf(map.machine, step.before, step.event.type)
      if (h !== null) handlers.add(h)
      // The screen shows what the state shows.
      for (const leaf of leafPathsOf(step.value)) {
        const screen = map.shows[leaf]
        if (screen === undefined || screen.passing === true || passing) continue
        const visible = await screen
          .find(page)
          .first()
          .waitFor({ state: 'visible', timeout: 10_000 })
          .then(() => true)
          .catch(() => false)
        if (!visible) return await fail(`in ${map.actor} ${leaf} the screen does not show ${screen.say}`)
      }
      if (!passing && !matches(await actorValue(), step.value)) return await fail(`${map.actor} left ${JSON.stringify(step.value)} by itself`)
    }
    await context.close()
    await unforce(forced)
    return { ok: true, said, states: [...states], handlers: [...handlers] }
  } catch (e) {
    return await fail(`step '${said.at(-1) ?? 'opening the lobby'}' could not be done: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`)
  }
}

// ---------------------------------------------------------------------------------------------
// Run and report.

const browser = await launch()
const outcomes: PathOutcome[] = []
try {
  for (const [i, plan] of chosen.entries()) {
    const o = await drive(browser, plan, i + 1, async (paths) => {
      for (const p of paths) await control(hall, 'clear-force', { path: p })
    })
    outcomes.push(o)
    console.log(`path ${i + 1} of ${chosen.length}: ${o.ok ? 'passed' : 'FAILED'} (${plan.steps.length} model steps)${o.note === undefined ? '' : `; ${o.note}`}`)
    if (!o.ok) {
      o.said.forEach((s, n) => console.log(`  ${n + 1}. ${s}`))
      console.log(`  ✗ ${o.failure}`)
      if (o.log !== undefined) console.log(`  session log: ${o.log} (open it in the timeline: <hall>/devtools.html)`)
    }
  }
} finally {
  await browser.close()
  await closeHall?.()
}

const uiStates = new Set(outcomes.flatMap((o) => o.states))
const uiHandlers = new Set(outcomes.flatMap((o) => o.handlers))
const shownStates = allStates.filter((s) => map.unreachable?.[s] === undefined)
console.log(
  `qa ${map.name} (${map.actor}, ${size}): through the UI states ${allStates.filter((s) => uiStates.has(s)).length}/${allStates.length}, ` +
    `transitions ${uiHandlers.size}/${machineReport.transitions.total} (paths ${outcomes.length}: ${outcomes.filter((o) => o.ok).length} passed, ${outcomes.filter((o) => !o.ok).length} failed; ` +
    `${generated.length} generated, ${drivable.length} drivable)`,
)
console.log(`machine's own: ${formatReport(machineReport).split('\n')[0]}`)
for (const s of allStates) {
  const why = map.unreachable?.[s]
  const todo = map.notMapped?.[s]
  if (why !== undefined) console.log(`  unreachable through the UI: ${s}: ${why}`)
  else if (!uiStates.has(s)) console.log(`  not reached through the UI: ${s}${todo === undefined ? '' : ` (not in this map yet: ${todo})`}`)
  else if (map.shows[s] === undefined) console.log(`  reached, but the map says nothing of its screen: ${s}`)
}
if (whileCalling > 0) console.log(`  ${whileCalling} generated paths act while a call runs (a 'passing' state): not driven, the answer may come first`)
for (const [type, count] of notDrivable) {
  const why = map.cannot?.[type]
  if (why !== undefined) console.log(`  model event ${type} is not offered on the screen (${count} generated paths need it): ${why}`)
  else console.log(`  no step for model event ${type} (${count} generated paths need it): add it to the map's does, hall or auto`)
}
const missed = shownStates.filter((s) => !uiStates.has(s))
process.exit(outcomes.every((o) => o.ok) && missed.length === 0 ? 0 : 1)
