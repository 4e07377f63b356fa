import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { allViolations as axeViolations } from './support/axe'
import { useBrowser } from './support/browser'
import { ShellPage } from './support/shell.model'

/**
 * Trace reports at phone and desktop sizes (calls §7.3 /v1/netstat/player/logger, "only for certain
 * site codes"): on a site whose sysInfo turns `traceReport` on (081 here, which no other browser test
 * opens), a script error thrown on the page reaches the hall, read back through the `trace-reports`
 * control, without the token its address carried; on a site that leaves it off (001), the page
 * sends nothing: both pages throw at once, and once the first one's report is stored the second
 * one's batch would have left too. Support then reads the report in the console's script errors.
 */
const kit = useBrowser()

type Trace = { event: string; message: string; source: string; href: string; lineno: number }
const tracesOf = async (siteCode: string, message: string): Promise<Trace[]> =>
  ((await kit.control('trace-reports', { siteCode, limit: 200 }))['traces'] as Trace[]).filter((t) => t.message.includes(message))

/** A lobby page, counting its calls to the player logger. */
const lobby = async (size: 'phone' | 'desktop', site: string): Promise<{ page: Page; errors: string[]; logged: () => number }> => {
  const { page, errors } = await kit.open(size)
  let logged = 0
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('/v1/netstat/player/logger')) logged += 1
  })
  const shell = new ShellPage(page, kit.hallUrl)
  // The address carries a token the report must not: it stays on the page.
  await page.goto(`${kit.hallUrl}/home/game?site=${site}&token=page-secret-1`)
  await shell.waitReady()
  return { page, errors, logged: () => logged }
}

const probe = (page: Page, message: string) =>
  page.evaluate((m) => {
    setTimeout(() => {
      throw new Error(m)
    })
  }, message)

describe.each(['phone', 'desktop'] as const)('trace reports at %s size', (size) => {
  it('a site with trace reports on sends a script error to the hall; a site with them off sends nothing', async () => {
    await kit.patchSite('081', 'sysInfo', { traceReport: 'open' })
    const message = `probe-${size}-${Date.now().toString(36)}`
    const off = await lobby(size, '001')
    const on = await lobby(size, '081')
    await probe(off.page, message)
    await probe(on.page, message)
    await expect.poll(() => tracesOf('081', message), { timeout: 20_000 }).toHaveLength(1)
    const [report] = await tracesOf('081', message)
    expect(report).toMatchObject({ event: 'error', message: `Uncaught Error: ${message}` })
    expect(report?.lineno).toBeGreaterThan(0)
    expect(new URL(report?.href ?? '').searchParams.get('token')).toBe('[redacted]')
    expect(report?.href).not.toContain('page-secret-1')
    // The page with trace reports off threw first and sent nothing.
    expect([off.logged(), await tracesOf('001', message)]).toEqual([0, []])
    // The same error again on the same page is not reported twice (the reports are deduped).
    await probe(on.page, message)
    await probe(on.page, `${message}-second`)
    await expect.poll(() => tracesOf('081', `${message}-second`), { timeout: 20_000 }).toHaveLength(1)
    expect(await tracesOf('081', message)).toHaveLength(2)
    expect((await tracesOf('081', message)).filter((t) => t.message === `Uncaught Error: ${message}`)).toHaveLength(1)
    // Support reads the site's script errors in the console.
    const support = (await kit.open(size)).page
    await support.goto(`${kit.hallUrl}/support/traces`)
    const signIn = support.getByRole('form', { name: 'Sign in' })
    await signIn.getByLabel('Username').fill('support')
    await signIn.getByLabel('Password').fill('support-dev')
    await signIn.getByRole('button', { name: 'Sign in' }).click()
    const find = support.getByRole('search', { name: 'Find script errors' })
    await find.getByLabel('Site code').fill('081')
    await find.getByRole('button', { name: 'Find' }).click()
    const row = support.getByRole('table', { name: 'Script errors' }).getByRole('row').filter({ hasText: `Uncaught Error: ${message}-second` })
    await row.waitFor()
    expect(await row.getByRole('cell').nth(1).innerText()).toContain('Script error')
    expect(await axeViolations(support)).toEqual([])
    // The only page errors are the probes.
    expect([...off.errors, ...on.errors].every((e) => e.includes(message))).toBe(true)
  })
})
