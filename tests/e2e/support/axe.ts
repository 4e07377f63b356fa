import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface Violation {
  readonly id: string
  readonly impact: string
  readonly targets: ReadonlyArray<string>
}

/**
 * Every axe-core violation on the page (or under `selector`). axe is evaluated through the
 * browser's debugging protocol, not added as a script element: the page's Content-Security-Policy
 * refuses inline scripts without its nonce, as it should.
 */
const violations = async (page: Page, selector?: string): Promise<Violation[]> => {
  await page.evaluate(axeSource)
  return page.evaluate(async (within) => {
    const axe = (window as unknown as { axe: { run: (c: Element | Document) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }> }> } }).axe
    const root = within === null ? document : document.querySelector(within)
    if (root === null) throw new Error(`nothing matches ${within ?? ''}`)
    const r = await axe.run(root)
    return r.violations.map((v) => ({ id: v.id, impact: v.impact ?? '?', targets: v.nodes.map((n) => JSON.stringify(n.target)) }))
  }, selector ?? null)
}

/** axe-core's violations of serious or critical impact on the page (or under `selector`), as 'rule: target' lines. */
export const seriousViolations = async (page: Page, selector?: string): Promise<string[]> =>
  (await violations(page, selector)).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.targets.join(' ')}`)

/** Every axe-core violation on the page, of any impact, as 'rule (impact): targets' lines. */
export const allViolations = async (page: Page): Promise<string[]> =>
  (await violations(page)).map((v) => `${v.id} (${v.impact}): ${v.targets.join(' ')}`)
