import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'

/**
 * The phone mask of spec §5 on a Brazilian site (issue 45): on site 101, in Brazilian Portuguese,
 * the SMS login's phone number (the shared phone field) shows the area code, a dash, then the
 * number as the player types it key by key; the code is sent to the digits only (the hall's last
 * code names +55 and the digits, no dash). The words are the pt_BR locale's own.
 */
const kit = useBrowser()

/** A word of the pt_BR locale, by namespace and key path. */
const pt = (ns: string, path: string): string => {
  const words = JSON.parse(readFileSync(new URL(`../../src/i18n/locales/pt_BR/${ns}.json`, import.meta.url), 'utf8')) as Record<string, unknown>
  const word = path.split('.').reduce<unknown>((at, k) => (at as Record<string, unknown>)[k], words)
  if (typeof word !== 'string') throw new Error(`no pt_BR word ${ns}:${path}`)
  return word
}

describe('phone mask on a Brazilian site', () => {
  it('the SMS login shows the number masked as typed and sends the digits', async () => {
    const p = await kit.player({ password: 'abc12345', siteCode: '101' })
    const number = `119${Date.now().toString().slice(-8)}`
    await kit.control('player', { username: p.username, siteCode: p.siteCode, mobile_phone: `+55${number}` })
    const { page, errors } = await kit.openLobby('desktop', 'home/game?site=101')
    const dialog = page.getByRole('dialog', { name: new RegExp(`^(${pt('auth', 'popup.login')}|${pt('auth', 'popup.register')})$`) })
    // The site opens its login popup by itself once it is ready (visitor login off): it may open while the header's button is pressed.
    while (!(await dialog.isVisible())) await page.getByRole('banner').getByRole('button', { name: pt('shell', 'header.login'), exact: true }).click({ timeout: 2_000 }).catch(() => undefined)
    await dialog.waitFor()
    await dialog.getByRole('tab', { name: pt('auth', 'tabs.login') }).click()
    await dialog.getByRole('button', { name: pt('signin', 'sms.useSms') }).click()
    const country = dialog.getByLabel(pt('signin', 'sms.country'))
    await expect.poll(() => country.locator('option').count()).toBeGreaterThan(1)
    await country.selectOption('+55')
    const phone = dialog.getByLabel(pt('signin', 'sms.phone'))
    await phone.pressSequentially(number.slice(0, 3))
    await expect.poll(() => phone.inputValue()).toBe(`${number.slice(0, 2)}-${number.slice(2, 3)}`)
    await phone.pressSequentially(number.slice(3))
    await expect.poll(() => phone.inputValue()).toBe(`${number.slice(0, 2)}-${number.slice(2)}`)
    await dialog.getByRole('button', { name: pt('verify', 'sendCode') }).click()
    await dialog.getByRole('status').getByText(pt('verify', 'sent')).waitFor()
    expect((await kit.control('last-code', { username: p.username, siteCode: p.siteCode, purpose: 'phone' }))['target']).toBe(`+55${number}`)
    expect(errors).toEqual([])
  })
})
