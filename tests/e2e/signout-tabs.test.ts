import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'

/**
 * Sign-out ends access in every tab (issue: a second tab stayed signed in after the first logged
 * out, its balance refresh still answered 33 s later). Two tabs of one browser: logging out in
 * one signs the other out at once, by the cross-tab fact and not by any poll or expiry, and the
 * other goes to the root as the spec's logout does. Self-contained: its own player, its own
 * browser.
 */

const kit = useBrowser()
const hallUrl = kit.hallUrl

interface Rec {
  readonly seq: number
  readonly cause?: number
  readonly source?: string
  readonly event: { readonly type: string; readonly [k: string]: unknown }
}

/** The tab's event log (the test hall turns diagnostics on, so the page exposes window.__lobby). */
const records = async (page: Page): Promise<Rec[]> => {
  const log = await page.evaluate(async () => {
    await window.__lobby!.flushLog()
    return window.__lobby!.exportLog()
  })
  return log
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l) as Rec)
}
const signedInAs = async (page: Page): Promise<string | null> =>
  (await records(page)).filter((r) => r.event.type === 'session.loggedIn' || r.event.type === 'session.loggedOut').map((r) => (r.event.type === 'session.loggedIn' ? String(r.event['username']) : null)).at(-1) ?? null

/** The lobby's own header (in #root), not the first screen the hall paints before the lobby takes over. */
const header = (page: Page) => page.locator('#root').getByRole('banner')

describe('logging out in one tab', () => {
  it('signs the other tab of the same browser out at once, and it goes to the root', async () => {
    const { context, page: one } = await kit.open('desktop')
    await one.goto(`${hallUrl}/`)
    await header(one).waitFor()
    // A player of this test's own: registered in the first tab.
    const username = kit.newUsername()
    const auth = one.getByRole('dialog', { name: /Log in|Sign up/ })
    if (!(await auth.isVisible())) await header(one).getByRole('button', { name: 'Sign up', exact: true }).click()
    await auth.getByRole('tab', { name: 'Sign up' }).click()
    await auth.getByLabel('Username').fill(username)
    await auth.getByLabel('Password', { exact: true }).fill('secret12')
    await auth.getByLabel('Confirm password').fill('secret12')
    await auth.getByRole('button', { name: 'Create account' }).click()
    await auth.waitFor({ state: 'hidden' })
    await expect.poll(() => signedInAs(one)).toBe(username)

    // The second tab signs in with the stored fast-login key, on a category page.
    const two = await context.newPage()
    await two.goto(`${hallUrl}/home/game?gameCategoryId=3`)
    await header(two).waitFor()
    await expect.poll(() => signedInAs(two)).toBe(username)
    const twoSession = await two.evaluate(() => window.__lobby!.system.recorder!.header.session)
    // The second tab has finished its own start (the post-login steps, its list's pages) before the
    // first logs out, so every call it asks from the cross-tab fact on is the fact's doing.
    await expect.poll(async () => (await records(two)).some((r) => r.event.type === 'postlogin.finished')).toBe(true)
    await two.waitForLoadState('networkidle')

    await header(one).getByRole('button', { name: /^My account/ }).click()
    await one.getByRole('button', { name: 'Log out', exact: true }).click()
    const confirm = one.getByRole('dialog', { name: 'Log out?' })
    await confirm.getByRole('button', { name: 'Log out', exact: true }).click()
    await header(one).getByRole('button', { name: 'Log in', exact: true }).waitFor()

    // The second tab, untouched and not reloaded, is signed out and at the root.
    await header(two).getByRole('button', { name: 'Log in', exact: true }).waitFor()
    await expect.poll(() => new URL(two.url()).search).toBe('')
    expect(new URL(two.url()).pathname).toBe('/home/game')
    expect(await two.evaluate(() => window.__lobby!.system.recorder!.header.session)).toBe(twoSession)

    // By the cross-tab fact, at once: it caused this tab's own logout call and the spec's logout
    // (no token-expired modal, no poll in between).
    const log = await records(two)
    const heard = log.find((r) => r.event.type === 'session.signedOutElsewhere')
    expect(heard).toMatchObject({ source: 'tabs', event: { username } })
    const call = log.find((r) => r.event.type === 'hall.requested' && r.event['call'] === 'userLogout')
    expect(call?.cause).toBe(heard?.seq)
    const out = log.filter((r) => r.event.type === 'session.loggedOut')
    expect(out.map((r) => r.event['reason'])).toEqual(['logout'])
    expect(log.filter((r) => r.event.type === 'session.tokenExpired')).toEqual([])
    expect(log.filter((r) => r.seq > (heard?.seq ?? 0) && r.seq < (out[0]?.seq ?? 0) && r.event.type === 'hall.requested').map((r) => r.event['call'])).toEqual(['userLogout'])
    await context.close()
  })
})
