import { describe, expect, it } from 'vitest'
import { callHall, playRound, player, visitor } from '../server/support'
import { useBrowser } from './support/browser'

/**
 * The spec's Table behaviour (screens §4, §9) driven in a browser on the betting record of a
 * player with 23 rounds: on the web, pages of 10, go-to-page digits only, clamped to the last page
 * and applied on Enter, a new size asked for at once (the page kept, as only a condition change
 * resets it); a new filter (the condition) back to page 1; on a phone, pages of 15 and the next page
 * loaded by scrolling past 95% of the list.
 */
const kit = useBrowser()
const ROUNDS = 23

/** A fresh player with the given number of rounds of 1.00 played on the hall's game page, and the lobby open on the betting record. */
const playerWithRounds = async (size: 'desktop' | 'phone') => {
  // A fresh player of the file's own, signed in with a kept session (the sign-up form is signup.test.ts's).
  const fresh = await kit.player({ password: 'secret12' })
  const { username } = fresh
  const opened = await kit.openLobby(size, 'home/game?site=001', { as: fresh })
  await kit.control('credit', { username, amount: '100' })
  const site = await visitor(kit.hallUrl, '001')
  const login = await callHall(kit.hallUrl, site, 'POST', '/home/login', { username, password: 'secret12' })
  expect(login.envelope.code).toBe(1)
  const caller = player('001', login.envelope.data)
  for (let i = 0; i < ROUNDS; i++) await playRound(kit.hallUrl, site, caller, login.envelope.data as { session_key: string; userkey: string }, '1')
  await opened.page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'report', query: { current: '1' } }))
  await expect.poll(() => new URL(opened.page.url()).pathname).toBe('/home/report')
  return opened
}

describe('the betting record as the spec\'s Table', () => {
  it('on the web: pages of 10, go-to-page digits only and clamped on Enter, a new size keeps the page, a new filter goes back to page 1', async () => {
    const { page, errors } = await playerWithRounds('desktop')
    const table = page.getByRole('table', { name: 'Betting record' })
    const pager = page.getByRole('navigation', { name: 'Betting record: pages' })
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 15_000 }).toBe(10)
    await expect.poll(() => pager.innerText()).toContain(`${ROUNDS} records`)
    expect(await pager.innerText()).toContain('Page 1 of 3')

    const goTo = pager.getByLabel('Go to page')
    await goTo.fill('')
    await goTo.pressSequentially('9x')
    // Letters never get in; the page changes only on Enter.
    expect(await goTo.inputValue()).toBe('9')
    expect(await pager.innerText()).toContain('Page 1 of 3')
    await goTo.press('Enter')
    // 9 is past the last page: clamped to 3, which holds the oldest 3 rounds.
    await expect.poll(() => pager.innerText()).toContain('Page 3 of 3')
    await expect.poll(() => table.locator('tbody tr').count()).toBe(3)

    await pager.getByRole('button', { name: 'Previous' }).click()
    await expect.poll(() => pager.innerText()).toContain('Page 2 of 3')
    await pager.getByLabel('Per page').selectOption('20')
    // Page 2 of 20 rows: the 3 oldest.
    await expect.poll(() => pager.innerText()).toContain('Page 2 of 2')
    await expect.poll(() => table.locator('tbody tr').count()).toBe(3)
    // A condition change: the settled state filter answers the same rounds, from page 1.
    await page.getByLabel('State', { exact: true }).selectOption({ label: 'Settled' })
    await expect.poll(() => pager.innerText()).toContain('Page 1 of 2')
    await expect.poll(() => table.locator('tbody tr').count()).toBe(20)
    expect(await pager.getByLabel('Per page').locator('option').allTextContents()).toEqual(['10', '20', '30', '40', '50'])
    expect(errors).toEqual([])
  })

  it('on a phone: pages of 15, and the next page loads when the list is scrolled past 95%', async () => {
    const { page, errors } = await playerWithRounds('phone')
    const list = page.getByRole('list', { name: 'Betting record' })
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(15)
    expect(await page.getByText(`All ${ROUNDS} records shown`).count()).toBe(0)
    // Scrolled to the end of the list's own scroll box: the second page is asked for and appended.
    await page.locator('.paged--infinite').evaluate((el) => {
      el.scrollTop = el.scrollHeight
    })
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(ROUNDS)
    await expect.poll(() => page.getByText(`All ${ROUNDS} records shown`).isVisible()).toBe(true)
    expect(errors).toEqual([])
  })
})
