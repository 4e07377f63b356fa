import { vipInfo } from '../../schemas/hall/calls/vip'
import { queryActor } from '../kit'

/**
 * The vip actor: a real player's VIP level and progress to the next level (calls §7.11 vipInfo),
 * a query asked at a real login, after a credited deposit (bets and deposits move the progress)
 * and when a view showing them opens (`query.refreshRequested`); a guest's login or a logout
 * forgets it.
 */
export const vipActor = queryActor({
  id: 'vip',
  call: vipInfo,
  audience: 'real',
  fetchOn: { 'session.loggedIn': true, 'realtime.payOrderSucceeded': true },
  payload: {},
  select: (info) => info,
})
