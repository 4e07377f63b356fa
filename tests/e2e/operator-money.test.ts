import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { migrate, openDb } from '../../server/db'
import { startHall, type RunningHall } from '../../server/hall'
import { putDiscountCode } from '../../server/pay/discount'
import { seed } from '../../server/seed'
import { addAccount } from '../../server/support/accounts'
import { setSettings } from '../../server/withdraw'
import { callHall, player, type Caller } from '../server/support'
import { codeIn, deliveryOf, startSmsInbox, type SmsInbox } from '../server/delivery-inbox'
import { launch, newContext, VIEWPORTS, watchErrors, type Size } from './support/browser'
import { lookAt } from './support/shots'
import { allViolations as axeViolations } from './support/axe'
import { ShellPage } from './support/shell.model'

/**
 * The operator's console, money, on a production hall (docs/operations.md; issue 42): a player
 * deposits by offline transfer and a finance account confirms it in the console; the player asks a
 * withdrawal above the site's second-approval amount; finance A approves, finance B approves and
 * marks it paid with the payout's reference; the player's header and withdrawal page follow on the
 * socket without a reload; the order's page shows every balance equal to its ledger; the audit
 * trail lists each step with who and why. A lead and an agent get 403 from every money route.
 *
 * Its own hall (production mode, its own store, made as `npm start` makes one: migrated, seeded,
 * the accounts added as `npm run support-accounts` adds them; `diagnostics` on for the lobby's page
 * models) and its own player. Codes go by SMS through a local endpoint speaking Twilio's API, as a
 * production site's would; the player's opening money is a promo code redeemed in the lobby.
 */

const staticDir = inject('staticDir')

const FIN_A = { username: 'fin.ana', password: 'fin-ana-password-1' }
const FIN_B = { username: 'fin.bruno', password: 'fin-bruno-password-1' }
const LEAD = { username: 'lead.money', password: 'lead-money-password' }
const AGENT = { username: 'agent.money', password: 'agent-money-password' }
const PLAYER = { username: 'opsmoney1', password: 'opsmoney1pw' }
const PROMO = 'OPSMONEY300'
const PIN = '123456'

let browser: Browser
let hall: RunningHall
let sms: SmsInbox
let dataDir = ''
let playerId = ''

