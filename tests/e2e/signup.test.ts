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
