/**
 * The sign-up form's helpers (issue 24; calls §7.1 /home/checkusername, §7.3 userAgreement): the
 * username checked at the hall while the player types (a taken name is an error on the field
 * before anything is sent; a free one says so), and the site's user agreement read in place.
 */
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'

const kit = useBrowser()

describe.each(['phone', 'desktop'] as const)('sign-up at %s size', (size) => {
  it('checks the username while it is typed and shows the user agreement; a free name signs up', async () => {
    const taken = await kit.player()
    const { shell, errors } = await kit.openLobby(size, 'home/game?site=001')
    const dialog = await shell.openRegister()
    const name = dialog.getByLabel('Username')
    const free = dialog.getByRole('status').filter({ hasText: /^This username is free\.$/ })

    // A name another player has: an error on the field, from the hall, before any sign-up.
    await name.fill(taken.username)
    await dialog.getByText('This username is taken. Choose another one.').waitFor()
    expect(await name.getAttribute('aria-invalid')).toBe('true')

    // A free name: the field says so and is valid again.
    const fresh = kit.newUsername()
    await name.fill(fresh)
    await free.waitFor()
    expect(await name.getAttribute('aria-invalid')).toBeNull()
    expect(await dialog.getByText('This username is taken. Choose another one.').count()).toBe(0)

    // A name too short for the form's rule is not asked of the hall: the rule's hint stays.
    const asked = async () =>
      (await shell.events<{ type: string; call?: string }>()).filter((e) => e.type === 'hall.requested' && e.call === 'checkUsername').length
    const before = await asked()
    await name.fill('ab')
    await dialog.getByText(/ to .* letters or digits$/).waitFor()
    expect(await asked()).toBe(before)

    // The agreement, read in place, with the operator's text.
    await dialog.getByText('By signing up you confirm you are of legal age and agree to the user agreement.').waitFor()
    await dialog.getByText('Read the user agreement').click()
    await dialog.getByText(/you confirm that you are of legal age and accept the rules of play/).waitFor()

    // The free name signs up.
    await name.fill(fresh)
    await free.waitFor()
    await dialog.getByLabel('Password', { exact: true }).fill('abc12345')
    await dialog.getByLabel('Confirm password').fill('abc12345')
    await dialog.getByRole('button', { name: 'Create account' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(errors).toEqual([])
  })
})

describe.each(['phone', 'desktop'] as const)('the sign-in page at %s size', (size) => {
  it('opens the sign-in popup on the tab its link names, offers both again once closed, and goes on to the lobby once signed in', async () => {
    const player = await kit.player()
    const { page, shell, errors } = await kit.openLobby(size, 'auth?site=001&key=regedit')
    const dialog = shell.authDialog
    await dialog.waitFor()
    await expect.poll(() => dialog.getByRole('tab', { name: 'Sign up' }).getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })

    // Behind it, the page says what it is for and opens either tab again.
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor()
    await page.getByRole('main').getByRole('button', { name: 'Log in', exact: true }).click()
    await dialog.waitFor()
    await expect.poll(() => dialog.getByRole('tab', { name: 'Log in' }).getAttribute('aria-selected')).toBe('true')
    await dialog.getByLabel('Username').fill(player.username)
    await dialog.getByLabel('Password', { exact: true }).fill(player.password)
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/home/game')
    expect(errors).toEqual([])
  })
})
