import { walletMachine } from '../../actors/wallet'
import type { LobbyEvent } from '../../schemas/events'
import { defineMap, loggedIn, loggedOut, signIn, signOut } from './map'

/**
 * The wallet through the header's balance (screens §2): a person signs in, presses Refresh
 * balance; the hall answers the balance or refuses the read (the balance stays and is marked
 * stale); a person logs out.
 */
type Ctx = { requests: { count: number; awaiting: { balance?: string } }; requestCall: string | null }

export default defineMap({
  name: 'wallet',
  actor: 'wallet',
  machine: walletMachine,
  player: { balance: '250.00' },
  events: (s) => {
    const c = s.context as unknown as Ctx
    const id = c.requests.awaiting.balance
    // A person signs in as a visitor and out as a player; two refreshes a path keep the model finite.
    const out: LobbyEvent[] = s.value === 'visitor' ? [loggedIn] : [loggedOut]
    if (s.value !== 'visitor' && c.requests.count < 2) out.push({ type: 'wallet.refreshRequested' })
    if (id !== undefined) {
      out.push({ type: 'hall.responded', requestId: id, call: c.requestCall ?? 'prize', data: { game_gold: '250.00', lastgameinfo: null } })
      out.push({ type: 'hall.failed', requestId: id, call: c.requestCall ?? 'prize', error: { _tag: 'ServiceCode', code: 5000, msg: 'refused' } })
    }
    return out as never
  },
  does: {
    'session.loggedIn': signIn,
    'session.loggedOut': signOut,
    'wallet.refreshRequested': { say: 'press Refresh balance in the header', run: async ({ page }) => page.getByRole('banner').getByRole('button', { name: 'Refresh balance' }).click() },
  },
  hall: {
    'hall.failed': { say: 'the hall refuses the balance read /home/prize (code 5000)', run: async ({ control }) => void (await control('force', { path: '/home/prize', code: 5000, msg: 'refused by QA', times: 1 })) },
  },
  auto: ['hall.responded'],
  shows: {
    visitor: { say: 'the header Log in button', find: (p) => p.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }) },
    'player.balance.idle': { say: 'the balance with its Refresh balance button', find: (p) => p.getByRole('banner').getByRole('group', { name: 'Balance' }) },
    'player.balance.loading': { say: 'Refresh balance busy', find: (p) => p.getByRole('button', { name: 'Refresh balance' }).and(p.locator('[aria-busy="true"]')), passing: true },
    'player.sports.idle': { say: 'the balance (the sports wallet is not shown until the sports page asks)', find: (p) => p.getByRole('banner').getByRole('group', { name: 'Balance' }) },
  },
  unreachable: {
    'player.sports.loading': 'the sports wallet is read by the sports page only (wallet.sportsRequested); this map does not open the sports page',
  },
})
