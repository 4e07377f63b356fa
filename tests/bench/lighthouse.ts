import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromiumPath } from '../e2e/support/browser'

/**
 * Lighthouse 12's mobile defaults (a mid-range phone: 4x CPU slowdown, 150 ms RTT, 1.6 Mbps,
 * simulated) against the home page a production hall serves: the figures issue "Speed and a
 * hardened page" names, from the median run of `runs`.
 */
export interface LighthouseFigures {
  readonly score: number
  readonly fcpMs: number
  readonly lcpMs: number
  readonly tbtMs: number
  readonly cls: number
  readonly scriptBytes: number
  readonly scores: ReadonlyArray<number>
}

const numeric = (lhr: { audits: Record<string, { numericValue?: number }> }, id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN

export const lighthouseFigures = async (url: string, runs = 3): Promise<LighthouseFigures> => {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update'],
  })
  try {
    const results: LighthouseFigures[] = []
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' })
      if (result === undefined) throw new Error('Lighthouse returned no result')
      const lhr = result.lhr
      const summary = (lhr.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined)?.items ?? []
      results.push({
        score: lhr.categories['performance']?.score ?? Number.NaN,
        fcpMs: numeric(lhr, 'first-contentful-paint'),
        lcpMs: numeric(lhr, 'largest-contentful-paint'),
        tbtMs: numeric(lhr, 'total-blocking-time'),
        cls: numeric(lhr, 'cumulative-layout-shift'),
        scriptBytes: summary.find((s) => s.resourceType === 'script')?.transferSize ?? Number.NaN,
        scores: [],
      })
    }
    const byScore = [...results].sort((a, b) => a.score - b.score)
    return { ...byScore[Math.floor(byScore.length / 2)]!, scores: results.map((r) => r.score) }
  } finally {
    chrome.kill()
  }
}
