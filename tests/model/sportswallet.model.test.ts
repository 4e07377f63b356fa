import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { SPORTS_WALLET_CALL, selectSportsBalance, selectSportsInGame, sportsWalletMachine, type SportsWalletEvent } from '../../actors/sportswallet'
import { modelHarness } from './harness'

/**
 * The sports-wallet actor on every path the sample events generate: only a signed-in player's
 * request asks the hall (getBalanceList {platformId: 136}); the answer's provider-136 balance is
 * shown ('-1' is the money in game); a sign-in or sign-out forgets it and any request in flight;
 * the money back from a game asks again when the wallet shows it in a game or awaits an answer.
 */
type Snap = SnapshotFrom<typeof sportsWalletMachine>
const login: SportsWalletEvent = { type: 'session.loggedIn', mode: 'normal', username: 'demo', accountType: 0, real: true, mustChangePassword: false }

const events = (s: Snap): SportsWalletEvent[] => {
  const c = s.context
  const out: SportsWalletEvent[] = [{ type: 'session.loggedOut', reason: 'logout' }]
  if (c.requestCount < 3) out.push(login, { type: 'games.sportsWalletRequested' })
  if (c.request !== null) {
    out.push({ type: 'hall.responded', requestId: c.request, call: SPORTS_WALLET_CALL, data: { list: [{ platformId: 136, balance: '1000.00' }] } })
    out.push({ type: 'hall.responded', requestId: c.request, call: SPORTS_WALLET_CALL, data: { list: [{ platformId: 136, balance: '-1' }] } })
    out.push({ type: 'hall.responded', requestId: c.request, call: SPORTS_WALLET_CALL, data: { list: [{ platformId: 14, balance: '5.00' }] } })
    out.push({ type: 'hall.failed', requestId: c.request, call: SPORTS_WALLET_CALL, error: { _tag: 'Network', message: 'offline' } as never })
  }
  // The money coming back from a game (a real balance), or going in (the marker).
  if (c.requestCount < 4) out.push({ type: 'games.balanceChanged', game_gold: '120.00' }, { type: 'games.balanceChanged', game_gold: '-1' })
  if (c.requestCount > 1) out.push({ type: 'hall.responded', requestId: 'sportswallet-1', call: SPORTS_WALLET_CALL, data: { list: [{ platformId: 136, balance: '9.00' }] } })
  return out
}

describe('sports wallet model', () => {
  const harness = modelHarness({
    name: 'sportswallet',
    machine: sportsWalletMachine,
    model: sportsWalletMachine,
    events: events as never,
    serializeState: (s) => {
      const c = (s as Snap).context
      return JSON.stringify([s.value, c.requestCount, c.request, c.balance, c.failed])
    },
    check: ({ real, event, emitted }) => {
      const asked = emitted.filter((e) => e.type === 'hall.requested')
      // Only a player's request asks, for provider 136.
      for (const a of asked) expect([a['call'], a['payload']]).toEqual([SPORTS_WALLET_CALL, { platformId: 136 }])
      if (event?.type === 'games.sportsWalletRequested') expect(asked.length).toBe(real.matches('player') ? 1 : 0)
      // The money back from a game asks again only when the wallet may still show it in the game.
      if (event?.type === 'games.balanceChanged' && event.game_gold === '-1') expect(asked).toEqual([])
      if (real.matches('visitor')) expect([real.context.balance, real.context.request]).toEqual([null, null])
      if (real.matches({ player: 'loading' })) expect(real.context.request).not.toBeNull()
      if (real.matches({ player: 'idle' })) expect(real.context.request).toBeNull()
    },
  })

  it('covers every state, transition and branch', () => {
    const report = harness.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
  })

  it("shows 'money in game' for the marker, the balance after a refresh, and forgets it at a new sign-in", () => {
    const { real } = harness.runEvents([
      login, { type: 'games.sportsWalletRequested' },
      { type: 'hall.responded', requestId: 'sportswallet-1', call: SPORTS_WALLET_CALL, data: { list: [{ platformId: 136, balance: '-1' }] } },
    ] as never)
    expect(selectSportsInGame(real)).toBe(true)
    const after = harness.runEvents([
      login, { type: 'games.sportsWalletRequested' }, { type: 'games.sportsWalletRequested' },
      { type: 'hall.responded', requestId: 'sportswallet-1', call: SPORTS_WALLET_CALL, data: { list: [{ platformId: 136, balance: '-1' }] } },
      { type: 'hall.responded', requestId: 'sportswallet-2', call: SPORTS_WALLET_CALL, data: { list: [{ platformId: 136, balance: '990.00' }] } },
    ] as never).real
    expect([selectSportsBalance(after), selectSportsInGame(after)]).toEqual(['990.00', false])
    const again = harness.runEvents([
      login, { type: 'games.sportsWalletRequested' }, login,
      { type: 'hall.responded', requestId: 'sportswallet-1', call: SPORTS_WALLET_CALL, data: { list: [{ platformId: 136, balance: '5.00' }] } },
    ] as never).real
    expect([selectSportsBalance(again), again.matches({ player: 'idle' })]).toEqual([null, true])
  })

  it('asks again when the money comes back from a game while the wallet shows it in the game', () => {
    const actor = createActor(sportsWalletMachine)
    const asked: unknown[] = []
    actor.on('hall.requested', (e) => void asked.push(e))
    actor.start()
    actor.send(login)
    actor.send({ type: 'games.sportsWalletRequested' })
    actor.send({ type: 'hall.responded', requestId: 'sportswallet-1', call: SPORTS_WALLET_CALL, data: { list: [{ platformId: 136, balance: '-1' }] } })
    expect(selectSportsInGame(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'games.balanceChanged', game_gold: '35.00' })
    expect(asked).toHaveLength(2)
    actor.send({ type: 'hall.responded', requestId: 'sportswallet-2', call: SPORTS_WALLET_CALL, data: { list: [{ platformId: 136, balance: '35.00' }] } })
    expect(selectSportsBalance(actor.getSnapshot())).toBe('35.00')
    // With the balance shown, another balance change asks nothing.
    actor.send({ type: 'games.balanceChanged', game_gold: '36.00' })
    expect(asked).toHaveLength(2)
  })
})
