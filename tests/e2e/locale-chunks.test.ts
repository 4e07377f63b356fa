/**
 * Locale namespaces per route (issue 27; src/i18n): the first route carries only the English of
 * the namespaces its own modules use. A screen behind it fetches its words as it is first shown
 * (locale-<language>-<namespace>-<hash>.js); a language switch fetches, for the new language, only
 * the namespaces the page has loaded so far. Words that cannot be fetched show the same "could not
 * be loaded" and "Try again" (and the upgrade offer) as a screen's code that cannot, never a screen
 * of bare keys.
 */
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { useBrowser } from './support/browser'

const kit = useBrowser()

/** The locale chunks a page asked for, as language/namespace, in order. */
const watchLocales = (page: Page): string[] => {
  const asked: string[] = []
  page.on('request', (r) => {
    const m = /\/assets\/locale-([a-z]{2}_[A-Z]{2})-([a-z]+)-[\w-]+\.js$/.exec(new URL(r.url()).pathname)
    if (m !== null) asked.push(`${m[1]}/${m[2]}`)
  })
  return asked
}

it('fetches a screen’s words when it is shown, says so when they cannot be fetched, and a switch fetches only what the page uses', async () => {
  const { context, page, errors } = await kit.open('phone')
  const asked = watchLocales(page)
  await page.goto(new URL('/home/game?site=001', kit.hallUrl).href)
  await page.locator('#root').getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor({ timeout: 20_000 })
  // The home page in English: all its words came with the first route.
  expect(asked).toEqual([])

  // About us, with its words unreachable: the screen says it could not be loaded and offers to try again.
  await context.route(/\/assets\/locale-en_US-about-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'))
  await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'about' }))
  await expect.poll(() => new URL(page.url()).pathname).toBe('/home/about')
  const failed = page.getByRole('alert').filter({ hasText: 'This screen could not be loaded. Check your connection and try again.' })
  await failed.waitFor({ timeout: 15_000 })
  expect(await page.getByText('title', { exact: true }).count()).toBe(0)
  expect(asked).toContain('en_US/about')
  // As for any part of the lobby that could not be loaded, the upgrade is offered too (spec §8); Later puts it off.
  const prompt = page.getByRole('dialog', { name: 'A new version is ready' })
  await prompt.getByText('Part of the lobby could not be loaded', { exact: false }).waitFor({ timeout: 15_000 })
  await prompt.getByRole('button', { name: 'Later' }).first().click()
  await prompt.waitFor({ state: 'hidden' })

  // Reachable again, "Try again" shows the screen.
  await context.unroute(/\/assets\/locale-en_US-about-[\w-]+\.js$/)
  await failed.getByRole('button', { name: 'Try again' }).click()
  await page.getByRole('heading', { name: 'About Lobby', level: 1 }).waitFor({ timeout: 15_000 })
  await failed.waitFor({ state: 'detached' })

  // In Portuguese: the first route's namespaces and about's, and nothing the page has not shown.
  asked.length = 0
  await page.evaluate(() => window.__lobby!.system.send({ type: 'session.languageChosen', language: 'pt_PT' }))
  await page.locator('#root').getByRole('banner').getByRole('button', { name: 'Entrar' }).waitFor({ timeout: 15_000 })
  expect(asked).toContain('pt_PT/about')
  expect(asked).toContain('pt_PT/shell')
  expect(asked.filter((a) => !a.startsWith('pt_PT/'))).toEqual([])
  for (const unseen of ['withdraw', 'pay', 'records', 'promote']) expect(asked).not.toContain(`pt_PT/${unseen}`)
  // Each fetched once.
  expect(new Set(asked).size).toBe(asked.length)

  // The only errors are the refused fetch's own.
  expect(errors.filter((e) => !/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED: .*\/assets\/locale-en_US-about-/.test(e))).toEqual([])
})
