import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launch, newContext, watchErrors } from './support/browser'
import { LobbyPage } from './support/lobby.model'

const hallUrl = inject('hallUrl')
let browser: Browser

const control = async (name: string, body: unknown): Promise<Record<string, unknown>> => {
  const res = await fetch(`${hallUrl}/__control/${name}`, { method: 'POST', body: JSON.stringify(body) })
  return (await res.json()) as Record<string, unknown>
}
/** The demo player's balance, read through a zero credit (which pushes nothing). */
const balance = async (): Promise<number> => Number((await control('credit', { username: 'demo', amount: '0' }))['balance'])
const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** Signs the demo player in through the login popup (the site may open it by itself at boot). */
const signIn = async (page: Page) => {
  const login = page.getByRole('dialog', { name: /Log in/ })
  const prompted = await login.waitFor({ timeout: 5_000 }).then(() => true, () => false)
  if (!prompted) await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click()
  await login.getByLabel('Username').fill('demo')
  await login.getByLabel('Password', { exact: true }).fill('demo1234')
  await login.getByRole('button', { name: 'Log in', exact: true }).last().click()
  await login.waitFor({ state: 'hidden', timeout: 20_000 })
}

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser.close()
})

describe('realtime reactions in a real browser', () => {
  it('a deposit credited by the hall refreshes the header balance and shows a toast for 2 s; the refresh button asks again', async () => {
    const context = await newContext(browser, 'desktop')
    const page = await context.newPage()
    const errors = watchErrors(page)
    const lobby = new LobbyPage(page, hallUrl)
    await lobby.open()
    await lobby.waitReady()
    await signIn(page)

    const header = page.getByRole('banner')
    const shown = header.getByRole('group', { name: 'Balance' })
    // The socket is connected: the indicator by the balance says so.
    await header.getByRole('status').filter({ hasText: 'Live updates on' }).waitFor({ state: 'attached', timeout: 20_000 })
    const before = await balance()
    await expect.poll(() => shown.textContent(), { timeout: 10_000 }).toContain(money(before))

    // The hall credits 25: payOrderSuccess over the socket, a balance refresh, a toast.
    const refreshed = page.waitForResponse((r) => r.url().includes('/home/prize'), { timeout: 20_000 })
    const credited = await control('credit', { username: 'demo', amount: '25' })
    expect(typeof credited['msgId']).toBe('string')
    const toasts = page.getByRole('status', { name: 'Notifications' })
    const toast = toasts.getByText('Deposit of 25.00 USD received')
    await toast.waitFor({ state: 'visible', timeout: 20_000 })
    await refreshed
    await expect.poll(() => shown.textContent(), { timeout: 10_000 }).toContain(money(before + 25))
    // The toast goes after its 2 s (an actor delay), and the region stays, empty, for the next one.
    await toast.waitFor({ state: 'detached', timeout: 10_000 })
    expect((await toasts.textContent())?.trim()).toBe('')

    // A balance change the socket does not report (a debit): the refresh button fetches it.
    await control('credit', { username: 'demo', amount: '-5' })
    const again = page.waitForResponse((r) => r.url().includes('/home/prize'), { timeout: 20_000 })
    await shown.getByRole('button', { name: 'Refresh balance' }).click()
    await again
    await expect.poll(() => shown.textContent(), { timeout: 10_000 }).toContain(money(before + 20))

    // In the log: the notice once, its toast's end as a clock fact, the refresh intent once.
    const log = await lobby.exportLog()
    const records = log.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as { source?: string; event?: { type?: string; call?: string } })
    const types = records.map((r) => r.event?.type)
    expect(types.filter((t) => t === 'realtime.payOrderSucceeded')).toHaveLength(1)
    expect(types.filter((t) => t === 'wallet.refreshRequested')).toHaveLength(1)
    // The wallet reads the balance: after the deposit, and for the button.
    expect(records.filter((r) => r.source === 'wallet' && r.event?.type === 'hall.requested' && r.event.call === 'prize')).toHaveLength(2)
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)
})
