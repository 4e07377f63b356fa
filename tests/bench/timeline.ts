import { toNdjson } from '../../src/bus/ndjson'
import { launch } from '../e2e/support/browser'
import { syntheticLog } from './replay-log'

/**
 * The timeline with a long log: a synthetic log of `size` records (real actors, see
 * replay-log.ts) opened in devtools.html in Chromium. Open time is from the start of reading
 * the file to the first frame drawn after the timeline mounted (parse, index, first render).
 * Then the record list is scrolled from top to bottom and back in 400 steps, one per frame,
 * under a PerformanceObserver for 'longtask' (tasks over 50 ms).
 */
export interface TimelineFigures {
  readonly records: number
  readonly bytes: number
  readonly openMs: number
  readonly longestTaskMs: number
  readonly longTasks: number
  readonly scrolledRows: number
}

const SCROLL = `(async () => {
  const list = document.querySelector('[data-testid="record-list"]')
  const tasks = []
  const observer = new PerformanceObserver((l) => { for (const e of l.getEntries()) tasks.push(e.duration) })
  observer.observe({ type: 'longtask', buffered: false })
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()))
  await frame()
  const max = list.scrollHeight - list.clientHeight
  const steps = 200
  for (let i = 1; i <= steps; i++) { list.scrollTop = (max * i) / steps; await frame() }
  for (let i = steps - 1; i >= 0; i--) { list.scrollTop = (max * i) / steps; await frame() }
  await new Promise((r) => setTimeout(r, 200))
  observer.disconnect()
  return { tasks, rows: Math.round(list.scrollHeight / 24) }
})()`

export const timelineFigures = async (hallUrl: string, size = 100_000): Promise<TimelineFigures> => {
  const log = syntheticLog(size)
  const text = toNdjson(log.header, log.records)
  const browser = await launch()
  try {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
    await page.route('**/bench-timeline.ndjson', (route) => route.fulfill({ status: 200, contentType: 'application/x-ndjson', body: text }))
    await page.goto(`${hallUrl}/devtools.html?log=${encodeURIComponent(`${hallUrl}/bench-timeline.ndjson`)}`)
    await page.waitForFunction(() => window.__timelineOpened !== undefined, undefined, { timeout: 120_000 })
    const opened = (await page.evaluate(() => window.__timelineOpened))!
    const scrolled = await page.evaluate<{ tasks: number[]; rows: number }>(SCROLL)
    return {
      records: opened.records,
      bytes: text.length,
      openMs: opened.openMs,
      longestTaskMs: scrolled.tasks.length === 0 ? 0 : Math.max(...scrolled.tasks),
      longTasks: scrolled.tasks.length,
      scrolledRows: scrolled.rows,
    }
  } finally {
    await browser.close()
  }
}
