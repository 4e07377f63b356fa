import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'
import { codeIn, deliveryOf, startMailInbox, startSmsInbox } from '../server/delivery-inbox'
import type { MailInbox, SmsInbox } from '../server/delivery-inbox'

/**
 * Codes a player receives for real (issue 45; docs/hall.md "Mail and SMS"): on a site whose
 * senders are a local SMTP server and a local endpoint of Twilio's API, a player signs in by the
 * code texted to its phone and recovers its password by the code mailed to its address, typing
 * what arrived there (never read from the hall's store). Site 301, which no other browser test
 * sends codes on, has the senders for this file only.
 */
const kit = useBrowser()
const SITE = '301'
let mail: MailInbox
let sms: SmsInbox

beforeAll(async () => {
  ;[mail, sms] = await Promise.all([startMailInbox(), startSmsInbox()])
  await kit.control('site-document', { siteCode: SITE, name: 'delivery', patch: deliveryOf(mail, sms) })
})
afterAll(async () => {
  // The senders go before the counterparts do, so no send of this site meets a closed port.
  await kit.control('site-document', { siteCode: SITE, name: 'delivery', remove: ['mail', 'sms'] })
  await Promise.all([mail.close(), sms.close()])
})

describe('codes delivered on a site with senders', () => {
  it('signs in by the code texted to the bound phone', async () => {
    const p = await kit.player({ siteCode: SITE, password: 'abc12345' })
    const number = `6399${Date.now().toString().slice(-7)}`
    await kit.control('player', { username: p.username, siteCode: SITE, mobile_phone: `+55${number}` })
    const { page, shell, errors } = await kit.openLobby('desktop', `home/game?site=${SITE}`)
    const login = await shell.openLogin()
    await login.getByRole('tab', { name: 'Log in' }).click()
    await login.getByRole('button', { name: 'Log in with SMS code' }).click()
    const country = login.getByLabel('Country or region')
    await expect.poll(() => country.locator('option').count()).toBeGreaterThan(1)
    await country.selectOption('+55')
    await login.getByLabel('Phone number').fill(number)
    const texted = sms.nextTo(`55${number}`)
    await login.getByRole('button', { name: 'Send code' }).click()
    await login.getByRole('status').getByText('Code sent').waitFor()
    const text = await texted
    expect(text.to).toBe(`+55${number}`)
    const code = codeIn(text.body)
    expect(text.body).toBe(`Lobby Simple: your verification code is ${code}. It is good for 10 minutes. Do not share it with anyone.`)
    await login.getByLabel('SMS code').fill(code)
    await shell.submit(login, 'Log in')
    await login.waitFor({ state: 'hidden' })
    await expect.poll(async () => (await shell.loggedInEvents()).at(-1)).toMatchObject({ username: p.username, real: true })
    expect(await page.evaluate(() => window.__lobby!.exportLog())).not.toContain(`"${code}"`)
    expect(errors).toEqual([])
  })

  it('recovers a forgotten password by the code mailed to the bound address', async () => {
    const p = await kit.player({ siteCode: SITE, password: 'abc12345' })
    const address = `${p.username}@example.com`
    await kit.control('player', { username: p.username, siteCode: SITE, email: address })
    const { shell, errors } = await kit.openLobby('desktop', `home/game?site=${SITE}`)
    const login = await shell.openLogin()
    await login.getByRole('tab', { name: 'Log in' }).click()
    await login.getByRole('button', { name: 'Forgot password?' }).click()
    const dialog = shell.dialog('Reset your password')
    await dialog.waitFor({ state: 'visible' })
    await dialog.getByLabel('Username').fill(p.username)
    await dialog.getByRole('button', { name: 'Continue' }).click()
    const masked = `${address.slice(0, 2)}***@example.com`
    await dialog.getByRole('radio', { name: `A code to your email ${masked}` }).check()
    const mailed = mail.nextTo(address)
    await dialog.getByRole('button', { name: 'Send code' }).click()
    await dialog.getByRole('status').getByText('Code sent').waitFor()
    const delivered = await mailed
    expect(delivered.subject).toBe('Lobby Simple: your verification code')
    const code = codeIn(delivered.text)
    expect(code).toMatch(/^\d{5}$/)
    await dialog.getByLabel('Verification code').fill(code)
    await dialog.getByRole('button', { name: 'Verify' }).click()
    await dialog.getByLabel('New password', { exact: true }).fill('new98765')
    await dialog.getByLabel('Confirm new password').fill('new98765')
    await dialog.getByRole('button', { name: 'Set new password' }).click()
    await dialog.getByText('Your password has been changed. Log in with your new password.').waitFor()
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
    await dialog.waitFor({ state: 'hidden' })
    const again = shell.authDialog
    await again.waitFor({ state: 'visible' })
    await again.getByLabel('Username').fill(p.username)
    await again.getByLabel('Password', { exact: true }).fill('new98765')
    await shell.submit(again, 'Log in')
    await again.waitFor({ state: 'hidden' })
    await expect.poll(async () => (await shell.loggedInEvents()).at(-1)).toMatchObject({ username: p.username, real: true })
    expect(errors).toEqual([])
  })
})
