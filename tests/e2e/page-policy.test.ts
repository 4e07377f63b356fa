import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'

/**
 * The pages' Content-Security-Policy (server/headers.ts) as a browser applies it: the lobby, the
 * developer's timeline and the support console run with no violation reported, while a script
 * written into the page without the answer's nonce, an inline event handler and a javascript: URL
 * are refused; and no other origin may frame the lobby.
 */
const kit = useBrowser()
const hallUrl = kit.hallUrl
const golden = readFileSync(path.resolve(import.meta.dirname, '../replay/session-flow.ndjson'), 'utf8')

interface Violation {
  readonly directive: string
  readonly blocked: string
  readonly sample: string
}

/** Collects the page's (and its frames') policy violations from the first moment of every document. */
const watchViolations = async (page: Page): Promise<() => Promise<Violation[]>> => {
  await page.addInitScript(() => {
    const seen: Array<{ directive: string; blocked: string; sample: string }> = []
    ;(window as unknown as { __violations: typeof seen }).__violations = seen
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample })
    })
  })
  return async () => {
    const all = await Promise.all(
      page.frames().map((f) => f.evaluate(() => (window as unknown as { __violations?: Violation[] }).__violations ?? []).catch(() => [])),
    )
    return all.flat()
  }
}

describe('the page policy', () => {
  it('lets the lobby run with no violation and refuses a script without the nonce, an inline handler and a javascript: URL', async () => {
    const { page, errors } = await kit.open('desktop')
    const violations = await watchViolations(page)
    await page.goto(`${hallUrl}/home/game`)
    // The lobby's own header (the hall's first screen paints one before the lobby starts).
    await page.locator('#root').getByRole('banner').waitFor({ timeout: 30_000 })
    await page.getByRole('dialog').or(page.getByRole('main')).first().waitFor()
    expect(await violations()).toEqual([])

    // What a sanitizer that missed something would let into the page.
    await page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'window.__ran = "script"'
      document.body.append(script)
      const holder = document.createElement('div')
      holder.innerHTML = '<img src="data:," onerror="window.__ran = \'handler\'"><a id="js-link" href="javascript:window.__ran=\'link\'">x</a>'
      document.body.append(holder)
      document.getElementById('js-link')?.click()
    })
    await expect.poll(async () => (await violations()).map((v) => v.directive).sort()).toEqual(['script-src-attr', 'script-src-elem', 'script-src-elem'])
    expect(await page.evaluate(() => (window as unknown as { __ran?: string }).__ran)).toBeUndefined()
    expect((await violations()).every((v) => v.blocked === 'inline')).toBe(true)
    // The lobby goes on working: it navigates after the attempt.
    await page.locator('#root').getByRole('banner').waitFor()
    // (The refusals above are the policy's reports, which the error watcher leaves out; nothing else.)
    expect(errors).toEqual([])
  })

  it('refuses to be framed by another origin', async () => {
    const { page } = await kit.open('desktop')
    // A page of an origin other than the lobby's (an opaque one) framing it.
    await page.setContent(`<iframe title="framed lobby" src="${hallUrl}/home/game"></iframe>`)
    await expect.poll(() => page.frames().length).toBe(2)
    const framed = page.frames()[1]
    await expect.poll(() => framed?.url()).toMatch(/^chrome-error:/)
  })

  it('lets the developer\'s timeline and the support console run with no violation', async () => {
    const { page, errors } = await kit.open('desktop')
    const violations = await watchViolations(page)
    await page.goto(`${hallUrl}/devtools.html`)
    await page.getByLabel('Log file').setInputFiles({ name: 'session.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from(golden) })
    await page.getByRole('listbox', { name: 'Records' }).getByRole('option').first().waitFor()
    // Played to the end, the screen shows the lobby as the player saw it.
    await page.getByRole('button', { name: 'Play fastest' }).click()
    await page.frameLocator('iframe[title="Lobby screen"]').getByRole('banner').waitFor({ timeout: 30_000 })
    expect(await violations()).toEqual([])
    expect(errors).toEqual([])

    // (The console asks for its session first and is answered 401 before the sign-in: not a fault.)
    await page.goto(`${hallUrl}/support`)
    const form = page.getByRole('form', { name: 'Sign in' })
    await form.getByLabel('Username').fill('support')
    await form.getByLabel('Password').fill('support-dev')
    await form.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('search', { name: 'Search sessions' }).waitFor()
    expect(await violations()).toEqual([])
  })
})
