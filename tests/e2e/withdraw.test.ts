import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { callHall, control as hallControl, playRound, player, visitor } from '../server/support'
import { useBrowser } from './support/browser'
import { lookAt } from './support/shots'
import type { TestPlayer } from './support/hall'

/**
 * Money out at phone and desktop sizes (screens §2 /home/withdraw with its tabs, the withdraw and
 * audit details): a player binds a bank card and a crypto address, withdraws with the password, sees
 * the held amount at once; the control surface's approval and payout reach the details page by the
 * socket, a rejection gives the money back; bad input gets its message and changes nothing; an
 * unmet turnover shows what remains; a closed channel shows its notice before anything is typed.
 */
const kit = useBrowser()
const hallUrl = kit.hallUrl
const PIN = '123456'

/** Binds a phone and sets the withdraw password 123456 through the hall's own calls (spec §5: both are needed to withdraw). */
const secure = async (p: TestPlayer): Promise<void> => {
  const site = await visitor(hallUrl, p.siteCode)
  const login = await callHall(hallUrl, site, 'POST', '/home/login', { username: p.username, password: p.password })
  expect(login.envelope.code).toBe(1)
  const caller = player(p.siteCode, login.envelope.data)
  const phone = `555${String(Date.now()).slice(-7)}`
  expect((await callHall(hallUrl, caller, 'POST', '/user/security/createsms', { phone })).envelope.code).toBe(1)
  const sent = await hallControl(hallUrl, 'last-code', { username: p.username, siteCode: p.siteCode })
  expect((await callHall(hallUrl, caller, 'POST', '/user/security/modifyphone', { phone, code: sent['code'] })).envelope.code).toBe(1)
  expect((await callHall(hallUrl, caller, 'POST', '/user/security/modifywithdrawpass', { newPass: PIN })).envelope.code).toBe(1)
}

/** Plays one formal round of the self-operated game as the player, from outside the lobby. */
const playAs = async (p: TestPlayer, bet: string): Promise<void> => {
  const site = await visitor(hallUrl, p.siteCode)
  const login = await callHall(hallUrl, site, 'POST', '/home/login', { username: p.username, password: p.password })
  await playRound(hallUrl, site, player(p.siteCode, login.envelope.data), login.envelope.data as { session_key: string; userkey: string }, bet)
}

const goTo = (page: Page, name: string, query: Record<string, string> = {}) =>
  page.evaluate(({ name, query }) => window.__lobby!.system.send({ type: 'nav.requested', name, query }), { name, query })

const panel = (page: Page) => page.getByRole('tabpanel')
const summaryValue = (page: Page, term: string) => panel(page).locator('.withdraw__summary div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd')

/** A signed-in, secured player with a balance, on the withdraw page's tab. */
const openAs = async (size: 'desktop' | 'phone', balance: string, tab: string) => {
  const p = await kit.player({ balance })
  await secure(p)
  const opened = await kit.openLobby(size, 'home/game?site=001', { as: p })
  await goTo(opened.page, 'withdraw', { tab })
  await expect.poll(() => new URL(opened.page.url()).pathname).toBe('/home/withdraw')
  return { ...opened, p }
}

