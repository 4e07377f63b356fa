import { readFileSync } from 'node:fs'
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

/** A word of the pt_BR locale, by namespace and key path. */
const pt = (ns: string, path: string): string => {
  const words = JSON.parse(readFileSync(new URL(`../../src/i18n/locales/pt_BR/${ns}.json`, import.meta.url), 'utf8')) as Record<string, unknown>
  const word = path.split('.').reduce<unknown>((at, k) => (at as Record<string, unknown>)[k], words)
  if (typeof word !== 'string') throw new Error(`no pt_BR word ${ns}:${path}`)
  return word
}

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

  it("the security centre's new phone on a Brazilian site shows the phone mask as typed and sends the digits", async () => {
    const p = await kit.player({ siteCode: '101', password: 'abc12345' })
    const old = `119${Date.now().toString().slice(-8)}`
    // Bound as the Brazilian site's own bind stores it (the national number): the hall's check of a code send takes it.
    await kit.control('player', { username: p.username, siteCode: p.siteCode, mobile_phone: old })
    const { page, errors } = await kit.openLobby('desktop', 'home/game?site=101', { as: p })
    await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'security', query: {} }))
    // The change of the bound phone: its code first, then the new phone's form.
    await page.locator('li[data-item="phone"]').getByRole('button', { name: pt('account', 'security.action.change') }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: pt('account', 'action.sendCode') }).click()
    await dialog.getByRole('status').waitFor()
    await dialog.getByLabel(pt('account', 'field.code')).fill(String((await kit.control('last-code', { username: p.username, siteCode: p.siteCode, purpose: 'phone' }))['code']))
    await dialog.getByRole('button', { name: pt('account', 'action.next') }).click()
    const phone = dialog.getByLabel(pt('account', 'field.new.phone'))
    await phone.waitFor({ state: 'visible' })
    const number = `119${Date.now().toString().slice(-8)}`
    await phone.pressSequentially(number.slice(0, 3))
    await expect.poll(() => phone.inputValue()).toBe(`${number.slice(0, 2)}-${number.slice(2, 3)}`)
    await phone.pressSequentially(number.slice(3))
    await expect.poll(() => phone.inputValue()).toBe(`${number.slice(0, 2)}-${number.slice(2)}`)
    await dialog.getByRole('button', { name: pt('verify', 'sendCode') }).click()
    await dialog.getByRole('status').getByText(pt('verify', 'sent')).waitFor()
    await expect.poll(async () => (await kit.control('last-code', { username: p.username, siteCode: p.siteCode, purpose: 'phone' }))['target']).toBe(number)
    expect(errors).toEqual([])
  })
})
