/**
 * Where one lobby boot's renderer time goes (issue 41; docs/performance.md, "The boot"): a test
 * hall over a built lobby (`vite build --sourcemap --outDir <dir>`, never dist/), a player signed
 * in over HTTP and kept in the page's database, and the home page opened in Chromium until the
 * header shows the player and the page is idle.
 *
 *   npx tsx tests/bench/boot-profile.ts <dir> <mode> [cpu throttling rate] [boots] [kept|visitor]
 *
 * Modes: `cpu` prints each boot's main-thread task, script, layout and style time (CDP
 * Performance.getMetrics) and its long tasks (longest, and the blocking time over 50 ms);
 * `profile` adds a CDP CPU profile (0.1 ms sampling) by module, chunk and function through the
 * build's source maps, by the nearest and the outermost lobby frame on the stack, and by task entry
 * (module evaluation per chunk); `trace` writes a Chromium trace to /tmp/boot/trace-<n>.json;
 * `renders` (on a build without minification) counts the components React rendered by name.
 * BOOT_CHUNK, BOOT_NEAR, BOOT_OUTER narrow the profile to a chunk, a nearest or an outermost frame.
 */
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SourceMapConsumer } from 'source-map-js'
import { startHall } from '../../server/hall'
import { launch, newContext } from '../../tests/e2e/support/browser'
import { newPlayer } from '../../tests/e2e/support/hall'
import { signInOverHttp, keptSessionSeed } from '../../tests/e2e/support/kept-session'

const [distArg, mode = 'profile', rateArg = '1', runsArg = '1', visitorArg = 'kept'] = process.argv.slice(2)
const dist = path.resolve(distArg!)
const rate = Number(rateArg)
const runs = Number(runsArg)

const maps = new Map<string, SourceMapConsumer>()
const mapFor = (url: string): SourceMapConsumer | undefined => {
  const m = /\/assets\/([^/?]+\.js)/.exec(url)
  if (m === null) return undefined
  if (!maps.has(m[1]!)) {
    try { maps.set(m[1]!, new SourceMapConsumer(JSON.parse(readFileSync(path.join(dist, 'assets', `${m[1]}.map`), 'utf8')))) } catch { return undefined }
  }
  return maps.get(m[1]!)
}
const moduleOf = (src: string): string => {
  const s = src.replace(/^(\.\.\/)+/, '')
  const nm = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(s)
  return nm !== null ? `npm:${nm[1]}` : s
}

const RENDER_HOOK = `(() => {
  const seen = new WeakMap()
  window.__renders = {}
  window.__commits = 0
  const walk = (f) => {
    for (; f !== null; f = f.sibling) {
      if (f.tag === 0 || f.tag === 1 || f.tag === 11 || f.tag === 14 || f.tag === 15) {
        const before = seen.get(f) ?? (f.alternate !== null ? seen.get(f.alternate) : undefined)
        if (before === undefined || before.p !== f.memoizedProps || before.s !== f.memoizedState) {
          const t = f.type && (f.type.type ?? f.type.render ?? f.type)
          const name = (f.type && f.type.displayName) || (t && (t.displayName || t.name)) || 'anonymous'
          window.__renders[name] = (window.__renders[name] ?? 0) + 1
        }
        const mark = { p: f.memoizedProps, s: f.memoizedState }
        seen.set(f, mark)
        if (f.alternate !== null) seen.set(f.alternate, mark)
      }
      if (f.child !== null) walk(f.child)
    }
  }
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, isDisabled: false, renderers: new Map(),
    inject: () => 1, checkDCE: () => {}, onScheduleFiberRoot: () => {}, onCommitFiberUnmount: () => {}, onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (_id, root) => { window.__commits++; walk(root.current.child) },
  }
})()`

