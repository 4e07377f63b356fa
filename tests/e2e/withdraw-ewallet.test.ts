import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { callHall, control as hallControl, player, visitor } from '../server/support'
import { useBrowser } from './support/browser'
import { lookAt } from './support/shots'
import type { TestPlayer } from './support/hall'

/**
 * E-wallets and proofs at phone and desktop sizes (screens §2 /home/withdraw): the e-wallet tab
 * offers the e-wallets of the player's currency (ewalletList), refuses an account that is not the
 * wallet's, binds, makes default and deletes; a channel the site asks a proof for shows the upload
 * before the withdrawal can be sent, refuses a file that is not an image, and the withdrawal goes
 * with the uploaded proof.
 */
const kit = useBrowser()
const hallUrl = kit.hallUrl
const PIN = '123456'
/** A 1x1 png. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

/** Binds a phone and sets the withdraw password 123456 through the hall's own calls. */
const secure = async (p: TestPlayer): Promise<void> => {
  const site = await visitor(hallUrl, p.siteCode)
  const login = await callHall(hallUrl, site, 'POST', '/home/login', { username: p.username, password: p.password })
  expect(login.envelope.code).toBe(1)
  const caller = player(p.siteCode, login.envelope.data)
  const phone = `556${String(Date.now()).slice(-7)}`
  expect((await callHall(hallUrl, caller, 'POST', '/user/security/createsms', { phone })).envelope.code).toBe(1)
  const sent = await hallControl(hallUrl, 'last-code', { username: p.username, siteCode: p.siteCode })
  expect((await callHall(hallUrl, caller, 'POST', '/user/security/modifyphone', { phone, code: sent['code'] })).envelope.code).toBe(1)
  expect((await callHall(hallUrl, caller, 'POST', '/user/security/modifywithdrawpass', { newPass: PIN })).envelope.code).toBe(1)
}

const goTo = (page: Page, name: string, query: Record<string, string> = {}) =>
  page.evaluate(({ name, query }) => window.__lobby!.system.send({ type: 'nav.requested', name, query }), { name, query })

const panel = (page: Page) => page.getByRole('tabpanel')
const summaryValue = (page: Page, term: string) => panel(page).locator('.withdraw__summary div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd')

const openAs = async (size: 'desktop' | 'phone', balance: string, tab: string) => {
  const p = await kit.player({ balance })
  await secure(p)
  const opened = await kit.openLobby(size, 'home/game?site=001', { as: p })
  await goTo(opened.page, 'withdraw', { tab })
  await expect.poll(() => new URL(opened.page.url()).pathname).toBe('/home/withdraw')
  return { ...opened, p }
}

/** Binds an e-wallet of the list on the open e-wallet tab (the withdraw password is checked first, verifyWithdrawPass). */
const bindEwallet = async (page: Page, wallet: string, account: string, pin = PIN) => {
  await panel(page).getByLabel('E-wallet', { exact: true }).selectOption({ label: wallet })
  await panel(page).getByLabel('Account', { exact: true }).fill(account)
  await panel(page).getByLabel("Holder's real name").fill('ANA SILVA')
  await panel(page).getByRole('textbox', { name: 'Withdraw password' }).fill(pin)
  await panel(page).getByRole('button', { name: 'Bind e-wallet' }).click()
}

