import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'
import { lookAt } from './support/shots'

/**
 * Deposits at phone and desktop sizes (screens §2 the pay popup; calls §7.5): a new player opens
 * the pay popup from the header, sees the money rules refuse a bad amount, orders on the online
 * card channel, pays on the provider's page (another tab, on the hall's origin), and the header
 * shows the new balance without a reload, from the socket's payOrderSuccess; a crypto order
 * shows its address and QR code; an offline transfer is confirmed and another cancelled.
 */
const kit = useBrowser()

/** Opens the pay popup from the header's Deposit button and waits for its methods. */
const openPay = async (page: Page) => {
  await page.getByRole('banner').getByRole('button', { name: /^Deposit/ }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Deposit' })
  await dialog.getByRole('group', { name: 'Method' }).getByRole('radio', { name: /^Card/ }).waitFor({ state: 'visible', timeout: 15_000 })
  return dialog
}

const balanceText = (page: Page) => page.getByRole('group', { name: 'Balance' }).innerText()

describe.each(['desktop', 'phone'] as const)('deposits at %s size', (size) => {
  it('pays an online order on the provider page and the header shows the new balance at once, without a reload', async () => {
    const player = await kit.player()
    const { page, context, errors, shell } = await kit.openLobby(size, 'home/game?site=001', { as: player })
    await expect.poll(() => balanceText(page)).toContain('0.00')
    // A mark on the window: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true))

    const dialog = await openPay(page)
    expect(await dialog.getByRole('group', { name: 'Method' }).getByRole('radio', { name: 'Card +10%' }).isChecked()).toBe(true)
    expect(await dialog.getByRole('group', { name: 'Channel' }).getByRole('radio', { name: 'CardPay' }).isChecked()).toBe(true)
    expect(await dialog.getByText('Fee 2% · Bonus 10%').isVisible()).toBe(true)
    const amount = dialog.getByRole('textbox', { name: 'Amount (USD)' })
    await amount.fill('5')
    await dialog.getByRole('button', { name: 'Deposit', exact: true }).click()
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true')
    expect(await dialog.getByText('The amount must be at least 10').isVisible()).toBe(true)
    // The money rules refuse a third decimal as it is typed.
    await amount.fill('')
    await amount.pressSequentially('100.555')
    expect(await amount.inputValue()).toBe('100.55')
    await dialog.getByRole('button', { name: '100', exact: true }).click()
    expect(await amount.inputValue()).toBe('100')
    // The hall's quote for this amount (getPayOrderFee).
    await expect.poll(() => dialog.getByText('Fee 2, bonus 10: 108 USD arrives').isVisible()).toBe(true)
    await lookAt(page, `pay-form-${size}`)
    await dialog.getByRole('button', { name: 'Deposit', exact: true }).click()

    const status = dialog.getByRole('status').filter({ hasText: /Waiting for payment|Paid/ })
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toBe('Waiting for payment')
    const [provider] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('link', { name: 'Go to payment' }).click()])
    await provider.waitForLoadState()
    expect(new URL(provider.url()).origin).toBe(new URL(page.url()).origin)
    await provider.getByRole('button', { name: 'Pay 100 USD' }).click()
    await expect.poll(() => provider.getByRole('status').innerText()).toContain('Payment complete')
    await provider.close()

    // 100 less the 2 % fee, plus the 10 % bonus.
    await expect.poll(() => balanceText(page), { timeout: 15_000 }).toContain('108.00')
    await expect.poll(() => status.innerText()).toBe('Paid')
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true)
    expect(await shell.eventTypes()).toContain('realtime.payOrderSucceeded')
    await lookAt(page, `pay-paid-${size}`)
    expect(errors).toEqual([])
  })

  it('shows a crypto order with its address and QR code, confirms one offline transfer and cancels another, and lists them in the records', async () => {
    const player = await kit.player()
    const { page, errors } = await kit.openLobby(size, 'home/game?site=001', { as: player })

    let dialog = await openPay(page)
    await dialog.getByRole('group', { name: 'Currency' }).getByRole('radio', { name: 'USDT', exact: true }).check()
    await dialog.getByRole('group', { name: 'Channel' }).getByRole('radio', { name: /^USDT TRC20/ }).check()
    await dialog.getByRole('textbox', { name: 'Amount (USDT)' }).fill('20')
    // A deposit in another currency than the wallet's shows the rate it is credited at.
    await expect.poll(() => dialog.getByText(/1 USDT = 1 USD/).isVisible()).toBe(true)
    await dialog.getByRole('button', { name: 'Deposit', exact: true }).click()
    await expect.poll(() => dialog.getByRole('img', { name: 'QR code of the TRC20 deposit address' }).isVisible(), { timeout: 15_000 }).toBe(true)
    expect(await dialog.locator('.pay__address').innerText()).toMatch(/^T\w{20,}/)
    expect(await dialog.getByRole('button', { name: 'Copy address' }).isVisible()).toBe(true)
    await lookAt(page, `pay-crypto-${size}`)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })

    for (const outcome of ['confirm', 'cancel'] as const) {
      dialog = await openPay(page)
      await dialog.getByRole('group', { name: 'Method' }).getByRole('radio', { name: /^Bank transfer/ }).check()
      // The channel lets the player choose the bank (getPayChooseBank).
      const bank = dialog.getByRole('combobox', { name: 'Bank' })
      await expect.poll(() => bank.locator('option').allInnerTexts()).toEqual(['Any bank', 'First Lobby Bank', 'City Hall Bank'])
      await bank.selectOption({ label: 'City Hall Bank' })
      await dialog.getByRole('textbox', { name: 'Amount (USD)' }).fill('500')
      await dialog.getByRole('button', { name: 'Deposit', exact: true }).click()
      const status = dialog.getByRole('status').filter({ hasText: /Waiting for payment|Under review|Cancelled/ })
      await expect.poll(() => status.innerText(), { timeout: 15_000 }).toBe('Waiting for payment')
      expect(await dialog.getByText('4401 2200 7788 1234').isVisible()).toBe(true)
      if (outcome === 'confirm') {
        // The channel needs the payer's name: the hall's refusal shows in the form.
        await dialog.getByRole('button', { name: 'I have transferred' }).click()
        await expect.poll(() => dialog.getByText('Enter the name of the account holder who made the transfer.').isVisible()).toBe(true)
        await dialog.getByRole('textbox', { name: "Payer's name" }).fill('ANA SILVA')
        await dialog.getByRole('button', { name: 'I have transferred' }).click()
        await expect.poll(() => status.innerText()).toBe('Under review')
      } else {
        await dialog.getByRole('button', { name: 'Cancel order' }).click()
        await expect.poll(() => status.innerText()).toBe('Cancelled')
      }
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'hidden' })
    }

    // The records: the three orders with their states, narrowed by the state filter; one opened.
    dialog = await openPay(page)
    await dialog.getByRole('tab', { name: 'Records' }).click()
    const rows = size === 'desktop' ? dialog.getByRole('table', { name: 'Deposit records' }).locator('tbody tr') : dialog.getByRole('list', { name: 'Deposit records' }).getByRole('listitem')
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3)
    expect(await rows.allInnerTexts()).toEqual([expect.stringContaining('Cancelled'), expect.stringContaining('Under review'), expect.stringContaining('Waiting for payment')])
    await dialog.getByLabel('State', { exact: true }).selectOption({ label: 'Pending' })
    await expect.poll(() => rows.count()).toBe(2)
    await dialog.getByLabel('State', { exact: true }).selectOption({ label: 'Cancelled' })
    await expect.poll(() => rows.count()).toBe(1)
    await dialog.getByLabel('State', { exact: true }).selectOption({ label: 'Settled' })
    await expect.poll(() => dialog.getByText('No deposits for these filters').isVisible()).toBe(true)
    await dialog.getByLabel('State', { exact: true }).selectOption({ label: 'All' })
    await expect.poll(() => rows.count()).toBe(3)
    await rows.first().getByRole('button', { name: /^Details of order/ }).click()
    const details = dialog.getByRole('region', { name: /^Deposit order / })
    await expect.poll(() => details.innerText(), { timeout: 15_000 }).toContain('Wire transfer')
    expect(await details.innerText()).toContain('Cancelled')
    await lookAt(page, `pay-records-${size}`)
    await details.getByRole('button', { name: 'Back to the records' }).click()
    await expect.poll(() => rows.count()).toBe(3)
    expect(errors).toEqual([])
  })

  it('redeems a promo code from the pay popup: a wrong code is refused in the form, keeping what was typed, and the right one credits the header', async () => {
    const code = `E2E${size === 'desktop' ? 'D' : 'P'}${Date.now().toString(36).toUpperCase()}`
    await kit.control('discount-code', { code, amount: '15', uses: 5 })
    const player = await kit.player()
    const { page, errors } = await kit.openLobby(size, 'home/game?site=001', { as: player })
    const pay = await openPay(page)
    await pay.getByRole('button', { name: 'I have a promo code' }).click()
    const dialog = page.getByRole('dialog', { name: 'Promo code' })
    const field = dialog.getByRole('textbox', { name: 'Promo code' })
    await field.fill('NOTACODE1')
    await dialog.getByRole('button', { name: 'Redeem' }).click()
    await expect.poll(() => dialog.getByRole('alert').innerText()).toBe('This code is not valid.')
    expect(await field.inputValue()).toBe('NOTACODE1')
    await field.fill(code.toLowerCase())
    await dialog.getByRole('button', { name: 'Redeem' }).click()
    await expect.poll(() => dialog.getByRole('status').innerText()).toContain('You received 15.00 USD')
    await expect.poll(() => balanceText(page)).toContain('15.00')
    await lookAt(page, `pay-code-${size}`)
    await dialog.getByRole('button', { name: 'Done' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(errors).toEqual([])
  })

  it('shows the central wallet with each platform, transfers everything back, and says 9527 on the page without a modal', async () => {
    const player = await kit.player({ balance: '50' })
    const { page, errors } = await kit.openLobby(size, 'home/game?site=001', { as: player })
    await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'centerWallet' }))
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/center-wallet')
    const main = page.getByRole('region', { name: 'Main balance' })
    await expect.poll(() => main.innerText(), { timeout: 15_000 }).toContain('50.00 USD')
    const platforms = page.getByRole('list', { name: 'Game platforms' })
    await expect.poll(() => platforms.getByRole('listitem').count(), { timeout: 15_000 }).toBeGreaterThan(1)
    expect(await page.getByText('No money is held by a game platform.').isVisible()).toBe(true)
    await main.getByRole('button', { name: 'Transfer all back' }).click()
    await expect.poll(() => main.getByRole('status').innerText()).toBe('All your money is in the central wallet.')
    await kit.control('force', { path: '/gameapi/RefreshGold', code: 9527, msg: 'central wallet insufficient balance' })
    await main.getByRole('button', { name: 'Transfer all back' }).click()
    await expect.poll(() => main.getByRole('status').innerText()).toBe('Your central wallet has no balance to use.')
    expect(await page.locator('dialog[open]').count()).toBe(0)
    await lookAt(page, `center-wallet-${size}`)
    expect(errors).toEqual([])
  })

  it('opens download-app after the first deposit on a site whose guideSetupMode is non-zero, the browser holding an install prompt', async () => {
    await kit.patchSite('001', 'sysInfo', { guideSetupMode: 1 })
    const player = await kit.player()
    const { page, context, errors, shell } = await kit.openLobby(size, 'home/game?site=001', { as: player })
    // The browser offers its install prompt (the pwa runner keeps it).
    await page.evaluate(() => {
      const e = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'dismissed' }) })
      window.dispatchEvent(e)
    })
    await expect.poll(() => shell.eventTypes()).toContain('pwa.installAvailable')
    const dialog = await openPay(page)
    await dialog.getByRole('textbox', { name: 'Amount (USD)' }).fill('50')
    await dialog.getByRole('button', { name: 'Deposit', exact: true }).click()
    const [provider] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('link', { name: 'Go to payment' }).click()])
    await provider.getByRole('button', { name: 'Pay 50 USD' }).click()
    await expect.poll(() => provider.getByRole('status').innerText()).toContain('Payment complete')
    await provider.close()
    await expect.poll(() => balanceText(page), { timeout: 15_000 }).toContain('54.00')
    await page.keyboard.press('Escape')
    const download = page.getByRole('dialog', { name: 'Get our app' })
    await download.waitFor({ state: 'visible', timeout: 15_000 })
    expect(await download.getByTestId('download-app').getAttribute('data-guide-setup-mode')).toBe('1')
    await download.getByRole('button', { name: 'Later' }).click()
    await download.waitFor({ state: 'hidden' })
    expect(errors).toEqual([])
  })
})
