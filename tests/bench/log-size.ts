import { gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { parseNdjson } from '../../src/bus/ndjson'
import { replayLog } from '../../src/bus/replayer'
import { launch, VIEWPORTS } from '../e2e/support/browser'
import { seededGameName } from '../e2e/support/games.model'

/**
 * The size of the event log of a scripted session, per hour (issue: lean logs, at most 1 MB
 * gzipped per scripted hour). A real session: Chromium on the built lobby against a real hall
 * (test mode, the seeded catalogue), desktop size. The script: the login popup closed, then a
 * category switch every `paceMs` (Slots, Fishing, Card games, Lottery, Hot, round and round),
 * each waiting for its list to paint, for `seconds` of wall time, with the lobby's own timers
 * running meanwhile. The log is exported (the file support receives) once the first round has
 * seen every category, and again at the end; the hour is the first export plus the growth
 * between the two exports carried on to 3,600 s (a body already in the log costs only its
 * hash, so the growth after the first round is what an hour repeats). The same records written
 * in format 1 (every body in full) are measured the same way, for comparison, and the last
 * export is replayed in Node (it must be IDENTICAL).
 */
export interface LogSizeFigures {
  readonly seconds: number
  readonly switches: number
  readonly records: number
  /** Gzipped bytes per hour, format 2 (the export) and format 1 (the same records, bodies in full). */
  readonly gzPerHour: number
  readonly v1GzPerHour: number
  /** Raw bytes per hour of the export. */
  readonly rawPerHour: number
  readonly identical: boolean
}

const CATEGORIES = [['Slots', 3], ['Fishing', 2], ['Card games', 1], ['Lottery', 8], ['Hot', 0]] as const

const playSelector = (name: string) => `[aria-label="Play ${name}"]`

interface Export {
  readonly at: number
  readonly gz: number
  readonly raw: number
  readonly v1Gz: number
  readonly text: string
}

const exportLog = async (page: Page, t0: number): Promise<Export> => {
  const text = await page.evaluate(async () => {
    await window.__lobby!.flushLog()
    return window.__lobby!.exportLog()
  })
  const parsed = parseNdjson(text)
  if (!parsed.ok) throw new Error(`the exported log does not open: line ${parsed.error.line}: ${parsed.error.message}`)
  const v1 = [JSON.stringify({ ...parsed.file.header, formatVersion: 1 }), ...parsed.file.records.map((r) => JSON.stringify(r))].join('\n') + '\n'
  return { at: (performance.now() - t0) / 1000, gz: gzipSync(text).length, raw: Buffer.byteLength(text), v1Gz: gzipSync(v1).length, text }
}

export const logSizeFigures = async (url: string, seconds = 150, paceMs = 2000): Promise<LogSizeFigures> => {
  const browser = await launch()
  try {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop })
    const page = await context.newPage()
    const t0 = performance.now()
    await page.goto(`${url}/home/game?site=001`)
    const dialog = page.getByRole('dialog').first()
    await dialog.waitFor({ timeout: 60_000 })
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    const menu = page.getByRole('navigation', { name: 'Game categories' }).first()
    let first: Export | undefined
    let switches = 0
    const start = performance.now()
    while (performance.now() - start < seconds * 1000) {
      const [name, id] = CATEGORIES[switches % CATEGORIES.length]!
      await menu.getByRole('button', { name, exact: true }).click()
      await page.locator(playSelector(id === 0 ? seededGameName(1, 97) : seededGameName(id, 1))).first().waitFor({ timeout: 30_000 })
      switches++
      if (switches === CATEGORIES.length) first = await exportLog(page, t0)
      // The script's pace: a player's pause between switches, measured on the page's clock,
      // while the lobby's own timers run.
      const wait = start + switches * paceMs - performance.now()
      if (wait > 0) await page.waitForFunction((until) => performance.now() >= until, (await page.evaluate(() => performance.now())) + wait, { polling: 100 })
    }
    const last = await exportLog(page, t0)
    if (first === undefined || last.at <= first.at) throw new Error('the scripted session ended before its first round of categories')
    const perHour = (a: number, b: number) => a + ((b - a) * (3600 - first.at)) / (last.at - first.at)
    const parsed = parseNdjson(last.text)
    if (!parsed.ok) throw new Error(parsed.error.message)
    return {
      seconds: last.at,
      switches,
      records: parsed.file.records.length,
      gzPerHour: perHour(first.gz, last.gz),
      v1GzPerHour: perHour(first.v1Gz, last.v1Gz),
      rawPerHour: perHour(first.raw, last.raw),
      identical: replayLog(parsed.file).identical,
    }
  } finally {
    await browser.close()
  }
}