describe.each(['desktop', 'phone'] as const)('withdrawals at %s size', (size) => {
  it('binds a bank card and a crypto address, withdraws with the password, holds at once, pays by the socket, refunds a rejection', async () => {
    const { page, errors, p } = await openAs(size, '500', 'bankCard')
    // A bank card: the first one becomes the default, shown masked.
    await expect.poll(() => panel(page).getByLabel('Bank', { exact: true }).inputValue(), { timeout: 15_000 }).toBe('CHASE')
    await panel(page).getByLabel('Card number').fill('4111 2222 3333 4444')
    await panel(page).getByLabel("Holder's real name").fill('ANA SILVA')
    await panel(page).getByRole('button', { name: 'Bind card' }).click()
    const cards = panel(page).getByRole('list', { name: 'Bank cards' })
    await expect.poll(() => panel(page).innerText(), { timeout: 15_000 }).toContain('**** 4444')
    expect(await cards.innerText()).toContain('Default')

    // A crypto address on a network: a bad one is refused in the form, a good one is bound.
    await page.getByRole('tab', { name: 'Crypto addresses' }).click()
    await expect.poll(() => panel(page).getByLabel('Coin and network').inputValue(), { timeout: 15_000 }).toBe('USDT/TRC20')
    await panel(page).getByLabel('Coin and network').selectOption({ label: 'USDT · TRC20' })
    await panel(page).getByLabel('Address', { exact: true }).fill('0x123')
    await panel(page).getByRole('button', { name: 'Bind address' }).click()
    await expect.poll(() => panel(page).getByRole('alert').innerText()).toContain('not a valid address')
    const address = 'TXYZa1b2c3d4e5f6g7h8i9j1k2m3n4p5q6'
    await panel(page).getByLabel('Address', { exact: true }).fill(address)
    await panel(page).getByRole('button', { name: 'Bind address' }).click()
    await expect.poll(() => panel(page).getByRole('list', { name: 'Crypto addresses' }).innerText(), { timeout: 15_000 }).toContain(address)

    // The withdrawal: the fee is asked while typing; a wrong and a 5-digit password are refused, nothing moves.
    await page.getByRole('tab', { name: 'Withdraw', exact: true }).click()
    await expect.poll(() => summaryValue(page, 'Balance').innerText(), { timeout: 15_000 }).toContain('500.00')
    await panel(page).getByLabel('Payout account').selectOption({ label: 'JPMorgan Chase · **** 4444' })
    const amount = panel(page).getByLabel('Amount', { exact: true })
    await amount.fill('1000')
    await panel(page).getByRole('textbox', { name: 'Withdraw password' }).fill(PIN)
    await panel(page).getByRole('button', { name: 'Withdraw', exact: true }).click()
    await expect.poll(() => panel(page).innerText()).toContain('The amount must be at most 500')
    await amount.fill('100')
    await expect.poll(() => panel(page).innerText(), { timeout: 15_000 }).toContain('you receive 99')
    await panel(page).getByRole('textbox', { name: 'Withdraw password' }).fill('654321')
    await panel(page).getByRole('button', { name: 'Withdraw', exact: true }).click()
    await expect.poll(() => panel(page).innerText(), { timeout: 15_000 }).toContain('The withdraw password is wrong.')
    await panel(page).getByRole('textbox', { name: 'Withdraw password' }).fill('12345')
    await panel(page).getByRole('button', { name: 'Withdraw', exact: true }).click()
    await expect.poll(() => panel(page).innerText()).toContain('The withdraw password is 6 digits.')
    expect(await amount.inputValue()).toBe('100')
    expect(await summaryValue(page, 'Balance').innerText()).toContain('500.00')

    await panel(page).getByRole('textbox', { name: 'Withdraw password' }).fill(PIN)
    await panel(page).getByRole('button', { name: 'Withdraw', exact: true }).click()
    // Held at once: the balance shows 400 from the withdrawal's answer.
    await expect.poll(() => summaryValue(page, 'Balance').innerText(), { timeout: 15_000 }).toContain('400.00')
    await expect.poll(() => summaryValue(page, 'Held for withdrawals').innerText(), { timeout: 15_000 }).toContain('100.00')
    await panel(page).getByRole('button', { name: 'See the withdrawal' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/home\/withdraw\/withdraw-details\/\d+$/)
    const orderNo = new URL(page.url()).pathname.split('/').pop() ?? ''
    const status = page.getByRole('status').filter({ hasText: 'Status' })
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toContain('Under review')
    await kit.control('withdraw-order', { orderNo, action: 'approve' })
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toContain('Approved, paying out')
    await kit.control('withdraw-order', { orderNo, action: 'pay' })
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toContain('Paid')
    await lookAt(page, `withdraw-details-${size}`)

    // A rejection gives the money back, and the page shows it from the socket.
    await page.getByRole('button', { name: 'Back to withdraw records' }).click()
    await page.getByRole('tab', { name: 'Withdraw', exact: true }).click()
    await amount.fill('50')
    await panel(page).getByRole('textbox', { name: 'Withdraw password' }).fill(PIN)
    await panel(page).getByRole('button', { name: 'Withdraw', exact: true }).click()
    await expect.poll(() => summaryValue(page, 'Balance').innerText(), { timeout: 15_000 }).toContain('350.00')
    await lookAt(page, `withdraw-${size}`, { fullPage: true })
    const records = (await callHall(hallUrl, await signedIn(p), 'POST', '/certify/withdrawRecord', { current: 1, size: 1 })).envelope.data as { records: Array<{ order_no: string }> }
    await kit.control('withdraw-order', { orderNo: records.records[0]?.order_no, action: 'reject', reason: 'name mismatch' })
    await expect.poll(() => summaryValue(page, 'Balance').innerText(), { timeout: 15_000 }).toContain('400.00')
    await expect.poll(() => summaryValue(page, 'Held for withdrawals').innerText(), { timeout: 15_000 }).toContain('0.00')

    // The records list both, newest first.
    await page.getByRole('tab', { name: 'Withdraw records' }).click()
    const list = size === 'desktop' ? panel(page).getByRole('table', { name: 'Withdraw records' }) : panel(page).getByRole('list', { name: 'Withdraw records' })
    await expect.poll(() => list.innerText(), { timeout: 15_000 }).toContain('Rejected, refunded')
    expect(await list.innerText()).toContain('Paid')
    expect(errors).toEqual([])
  })

  it('shows what an unmet turnover still needs on the audit details page', async () => {
    const p = await kit.player()
    await kit.control('credit', { username: p.username, amount: '100', turnover: { multiple: '3', source: 'deposit' } })
    await secure(p)
    await playAs(p, '40')
    // The round made it the player's last game: no offer to continue it after the sign-in.
    await kit.control('player', { username: p.username, last_game: null })
    const opened = await kit.openLobby(size, 'home/game?site=001', { as: p })
    const page = opened.page
    await goTo(page, 'withdraw', { tab: 'withdraw' })
    await expect.poll(() => summaryValue(page, 'Bets still needed').innerText(), { timeout: 15_000 }).toContain('260.00')
    await panel(page).getByRole('button', { name: 'See the audits' }).click()
    await panel(page).getByRole('button', { name: /^Details of Deposit/ }).click()
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/home\/withdraw\/audit-details\/\d+$/)
    const remaining = page.locator('.withdraw__summary div').filter({ has: page.locator('dt', { hasText: 'Still to bet' }) })
    await expect.poll(() => remaining.innerText(), { timeout: 15_000 }).toContain('260.00')
    expect(await page.getByRole('list', { name: 'Bets that counted' }).innerText()).toContain('40.00')
    await lookAt(page, `withdraw-audit-${size}`)
    expect(opened.errors).toEqual([])
  })

  it('asks the SMS code where the site wants it, sent to the bound phone', async () => {
    await kit.control('withdraw-settings', { siteCode: '001', needSms: true })
    try {
      const { page, errors, p } = await openAs(size, '100', 'bankCard')
      await expect.poll(() => panel(page).getByLabel('Bank', { exact: true }).inputValue(), { timeout: 15_000 }).toBe('CHASE')
      await panel(page).getByLabel('Card number').fill('4111222233334444')
      await panel(page).getByLabel("Holder's real name").fill('ANA SILVA')
      await panel(page).getByRole('button', { name: 'Bind card' }).click()
      await expect.poll(() => panel(page).innerText(), { timeout: 15_000 }).toContain('**** 4444')
      await page.getByRole('tab', { name: 'Withdraw', exact: true }).click()
      await panel(page).getByLabel('Amount', { exact: true }).fill('20')
      await panel(page).getByRole('textbox', { name: 'Withdraw password' }).fill(PIN)
      await panel(page).getByRole('button', { name: 'Send code' }).click()
      await expect.poll(async () => (await hallControl(hallUrl, 'last-code', { username: p.username, siteCode: p.siteCode }))['ok'], { timeout: 15_000 }).toBe(true)
      const sent = String((await hallControl(hallUrl, 'last-code', { username: p.username, siteCode: p.siteCode }))['code'])
      await panel(page).getByRole('textbox', { name: 'SMS code' }).fill(sent)
      await panel(page).getByRole('button', { name: 'Withdraw', exact: true }).click()
      await expect.poll(() => summaryValue(page, 'Balance').innerText(), { timeout: 15_000 }).toContain('80.00')
      expect(errors).toEqual([])
    } finally {
      await kit.control('withdraw-settings', { siteCode: '001', needSms: false })
    }
  })

  it('shows a closed channel before anything is typed', async () => {
    await kit.control('withdraw-settings', { siteCode: '001', closed: true, message: 'Withdrawals reopen at 10:00' })
    try {
      const { page, errors } = await openAs(size, '100', 'withdraw')
      await expect.poll(() => panel(page).getByRole('alert').innerText(), { timeout: 15_000 }).toContain('Withdrawals reopen at 10:00')
      expect(errors).toEqual([])
    } finally {
      await kit.control('withdraw-settings', { siteCode: '001', closed: false, message: '' })
    }
  })
})

/** A session of the player of its own (the hall's calls from outside the lobby). */
const signedIn = async (p: TestPlayer) => {
  const site = await visitor(hallUrl, p.siteCode)
  const login = await callHall(hallUrl, site, 'POST', '/home/login', { username: p.username, password: p.password })
  return player(p.siteCode, login.envelope.data)
}
