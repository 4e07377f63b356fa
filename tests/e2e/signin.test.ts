import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousViolations } from './support/axe'
import { useBrowser, type Size } from './support/browser'
import { lastCode } from './support/hall'
import { callHall, visitor } from '../server/support'

/**
 * Sign-in variants and recovery at phone and desktop sizes (issue 24): a forgotten password reset
 * by a code to the bound phone (the old password then fails, the new one signs in), the SMS login
 * with the hall's code, and the wait after too many failed sign-ins, in the player's language. The
 * exported log holds none of the passwords and codes typed.
 */
const kit = useBrowser()
const hallUrl = kit.hallUrl

/** The log holds none of these in clear (quoted as a JSON value or inside one). */
const expectRedacted = async (page: Page, secrets: ReadonlyArray<string>) => {
  const log = await page.evaluate(() => window.__lobby!.exportLog())
  for (const s of secrets) expect(log, `the log holds ${s}`).not.toContain(s.length <= 6 ? `"${s}"` : s)
}

/** A phone number of the test's own (13 digits, unique enough for one hall). */
const newPhone = (size: Size): string => `55119${size === 'phone' ? '1' : '2'}${Date.now().toString().slice(-7)}`

describe.each(['desktop', 'phone'] as const)('sign-in at %s size', (size: Size) => {
  it('resets a forgotten password by a code to the bound phone; the old password then fails and the new one signs in', async () => {
    const p = await kit.player({ password: 'abc12345' })
    const phone = newPhone(size)
    await kit.control('player', { username: p.username, siteCode: p.siteCode, mobile_phone: phone })
    const { page, shell, errors } = await kit.openLobby(size, 'home/game?site=001')
    const login = await shell.openLogin()
    await login.getByRole('tab', { name: 'Log in' }).click()
    // The dialog reads at WCAG AA on both tabs: the selected tab and the text links included.
    expect(await seriousViolations(page, 'dialog[open]')).toEqual([])
    await login.getByRole('tab', { name: 'Sign up' }).click()
    await login.getByRole('tab', { name: 'Sign up', selected: true }).waitFor()
    expect(await seriousViolations(page, 'dialog[open]')).toEqual([])
    await login.getByRole('tab', { name: 'Log in' }).click()
    await login.getByRole('button', { name: 'Forgot password?' }).click()
    const dialog = shell.dialog('Reset your password')
    await dialog.waitFor({ state: 'visible' })

    // An unknown account is said so; the player's own is found, with its phone masked.
    await dialog.getByLabel('Username').fill('nobody0000')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByRole('alert').getByText('No account has this username.').waitFor()
    await dialog.getByLabel('Username').fill(p.username)
    await dialog.getByRole('button', { name: 'Continue' }).click()
    const masked = `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}`
    expect(await dialog.getByRole('radio', { name: `A code to your phone ${masked}` }).isChecked()).toBe(true)

    // A code before one was sent is refused by the form; then the hall's code proves the account.
    await dialog.getByRole('button', { name: 'Verify' }).click()
    await dialog.getByText('Request a code first').waitFor()
    await dialog.getByRole('button', { name: 'Send code' }).click()
    await dialog.getByRole('status').getByText('Code sent').waitFor()
    const code = await lastCode(hallUrl, p, 'phone')
    await dialog.getByLabel('Verification code').fill(code === '0000' ? '0001' : '0000')
    await dialog.getByRole('button', { name: 'Verify' }).click()
    await dialog.getByRole('alert').getByText('The code is wrong.').waitFor()
    await dialog.getByLabel('Verification code').fill(code)
    await dialog.getByRole('button', { name: 'Verify' }).click()

    // The new password, by the rules of sign-up.
    await dialog.getByLabel('New password', { exact: true }).fill('new98765')
    await dialog.getByLabel('Confirm new password').fill('new98765')
    await dialog.getByRole('button', { name: 'Set new password' }).click()
    await dialog.getByText('Your password has been changed. Log in with your new password.').waitFor()
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
    await dialog.waitFor({ state: 'hidden' })

    const again = shell.authDialog
    await again.waitFor({ state: 'visible' })
    await again.getByLabel('Username').fill(p.username)
    await again.getByLabel('Password', { exact: true }).fill('abc12345')
    await shell.submit(again, 'Log in')
    await again.getByRole('alert').getByText('Wrong username or password.').waitFor()
    await again.getByLabel('Password', { exact: true }).fill('new98765')
    await shell.submit(again, 'Log in')
    await again.waitFor({ state: 'hidden' })
    await expect.poll(async () => (await shell.loggedInEvents()).at(-1)).toMatchObject({ username: p.username, real: true })
    await expectRedacted(page, [code, 'abc12345', 'new98765'])
    expect(errors).toEqual([])
  })

  it("asks the challenge, then tells the wait in the player's language after too many failed sign-ins", async () => {
    const p = await kit.player({ password: 'abc12345' })
    // Someone guesses the player's password from outside: 6 failures, past the 5 free ones.
    const site = await visitor(hallUrl, p.siteCode)
    const guess = async (n: number) => {
      for (let i = 0; i < n; i++) await callHall(hallUrl, site, 'POST', '/home/login', { username: p.username, password: 'wrong9876' })
    }
    await guess(6)
    const { page, shell, errors } = await kit.openLobby(size, 'home/game?site=001')
    const login = await shell.openLogin()
    await login.getByRole('tab', { name: 'Log in' }).click()
    await login.getByLabel('Username').fill(p.username)
    await login.getByLabel('Password', { exact: true }).fill('abc12345')
    await shell.submit(login, 'Log in')
    await login.getByRole('alert').getByText('Too many failed attempts. Type the digits in the image to continue.').waitFor()
    // The hall's image is shown; its digits are never in the lobby's log.
    await login.getByRole('img', { name: 'Digits in the image' }).waitFor()
    const answer = String((await kit.control('last-challenge'))['answer'])
    // Guessing on reaches the lock: even the right password now gets the wait, in the player's language.
    await guess(3)
    await shell.submit(login, 'Log in')
    await login.getByRole('alert').getByText(/^Too many failed attempts\. Try again in \d+ seconds\.$/).waitFor()
    expect(await login.isVisible()).toBe(true)
    await expectRedacted(page, ['abc12345', answer])
    expect(errors).toEqual([])
  })

  it("signs in by SMS with the hall's code: the country list, the phone rule, the countdown", async () => {
    const p = await kit.player({ password: 'abc12345' })
    const number = `6399${size === 'phone' ? '1' : '2'}${Date.now().toString().slice(-6)}`
    await kit.control('player', { username: p.username, siteCode: p.siteCode, mobile_phone: `+55${number}` })
    const { page, shell, errors } = await kit.openLobby(size, 'home/game?site=001')
    const login = await shell.openLogin()
    await login.getByRole('tab', { name: 'Log in' }).click()
    await login.getByRole('button', { name: 'Log in with SMS code' }).click()
    const country = login.getByLabel('Country or region')
    await expect.poll(() => country.locator('option').count()).toBeGreaterThan(1)
    await country.selectOption('+55')
    // A number shorter than Brazil's is refused by the form: no code is sent.
    await login.getByLabel('Phone number').fill('123')
    await login.getByRole('button', { name: 'Send code' }).click()
    await login.getByText('Enter a phone number of 10 to 11 digits.').waitFor()
    await login.getByLabel('Phone number').fill(number)
    await login.getByRole('button', { name: 'Send code' }).click()
    await login.getByRole('status').getByText('Code sent').waitFor()
    await login.getByRole('button', { name: /^Resend in \d+ s$/ }).waitFor()
    const code = await lastCode(hallUrl, p, 'phone')
    await login.getByLabel('SMS code').fill(code === '0000' ? '0001' : '0000')
    await shell.submit(login, 'Log in')
    await login.getByRole('alert').getByText('The SMS code is wrong or has expired.').waitFor()
    await login.getByLabel('SMS code').fill(code)
    await shell.submit(login, 'Log in')
    await login.waitFor({ state: 'hidden' })
    await expect.poll(async () => (await shell.loggedInEvents()).at(-1)).toMatchObject({ username: p.username, real: true })
    await expectRedacted(page, [code])
    expect(errors).toEqual([])
  })
})
