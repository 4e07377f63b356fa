import { describe, expect, it } from 'vitest'
import type { AnyEventObject, SnapshotFrom } from 'xstate'
import {
  WALLET_CALLS, selectBalance, selectInGame, selectRefreshing, selectSavings, selectSavingsEntry, selectSavingsRate, selectSportsBalance, selectSportsInGame, selectStale, walletMachine, type WalletEvent,
} from '../../actors/wallet'
import { modelHarness } from './harness'

/**
 * The wallet on every path the sample events generate: every balance the lobby learns (the
 * sign-in's, the prize's, a reward's, a completed order's, its own reads and recalls) and the
 * launch's play state, the sports wallet, a visitor's absence of a wallet. The machine is its own
 * model (it has no delays); the checks say, independently of it, what the spec asks: the marker
 * '-1' shows as 'money in game' and is never a balance, money left in a game is brought back with
 * RefreshGold (os_type 3) when the player is back in the lobby, a failed refresh marks the balance
 * stale, the sports wallet asks getBalanceList {platformId: 136} and again when the money returns.
 */
type Snap = SnapshotFrom<typeof walletMachine>
const login = (real: boolean): WalletEvent => ({ type: 'session.loggedIn', mode: 'normal', username: real ? 'demo' : 'guest1', accountType: real ? 0 : 1, real, mustChangePassword: false })
const report = (balance: string, source: 'login' | 'prize' | 'reward' | 'transfer'): WalletEvent => ({ type: 'wallet.balanceReported', balance, source })
const order = (type: 'realtime.payOrderSucceeded' | 'realtime.withdrawOrderSucceeded', balance: string): WalletEvent =>
  ({ type, msgId: 'm1', data: { orderNo: 'P1', amount: '25.00', currency: 'USD', balance, isFirst: 0 } })
const play = (state: 'lobby' | 'opening' | 'playing'): WalletEvent => ({ type: 'games.playStateChanged', state })
const ok = (requestId: string, call: string, data: unknown): WalletEvent => ({ type: 'hall.responded', requestId, call, data })
const ko = (requestId: string, call: string): WalletEvent => ({ type: 'hall.failed', requestId, call, error: { _tag: 'Network', message: 'offline' } })

/** New requests are offered only while the counter is small, so the state space stays finite. */
const MAX_REQUESTS = 2

/** The awaited balance and sports requests (the kit's bookkeeping). */
const balanceRequest = (c: Snap['context']): string | null => c.requests.awaiting.balance ?? null
const sportsRequest = (c: Snap['context']): string | null => c.requests.awaiting.sports ?? null

const events = (s: Snap): WalletEvent[] => {
  const c = s.context
  // Events that never ask the hall, offered everywhere.
  const out: WalletEvent[] = [{ type: 'session.loggedOut', reason: 'logout' }, play('opening'), play('playing'), report('120.00', 'reward'), report('not a balance', 'transfer'),
    { type: 'wallet.savingsReported', principal: '0.00', terms: { open: false, yearRate: '7.3' } }, { type: 'wallet.savingsReported', principal: '50.00' }]
  // Events that may ask the hall, offered while the counter is small.
  if (c.requests.count < MAX_REQUESTS) {
    out.push(login(true), play('lobby'), report('100.00', 'login'), report('-1', 'prize'), report('90.00', 'prize'))
    out.push({ type: 'wallet.refreshRequested' }, { type: 'wallet.sportsRequested' }, order('realtime.payOrderSucceeded', '125.00'), order('realtime.withdrawOrderSucceeded', '75.00'))
    out.push({ type: 'realtime.walletChanged', msgId: 'm2', data: { reason: 'transfer', amount: '5' } })
  }
  const balanceId = balanceRequest(c)
  if (balanceId !== null) {
    const call = c.requestCall ?? WALLET_CALLS.read
    out.push(ok(balanceId, call, { game_gold: '80.00', lastgameinfo: null }), ok(balanceId, call, { game_gold: '-1' }), ok(balanceId, call, {}), ko(balanceId, call))
  }
  const id = sportsRequest(c)
  if (id !== null) {
    out.push(
      ok(id, WALLET_CALLS.sports, { list: [{ platformId: 136, balance: '1000.00' }] }),
      ok(id, WALLET_CALLS.sports, { list: [{ platformId: 136, balance: '-1' }] }),
      ok(id, WALLET_CALLS.sports, { list: [{ platformId: 14, balance: '5.00' }] }),
      ko(id, WALLET_CALLS.sports),
    )
  }
  // An answer to a request the wallet no longer waits for.
  if (c.requests.count > 0) out.push(ok('wallet-1', WALLET_CALLS.read, { game_gold: '1.00' }))
  return out
}

const ofType = (events: ReadonlyArray<AnyEventObject>, type: string) => events.filter((e) => e.type === type)

