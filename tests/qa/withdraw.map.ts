import { withdrawInfoActor } from '../../actors/withdraw'
import { queryMap } from './map'

/**
 * Withdraw: the withdraw page's read (balance, withdrawable, channels, accounts; actor
 * withdrawinfo): a player opens the withdraw page; the hall answers it or refuses it, and the page
 * says it could not be loaded, with Try again, which reads it again.
 */
export default queryMap({
  name: 'withdraw',
  actor: withdrawInfoActor.id,
  machine: withdrawInfoActor.machine,
  opened: { type: 'withdraw.opened' },
  call: 'withdrawInfo',
  path: '/certify/withdrawInfo',
  openSay: 'open the withdraw page (the Withdraw link)',
  openRoute: 'withdraw',
  answer: { game_gold: '250.00' },
  player: { balance: '250.00' },
  idle: { say: 'the lobby, the withdraw page not opened', find: (p) => p.getByRole('banner') },
  ready: { say: 'the withdraw page', find: (p) => p.getByRole('heading', { name: 'Withdraw' }) },
  failed: { say: "the alert 'This could not be loaded. Please try again.' with Try again", find: (p) => p.getByRole('alert').filter({ hasText: 'This could not be loaded' }).getByRole('button', { name: 'Try again' }) },
  retry: { say: 'press Try again in that alert', run: async ({ page }) => page.getByRole('alert').filter({ hasText: 'This could not be loaded' }).getByRole('button', { name: 'Try again' }).click() },
})
