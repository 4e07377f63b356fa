/**
 * Sign-up's phone (issue 24, "the phone field with the country list where the site asks for a
 * phone"): on a site whose registration asks for one (its 'register' document), the register form
 * shows the country list of smsCountry and the number, the SMS login's own control; a number
 * outside the country's length is refused by the form, nothing is sent; a right one registers, and
 * the hall binds it (the phone then signs in by SMS code to the new account).
 */
import { describe, expect, it } from 'vitest'
import { useBrowser, type Size } from './support/browser'
import { callHall, visitor } from '../server/support'

const kit = useBrowser()

describe.each(['phone', 'desktop'] as const)('sign-up with a phone at %s size', (size: Size) => {
  it('asks the phone with the country list where the site wants one, refuses a short number and binds a right one', async () => {
    await kit.patchSite('001', 'register', { phone: 'required' })
    const { shell, errors } = await kit.openLobby(size, 'home/game?site=001')
    const dialog = await shell.openRegister()
    const username = kit.newUsername()
    await dialog.getByLabel('Username').fill(username)
    await dialog.getByLabel('Password', { exact: true }).fill('abc12345')
    await dialog.getByLabel('Confirm password').fill('abc12345')
    const country = dialog.getByLabel('Country or region')
    await expect.poll(() => country.locator('option').count()).toBeGreaterThan(1)
    await country.selectOption('+55')
    const number = dialog.getByLabel('Phone number')

    // No number, then one shorter than Brazil's: the form says so, nothing is registered.
    const registers = async () => (await shell.events<{ type: string }>()).filter((e) => e.type === 'session.registerSubmitted').length
    await dialog.getByRole('button', { name: 'Create account' }).click()
    await dialog.getByText('Enter your phone number.').waitFor()
    await number.fill('123')
    await dialog.getByRole('button', { name: 'Create account' }).click()
    await dialog.getByText('Enter a phone number of 10 to 11 digits.').waitFor()
    expect(await number.getAttribute('aria-invalid')).toBe('true')
    expect(await registers()).toBe(0)
    // It stops at the country's longest.
    const digits = `6399${size === 'phone' ? '3' : '4'}${Date.now().toString().slice(-6)}`
    await number.fill(`${digits}99`)
    expect(await number.inputValue()).toBe(`${digits}99`.slice(0, 11))
    await number.fill(digits)
    await dialog.getByRole('button', { name: 'Create account' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(async () => (await shell.loggedInEvents()).at(-1)).toMatchObject({ username, real: true })

    // The hall bound it: an SMS login code goes to this phone, named masked.
    const site = await visitor(kit.hallUrl, '001')
    const sent = (await callHall(kit.hallUrl, site, 'POST', '/shortmsg/create', { phone_number: `+55${digits}`, scene: 'login' })).envelope
    expect(sent.code).toBe(1)
    expect((sent.data as { target: string }).target.endsWith(digits.slice(-4))).toBe(true)
    expect(errors).toEqual([])
  })
})
