import { describe, expect, it } from 'vitest'
import { createMachine, type AnyStateMachine, type SnapshotFrom, type StateValue } from 'xstate'
import { launchMachine, LAUNCH_DELAYS, type LaunchEvent } from '../../actors/games'
import { modelHarness, type DelayEvent } from './harness'

/**
 * The launch actor against a test model: the real machine's states and handlers, except the
 * continue-last-game debounce, whose `after: 1000` is an explicit `{ type: 'delay', ms }` event.
 * The model splits the wait in two: 999 ms leaves it 'almost' due (the real actor still
 * debouncing), one more millisecond offers the popup; a new prize answer naming a last game
 * restarts the wait from the start, in the model and (with its timer) in the real actor.
 */
type ModelEvent = LaunchEvent | DelayEvent
const DUE = LAUNCH_DELAYS.continueGame

const cfg = launchMachine.config as Record<string, any>
const running = cfg.states.running
const lastGame = running.states.lastGame
const launchModel = createMachine(
  {
    ...cfg,
    states: {
      ...cfg.states,
      running: {
        ...running,
        states: {
          ...running.states,
          lastGame: {
            ...lastGame,
            states: {
              quiet: lastGame.states.quiet,
              debouncing: {
                on: {
                  delay: [
                    { guard: ({ event }: { event: DelayEvent }) => event.ms >= DUE, target: 'quiet', actions: 'offerLastGame' },
                    { guard: ({ event }: { event: DelayEvent }) => event.ms === DUE - 1, target: 'almost' },
                  ],
                },
              },
              almost: { on: { delay: { target: 'quiet', actions: 'offerLastGame' } } },
            },
          },
        },
      },
    },
  } as never,
  launchMachine.implementations as never,
) as unknown as AnyStateMachine

/** The model's 'almost' is the real actor still debouncing. */
const expectedValue = (m: SnapshotFrom<AnyStateMachine>): StateValue => {
  const v = m.value as { running?: { lastGame?: string; game?: string } } | string
  if (typeof v === 'string' || v.running?.lastGame !== 'almost') return m.value
  return { running: { ...v.running, lastGame: 'debouncing' } }
}

const ready = { type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'CNY', languages: ['en_US'], currencies: ['CNY'], systemToken: '', autoVisitorLogin: true, device: 'desktop' } as LaunchEvent
const embedded = (q: string): LaunchEvent => ({ type: 'nav.navigated', name: 'embedded', path: '/home/embedded', search: q, replace: false })
const login = (real: boolean): LaunchEvent => ({ type: 'session.loggedIn', mode: real ? 'normal' : 'trymode', username: real ? 'demo' : 'guest1', accountType: 0, real, mustChangePassword: false })