describe.each(['desktop', 'phone'] as const)('e-wallets and proofs at %s size', (size) => {
  it('binds e-wallets of the currency, refuses an account that is not the wallet\'s, makes one default and deletes one', async () => {
    const { page, errors } = await openAs(size, '0', 'ewallet')
    await expect.poll(() => panel(page).getByLabel('E-wallet', { exact: true }).inputValue(), { timeout: 15_000 }).toBe('paypal')
    expect(await panel(page).innerText()).toContain('For example ana@example.com')
    await bindEwallet(page, 'PayPal', 'not an email')
    await expect.poll(() => panel(page).getByRole('alert').innerText()).toContain('This is not a valid account for this e-wallet.')
    expect(await panel(page).getByLabel('Account', { exact: true }).inputValue()).toBe('not an email')
    // A wrong withdraw password binds nothing and keeps what was typed.
    await bindEwallet(page, 'PayPal', 'ana.silva@example.com', '654321')
    await expect.poll(() => panel(page).innerText(), { timeout: 15_000 }).toContain('The withdraw password is wrong.')
    expect(await panel(page).getByLabel('Account', { exact: true }).inputValue()).toBe('ana.silva@example.com')
    expect(await panel(page).innerText()).toContain('Nothing bound yet.')
    await bindEwallet(page, 'PayPal', 'ana.silva@example.com')
    const list = panel(page).getByRole('list', { name: 'E-wallets' })
    await expect.poll(() => list.innerText(), { timeout: 15_000 }).toContain('PayPal · **** .com')
    await bindEwallet(page, 'Skrill', 'ana.skrill@example.net')
    await expect.poll(() => list.innerText(), { timeout: 15_000 }).toContain('Skrill · **** .net')
    await panel(page).getByRole('button', { name: 'Make Skrill · **** .net the default' }).click()
    await expect.poll(() => list.locator('li').first().innerText(), { timeout: 15_000 }).toContain('Skrill')
    expect(await list.locator('li').first().innerText()).toContain('Default')
    await lookAt(page, `withdraw-ewallet-${size}`, { fullPage: true })

    // Delete with the password in a dialog; a wrong one deletes nothing.
    await panel(page).getByRole('button', { name: 'Delete PayPal · **** .com' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete this account?' })
    await dialog.getByRole('textbox', { name: 'Withdraw password' }).fill('654321')
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect.poll(() => dialog.innerText(), { timeout: 15_000 }).toContain('The withdraw password is wrong.')
    await dialog.getByRole('textbox', { name: 'Withdraw password' }).fill(PIN)
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect.poll(() => list.innerText(), { timeout: 15_000 }).not.toContain('PayPal')
    expect(await list.innerText()).toContain('Skrill')
    expect(errors).toEqual([])
  })

  it('asks a proof before a withdrawal to an e-wallet where the site wants one, and sends it with the withdrawal', async () => {
    await kit.control('withdraw-settings', { siteCode: '001', proofKinds: ['ewallet'] })
    try {
      const { page, errors } = await openAs(size, '500', 'ewallet')
      await expect.poll(() => panel(page).getByLabel('E-wallet', { exact: true }).inputValue(), { timeout: 15_000 }).toBe('paypal')
      await bindEwallet(page, 'PayPal', 'ana.silva@example.com')
      await expect.poll(() => panel(page).getByRole('list', { name: 'E-wallets' }).innerText(), { timeout: 15_000 }).toContain('PayPal')
      await page.getByRole('tab', { name: 'Withdraw', exact: true }).click()
      await expect.poll(() => summaryValue(page, 'Balance').innerText(), { timeout: 15_000 }).toContain('500.00')
      await panel(page).getByLabel('Amount', { exact: true }).fill('100')
      await panel(page).getByRole('textbox', { name: 'Withdraw password' }).fill(PIN)
      // Without a proof nothing is sent.
      await panel(page).getByRole('button', { name: 'Withdraw', exact: true }).click()
      await expect.poll(() => panel(page).innerText()).toContain('This channel needs a proof of payment. Upload it first.')
      expect(await summaryValue(page, 'Balance').innerText()).toContain('500.00')
      // A file that is not an image is refused in the form; an image is uploaded to the hall.
      const proof = panel(page).getByLabel('Proof of payment')
      await proof.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
      await expect.poll(() => panel(page).innerText()).toContain('The proof must be a png, jpeg or webp image.')
      await proof.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG })
      await expect.poll(() => panel(page).innerText(), { timeout: 15_000 }).toContain('Proof uploaded.')
      await lookAt(page, `withdraw-proof-${size}`, { fullPage: true })
      await panel(page).getByRole('button', { name: 'Withdraw', exact: true }).click()
      await expect.poll(() => summaryValue(page, 'Balance').innerText(), { timeout: 15_000 }).toContain('400.00')
      await expect.poll(() => summaryValue(page, 'Held for withdrawals').innerText(), { timeout: 15_000 }).toContain('100.00')
      expect(errors).toEqual([])
    } finally {
      await kit.control('withdraw-settings', { siteCode: '001', proofKinds: [] })
    }
  })
})
