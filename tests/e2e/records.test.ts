import { describe, expect, it } from 'vitest'
import { callHall, control, playRound, player, visitor } from '../server/support'
import { useBrowser } from './support/browser'
import { lookAt } from './support/shots'

/**
 * Records and reports at phone and desktop sizes (screens §2 /home/report with current 0 account
 * details, 1 betting record, 2 personal statement): a fresh player's deposit and two rounds
 * played on the hall's game page show in the betting record with their totals, in the account
 * details and in the statement; the state filter narrows the list. A withdrawal, asked through
 * the hall and paid by its operator, shows as a movement and in the statement's withdrawals.
 */
const kit = useBrowser()
const hallUrl = kit.hallUrl

/** Plays one formal round of the self-operated game as the player, from outside the lobby (its own session). */
const playAs = async (username: string, password: string, bet: string): Promise<void> => {
  const site = await visitor(hallUrl, '001')
  const login = await callHall(hallUrl, site, 'POST', '/home/login', { username, password })
  expect(login.envelope.code).toBe(1)
  await playRound(hallUrl, site, player('001', login.envelope.data), login.envelope.data as { session_key: string; userkey: string }, bet)
}

/**
 * Withdraws from outside the lobby as the player (a phone bound with the hall's code, the withdraw
 * password, a bank card), and has the operator approve and pay it through the control surface.
 */
const withdrawAs = async (username: string, password: string, amount: string, phone: string): Promise<void> => {
  const site = await visitor(hallUrl, '001')
  const login = await callHall(hallUrl, site, 'POST', '/home/login', { username, password })
  expect(login.envelope.code).toBe(1)
  const me = player('001', login.envelope.data)
  const ok = async (path: string, params: unknown): Promise<Record<string, unknown>> => {
    const a = await callHall(hallUrl, me, 'POST', path, params)
    expect(a.envelope.code, `${path}: ${a.envelope.msg}`).toBe(1)
    return a.envelope.data as Record<string, unknown>
  }
  await ok('/user/security/createsms', { phone })
  await ok('/user/security/modifyphone', { phone, code: (await control(hallUrl, 'last-code', { username }))['code'] })
  await ok('/user/security/modifywithdrawpass', { newPass: '123456' })
  const card = await ok('/certify/bindcard', { bank_code: 'CHASE', card_no: '4111222233334444', holder: 'ANA SILVA' })
  const cash = await ok('/certify/cach', { account_id: card['id'], amount, withdraw_pass: '123456', request_id: `records-${username}` })
  const orderNo = (cash['order'] as { order_no: string }).order_no
  for (const action of ['approve', 'pay']) expect(await control(hallUrl, 'withdraw-order', { orderNo, action })).toMatchObject({ ok: true })
}

describe.each(['desktop', 'phone'] as const)('records and reports at %s size', (size) => {
  it('shows the bets with their totals, the account details and the statement, and filters by state', async () => {
    // A fresh player of the file's own, signed in with a kept session (the sign-up form is signup.test.ts's).
    const fresh = await kit.player({ password: 'secret12' })
    const { username } = fresh
    const { page, errors } = await kit.openLobby(size, 'home/game?site=001', { as: fresh })
    await kit.control('credit', { username, amount: '100' })
    await playAs(username, 'secret12', '10')
    await playAs(username, 'secret12', '5')
    await withdrawAs(username, 'secret12', '20', `5559${Date.now().toString().slice(-6)}${size === 'phone' ? 1 : 2}`)

    await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'report', query: { current: '1' } }))
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/report')
    const tabs = page.getByRole('tablist', { name: 'Reports' })
    await expect.poll(() => tabs.getByRole('tab', { name: 'Betting record' }).getAttribute('aria-selected')).toBe('true')

    if (size === 'desktop') {
      const table = page.getByRole('table', { name: 'Betting record' })
      await expect.poll(() => table.locator('tbody tr').count(), { timeout: 15_000 }).toBe(2)
      expect(await table.locator('tbody tr').first().innerText()).toContain('5.00')
      await expect.poll(() => page.getByRole('navigation', { name: 'Betting record: pages' }).innerText()).toContain('2 records')
      // The totals of every filtered bet.
      const summary = page.locator('.records__summary')
      expect(await summary.innerText()).toContain('15.00')
      await page.getByLabel('State', { exact: true }).selectOption({ label: 'Pending' })
      await expect.poll(() => page.getByText('No records for these filters').isVisible()).toBe(true)
      await page.getByLabel('State', { exact: true }).selectOption({ label: 'Settled' })
      await expect.poll(() => table.locator('tbody tr').count()).toBe(2)

      await tabs.getByRole('tab', { name: 'Account details' }).click()
      await expect.poll(() => new URL(page.url()).searchParams.get('current')).toBe('0')
      const details = page.getByRole('table', { name: 'Account details' })
      await expect.poll(() => details.innerText(), { timeout: 15_000 }).toContain('+100.00')
      await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Bet' })
      await expect.poll(() => details.locator('tbody tr').count()).toBe(2)
      // The withdrawal: its hold of 20 and the payout (which moves no more money) are its movements.
      await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Withdrawal' })
      const rows = details.locator('tbody tr')
      await expect.poll(async () => (await rows.allInnerTexts()).map((r) => r.split('\t').slice(1, 3))).toEqual([['Withdrawal', '0.00'], ['Withdrawal', '-20.00']])

      await tabs.getByRole('tab', { name: 'Personal statement' }).click()
      const statement = page.getByRole('table', { name: 'Personal statement' })
      await expect.poll(() => statement.locator('tbody tr').count(), { timeout: 15_000 }).toBe(1)
      expect(await statement.locator('tbody tr').first().innerText()).toContain('100.00')
      // Deposits 100, withdrawals 20, bets 15: the day's row says each.
      const day = await statement.locator('tbody tr').first().locator('td').allInnerTexts()
      expect(day.slice(1, 4)).toEqual(['100.00', '20.00', '15.00'])
      expect(await statement.locator('tfoot').innerText()).toContain('Total')
    } else {
      const list = page.getByRole('list', { name: 'Betting record' })
      await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(2)
      await expect.poll(() => page.getByText('All 2 records shown').isVisible()).toBe(true)
      await tabs.getByRole('tab', { name: 'Account details' }).click()
      const details = page.getByRole('list', { name: 'Account details' })
      await expect.poll(() => details.innerText(), { timeout: 15_000 }).toContain('+100.00')
      // The deposit, the two bets and the withdrawal's hold are all there.
      expect(await details.innerText()).toContain('-20.00')
      await tabs.getByRole('tab', { name: 'Personal statement' }).click()
      const statement = page.getByRole('list', { name: 'Personal statement' })
      await expect.poll(() => statement.getByRole('listitem').count(), { timeout: 15_000 }).toBe(1)
      const day = await statement.getByRole('listitem').first().innerText()
      for (const figure of ['100.00', '20.00', '15.00']) expect(day).toContain(figure)
    }
    await lookAt(page, `records-${size}`)
    expect(errors).toEqual([])
  })
})
