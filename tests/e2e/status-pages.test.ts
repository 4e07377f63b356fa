import { expect, it } from 'vitest'
import { useBrowser } from './support/browser'

/**
 * The status pages read what a link gives them (spec §2: /pages/403, /pages/503, /pages/500 take
 * logId, payloadId and title; issue 45): the title in place of the page's own, and the two ids as
 * the reference a player quotes to support. Markup in a title is shown as text.
 */
const kit = useBrowser()

it.each([
  { page: 'page503', path: '/pages/503', own: 'Scheduled maintenance' },
  { page: 'page500', path: '/pages/500', own: 'Lobby unavailable' },
  { page: 'page403', path: '/pages/403', own: 'Access restricted' },
] as const)('$path shows the title and the ids it is given, and its own title without them', async ({ page: name, path, own }) => {
  const { page, errors } = await kit.openLobby('desktop', 'home/game?site=001')
  await page.evaluate(([n]) => window.__lobby!.system.send({ type: 'nav.requested', name: n, query: {} }), [name] as const)
  await expect.poll(() => new URL(page.url()).pathname).toBe(path)
  await page.getByRole('heading', { level: 1, name: own }).waitFor()
  expect(await page.locator('.status').getByText(/^Reference for support:/).count()).toBe(0)

  const query = { logId: 'L-20261128-7', payloadId: 'P-42', title: 'Back at <b>10:00</b> UTC' }
  await page.evaluate(([n, q]) => window.__lobby!.system.send({ type: 'nav.requested', name: n, query: q }), [name, query] as const)
  await expect.poll(() => new URL(page.url()).searchParams.get('logId')).toBe('L-20261128-7')
  await page.getByRole('heading', { level: 1, name: 'Back at <b>10:00</b> UTC' }).waitFor()
  await page.locator('.status').getByText('Reference for support: L-20261128-7 / P-42', { exact: true }).waitFor()
  expect(await page.locator('.status h1 b').count()).toBe(0)
  expect(errors).toEqual([])
})
