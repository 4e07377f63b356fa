import { describe, expect, it } from 'vitest'
import { selectSessionPhase } from '../../../../actors/session'
import { WALLET_CALLS, selectBalance, selectInGame, selectRefreshing, selectSportsBalance, selectSportsInGame, selectStale } from '../../../../actors/wallet'
import type { EventOfType, LobbyEvent } from '../../../../schemas/events'
import type { OrderSuccess } from '../../../../schemas/events/socket'
import { lobby, serviceError, user } from '../session/support'

/**
 * The wallet with every other actor on the bus, as live: the sign-in's balance, the refresh button,
 * completed orders, a game entered and left (the launch's play state), the sports wallet.
 */
const order = (over: Partial<OrderSuccess> = {}): OrderSuccess => ({ orderNo: 'P1', amount: '25', currency: 'USD', balance: '125.00', isFirst: 0, ...over })
const prize = (gold: string) => ({ game_gold: gold, lastgameinfo: null })

/** A player signed in by fast login, with 100.00 (the launch's prize answer too). */
const signedIn = (gold = '100.00') => {
  const l = lobby()
  l.boot({ userkey: 'uk-1001' })
  l.answer(user({ game_gold: gold }))
  const walletRequests = () => l.from('wallet').filter((e): e is EventOfType<'hall.requested'> => e.type === 'hall.requested')
  const launchRequests = () => l.from('launch').filter((e): e is EventOfType<'hall.requested'> => e.type === 'hall.requested')
  const last = () => walletRequests().at(-1)!
  const answerWallet = (data: unknown, r = last()) => l.fact({ type: 'hall.responded', requestId: r.requestId, call: r.call, data })
  const failWallet = (r = last()) => l.fact({ type: 'hall.failed', requestId: r.requestId, call: r.call, error: { _tag: 'Timeout', ms: 60_000 } })
  const prizeRequest = launchRequests().find((r) => r.call === 'prize')!
  l.fact({ type: 'hall.responded', requestId: prizeRequest.requestId, call: 'prize', data: prize(gold) })
  /** A socket notice, as the socket actor announces it. */
  const notice = (e: LobbyEvent) => l.bus.publish(e, 'actor', 'socket')
  return {
    ...l, notice, walletRequests, launchRequests, answerWallet, failWallet, last,
    balance: () => selectBalance(l.wallet()), inGame: () => selectInGame(l.wallet()), refreshing: () => selectRefreshing(l.wallet()),
  }
}

