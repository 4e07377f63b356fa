import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** axe-core's violations of serious or critical impact on the page (or under `selector`), as 'rule: target' lines. */
export const seriousViolations = async (page: Page, selector?: string): Promise<string[]> => {
  await page.addScriptTag({ content: axeSource })
  const results = await page.evaluate(async (within) => {
    const axe = (window as unknown as { axe: { run: (c: Element | Document) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }> }> } }).axe
    const root = within === null ? document : document.querySelector(within)
    if (root === null) throw new Error(`nothing matches ${within ?? ''}`)
    const r = await axe.run(root)
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => JSON.stringify(n.target)) }))
  }, selector ?? null)
  return results.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.targets.join(' ')}`)
}