const invariants = () => {
  let before: Snap | null = null
  return ({ real, event, emitted, step }: { real: Snap; event: WalletEvent | null; emitted: ReadonlyArray<AnyEventObject>; step: number }) => {
    if (step === 0) before = null
    const prev = before
    const c = real.context
    const asked = ofType(emitted, 'hall.requested')
    // Requests are numbered `wallet-<n>` from the counter, each for one of the wallet's calls and payloads.
    asked.forEach((a, i) => {
      expect(a['requestId']).toBe(`wallet-${c.requests.count - asked.length + i + 1}`)
      const payload = { [WALLET_CALLS.read]: {}, [WALLET_CALLS.recall]: { os_type: 3 }, [WALLET_CALLS.sports]: { platformId: 136 } }[String(a['call'])]
      expect(a['payload']).toEqual(payload)
    })
    // A visitor has no wallet: nothing asked, nothing kept.
    if (real.matches('visitor')) {
      expect(asked).toEqual([])
      expect([c.balance, c.inGame, balanceRequest(c), c.sports.balance, sportsRequest(c), c.stale]).toEqual([null, false, null, null, null, false])
    }
    // In flight exactly while loading.
    expect(selectRefreshing(real)).toBe(balanceRequest(c) !== null)
    expect(real.matches({ player: { sports: 'loading' } })).toBe(sportsRequest(c) !== null)
    // The marker is never a balance to show.
    expect(selectBalance(real)).not.toBe('-1')
    if (selectInGame(real)) expect(selectBalance(real)).toBeNull()
    expect(selectSportsBalance(real)).not.toBe('-1')
    if (selectSportsInGame(real)) expect(selectSportsBalance(real)).toBeNull()
    if (prev !== null && prev.matches('player') && event !== null) {
      // A read that says the money is in a game, while no game is opened or played: brought back with RefreshGold.
      const readMarker =
        (event.type === 'wallet.balanceReported' && (event.source === 'login' || event.source === 'prize') && event.balance === '-1') ||
        (event.type === 'hall.responded' && event.requestId === balanceRequest(prev.context) && prev.context.requestCall === WALLET_CALLS.read && (event.data as { game_gold?: string }).game_gold === '-1')
      if (readMarker) {
        expect(selectInGame(real)).toBe(true)
        expect(asked.some((a) => a['call'] === WALLET_CALLS.recall)).toBe(prev.context.play === 'lobby' && prev.context.requestCall !== WALLET_CALLS.recall)
      }
      // Back in the lobby from a game (or a game page with the money still in a game): RefreshGold.
      if (event.type === 'games.playStateChanged' && event.state === 'lobby') {
        expect(asked.map((a) => a['call'])).toEqual(prev.context.play === 'playing' || prev.context.inGame ? [WALLET_CALLS.recall] : [])
      }
      if (event.type === 'games.playStateChanged' && event.state === 'playing') expect(selectInGame(real)).toBe(true)
      // A credit changes the amount, never where the money is.
      if (event.type === 'wallet.balanceReported' && (event.source === 'reward' || event.source === 'transfer') && event.balance !== '-1') {
        expect(c.inGame).toBe(prev.context.inGame)
        if (event.balance === '120.00') expect(c.balance).toBe('120.00')
      }
      // A completed order brings its balance and reads the balance again.
      if (event.type === 'realtime.payOrderSucceeded' || event.type === 'realtime.withdrawOrderSucceeded') {
        expect(c.balance).toBe(event.data.balance)
        expect(asked.map((a) => a['call'])).toEqual([WALLET_CALLS.read])
      }
      // A balance moved by someone else's act (a transfer received) is read again, as it stands.
      if (event.type === 'realtime.walletChanged') {
        expect(c.balance).toBe(prev.context.balance)
        expect(asked.map((a) => a['call'])).toEqual([WALLET_CALLS.read])
      }
      // A failed read or recall marks the balance stale; a balance clears it.
      if (event.type === 'hall.failed' && event.requestId === balanceRequest(prev.context)) expect(selectStale(real)).toBe(true)
      if (event.type === 'wallet.balanceReported' && event.balance === '100.00') expect(selectStale(real)).toBe(false)
      // The sports wallet asks again when the money comes back while it may still show it in a game.
      const back =
        (event.type === 'hall.responded' && event.requestId === balanceRequest(prev.context) && ['80.00'].includes((event.data as { game_gold?: string }).game_gold ?? '')) ||
        (event.type === 'wallet.balanceReported' && (event.source === 'login' || event.source === 'prize') && event.balance !== '-1' && event.balance !== 'not a balance')
      if (back && (prev.context.sports.inGame || sportsRequest(prev.context) !== null)) expect(asked.some((a) => a['call'] === WALLET_CALLS.sports)).toBe(true)
    }
    before = real
  }
}

