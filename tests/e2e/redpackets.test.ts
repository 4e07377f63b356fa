import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launch, newContext, watchErrors } from './support/browser'
import { LobbyPage } from './support/lobby.model'

const hallUrl = inject('hallUrl')
let browser: Browser
let activeId: number | null = null

const control = async (name: string, body: unknown): Promise<Record<string, unknown>> => {
  const res = await fetch(`${hallUrl}/__control/${name}`, { method: 'POST', body: JSON.stringify(body) })
  return (await res.json()) as Record<string, unknown>
}
/** The demo player's balance, read through a zero credit. */
const balance = async (): Promise<number> => Number((await control('credit', { username: 'demo', amount: '0' }))['balance'])

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  if (activeId !== null) await control('red-activity-status', { activeId, status: 3 })
  await browser.close()
})

describe('red packets in a real browser', () => {
  it('a red packet grabbed with a double click credits the balance once', async () => {
    const started = await control('red-activity', { title: 'Browser rain', amount: '12.5' })
    activeId = started['activeId'] as number
    const before = await balance()

    const context = await newContext(browser, 'desktop')
    const page = await context.newPage()
    const errors = watchErrors(page)
    const requests: string[] = []
    page.on('request', (r) => {
      // The grab call only: /active/getred_dot (the badges' red dots) shares the prefix.
      if (new URL(r.url()).pathname.endsWith('/active/getred')) requests.push(r.url())
    })
    const lobby = new LobbyPage(page, hallUrl)
    await lobby.open()
    await lobby.waitReady()

    // Sign in through the login popup (the site may open it by itself at boot).
    const login = page.getByRole('dialog', { name: /Log in/ })
    const prompted = await login.waitFor({ timeout: 5_000 }).then(() => true, () => false)
    if (!prompted) await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click()
    await login.getByLabel('Username').fill('demo')
    await login.getByLabel('Password', { exact: true }).fill('demo1234')
    await login.getByRole('button', { name: 'Log in', exact: true }).last().click()

    // The packet pops up after sign-in; a double click on Grab.
    const popup = page.getByRole('dialog', { name: 'Browser rain' })
    await popup.waitFor({ state: 'visible', timeout: 20_000 })
    await popup.getByRole('button', { name: 'Grab' }).dblclick()
    const result = page.getByRole('dialog', { name: 'Red packet' })
    await result.getByText('You got 12.50 USD').waitFor({ timeout: 15_000 })
    expect(await balance()).toBeCloseTo(before + 12.5, 2)

    // Nothing more: one request, and the packet is not offered again.
    await result.getByRole('button', { name: 'Got it' }).click()
    // The next poll (every 10 s) fetches the activities again: the packet taken is not offered.
    await page.waitForResponse((r) => r.url().includes('/active/redactive'), { timeout: 20_000 })
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    expect(requests).toHaveLength(1)
    // The call went through the network line the tester chose (the hall runner follows lines.baseChosen).
    expect(requests[0]).toMatch(new RegExp(`^${hallUrl}/line/[123]/hall/active/getred`))
    expect(await popup.isVisible()).toBe(false)
    expect(await balance()).toBeCloseTo(before + 12.5, 2)
    const log = await page.evaluate(() => window.__lobby!.exportLog())
    const credited = log.split('\n').filter((l) => l.includes('"redpackets.credited"'))
    expect(credited).toHaveLength(1)
    expect(errors).toEqual([])
    await context.close()
  }, 90_000)
})
