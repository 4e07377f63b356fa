/**
 * Where a category switch's time goes (issue 41; docs/performance.md): the bench's game lobby
 * (tests/bench/games.ts) at 4x CPU in Chromium, with
 *
 * - a Chromium trace (devtools.timeline) of each switch, the main thread's self time sorted into
 *   script, style, layout, paint (and compositing, image decoding), garbage collection and other,
 *   from the input to the frame after it and from the input to the new list painted;
 * - the hall call's Resource Timing (request sent to first byte: the hall's work on loopback; then
 *   the body);
 * - which React components rendered for each switch (a commit hook as React DevTools installs it,
 *   on a build without minification so the components keep their names), in a second pass
 *   without the trace.
 *
 *   npx tsx tests/bench/games-trace.ts            (LOBBY_TRACE_SKIP_BUILD=1 reuses the last build)
 *
 * Writes the trace to /tmp/lobby-games-trace.json and prints the tables.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { startHall } from '../../server/hall'
import { launch, VIEWPORTS } from '../e2e/support/browser'
import { seededGameName } from '../e2e/support/games.model'
import { armedPainted, armPainted, chooseHot, INSTRUMENT, firstPaint, playSelector, SWITCHES } from './games'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const outDir = path.join(tmpdir(), 'lobby-games-trace-dist')

/** Counts the components React rendered, by name, while window.__countRenders is true. */
const RENDER_HOOK = `(() => {
  const seen = new WeakMap()
  window.__renders = {}
  window.__countRenders = false
  let last = null
  const walk = (f, count) => {
    for (; f !== null; f = f.sibling) {
      if (f.tag === 0 || f.tag === 1 || f.tag === 11 || f.tag === 14 || f.tag === 15) {
        const before = seen.get(f) ?? (f.alternate !== null ? seen.get(f.alternate) : undefined)
        if (count && before !== undefined && (before.p !== f.memoizedProps || before.s !== f.memoizedState)) {
          const t = f.type && (f.type.type ?? f.type.render ?? f.type)
          const name = (f.type && f.type.displayName) || (t && (t.displayName || t.name)) || 'anonymous'
          window.__renders[name] = (window.__renders[name] ?? 0) + 1
        }
        const mark = { p: f.memoizedProps, s: f.memoizedState }
        seen.set(f, mark)
        if (f.alternate !== null) seen.set(f.alternate, mark)
      }
      if (f.child !== null) walk(f.child, count)
    }
  }
  /** Notes every component's props and state as they are, so the next commit's renders are counted. */
  window.__primeRenders = () => { if (last !== null) walk(last.current.child, false) }
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, isDisabled: false, renderers: new Map(),
    inject: () => 1, checkDCE: () => {}, onScheduleFiberRoot: () => {}, onCommitFiberUnmount: () => {}, onPostCommitFiberRoot: () => {},
    // The walk costs time of its own: only in the pass that counts (the traced passes do not walk).
    onCommitFiberRoot: (_id, root) => { last = root; if (window.__countRenders) walk(root.current.child, true) },
  }
})()`

interface TraceEvent { readonly name: string; readonly ph: string; readonly ts: number; readonly dur?: number; readonly pid: number; readonly tid: number; readonly cat?: string; readonly args?: { readonly name?: string } }

const KIND: ReadonlyArray<[RegExp, string]> = [
  [/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|StyleRecalc)/, 'style'],
  [/^(Layout|UpdateLayer|LayoutShift)/, 'layout'],
  [/^(Paint|PrePaint|PaintImage|Layerize|Commit|CompositeLayers|Rasterize|UpdateLayerTree)/, 'paint'],
  [/^(Decode|ImageDecode|Decode LazyPixelRef)/, 'image decode'],
  [/GC|^BlinkGC|^V8\.GC/, 'gc'],
  [/^(FunctionCall|EvaluateScript|EventDispatch|TimerFire|FireAnimationFrame|RunMicrotasks|v8\.|V8\.|XHR|FireIdleCallback|HandlePostMessage|ScheduleStyleRecalculation|ResourceReceivedData|ResourceFinish|ParseHTML|CompileScript|CompileCode|ProfileCall)/, 'script'],
]
const kindOf = (name: string): string => KIND.find(([re]) => re.test(name))?.[1] ?? 'other'

/** Self time (ms) per kind of the main thread's complete events whose start is in [from, to] (µs). */
const selfTimes = (events: ReadonlyArray<TraceEvent>, from: number, to: number): Record<string, number> => {
  const out: Record<string, number> = {}
  const stack: Array<{ end: number; kind: string; self: number }> = []
  const flush = (until: number) => {
    while (stack.length > 0 && stack[stack.length - 1]!.end <= until) {
      const e = stack.pop()!
      out[e.kind] = (out[e.kind] ?? 0) + e.self / 1000
    }
  }
  for (const e of events) {
    if (e.ts < from || e.ts > to) continue
    flush(e.ts)
    const dur = e.dur ?? 0
    const parent = stack[stack.length - 1]
    if (parent !== undefined) parent.self -= Math.min(dur, parent.end - e.ts)
    stack.push({ end: e.ts + dur, kind: kindOf(e.name), self: dur })
  }
  flush(Number.POSITIVE_INFINITY)
  return out
}