describe('wallet model', () => {
  const harness = modelHarness({
    name: 'wallet',
    machine: walletMachine,
    events: events,
    check: invariants(),
    // The amounts themselves change no behaviour (the guards read the events, where the money is
    // and what is in flight); the harness checks on every path that nothing behaving differently is merged.
    serializeState: (m) => {
      const c = m.context
      return JSON.stringify([m.value, c.requests.count, balanceRequest(c), c.requestCall, c.inGame, c.play, c.stale, c.balance !== null, sportsRequest(c), c.sports.inGame, c.sports.failed, c.sports.balance !== null])
    },
    limits: { traversal: 400_000, paths: 20_000, simplePaths: 20 },
  })

  it('covers every state, transition and branch', { timeout: 600_000 }, () => {
    const report = harness.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
    expect(report.droppedPaths).toBe(0)
  })

  it('in a game the balance is the marker; back in the lobby RefreshGold brings it back, and the sports wallet asks again', () => {
    const { real, emitted } = harness.runEvents([
      login(true), report('100.00', 'login'), report('100.00', 'prize'),
      { type: 'wallet.sportsRequested' }, ok('wallet-1', WALLET_CALLS.sports, { list: [{ platformId: 136, balance: '100.00' }] }),
      play('opening'), play('playing'),
    ] as never)
    expect([selectInGame(real), selectBalance(real)]).toEqual([true, null])
    const back = harness.runEvents([
      login(true), report('100.00', 'login'), { type: 'wallet.sportsRequested' },
      ok('wallet-1', WALLET_CALLS.sports, { list: [{ platformId: 136, balance: '-1' }] }),
      play('opening'), play('playing'), play('lobby'),
      ok('wallet-2', WALLET_CALLS.recall, { game_gold: '97.50' }),
    ] as never)
    expect([selectInGame(back.real), selectBalance(back.real)]).toEqual([false, '97.50'])
    expect(back.emitted.filter((e) => e.type === 'hall.requested').map((e) => [e['requestId'], e['call']])).toEqual([
      ['wallet-1', 'getBalanceList'], ['wallet-2', 'refreshGold'], ['wallet-3', 'getBalanceList'],
    ])
    expect(emitted.filter((e) => e.type === 'hall.requested')).toHaveLength(1)
  })

  it('money left in a game at sign-in (the page was reloaded in the game) is brought back, unless a game is being opened', () => {
    const stranded = harness.runEvents([login(true), report('-1', 'login'), report('-1', 'prize')] as never)
    // Once: the recall in flight brings it for the prize's report too.
    expect(stranded.emitted.filter((e) => e.type === 'hall.requested').map((e) => e['call'])).toEqual(['refreshGold'])
    const opening = harness.runEvents([play('opening'), login(true), report('-1', 'login'), report('-1', 'prize')] as never)
    expect(opening.emitted.filter((e) => e.type === 'hall.requested')).toEqual([])
    expect(selectInGame(opening.real)).toBe(true)
  })

  it('a failed refresh keeps the balance and marks it stale; the next balance clears it', () => {
    const { real } = harness.runEvents([login(true), report('100.00', 'login'), { type: 'wallet.refreshRequested' }, ko('wallet-1', WALLET_CALLS.read)] as never)
    expect([selectBalance(real), selectStale(real)]).toEqual(['100.00', true])
    const after = harness.runEvents([login(true), report('100.00', 'login'), { type: 'wallet.refreshRequested' }, ko('wallet-1', WALLET_CALLS.read), report('130.00', 'reward')] as never)
    expect([selectBalance(after.real), selectStale(after.real)]).toEqual(['130.00', false])
  })

  it('keeps the savings balance and terms: the entry shows with the switch on or a principal above 0; a sign-out forgets them', () => {
    const savings = (principal: string, terms?: { open: boolean; yearRate: string }): WalletEvent =>
      ({ type: 'wallet.savingsReported', principal, ...(terms === undefined ? {} : { terms }) })
    const closed = harness.runEvents([login(true), savings('0.00', { open: false, yearRate: '7.3' })] as never)
    expect([selectSavings(closed.real), selectSavingsEntry(closed.real), selectSavingsRate(closed.real)]).toEqual(['0.00', false, '7.3'])
    // A move's report keeps the terms and changes the principal.
    const held = harness.runEvents([login(true), savings('0.00', { open: false, yearRate: '7.3' }), savings('100.00')] as never)
    expect([selectSavings(held.real), selectSavingsEntry(held.real), selectSavingsRate(held.real)]).toEqual(['100.00', true, '7.3'])
    const open = harness.runEvents([login(true), savings('0.00', { open: true, yearRate: '5' })] as never)
    expect(selectSavingsEntry(open.real)).toBe(true)
    const visitor = harness.runEvents([savings('100.00', { open: true, yearRate: '5' })] as never)
    expect([selectSavings(visitor.real), selectSavingsEntry(visitor.real)]).toEqual([null, false])
    const out = harness.runEvents([login(true), savings('100.00', { open: true, yearRate: '5' }), { type: 'session.loggedOut', reason: 'logout' }] as never)
    expect([selectSavings(out.real), selectSavingsRate(out.real)]).toEqual([null, null])
  })
})
