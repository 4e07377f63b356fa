import { yuebaoProfitActor } from '../../actors/yuebao'
import { queryMap } from './map'

/**
 * Yuebao (savings): the profit figures (actor yuebaoprofit), read when the savings page opens; the
 * hall answers or refuses them; Refresh savings asks again (the page shows no failure of the profit
 * read on its own: only a failed index read has an alert).
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
  // A failed profit read is not shown on its own (only a failed index read shows an alert): the
  // figures stay as they were and Refresh savings asks both again.
  failed: { say: 'the savings page with Refresh savings (the failure itself is not shown)', find: (p) => p.getByRole('button', { name: 'Refresh savings' }) },
  retry: {
    say: 'close the savings introduction if it is open, and press Refresh savings',
    run: async ({ page }) => {
      const open = page.locator('dialog[open]')
      for (let n = await open.count(); n > 0; n = await open.count()) {
        await page.keyboard.press('Escape')
        await page.waitForFunction((before) => document.querySelectorAll('dialog[open]').length < before, n)
      }
      await page.getByRole('button', { name: 'Refresh savings' }).click()
    },
  },
})