const events = (s: SnapshotFrom<AnyStateMachine>): ModelEvent[] => {
  const c = s.context as { requestCount: number; prizeRequest: string | null; launchRequest: string | null; goldRequest: string | null; launchId: number; phone: { codeRequest: string | null; bindRequest: string | null } }
  // Before the site is ready only the location matters: kept as the entry, opened once ready.
  if (s.value === 'idle') {
    return c.requestCount === 0 && (s.context as { entry: unknown }).entry === null
      ? [
          ready,
          // A formal game (waits for a sign-in) and a demo one (opens at once).
          { type: 'nav.locationChanged', path: '/home/embedded', search: '?gameId=130001&platformId=14&gameCategoryId=3&gameName=B' },
          { type: 'nav.locationChanged', path: '/home/embedded', search: '?gameId=130009&platformId=13&gameCategoryId=3&gameName=A' },
          { type: 'nav.navigated', name: 'game', path: '/home/game', search: '', replace: false },
        ]
      : [ready]
  }
  const out: ModelEvent[] = [ready, { type: 'delay', ms: DUE - 1 }, { type: 'delay', ms: DUE }, { type: 'delay', ms: 1 }]
  if (c.requestCount <= 2) {
    out.push(embedded('?gameId=130009&platformId=13&gameCategoryId=3&gameName=A'))
    out.push({ type: 'nav.navigated', name: 'game', path: '/home/game', search: '', replace: false })
    // The browser's own location: the entry location (kept until the site is ready), back and forward.
    out.push({ type: 'nav.locationChanged', path: '/home/embedded', search: '?gameId=130001&platformId=14&gameCategoryId=3&gameName=B' })
    out.push({ type: 'nav.locationChanged', path: '/home/game', search: '?gameCategoryId=3' })
    out.push(login(true))
    if (c.requestCount === 0) out.push(login(false), embedded('?gameId=0&platformId=13'))
    out.push({ type: 'games.launchRetried' })
  }
  out.push({ type: 'session.loggedOut', reason: 'logout' }, { type: 'popup.closed', popup: 'register' })
  // The phone popup closing: a retry only once the phone is bound.
  out.push({ type: 'popup.closed', popup: 'verifyBindPhone' })
  // The phone verification (3002): a code to the phone, then the phone bound with it.
  if (c.requestCount <= 4) out.push({ type: 'games.phoneCodeRequested', phone: '5511999990000' }, { type: 'games.phoneSubmitted', phone: '5511999990000', code: '123456' })
  if (c.phone.codeRequest !== null) {
    out.push({ type: 'hall.responded', requestId: c.phone.codeRequest, call: 'securityCreateSms', data: {} })
    out.push({ type: 'hall.failed', requestId: c.phone.codeRequest, call: 'securityCreateSms', error: { _tag: 'ServiceCode', code: 1220, msg: 'not a phone number' } })
  }
  if (c.phone.bindRequest !== null) {
    out.push({ type: 'hall.responded', requestId: c.phone.bindRequest, call: 'securityModifyPhone', data: {} })
    out.push({ type: 'hall.failed', requestId: c.phone.bindRequest, call: 'securityModifyPhone', error: { _tag: 'ServiceCode', code: 1223, msg: 'the code is wrong' } })
    out.push({ type: 'hall.failed', requestId: c.phone.bindRequest, call: 'securityModifyPhone', error: { _tag: 'Network', message: 'x' } as never })
  }
  if (c.prizeRequest !== null) {
    out.push({ type: 'hall.responded', requestId: c.prizeRequest, call: 'prize', data: { game_gold: '100.00', lastgameinfo: { gameName: 'A', gameId: '1', platfromId: 13, categoryId: 3 } } })
    out.push({ type: 'hall.responded', requestId: c.prizeRequest, call: 'prize', data: { game_gold: '100.00', lastgameinfo: null } })
    out.push({ type: 'hall.failed', requestId: c.prizeRequest, call: 'prize', error: { _tag: 'Network', message: 'x' } as never })
  }
  if (c.launchRequest !== null) {
    out.push({ type: 'hall.responded', requestId: c.launchRequest, call: 'gameLogin', data: { socket_url: [{ url: '/games/play', gameid: 130009 }] } })
    out.push({ type: 'hall.responded', requestId: c.launchRequest, call: 'gameLogin', data: { socket_url: [] } })
    for (const code of c.requestCount <= 3 ? [3004, 210103, 41020, 3002, 3003, 9999] : [3004, 3002]) out.push({ type: 'hall.failed', requestId: c.launchRequest, call: 'gameLogin', error: { _tag: 'ServiceCode', code, msg: 'm' } })
  }
  out.push({ type: 'games.addressBuilt', launchId: c.launchId, url: 'http://h/games/play?x' })
  out.push({ type: 'hall.responded', requestId: 'launch-999', call: 'gameLogin', data: null })
  if (c.goldRequest !== null) {
    out.push({ type: 'hall.responded', requestId: c.goldRequest, call: 'refreshGold', data: { game_gold: '90.00' } })
    out.push({ type: 'hall.failed', requestId: c.goldRequest, call: 'refreshGold', error: { _tag: 'Network', message: 'x' } as never })
  }
  return out
}

