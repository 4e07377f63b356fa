import { getBalanceList, refreshGold, type ProviderBalance } from '../../schemas/hall/calls/games'
import { commandActor, queryActor } from '../kit'

/**
 * The central wallet (screens §2 /home/center-wallet; calls §7.8 getBalanceList, RefreshGold os_type
 * 3; §8 9527): each game provider's balance (the lobby's money sits at a provider while it is in
 * its game), asked when the page opens and after the money moved; and the transfer back to the
 * central wallet (RefreshGold), whose balance goes to the wallet actor. 9527 (central wallet
 * insufficient balance) shows on the page, never in a modal (spec §8 reactions).
 */

/** The central wallet's codes shown on the page (keys of the `pay` namespace). */
export const CENTER_INLINE_CODES = { noBalance: 'center.noBalance' }

type Shown = { readonly data: ReadonlyArray<ProviderBalance> | null }

export const balanceListActor = queryActor({
  id: 'balancelist',
  call: getBalanceList,
  audience: 'real',
  fetchOn: {
    'nav.navigated': { when: (e) => e.name === 'centerWallet' },
    // Once the page has shown the list, a movement of money asks it again.
    'wallet.balanceReported': { when: (_e, c: Shown) => c.data !== null },
    'realtime.payOrderSucceeded': { when: (_e, c: Shown) => c.data !== null },
  },
  payload: {},
  select: (d): ReadonlyArray<ProviderBalance> => d.list,
  retryOn: ['socket.opened'],
})

/** RefreshGold: every provider's money back to the central wallet. */
export const recallActor = commandActor({
  id: 'recall',
  call: refreshGold,
  audience: 'real',
  select: (d) => d.game_gold,
  announce: (balance) => [{ type: 'wallet.balanceReported', balance, source: 'recall' }],
  codes: CENTER_INLINE_CODES,
})
