import type { Page } from 'playwright-core'
import { yuebaoProfitActor } from '../../actors/yuebao'
import { queryMap } from './map'

/** A first visit opens the savings introduction over the page: a person closes what is open. */
export const closeDialogs = async (page: Page): Promise<void> => {
  const open = page.locator('dialog[open]')
  for (let n = await open.count(); n > 0; n = await open.count()) {
    await page.keyboard.press('Escape')
    await page.waitForFunction((before) => document.querySelectorAll('dialog[open]').length < before, n)
  }
}

const failedAlert = (p: Page) => p.getByRole('alert').filter({ hasText: 'The savings income could not be loaded.' })

/**
 * Yuebao (savings): the profit figures (actor yuebaoprofit), read when the savings page opens; the
 * hall answers or refuses them; a refusal shows an alert with Try again, which reads them again.
 */
export default queryMap({
  name: 'yuebao',
  actor: yuebaoProfitActor.id,
  machine: yuebaoProfitActor.machine,
  opened: { type: 'yuebao.opened' },
  call: 'yuebaoProfitCount',
  path: '/yuebao/profitCount',
  openSay: 'open the savings page (the Savings link)',
  openRoute: 'yuebao',
  answer: { yesterdayProfit: '0', totalProfit: '0' },
  idle: { say: 'the lobby, the savings page not opened', find: (p) => p.getByRole('banner') },
  ready: { say: 'the savings page', find: (p) => p.getByRole('heading', { name: 'Savings' }) },
  failed: { say: "the alert 'The savings income could not be loaded.' with Try again", find: (p) => failedAlert(p).getByRole('button', { name: 'Try again' }) },
  retry: {
    say: 'close the savings introduction if it is open, and press Try again in that alert',
    run: async ({ page }) => {
      await closeDialogs(page)
      await failedAlert(page).getByRole('button', { name: 'Try again' }).click()
    },
  },
})
