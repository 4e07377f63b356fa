import { payChannelsActor } from '../../actors/pay'
import { queryMap } from './map'

/**
 * Pay: the deposit channels (actor paychannels), read when the deposit popup opens from the
 * header's Deposit button; the hall answers or refuses them, and the popup offers Try again.
 */
export default queryMap({
  name: 'pay',
  actor: payChannelsActor.id,
  machine: payChannelsActor.machine,
  opened: { type: 'popup.openRequested', popup: 'pay' },
  call: 'payPlatformListV3',
  path: '/pay/payplatformlistV3',
  openSay: 'press Deposit in the header',
  open: async ({ page }) => page.getByRole('banner').getByRole('button', { name: 'Deposit' }).first().click(),
  answer: { list: [] },
  idle: { say: 'the lobby, the deposit popup not opened', find: (p) => p.getByRole('banner') },
  ready: { say: 'the deposit popup', find: (p) => p.getByRole('dialog', { name: /Deposit/ }) },
  failed: { say: 'Try again in the deposit popup', find: (p) => p.getByRole('dialog', { name: /Deposit/ }).getByRole('button', { name: 'Try again' }) },
})
