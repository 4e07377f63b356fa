import type { Page } from 'playwright-core'
import { yuebaoProfitActor } from '../../actors/yuebao'
import { savingsIntroSeen, signedIn } from './hall-setup'
import { queryMap } from './map'

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
  // The savings introduction pops up over the page on the first visit (the hall's index read pops it once).
  prepare: { say: 'the player has seen the savings introduction (its first read made by the hall call)', run: async ({ hallUrl, player }) => savingsIntroSeen(hallUrl, await signedIn(hallUrl, player)) },
  idle: { say: 'the lobby, the savings page not opened', find: (p) => p.getByRole('banner') },
  ready: { say: 'the savings page', find: (p) => p.getByRole('heading', { name: 'Savings' }) },
  failed: { say: "the alert 'The savings income could not be loaded.' with Try again", find: (p) => failedAlert(p).getByRole('button', { name: 'Try again' }) },
  retry: { say: 'press Try again in that alert', run: async ({ page }) => failedAlert(page).getByRole('button', { name: 'Try again' }).click() },
})