const hallTimings = (page: Page) => page.evaluate(() => {
  const t0 = (window as unknown as { __inputToPaint: { t0: number } }).__inputToPaint.t0
  return performance.getEntriesByType('resource')
    .filter((e) => e.startTime >= t0 && /\/(hall|api)\//.test(e.name) === true)
    .map((e) => {
      const r = e as PerformanceResourceTiming
      return { call: new URL(r.name).pathname.split('/').slice(-2).join('/'), sentAt: r.startTime - t0, server: r.responseStart - r.requestStart, body: r.responseEnd - r.responseStart, end: r.responseEnd - t0 }
    })
})

const main = async () => {
  if (process.env['LOBBY_TRACE_SKIP_BUILD'] !== '1') {
    const r = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error', '--minify', 'false', '--outDir', outDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' })
    if (r.status !== 0) throw new Error('vite build failed')
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lobby-games-trace-'))
  const hall = await startHall({ port: 0, dataDir, mode: 'test', staticDir: outDir })
  const browser = await launch()
  try {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop })
    const page = await context.newPage()
    await page.addInitScript(RENDER_HOOK)
    await page.goto(`${hall.url}/home/game?site=001`)
    await chooseHot(page, 'desktop')
    await page.evaluate(INSTRUMENT)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const menu = page.getByRole('navigation', { name: 'Game categories' }).first()
    const rows: Array<{ pass: string; name: string; paint: number; list: number; hall: string; renders: string }> = []
    const windows: Array<{ pass: string; name: string }> = []
    for (const pass of ['first visit', 'visited before', 'renders counted']) {
      const counting = pass === 'renders counted'
      if (counting) await page.evaluate('window.__primeRenders()')
      if (!counting) await browser.startTracing(page, { path: `/tmp/lobby-games-trace-${pass.replace(/ /g, '-')}.json`, categories: ['devtools.timeline', 'blink.user_timing', 'disabled-by-default-devtools.timeline'] })
      for (const [name, id] of SWITCHES) {
        const first = id === 0 ? seededGameName(1, 97) : seededGameName(id, 1)
        await page.evaluate((c) => { (window as unknown as { __renders: object; __countRenders: boolean }).__renders = {}; (window as unknown as { __countRenders: boolean }).__countRenders = c }, counting)
        await armPainted(page, playSelector(first))
        await menu.getByRole('button', { name, exact: true }).click()
        const list = await armedPainted(page)
        const paint = await firstPaint(page)
        const hallCalls = await hallTimings(page)
        const renders = counting ? await page.evaluate(() => (window as unknown as { __renders: Record<string, number> }).__renders) : {}
        rows.push({
          pass, name, paint: Math.round(paint), list: Math.round(list),
          hall: hallCalls.map((h) => `${h.call} sent +${Math.round(h.sentAt)}, hall ${Math.round(h.server)}, body ${Math.round(h.body)}, in +${Math.round(h.end)}`).join('; '),
          renders: Object.entries(renders).sort((a, b) => b[1] - a[1]).map(([n, c]) => `${n} ${c}`).join(', '),
        })
        windows.push({ pass, name })
        await page.evaluate(() => performance.mark('sw-end'))
        await page.mouse.move(1000, 600)
      }
      if (!counting) {
        const buffer = await browser.stopTracing()
        const trace = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }
        writeFileSync(`/tmp/lobby-games-trace-${pass.replace(/ /g, '-')}.json`, buffer)
        const main = trace.traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
        const counts = main.map((m) => ({ m, n: trace.traceEvents.filter((e) => e.pid === m.pid && e.tid === m.tid).length })).sort((a, b) => b.n - a.n)
        const thread = counts[0]!.m
        const events = trace.traceEvents.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
        const marks = (n: string) => trace.traceEvents.filter((e) => e.name === n && e.cat?.includes('user_timing') === true && (e.ph === 'R' || e.ph === 'I' || e.ph === 'n' || e.ph === 'b')).map((e) => e.ts).sort((a, b) => a - b)
        const inputs = marks('sw-input')
        const frames = marks('sw-frame')
        const lists = marks('sw-list')
        console.log(`\n${pass}: main-thread self time (ms), input to next frame | input to list painted`)
        const kinds = ['script', 'style', 'layout', 'paint', 'image decode', 'gc', 'other']
        console.log(`${'category'.padEnd(12)} ${kinds.map((k) => k.padStart(22)).join('')}`)
        inputs.forEach((t0, i) => {
          const f = frames.find((x) => x > t0) ?? t0
          const l = lists.find((x) => x > t0) ?? t0
          const a = selfTimes(events, t0, f)
          const b = selfTimes(events, t0, l)
          console.log(`${(SWITCHES[i]?.[0] ?? '?').padEnd(12)} ${kinds.map((k) => `${Math.round(a[k] ?? 0)} | ${Math.round(b[k] ?? 0)}`.padStart(22)).join('')}`)
        })
      }
    }
    console.log('\nper switch: input to paint (Event Timing), to list painted, hall calls (ms)')
    for (const r of rows) console.log(`${r.pass.padEnd(16)} ${r.name.padEnd(11)} ${String(r.paint).padStart(5)} ${String(r.list).padStart(6)}  ${r.hall}${r.renders === '' ? '' : `\n${''.padEnd(28)}renders: ${r.renders}`}`)
  } finally {
    await browser.close()
    await hall.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