describe('wallet', () => {
  it("takes the sign-in's balance and the prize's; the refresh button reads it again with /home/prize", () => {
    const l = signedIn()
    expect([l.balance(), l.inGame(), l.walletRequests()]).toEqual(['100.00', false, []])
    l.intent({ type: 'wallet.refreshRequested' })
    expect(l.last()).toEqual({ type: 'hall.requested', requestId: 'wallet-1', call: 'prize', payload: {} })
    expect(l.refreshing()).toBe(true)
    l.answerWallet(prize('125.50'))
    expect([l.balance(), l.refreshing(), selectSessionPhase(l.session())]).toEqual(['125.50', false, 'player'])
  })

  it('a completed deposit or withdrawal brings its balance at once, and reads it again', () => {
    const l = signedIn()
    l.notice({ type: 'realtime.payOrderSucceeded', msgId: '1', data: order() })
    expect([l.balance(), l.last().call]).toEqual(['125.00', 'prize'])
    l.answerWallet(prize('125.00'))
    l.notice({ type: 'realtime.withdrawOrderSucceeded', msgId: '2', data: order({ amount: '50', balance: '75.00' }) })
    expect(l.balance()).toBe('75.00')
    l.answerWallet(prize('75.00'))
    expect(l.walletRequests().map((r) => r.requestId)).toEqual(['wallet-1', 'wallet-2'])
  })

  it('a newer refresh supersedes the one in flight: the older answer is ignored', () => {
    const l = signedIn()
    l.intent({ type: 'wallet.refreshRequested' })
    const first = l.last()
    l.intent({ type: 'wallet.refreshRequested' })
    const second = l.last()
    l.answerWallet(prize('1.00'), first)
    expect([l.balance(), l.refreshing()]).toEqual(['100.00', true])
    l.answerWallet(prize('125.00'), second)
    expect([l.balance(), l.refreshing()]).toEqual(['125.00', false])
  })

  it('a failed refresh keeps the balance and marks it stale; a -1 is the token expiring, and the wallet is forgotten', () => {
    const l = signedIn()
    l.intent({ type: 'wallet.refreshRequested' })
    l.failWallet()
    expect([l.balance(), l.refreshing(), selectStale(l.wallet())]).toEqual(['100.00', false, true])
    l.intent({ type: 'wallet.refreshRequested' })
    l.fact({ type: 'hall.failed', requestId: l.last().requestId, call: 'prize', error: serviceError(-1, 'token expired') })
    expect([selectSessionPhase(l.session()), l.balance(), l.refreshing(), selectStale(l.wallet())]).toEqual(['expired', null, false, false])
  })

  it('a visitor has no wallet: the refresh and the notices ask nothing', () => {
    const l = signedIn()
    l.intent({ type: 'session.logoutConfirmed' })
    l.answer({})
    l.intent({ type: 'wallet.refreshRequested' })
    l.notice({ type: 'realtime.payOrderSucceeded', msgId: '9', data: order() })
    l.intent({ type: 'wallet.sportsRequested' })
    expect([l.walletRequests(), l.balance()]).toEqual([[], null])
  })

  it('a formal game puts the money in it; leaving for the lobby brings it back with RefreshGold (os_type 3)', () => {
    const l = signedIn()
    l.bus.publish({ type: 'nav.navigated', name: 'embedded', path: '/home/embedded', search: '?gameId=130001&platformId=14&gameCategoryId=3&gameName=G', replace: false }, 'actor', 'nav')
    const launch = l.launchRequests().at(-1)!
    l.fact({ type: 'hall.responded', requestId: launch.requestId, call: 'gameLogin', data: { socket_url: [{ url: '/games/play', gameid: 130001 }] } })
    l.fact({ type: 'games.addressBuilt', launchId: 1, url: 'http://h/games/play?x' })
    expect([l.inGame(), l.balance()]).toEqual([true, null])
    l.bus.publish({ type: 'nav.navigated', name: 'game', path: '/home/game', search: '', replace: false }, 'actor', 'nav')
    expect(l.last()).toEqual({ type: 'hall.requested', requestId: 'wallet-1', call: WALLET_CALLS.recall, payload: { os_type: 3 } })
    // Until the money is back the balance is still in the game.
    expect(l.inGame()).toBe(true)
    l.answerWallet({ game_gold: '90.00' })
    expect([l.inGame(), l.balance()]).toEqual([false, '90.00'])
  })

  it("brings the money back when the sign-in's balance says it is still in a game the player has left", () => {
    const l = signedIn('-1')
    expect(l.walletRequests().map((r) => [r.call, r.payload])).toEqual([[WALLET_CALLS.recall, { os_type: 3 }]])
    expect(l.inGame()).toBe(true)
    l.answerWallet({ game_gold: '250.00' })
    expect([l.inGame(), l.balance()]).toEqual([false, '250.00'])
  })

  it('does not take the money out of a game being opened (a reload on the game page)', () => {
    const l = lobby()
    // The entry location (the browser's), before the site is ready.
    l.fact({ type: 'nav.locationChanged', path: '/home/embedded', search: '?gameId=130001&platformId=14&gameCategoryId=3&gameName=G' })
    l.boot({ userkey: 'uk-1001', url: 'http://127.0.0.1:8080/home/embedded?gameId=130001&platformId=14&gameCategoryId=3&gameName=G' })
    l.answer(user({ game_gold: '-1' }))
    const prizeRequest = l.from('launch').find((e): e is EventOfType<'hall.requested'> => e.type === 'hall.requested' && e.call === 'prize')!
    l.fact({ type: 'hall.responded', requestId: prizeRequest.requestId, call: 'prize', data: prize('-1') })
    expect(l.from('wallet').filter((e) => e.type === 'hall.requested')).toEqual([])
    expect(l.from('launch').filter((e) => e.type === 'hall.requested').map((e) => (e as { call: string }).call)).toEqual(['prize', 'gameLogin'])
    expect(selectInGame(l.wallet())).toBe(true)
  })

  it('the sports wallet: getBalanceList {platformId: 136}, the marker as money in game, asked again when the money comes back', () => {
    const l = signedIn()
    l.intent({ type: 'wallet.sportsRequested' })
    expect(l.last()).toEqual({ type: 'hall.requested', requestId: 'wallet-1', call: 'getBalanceList', payload: { platformId: 136 } })
    l.answerWallet({ list: [{ platformId: 136, balance: '-1' }] })
    expect([selectSportsInGame(l.wallet()), selectSportsBalance(l.wallet())]).toEqual([true, null])
    l.intent({ type: 'wallet.refreshRequested' })
    l.answerWallet(prize('80.00'))
    expect(l.last()).toMatchObject({ requestId: 'wallet-3', call: 'getBalanceList' })
    l.answerWallet({ list: [{ platformId: 136, balance: '80.00' }] })
    expect([selectSportsInGame(l.wallet()), selectSportsBalance(l.wallet())]).toEqual([false, '80.00'])
  })

  it('a red packet or a newcomer reward credits the balance the answer carries', () => {
    const l = signedIn()
    l.bus.publish({ type: 'wallet.balanceReported', balance: '108.00', source: 'reward' }, 'actor', 'redpackets')
    expect(l.balance()).toBe('108.00')
  })
})