const main = async () => {
  mkdirSync('/tmp/boot', { recursive: true })
  const dataDir = mkdtempSync(path.join(tmpdir(), 'boot-prof-'))
  const hall = await startHall({ port: 0, dataDir, mode: 'test', staticDir: dist })
  const browser = await launch()
  const byFn = new Map<string, number>()
  const byMod = new Map<string, number>()
  const byChunk = new Map<string, number>()
  const byNear = new Map<string, number>()
  const byRoot = new Map<string, number>()
  const byChunkFn = new Map<string, number>()
  const byOuter = new Map<string, number>()
  const metricsRuns: Array<Record<string, number>> = []
  let total = 0
  try {
    for (let i = 0; i < runs; i++) {
      const p = await newPlayer(hall.url, { prefix: `bp${i}` })
      const kept = visitorArg === 'kept' ? await signInOverHttp(hall.url, p) : undefined
      const context = await newContext(browser, 'desktop', kept === undefined ? {} : { keptSession: keptSessionSeed(hall.url, kept) })
      const page = await context.newPage()
      if (mode === 'renders') await page.addInitScript(RENDER_HOOK)
      await page.addInitScript(() => { (window as any).__long = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) (window as any).__long.push(Math.round(e.duration)) }).observe({ type: 'longtask', buffered: true }) })
      const cdp = await context.newCDPSession(page)
      if (rate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate })
      await cdp.send('Performance.enable')
      if (mode === 'profile') { await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 100 }); await cdp.send('Profiler.start') }
      if (mode === 'trace') await browser.startTracing(page, { path: `/tmp/boot/trace-${i}.json`, categories: ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline', 'blink', 'loading', 'v8'] })
      const before = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]))
      await page.goto(`${hall.url}/`)
      await page.locator('#root').getByRole('banner').waitFor({ state: 'visible', timeout: 60_000 })
      if (kept !== undefined) await page.locator('#root').getByRole('banner').getByText(p.username).first().waitFor({ timeout: 60_000 })
      // let the boot's trailing work (after the first paint) finish: wait for two idle callbacks in a row
      await page.evaluate(() => new Promise<void>((r) => requestIdleCallback(() => requestIdleCallback(() => r(), { timeout: 5000 }), { timeout: 5000 })))
      const after = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]))
      const d = (k: string) => Math.round(((after[k] ?? 0) - (before[k] ?? 0)) * 1000)
      const longs = await page.evaluate(() => (window as any).__long as number[])
      metricsRuns.push({ long: Math.max(0, ...longs), blocking: longs.reduce((a, x) => a + Math.max(0, x - 50), 0), task: d('TaskDuration'), script: d('ScriptDuration'), layout: d('LayoutDuration'), style: d('RecalcStyleDuration') })
      if (mode === 'trace') await browser.stopTracing()
      if (mode === 'renders') {
        const r = await page.evaluate(() => ({ renders: (window as any).__renders, commits: (window as any).__commits }))
        console.log('commits', r.commits, JSON.stringify(Object.entries(r.renders as Record<string, number>).sort((a, b) => b[1] - a[1]).slice(0, 40)))
      }
      if (mode === 'profile') {
        const { profile } = await cdp.send('Profiler.stop')
        const dt = new Map<number, number>()
        for (let k = 0; k < profile.samples!.length; k++) dt.set(profile.samples![k]!, (dt.get(profile.samples![k]!) ?? 0) + profile.timeDeltas![k]! / 1000)
        const nodeById = new Map(profile.nodes.map((n) => [n.id, n]))
        const parent = new Map<number, number>()
        for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
        const where = (n: (typeof profile.nodes)[number]): { fn: string; mod: string } => {
          const cf = n.callFrame
          const mc = cf.url === '' ? undefined : mapFor(cf.url)
          if (mc !== undefined) {
            const o = mc.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber })
            if (o.source !== null) return { fn: `${o.name ?? cf.functionName} ${moduleOf(o.source)}:${o.line}`, mod: moduleOf(o.source) }
          }
          return { fn: cf.functionName || '(anonymous)', mod: cf.url === '' ? `(${cf.functionName})` : cf.url }
        }
        for (const n of profile.nodes) {
          const ms0 = dt.get(n.id) ?? 0
          if (ms0 === 0 || n.callFrame.url === '' && n.callFrame.functionName.startsWith('(')) continue
          // the nearest lobby frame (not npm) on the stack, and the outermost lobby frame
          let id: number | undefined = n.id; let near = ''; let outer = ''; let second = ''
          while (id !== undefined) { const w = where(nodeById.get(id)!); if (w.mod.startsWith('work/main/')) { if (near === '') near = w.fn; second = outer; outer = w.fn } ; id = parent.get(id) }
          if (process.env['BOOT_OUTER'] !== undefined && outer.includes(process.env['BOOT_OUTER'])) byChunkFn.set(second, (byChunkFn.get(second) ?? 0) + ms0)
          if (process.env['BOOT_NEAR'] !== undefined && near.includes(process.env['BOOT_NEAR'])) { const w0 = where(n); byChunkFn.set(w0.fn, (byChunkFn.get(w0.fn) ?? 0) + ms0) }
          byNear.set(near || '(no lobby frame)', (byNear.get(near || '(no lobby frame)') ?? 0) + ms0)
          byOuter.set(outer || '(no lobby frame)', (byOuter.get(outer || '(no lobby frame)') ?? 0) + ms0)
        }
        const incl = (id: number): number => { const n = nodeById.get(id)!; return (dt.get(id) ?? 0) + (n.children ?? []).reduce((a, c) => a + incl(c), 0) }
        const rootNode = profile.nodes[0]!
        for (const c of rootNode.children ?? []) {
          const n = nodeById.get(c)!
          const key = n.callFrame.url === '' ? `(${n.callFrame.functionName})` : `${n.callFrame.functionName || 'top'} ${n.callFrame.url.replace(hall.url, '')}:${n.callFrame.lineNumber}` + (n.callFrame.lineNumber === 0 && n.callFrame.functionName === '' ? ' [module eval]' : ` = ${where(n).fn}`)
          byRoot.set(key, (byRoot.get(key) ?? 0) + incl(c))
        }
        for (const n of profile.nodes) {
          const ms = dt.get(n.id) ?? 0
          if (ms === 0) continue
          const cf = n.callFrame
          total += ms
          let fn = cf.functionName || '(anonymous)'
          let mod = cf.url === '' ? `(${fn})` : cf.url.replace(hall.url, '')
          const chunk = mod
          const mc = cf.url === '' ? undefined : mapFor(cf.url)
          if (mc !== undefined) {
            const o = mc.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber })
            if (o.source !== null) { mod = moduleOf(o.source); fn = `${o.name ?? fn} ${mod}:${o.line}` }
          }
          byFn.set(fn, (byFn.get(fn) ?? 0) + ms)
          if (process.env['BOOT_CHUNK'] !== undefined && chunk.includes(process.env['BOOT_CHUNK'])) byChunkFn.set(fn, (byChunkFn.get(fn) ?? 0) + ms)
          byMod.set(mod, (byMod.get(mod) ?? 0) + ms)
          byChunk.set(chunk, (byChunk.get(chunk) ?? 0) + ms)
        }
      }
      await context.close()
    }
  } finally {
    await browser.close()
    await hall.close?.()
  }
  console.log('runs', JSON.stringify(metricsRuns))
  const med = (k: string) => { const v = metricsRuns.map((r) => r[k]!).sort((a, b) => a - b); return v[Math.floor(v.length / 2)] }
  console.log(`median longest task ${med('long')} blocking ${med('blocking')} task ${med('task')} script ${med('script')} layout ${med('layout')} style ${med('style')} ms (rate ${rate})`)
  if (mode === 'profile') {
    const top = (m: Map<string, number>, n: number, label: string) => {
      console.log(`\n== ${label} (ms per boot, of ${(total / runs).toFixed(0)} sampled)`)
      for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${(v / runs).toFixed(1).padStart(8)}  ${k}`)
    }
    top(byMod, 30, 'by module'); top(byChunk, 15, 'by chunk'); top(byFn, 40, 'by function'); top(byRoot, 40, 'tasks: inclusive time by entry frame'); top(byChunkFn, 40, 'in chunk ' + process.env['BOOT_CHUNK']); top(byNear, 30, 'JS by nearest lobby frame (inclusive of npm below it)'); top(byOuter, 30, 'JS by outermost lobby frame')
  }
  process.exit(0)
}
void main()
