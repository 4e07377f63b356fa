import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { GAME_PHONE_CALL, gamePhoneMachine, selectGamePhone, type GamePhoneEvent } from '../../actors/games'
import { secret } from '../../schemas/secret'
import { modelHarness } from './harness'

/**
 * The game phone actor (3002) on every path the sample events generate: the popup asked for when
 * the launch needs the phone, the phone bound with a 4-digit SMS code, the popup dismissed once
 * bound and the launch told once it has closed; the popup closed with the launch when it stops
 * waiting. The machine is its own model (it has no delays).
 */
type Snap = SnapshotFrom<typeof gamePhoneMachine>
const PHONE = '5511999990000'

const events = (s: Snap): GamePhoneEvent[] => {
  const c = s.context
  const out: GamePhoneEvent[] = [
    { type: 'games.phoneNeeded' }, { type: 'games.phoneAbandoned' }, { type: 'popup.closed', popup: 'verifyBindPhone' }, { type: 'popup.closed', popup: 'register' },
    // No phone: refused before any call.
    { type: 'games.phoneSubmitted', phone: ' ', code: secret('1234') },
  ]
  // A code of the wrong length is the form's to refuse: the actor cannot read it and asks the
  // hall with it (the harness's redacted run checks that nothing here decides on it).
  if (c.requests.count < 3) out.push({ type: 'games.phoneSubmitted', phone: PHONE, code: secret('1234') }, { type: 'games.phoneSubmitted', phone: PHONE, code: secret('123456') })
  if ((c.requests.awaiting.bind ?? null) !== null) {
    out.push({ type: 'hall.responded', requestId: c.requests.awaiting.bind ?? '', call: GAME_PHONE_CALL, data: { mobile_phone: PHONE } })
    out.push({ type: 'hall.failed', requestId: c.requests.awaiting.bind ?? '', call: GAME_PHONE_CALL, error: { _tag: 'ServiceCode', code: 1223, msg: 'the code is wrong' } })
    out.push({ type: 'hall.failed', requestId: c.requests.awaiting.bind ?? '', call: GAME_PHONE_CALL, error: { _tag: 'Network', message: 'offline' } })
  }
  if (c.requests.count > 0) out.push({ type: 'hall.responded', requestId: 'gamephone-1', call: GAME_PHONE_CALL, data: {} })
  return out
}

describe('gamephone model', () => {
  const harness = modelHarness({
    name: 'gamephone',
    machine: gamePhoneMachine,
    events: events,
    check: ({ real, event, emitted }) => {
      const asked = emitted.filter((e) => e.type === 'hall.requested')
      for (const a of asked) {
        expect(event?.type).toBe('games.phoneSubmitted')
        expect([a['requestId'], a['call'], a['payload']]).toEqual([`gamephone-${real.context.requests.count}`, GAME_PHONE_CALL, { phone: PHONE, code: (event as { code: unknown }).code }])
      }
      // The launch is told only when the popup closed after the phone was bound.
      const verified = emitted.filter((e) => e.type === 'games.phoneVerified')
      if (verified.length > 0) expect(event).toEqual({ type: 'popup.closed', popup: 'verifyBindPhone' })
      expect(selectGamePhone(real).binding).toBe(real.matches('binding'))
      expect(real.context.requests.awaiting.bind !== undefined).toBe(real.matches('binding'))
    },
  })

  it('covers every state, transition and branch', () => {
    const report = harness.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
  })

  it('3002: the popup, a wrong code, the phone bound, the popup dismissed, the launch told once it closed', () => {
    const { real, emitted } = harness.runEvents([
      { type: 'games.phoneNeeded' },
      // Closed before the phone is bound: nothing for the launch.
      { type: 'popup.closed', popup: 'verifyBindPhone' },
      { type: 'games.phoneSubmitted', phone: PHONE, code: secret('0000') },
      { type: 'hall.failed', requestId: 'gamephone-1', call: GAME_PHONE_CALL, error: { _tag: 'ServiceCode', code: 1223, msg: 'the code is wrong' } },
      { type: 'games.phoneSubmitted', phone: PHONE, code: secret('1234') },
      { type: 'hall.responded', requestId: 'gamephone-2', call: GAME_PHONE_CALL, data: { mobile_phone: PHONE } },
      { type: 'popup.closed', popup: 'verifyBindPhone' },
    ] as never)
    expect(emitted.filter((e) => e.type !== 'hall.requested')).toEqual([
      { type: 'games.popupRequested', popup: 'verifyBindPhone' },
      { type: 'games.popupDismissed', popup: 'verifyBindPhone' },
      { type: 'games.phoneVerified' },
    ])
    expect(real.value).toBe('idle')
  })

  it('the launch stopped waiting (the game page left): the popup closes with it', () => {
    const { emitted } = harness.runEvents([{ type: 'games.phoneNeeded' }, { type: 'games.phoneAbandoned' }] as never)
    expect(emitted).toEqual([{ type: 'games.popupRequested', popup: 'verifyBindPhone' }, { type: 'games.popupDismissed', popup: 'verifyBindPhone' }])
  })
})