beforeAll(async () => {
  sms = await startSmsInbox()
  dataDir = mkdtempSync(path.join(tmpdir(), 'lobby-operator-money-'))
  const db = await openDb(dataDir)
  try {
    await migrate(db)
    await seed(db, { demoPlayers: false })
    const by = { by: 'command:e2e', now: Date.now() }
    await addAccount(db, { ...FIN_A, role: 'finance' }, by)
    await addAccount(db, { ...FIN_B, role: 'finance' }, by)
    await addAccount(db, { ...LEAD, role: 'lead' }, by)
    await addAccount(db, { ...AGENT, role: 'agent' }, by)
    // The site's settings as its operator keeps them: two approvals above 100, codes by SMS, a promo code.
    await setSettings(db, '001', { secondApprovalOver: '100' })
    await db.query(`UPDATE site_documents SET doc = doc || $1::jsonb WHERE site_code = '001' AND name = 'delivery'`, [JSON.stringify(deliveryOf(undefined, sms))])
    await putDiscountCode(db, { siteCode: '001', code: PROMO, amount: '300', currency: 'USD', maxUses: 1, needPhone: false, active: true })
  } finally {
    await db.close()
  }
  hall = await startHall({ port: 0, dataDir, mode: 'production', staticDir, diagnostics: true, log: () => undefined })
  browser = await launch()

  // The player signs up, binds a phone with the code the SMS brought, sets the withdraw password and binds a card.
  const html = await (await fetch(`${hall.url}/`, { headers: { accept: 'text/html' } })).text()
  const site: Caller = { siteCode: '001', keyMaterial: /"siteKey":"([^"]+)"/.exec(html)?.[1] ?? '', token: '' }
  const reg = await callHall(hall.url, site, 'POST', '/home/register', PLAYER)
  expect(reg.envelope.code, reg.envelope.msg).toBe(1)
  playerId = (reg.envelope.data as { userIdx: string }).userIdx
  const caller = player('001', reg.envelope.data)
  const phone = '5553400001'
  const arrived = sms.nextTo(phone)
  expect((await callHall(hall.url, caller, 'POST', '/user/security/createsms', { phone })).envelope.code).toBe(1)
  const code = codeIn((await arrived).body)
  expect((await callHall(hall.url, caller, 'POST', '/user/security/modifyphone', { phone, code })).envelope.code).toBe(1)
  expect((await callHall(hall.url, caller, 'POST', '/user/security/modifywithdrawpass', { newPass: PIN })).envelope.code).toBe(1)
  const card = await callHall(hall.url, caller, 'POST', '/certify/bindcard', { bank_code: 'CHASE', card_no: '4111222233334444', holder: 'ANA SILVA' })
  expect(card.envelope.code, card.envelope.msg).toBe(1)
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await hall?.close()
  await sms?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** A console page signed in as `who`, at a size. */
const consoleAs = async (who: { username: string; password: string }, size: Size): Promise<{ page: Page; errors: string[] }> => {
  const context = await newContext(browser, size)
  const page = await context.newPage()
  const errors = watchErrors(page)
  await page.goto(`${hall.url}/support`)
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Username').fill(who.username)
  await form.getByLabel('Password').fill(who.password)
  await form.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('navigation', { name: 'Console' }).waitFor()
  return { page, errors }
}

/** The console's token of an account, for its API. */
const tokenOf = async (who: { username: string; password: string }): Promise<string> => {
  const res = await fetch(`${hall.url}/support/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) })
  const body = (await res.json()) as { token: string }
  expect(res.status).toBe(200)
  return body.token
}

/**
 * A console page's errors but the refusals the test itself asks for: Chromium logs every answer
 * of 400 or more as a failed load (the sign-in page's /me before signing in, a refused decision).
 */
const unexpected = (errors: ReadonlyArray<string>, expected: ReadonlyArray<RegExp>): string[] =>
  errors.filter((e) => !expected.some((x) => x.test(e)))
const ME_BEFORE_SIGN_IN = /status of 401 \(Unauthorized\): http:\/\/[^/]+\/support\/api\/me$/

const balanceText = (page: Page) => page.getByRole('group', { name: 'Balance' }).innerText()
const noSideways = async (page: Page, size: Size) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[size].width)

describe('the operator console, money, on a production hall', () => {
  it('a finance account confirms an offline deposit; two approve a withdrawal above the threshold and one marks it paid; the player follows on the socket; ledger and audit trail agree', async () => {
    // The player, on a phone: the promo code brings the opening 300.
    const playerContext = await newContext(browser, 'phone')
    const lobby = await playerContext.newPage()
    const lobbyErrors = watchErrors(lobby)
    const shell = new ShellPage(lobby, hall.url)
    await shell.open('home/game')
    await shell.waitReady()
    await shell.signIn(PLAYER)
    await lobby.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true))
    const openPay = async () => {
      await lobby.getByRole('banner').getByRole('button', { name: /^Deposit/ }).first().click()
      const dialog = lobby.getByRole('dialog', { name: 'Deposit' })
      await dialog.getByRole('group', { name: 'Method' }).getByRole('radio').first().waitFor({ state: 'visible', timeout: 15_000 })
      return dialog
    }
    let pay = await openPay()
    await pay.getByRole('button', { name: 'I have a promo code' }).click()
    const promo = lobby.getByRole('dialog', { name: 'Promo code' })
    await promo.getByRole('textbox', { name: 'Promo code' }).fill(PROMO)
    await promo.getByRole('button', { name: 'Redeem' }).click()
    await expect.poll(() => balanceText(lobby), { timeout: 15_000 }).toContain('300.00')
    await promo.getByRole('button', { name: 'Done' }).click()
    await promo.waitFor({ state: 'hidden' })

    // An offline transfer of 500, sent and confirmed by the player: it waits for finance.
    pay = await openPay()
    await pay.getByRole('group', { name: 'Method' }).getByRole('radio', { name: /^Bank transfer/ }).check()
    await pay.getByRole('textbox', { name: 'Amount (USD)' }).fill('500')
    await pay.getByRole('button', { name: 'Deposit', exact: true }).click()
    const payStatus = pay.getByRole('status').filter({ hasText: /Waiting for payment|Under review|Paid/ })
    await expect.poll(() => payStatus.innerText(), { timeout: 15_000 }).toBe('Waiting for payment')
    await pay.getByRole('textbox', { name: "Payer's name" }).fill('ANA SILVA')
    await pay.getByRole('button', { name: 'I have transferred' }).click()
    await expect.poll(() => payStatus.innerText()).toBe('Under review')

    // Finance A, on a desktop, confirms it in Deposits.
    const a = await consoleAs(FIN_A, 'desktop')
    const nav = a.page.getByRole('navigation', { name: 'Console' })
    // The money views beside the console's others (other operator areas add their own links).
    expect(await nav.getByRole('link').allTextContents()).toEqual(expect.arrayContaining(['Sessions', 'Script errors', 'Withdrawals', 'Deposits']))
    await nav.getByRole('link', { name: 'Deposits' }).click()
    const depositRow = a.page.getByRole('table', { name: 'Deposits' }).getByRole('row').filter({ hasText: PLAYER.username })
    await expect.poll(() => depositRow.count()).toBe(1)
    expect(await depositRow.innerText()).toContain('Transfer sent by the player')
    expect(await axeViolations(a.page)).toEqual([])
    await lookAt(a.page, `operator-money-deposits-desktop`)
    await depositRow.getByRole('button', { name: /^Confirm \d+$/ }).click()
    await expect.poll(() => a.page.getByRole('status').first().innerText()).toMatch(/^Confirmed \d+$/)
    // The player's header shows it without a reload: 300 + 500 + the 3 % bonus.
    await expect.poll(() => balanceText(lobby), { timeout: 15_000 }).toContain('815.00')
    await expect.poll(() => payStatus.innerText(), { timeout: 15_000 }).toBe('Paid')
    await lobby.keyboard.press('Escape')
    await pay.waitFor({ state: 'hidden' })

    // The player withdraws 200 (the deposit's turnover holds the rest back).
    await lobby.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'withdraw', query: { tab: 'withdraw' } }))
    const panel = lobby.getByRole('tabpanel')
    await panel.getByLabel('Payout account').selectOption({ label: 'JPMorgan Chase · **** 4444' })
    await panel.getByLabel('Amount', { exact: true }).fill('200')
    await panel.getByRole('textbox', { name: 'Withdraw password' }).fill(PIN)
    await panel.getByRole('button', { name: 'Withdraw', exact: true }).click()
    await expect.poll(() => balanceText(lobby), { timeout: 15_000 }).toContain('615.00')
    await panel.getByRole('button', { name: 'See the withdrawal' }).click()
    await expect.poll(() => new URL(lobby.url()).pathname).toMatch(/^\/home\/withdraw\/withdraw-details\/\d+$/)
    const orderNo = new URL(lobby.url()).pathname.split('/').pop() ?? ''
    const orderStatus = lobby.getByRole('status').filter({ hasText: 'Status' })
    await expect.poll(() => orderStatus.innerText(), { timeout: 15_000 }).toContain('Under review')

    // Finance A finds it in the queue and approves it: one approval of the two it needs.
    await nav.getByRole('link', { name: 'Withdrawals' }).click()
    const queue = a.page.getByRole('search', { name: 'Filter withdrawals' })
    await queue.getByLabel('Amount from').fill('150')
    await queue.getByRole('button', { name: 'Filter' }).click()
    const queueRow = a.page.getByRole('table', { name: 'Withdrawals' }).getByRole('row').filter({ hasText: orderNo })
    await expect.poll(() => queueRow.innerText()).toContain('0/2')
    expect(await axeViolations(a.page)).toEqual([])
    await lookAt(a.page, `operator-money-queue-desktop`)
    await queueRow.getByRole('button', { name: `Open withdrawal ${orderNo}` }).click()
    await a.page.getByRole('heading', { name: `Withdrawal ${orderNo}` }).waitFor()
    expect(new URL(a.page.url()).pathname).toBe(`/support/ops/withdrawals/${orderNo}`)
    const approve = a.page.getByRole('form', { name: 'Approve' })
    await approve.getByLabel('Note (optional)').fill('documents checked')
    await approve.getByRole('button', { name: 'Approve' }).click()
    await expect.poll(() => a.page.getByRole('list', { name: 'Approved by' }).innerText()).toContain('Approved by fin.ana')
    await expect.poll(() => orderStatus.innerText(), { timeout: 15_000 }).toContain('Approved, paying out')
    // Paying now is refused by the hall: a second finance account must approve first.
    const paid = a.page.getByRole('form', { name: 'Mark paid' })
    await paid.getByLabel('Payout reference').fill('BANK-TX-1')
    await paid.getByRole('button', { name: 'Mark paid' }).click()
    await expect.poll(() => a.page.getByRole('alert').innerText()).toContain('needs the approval of 1 more finance account')
    // Approving again from the same account does not count twice.
    await approve.getByRole('button', { name: 'Approve' }).click()
    await expect.poll(() => a.page.getByRole('status').first().innerText()).toBe('Approved already: nothing changed')
    expect(await axeViolations(a.page)).toEqual([])
    await lookAt(a.page, `operator-money-order-desktop`, { fullPage: true })

    // Finance B, on a phone, approves and marks it paid with the payout's reference.
    const b = await consoleAs(FIN_B, 'phone')
    await b.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Withdrawals' }).click()
    const bRow = b.page.getByRole('table', { name: 'Withdrawals' }).getByRole('row').filter({ hasText: orderNo })
    await expect.poll(() => bRow.innerText()).toContain('1/2 (fin.ana)')
    await noSideways(b.page, 'phone')
    expect(await axeViolations(b.page)).toEqual([])
    await lookAt(b.page, `operator-money-queue-phone`, { fullPage: true })
    await bRow.getByRole('button', { name: `Open withdrawal ${orderNo}` }).click()
    await b.page.getByRole('form', { name: 'Approve' }).getByRole('button', { name: 'Approve' }).click()
    await expect.poll(() => b.page.getByRole('list', { name: 'Approved by' }).innerText()).toContain('Approved by fin.bruno')
    const bPaid = b.page.getByRole('form', { name: 'Mark paid' })
    await bPaid.getByLabel('Payout reference').fill('BANK-TX-1')
    await bPaid.getByRole('button', { name: 'Mark paid' }).click()
    await expect.poll(() => b.page.getByTestId('order-status').innerText()).toBe('Paid')
    await noSideways(b.page, 'phone')
    expect(await axeViolations(b.page)).toEqual([])
    await lookAt(b.page, `operator-money-order-phone`, { fullPage: true })

    // The player's page follows on the socket, without a reload; the held money is gone, the rest stays.
    await expect.poll(() => orderStatus.innerText(), { timeout: 15_000 }).toContain('Paid')
    expect(await balanceText(lobby)).toContain('615.00')
    expect(await lobby.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true)
    expect(await shell.eventTypes()).toContain('realtime.payOrderSucceeded')

    // The order's page: every balance equal to its ledger, the payout reference, both approvers.
    const balances = b.page.getByRole('table', { name: 'Balances' }).getByRole('row')
    await expect.poll(() => balances.count()).toBeGreaterThan(1)
    const checks = await b.page.getByRole('table', { name: 'Balances' }).getByRole('cell').filter({ hasText: /^(equal|DIFFERENT)$/ }).allInnerTexts()
    expect(checks.length).toBe((await balances.count()) - 1)
    expect(new Set(checks)).toEqual(new Set(['equal']))
    expect(await b.page.getByRole('table', { name: 'Balances' }).innerText()).toContain('615')
    expect(await b.page.getByRole('region', { name: 'Order' }).innerText()).toContain('BANK-TX-1')

    // The audit trail: each step with who and why (the lead reads it, in the console and its API).
    const lead = await consoleAs(LEAD, 'desktop')
    await lead.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit trail' }).click()
    const filter = lead.page.getByRole('search', { name: 'Filter the audit trail' })
    await filter.getByLabel('Player (id or username)').fill(PLAYER.username)
    await filter.getByRole('button', { name: 'Filter' }).click()
    const entries = lead.page.getByRole('table', { name: 'Audit entries' }).getByRole('row').filter({ hasText: /Confirmed deposit|Approved withdrawal|Marked withdrawal paid/ })
    await expect.poll(() => entries.count()).toBe(4)
    // Newest first: who, what and why, in words.
    const rows = await entries.allInnerTexts()
    expect(rows[0]).toMatch(/fin\.bruno[\s\S]*Marked withdrawal paid[\s\S]*payout reference BANK-TX-1/)
    expect(rows[2]).toMatch(/fin\.ana[\s\S]*Approved withdrawal[\s\S]*why: documents checked/)
    expect(rows[3]).toMatch(/fin\.ana[\s\S]*Confirmed deposit/)
    const leadToken = await tokenOf(LEAD)
    const trail = (await (await fetch(`${hall.url}/support/api/audit?player=${playerId}&pageSize=200`, { headers: { authorization: `Bearer ${leadToken}` } })).json()) as {
      entries: Array<{ account: string; action: string; detail: Record<string, unknown> }>
    }
    const steps = trail.entries.filter((e) => /^ops\.(deposit|withdraw)\.(confirmed|approved|paid|refused|rejected)$/.test(e.action)).reverse()
    expect(steps.map((e) => [e.account, e.action, e.detail['reason'] ?? e.detail['payoutReference']])).toEqual([
      ['fin.ana', 'ops.deposit.confirmed', ''],
      ['fin.ana', 'ops.withdraw.approved', 'documents checked'],
      ['fin.bruno', 'ops.withdraw.approved', ''],
      ['fin.bruno', 'ops.withdraw.paid', 'BANK-TX-1'],
    ])
    expect(steps.map((e) => e.detail['orderNo']).slice(1)).toEqual([orderNo, orderNo, orderNo])

    // The finance views at the other sizes, for the operator's guide.
    await b.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Deposits' }).click()
    await b.page.getByRole('heading', { name: 'Deposits' }).waitFor()
    await b.page.getByLabel('Show').selectOption('decided')
    await expect.poll(() => b.page.getByRole('table', { name: 'Deposits' }).innerText()).toContain('confirmed by fin.ana')
    await noSideways(b.page, 'phone')
    expect(await axeViolations(b.page)).toEqual([])
    await lookAt(b.page, `operator-money-deposits-phone`, { fullPage: true })

    expect(lobbyErrors).toEqual([])
    // Finance A's early payout was refused by the hall (409), as the test asked.
    expect(unexpected(a.errors, [ME_BEFORE_SIGN_IN, new RegExp(`status of 409 \\(Conflict\\): http://[^/]+/support/api/ops/withdrawals/${orderNo}/paid$`)])).toEqual([])
    expect(unexpected(b.errors, [ME_BEFORE_SIGN_IN])).toEqual([])
    expect(unexpected(lead.errors, [ME_BEFORE_SIGN_IN])).toEqual([])
  })

  it('a lead and an agent get 403 from every money route, in the console and through the API', async () => {
    const routes: ReadonlyArray<[string, unknown]> = [
      ['withdrawals', undefined],
      ['withdrawals/1', undefined],
      ['withdrawals/1/approve', {}],
      ['withdrawals/1/refuse', { reason: 'x' }],
      ['withdrawals/1/paid', { payoutReference: 'x' }],
      ['deposits', undefined],
      ['deposits/1/confirm', {}],
      ['deposits/1/reject', { reason: 'x' }],
      ['deposits/1/settle', { reference: 'x' }],
    ]
    for (const who of [LEAD, AGENT]) {
      const token = await tokenOf(who)
      for (const [route, body] of routes) {
        const res = await fetch(`${hall.url}/support/api/ops/${route}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        })
        expect(res.status, `${who.username} ${route}`).toBe(403)
      }
      for (const [route, body] of routes) {
        const res = await fetch(`${hall.url}/support/api/ops/${route}`, { method: body === undefined ? 'GET' : 'POST', headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
        expect(res.status, `anonymous ${route}`).toBe(401)
      }
    }
    // The console offers them no money link, and the page at the address says why.
    const { page, errors } = await consoleAs(LEAD, 'phone')
    const links = await page.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents()
    expect(links).toEqual(expect.arrayContaining(['Sessions', 'Audit trail', 'Accounts']))
    expect(links.filter((l) => l === 'Withdrawals' || l === 'Deposits')).toEqual([])
    await page.goto(`${hall.url}/support/ops/withdrawals`)
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('Only a finance account can see withdrawals')
    await page.goto(`${hall.url}/support/ops/deposits`)
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('Only a finance account can see deposits')
    expect(await axeViolations(page)).toEqual([])
    expect(unexpected(errors, [ME_BEFORE_SIGN_IN, /status of 403 \(Forbidden\): http:\/\/[^/]+\/support\/api\/ops\/(withdrawals|deposits)\?/])).toEqual([])
  })
})
