import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'
import { codeIn, deliveryOf, startMailInbox, startSmsInbox } from '../server/delivery-inbox'
import type { MailInbox, SmsInbox } from '../server/delivery-inbox'

/**
 * The identity calls of the catalogue the lobby sends on some sites or for some sign-ins (issue
 * 45; docs/hall.md "Hall profile", control `risk-check`): the sign-in's risk check
 * (/user/risk/verifyPhone) asked in the sign-in popup, and the SMS login checked first
 * (/shortmsg/validate, hall profile smsLogin 'validate'). Codes are read from what was texted: site
 * 301 gets a local SMS endpoint (and SMTP server) for this file only, as tests/e2e/delivery.test.ts
 * does for its own.
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
  await kit.control('site-document', { siteCode: SITE, name: 'delivery', remove: ['mail', 'sms'] })
  await Promise.all([mail.close(), sms.close()])
})

/** A bound phone nobody else has: +55 and nine digits of the clock. */
const newNumber = (): string => `6398${Date.now().toString().slice(-7)}`

describe('identity calls by profile and by the hall', () => {
  it('a sign-in the hall asks the risk check of completes once the code texted to the bound phone is entered', async () => {
    const p = await kit.player({ siteCode: SITE, password: 'abc12345' })
    const number = newNumber()
    await kit.control('player', { username: p.username, siteCode: SITE, mobile_phone: `+55${number}` })
    await kit.control('risk-check', { username: p.username, siteCode: SITE })
    const { page, shell, errors } = await kit.openLobby('desktop', `home/game?site=${SITE}`)
    const login = await shell.openLogin()
    await login.getByRole('tab', { name: 'Log in' }).click()
    await login.getByLabel('Username').fill(p.username)
    await login.getByLabel('Password', { exact: true }).fill(p.password)
    await shell.submit(login, 'Log in')
    const check = login.getByRole('form', { name: "Confirm it's you" })
    await check.waitFor({ state: 'visible' })
    // The popup names the bound phone the code goes to.
    await check.getByText(new RegExp(`get a code by SMS to \\S*${number.slice(-4)} and enter it`)).waitFor()
    expect(await shell.loggedInEvents()).toEqual([])
    // A wrong code is refused in the popup; the player is not signed in.
    const texted = sms.nextTo(`55${number}`)
    await check.getByRole('button', { name: 'Send code' }).click()
    await check.getByRole('status').getByText('Code sent').waitFor()
    const code = codeIn((await texted).body)
    const wrong = code === '0000' ? '1111' : '0000'
    await check.getByLabel('SMS code').fill(wrong)
    await check.getByRole('button', { name: 'Confirm', exact: true }).click()
    await check.getByRole('alert').waitFor()
    expect(await shell.loggedInEvents()).toEqual([])
    await check.getByLabel('SMS code').fill(code)
    await check.getByRole('button', { name: 'Confirm', exact: true }).click()
    await login.waitFor({ state: 'hidden' })
    await shell.settle(p.username)
    expect((await shell.loggedInEvents()).at(-1)).toMatchObject({ username: p.username, real: true })
    const log = await page.evaluate(() => window.__lobby!.exportLog())
    expect(log).toContain('riskVerifyPhone')
    expect(log).not.toContain(`"${code}"`)
    expect(errors).toEqual([])
  })

  it("on a site whose hall checks the SMS login's code first, a wrong code is said before any sign-in, then the right one signs in", async () => {
    await kit.patchSite(SITE, 'site', { hallProfile: { smsLogin: 'validate' } })
    const p = await kit.player({ siteCode: SITE, password: 'abc12345' })
    const number = newNumber()
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
    const code = codeIn((await texted).body)
    await login.getByLabel('SMS code').fill(code === '0000' ? '1111' : '0000')
    await shell.submit(login, 'Log in')
    await login.getByRole('alert').getByText('The SMS code is wrong or has expired.').waitFor()
    expect(await shell.loggedInEvents()).toEqual([])
    await login.getByLabel('SMS code').fill(code)
    await shell.submit(login, 'Log in')
    await login.waitFor({ state: 'hidden' })
    await expect.poll(async () => (await shell.loggedInEvents()).at(-1)).toMatchObject({ username: p.username, real: true })
    const log = await page.evaluate(() => window.__lobby!.exportLog())
    expect(log).toContain('shortMsgValidate')
    expect(errors).toEqual([])
  })
})
