import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface Violation {
  readonly id: string
  readonly impact: string
  readonly targets: ReadonlyArray<string>
}

/** What else axe looks at: the page's frames, and what it leaves out. */
export interface AxeScope {
  /** Also inside the page's frames, each checked on its own (a target in a frame reads 'frame <its title> >> selector'). */
  readonly frames?: boolean
  /** Selectors axe leaves out; a frame element matching one is left out with its content. */
  readonly exclude?: ReadonlyArray<string>
}

/** axe run in one frame's document (or under `within` there), without the parts `exclude` names. */
const runAxe = async ({ within, exclude }: { within: string | null; exclude: string[] }): Promise<Violation[]> => {
  type Context = Element | Document | { include: Element | Document; exclude: string[] }
  type Result = { violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }> }
  const axe = (window as unknown as { axe: { run: (c: Context, o: { iframes: boolean }) => Promise<Result> } }).axe
  const root = within === null ? document : document.querySelector(within)
  if (root === null) throw new Error(`nothing matches ${within ?? ''}`)
  const r = await axe.run(exclude.length === 0 ? root : { include: root, exclude }, { iframes: false })
  return r.violations.map((v) => ({ id: v.id, impact: v.impact ?? '?', targets: v.nodes.map((n) => JSON.stringify(n.target)) }))
}

/**
 * Every axe-core violation on the page (or under `selector`), and with `frames` in each frame
 * under it. axe is evaluated through the browser's debugging protocol, not added as a script
 * element: the page's Content-Security-Policy refuses inline scripts without its nonce, as it
 * should. Each frame is checked by an axe of its own, evaluated there: axe's own way into frames
 * (messages between the copies) does not answer from a copy evaluated after the frame loaded.
 */
const violations = async (page: Page, selector?: string, scope: AxeScope = {}): Promise<Violation[]> => {
  const exclude = [...(scope.exclude ?? [])]
  await page.evaluate(axeSource)
  const found = await page.evaluate(runAxe, { within: selector ?? null, exclude })
  if (scope.frames !== true) return found
  for (const frame of page.frames()) {
    if (frame === page.mainFrame() || frame.isDetached()) continue
    const element = await frame.frameElement()
    const where = await element.evaluate((node, { within, exclude }) => {
      const el = node as Element
      return {
        inside: within === null || document.querySelector(within)?.contains(el) === true,
        excluded: exclude.some((s) => el.matches(s) || el.closest(s) !== null),
        name: el.getAttribute('title') ?? el.getAttribute('src') ?? '',
      }
    }, { within: selector ?? null, exclude })
    if (!where.inside || where.excluded) continue
    await frame.evaluate(axeSource)
    const inFrame = await frame.evaluate(runAxe, { within: null, exclude: [] })
    found.push(...inFrame.map((v) => ({ ...v, targets: v.targets.map((t) => `frame ${where.name} >> ${t}`) })))
  }
  return found
}

/** axe-core's violations of serious or critical impact on the page (or under `selector`), as 'rule: target' lines. */
export const seriousViolations = async (page: Page, selector?: string, scope?: AxeScope): Promise<string[]> =>
  (await violations(page, selector, scope)).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.targets.join(' ')}`)

/** Every axe-core violation on the page, of any impact, as 'rule (impact): targets' lines. */
export const allViolations = async (page: Page): Promise<string[]> =>
  (await violations(page)).map((v) => `${v.id} (${v.impact}): ${v.targets.join(' ')}`)