const serializeState = (m: unknown): string => {
  const x = m as SnapshotFrom<AnyStateMachine>
  const c = x.context as Record<string, unknown>
  // Request ids and the launch id are derived from the counters, so the counters stay; the rest is abstracted.
  const phone = c.phone as { codeRequest: string | null; bindRequest: string | null; codeSent: boolean; error: { code: unknown } | null }
  return JSON.stringify([x.value, (c.entry as { search: string } | null)?.search ?? null, c.requestCount, c.launchId, c.prizeRequest !== null, c.launchRequest !== null, c.goldRequest !== null, c.real, c.signedIn, c.lastGame !== null, c.url !== null, c.gold === '-1', (c.error as { code?: unknown } | null)?.code ?? null,
    phone.codeRequest !== null, phone.bindRequest !== null, phone.codeSent, phone.error?.code ?? null])
}

describe('launch model', () => {
  const harness = modelHarness({
    name: 'launch',
    machine: launchMachine,
    model: launchModel,
    events: events as never,
    expectedValue: expectedValue as never,
    serializeState,
    check: ({ emitted, event, model }) => {
      // The continue-last-game popup is offered exactly when the debounce runs out.
      const offered = emitted.some((e) => e.type === 'games.popupRequested' && (e as { popup?: string }).popup === 'continueLastGame')
      if (event?.type !== 'delay') expect(offered).toBe(false)
      else if (offered) expect((model.value as { running: { lastGame: string } }).running.lastGame).toBe('quiet')
    },
    limits: { paths: 8000, simplePaths: 20, traversal: 300_000 },
  })

  it('follows the model on every generated path, the 1000 ms debounce as an explicit delay', () => {
    const report = harness.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
  })

  it('3002: a code, the phone bound, the popup closed by the actor, the launch retried once it has closed', () => {
    const failed = (id: string, code: number): ModelEvent => ({ type: 'hall.failed', requestId: id, call: 'gameLogin', error: { _tag: 'ServiceCode', code, msg: 'm' } })
    const ok = (id: string, call: string): ModelEvent => ({ type: 'hall.responded', requestId: id, call, data: {} })
    const { real, emitted } = harness.runEvents([
      ready, login(true), { type: 'hall.responded', requestId: 'launch-1', call: 'prize', data: { game_gold: '5.00', lastgameinfo: null } },
      embedded('?gameId=30001&platformId=31&gameCategoryId=3&gameName=A'), failed('launch-2', 3002),
      // Closed before the phone is bound: no retry.
      { type: 'popup.closed', popup: 'verifyBindPhone' },
      { type: 'games.phoneCodeRequested', phone: '5511999990000' }, ok('launch-3', 'securityCreateSms'),
      { type: 'games.phoneSubmitted', phone: '5511999990000', code: '000000' },
      { type: 'hall.failed', requestId: 'launch-4', call: 'securityModifyPhone', error: { _tag: 'ServiceCode', code: 1223, msg: 'the code is wrong' } },
      { type: 'games.phoneSubmitted', phone: '5511999990000', code: '123456' }, ok('launch-5', 'securityModifyPhone'),
      { type: 'popup.closed', popup: 'verifyBindPhone' },
    ] as never)
    const calls = emitted.filter((e) => e.type === 'hall.requested').map((e) => String(e['call']))
    expect(calls).toEqual(['prize', 'gameLogin', 'securityCreateSms', 'securityModifyPhone', 'securityModifyPhone', 'gameLogin'])
    expect(emitted.filter((e) => e.type === 'games.popupRequested' || e.type === 'games.popupDismissed')).toEqual([
      { type: 'games.popupRequested', popup: 'verifyBindPhone' },
      { type: 'games.popupDismissed', popup: 'verifyBindPhone' },
    ])
    expect(real.matches({ running: { game: 'launching' } })).toBe(true)
  })

  it('a second prize answer within the second restarts the wait: one offer, 1000 ms after the last answer', () => {
    const answer = (id: string): ModelEvent => ({ type: 'hall.responded', requestId: id, call: 'prize', data: { game_gold: '5.00', lastgameinfo: { gameName: 'A', gameId: '1', platfromId: 13, categoryId: 3 } } })
    const { emitted } = harness.runEvents([ready, login(true), answer('launch-1'), { type: 'delay', ms: DUE - 1 }, login(true), answer('launch-2'), { type: 'delay', ms: DUE - 1 }, { type: 'delay', ms: 1 }] as never)
    expect(emitted.filter((e) => e.type === 'games.popupRequested')).toHaveLength(1)
  })
})
