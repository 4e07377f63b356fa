import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'

/**
 * Reads that fail say so and offer Try again, which asks again (found by the QA maps,
 * docs/model-testing.md): the withdraw page's read (/certify/withdrawInfo) and the savings page's
 * profit figures (/yuebao/profitCount), each refused once by the test hall, in the player's language.
 */
const kit = useBrowser()

const goTo = (page: Page, name: string) => page.evaluate((n) => window.__lobby!.system.send({ type: 'nav.requested', name: n }), name)

/** The browser's report of the hall's refusal (code 5000 answers HTTP 500) of one call. */
const refused = (call: string) => expect.stringMatching(new RegExp(`^Failed to load resource: the server responded with a status of 500 \\(Internal Server Error\\): http://127\\.0\\.0\\.1:\\d+/line/\\d+/hall${call}$`))

describe('a failed read on the withdraw and savings pages', () => {
  it('the withdraw page says it could not be loaded, and Try again reads it again', async () => {
    const player = await kit.player({ balance: '250.00' })
    const { page, errors } = await kit.openLobby('desktop', 'home/game?site=001', { as: player })
    await kit.control('force', { path: '/certify/withdrawInfo', code: 5000, msg: 'refused by the test', times: 1 })
    await goTo(page, 'withdraw')
    const alert = page.getByRole('alert').filter({ hasText: 'This could not be loaded. Please try again.' })
    await alert.waitFor()
    await alert.getByRole('button', { name: 'Try again' }).click()
    const form = page.getByRole('tabpanel').getByRole('region', { name: 'Withdraw' })
    await form.waitFor()
    expect(await form.innerText()).toContain('250.00')
    expect(await alert.count()).toBe(0)
    // The one refusal the hall was told to give, and nothing else.
    expect(errors).toEqual([refused('/certify/withdrawInfo')])
  })

  it('the savings page shows a failed profit read in the player\'s language, and Try again reads the figures again', async () => {
    const player = await kit.player({ balance: '250.00' })
    const { page, shell, errors } = await kit.openLobby('desktop', 'home/game?site=001', { as: player })
    // The player reads the lobby in Vietnamese.
    await shell.header.getByRole('button', { name: /^Language/ }).click()
    await page.getByRole('button', { name: 'Tiếng Việt', exact: true }).click()
    await shell.header.getByRole('button', { name: 'Làm mới số dư' }).waitFor()
    await kit.control('force', { path: '/yuebao/profitCount', code: 5000, msg: 'refused by the test', times: 1 })
    await goTo(page, 'yuebao')
    // The introduction pops up on the first visit: the player closes it.
    const intro = page.getByRole('dialog')
    await intro.waitFor()
    await page.keyboard.press('Escape')
    await intro.waitFor({ state: 'hidden' })
    const alert = page.getByRole('alert').filter({ hasText: 'Không tải được tiền lãi tiết kiệm.' })
    await alert.waitFor()
    const total = page.getByTestId('yuebao-total')
    expect(await total.innerText()).toBe('—')
    await alert.getByRole('button', { name: 'Thử lại' }).click()
    await alert.waitFor({ state: 'hidden' })
    await expect.poll(() => total.innerText()).not.toBe('—')
    expect(errors).toEqual([refused('/yuebao/profitCount')])
  })
})
