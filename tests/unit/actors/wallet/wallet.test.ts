import { describe, expect, it } from 'vitest'
import { SESSION_CALLS, selectBalance, selectIsRefreshingBalance, selectSessionPhase } from '../../../../actors/session'
import type { LobbyEvent } from '../../../../schemas/events'
import type { OrderSuccess } from '../../../../schemas/events/socket'
import { guest, lobby, serviceError, user } from './support'

const order = (over: Partial<OrderSuccess> = {}): OrderSuccess => ({ orderNo: 'P1', amount: '25', currency: 'USD', balance: '125.00', isFirst: 0, ...over })
const prize = (gold: string) => ({ game_gold: gold, lastgameinfo: null })

/** A player signed in by fast login, with 100.00. */
const signedIn = () => {
  const l = lobby()
  l.boot({ userkey: 'uk-1001' })
  l.answer(user())
  /** A socket notice, as the socket actor announces it. */
  const notice = (e: LobbyEvent) => l.bus.publish(e, 'actor', 'socket')
  const balanceRequests = () => l.requests().filter((r) => r.call === SESSION_CALLS.balance)
  return { ...l, notice, balanceRequests, balance: () => selectBalance(l.session()), refreshing: () => selectIsRefreshingBalance(l.session()) }
}

describe('session balance refresh', () => {
  it('the refresh button asks /home/prize and the answer is the new balance', () => {
    const l = signedIn()
    expect(l.balance()).toBe('100.00')
    l.intent({ type: 'session.balanceRefreshRequested' })
    expect(l.lastRequest()).toEqual({ type: 'hall.requested', requestId: 'session-balance-1', call: 'prize', payload: {} })
    expect(l.refreshing()).toBe(true)
    l.answer(prize('125.50'))
    expect([l.balance(), l.refreshing(), selectSessionPhase(l.session())]).toEqual(['125.50', false, 'player'])
    // The refresh announces nothing else: no sign-in notices, no credentials.
    expect(l.emitted().filter((e) => e.type !== 'hall.requested').map((e) => e.type)).toEqual(['session.credentialsChanged', 'session.persistRequested', 'session.loggedIn'])
  })

  it('a completed deposit or withdrawal refreshes the balance too', () => {
    const l = signedIn()
    l.notice({ type: 'realtime.payOrderSucceeded', msgId: '1', data: order() })
    l.answer(prize('125.00'))
    expect(l.balance()).toBe('125.00')
    l.notice({ type: 'realtime.withdrawOrderSucceeded', msgId: '2', data: order({ amount: '50', balance: '75.00' }) })
    l.answer(prize('75.00'))
    expect(l.balance()).toBe('75.00')
    expect(l.balanceRequests().map((r) => r.requestId)).toEqual(['session-balance-1', 'session-balance-2'])
  })

  it('a newer refresh supersedes the one in flight: the older answer is ignored', () => {
    const l = signedIn()
    l.intent({ type: 'session.balanceRefreshRequested' })
    const first = l.lastRequest()
    l.notice({ type: 'realtime.payOrderSucceeded', msgId: '1', data: order() })
    const second = l.lastRequest()
    expect([first.requestId, second.requestId]).toEqual(['session-balance-1', 'session-balance-2'])
    l.answer(prize('100.00'), first)
    expect([l.balance(), l.refreshing()]).toEqual(['100.00', true])
    l.answer(prize('125.00'), second)
    expect([l.balance(), l.refreshing()]).toEqual(['125.00', false])
  })

  it('the auth calls keep their own request ids while a refresh is in flight', () => {
    const l = lobby()
    l.boot({ userkey: 'uk-old', autoVisitor: true })
    l.fail(serviceError(1011))
    l.answer({ token: 'sys-token-2' })
    l.fail(serviceError(1011))
    l.answer(guest())
    l.intent({ type: 'session.balanceRefreshRequested' })
    const refresh = l.lastRequest()
    l.intent({ type: 'session.currencyChosen', currency: 'USDT' })
    expect(l.lastRequest()).toMatchObject({ requestId: 'session-5', call: 'updateGuestCurrency' })
    // The balance answer arrives while the currency change is still out: it is the balance's.
    l.answer(prize('1999.00'), refresh)
    expect([selectBalance(l.session()), selectIsRefreshingBalance(l.session())]).toEqual(['1999.00', false])
    expect(l.session().context.pendingId).toBe('session-5')
  })

  it('a failed refresh keeps the balance; a -1 is the token expiring', () => {
    const l = signedIn()
    l.intent({ type: 'session.balanceRefreshRequested' })
    l.fail({ _tag: 'Timeout', ms: 60_000 })
    expect([l.balance(), l.refreshing(), selectSessionPhase(l.session())]).toEqual(['100.00', false, 'player'])
    l.intent({ type: 'session.balanceRefreshRequested' })
    l.fail(serviceError(-1, 'token expired'))
    expect(l.ofType('session.tokenExpired')).toHaveLength(1)
    expect([l.balance(), l.refreshing(), selectSessionPhase(l.session())]).toEqual([null, false, 'expired'])
  })

  it('a sign-out drops the refresh in flight; visitors do not refresh', () => {
    const l = signedIn()
    l.intent({ type: 'session.balanceRefreshRequested' })
    const refresh = l.lastRequest()
    l.intent({ type: 'session.logoutConfirmed' })
    l.answer({})
    expect([selectSessionPhase(l.session()), l.refreshing()]).toEqual(['visitor', false])
    l.answer(prize('500.00'), refresh)
    expect(l.balance()).toBeNull()
    const before = l.requests().length
    l.intent({ type: 'session.balanceRefreshRequested' })
    l.notice({ type: 'realtime.payOrderSucceeded', msgId: '9', data: order() })
    expect(l.requests()).toHaveLength(before)
  })

  it('an answer without game_gold leaves the balance as it was', () => {
    const l = signedIn()
    l.intent({ type: 'session.balanceRefreshRequested' })
    l.answer({ lastgameinfo: null })
    expect([l.balance(), l.refreshing()]).toEqual(['100.00', false])
  })
})
