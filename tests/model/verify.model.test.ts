import { describe, expect, it } from 'vitest'
import { assign, createMachine, type AnyEventObject, type AnyStateMachine, type SnapshotFrom } from 'xstate'
import {
  COUNTDOWN_SECONDS, FORCED_CHALLENGE, MISSED_CHALLENGE, VERIFY_CALLS, VERIFY_DELAYS, initialChannel, initialVerify, selectCodeSend, verifyMachine, type VerifyContext, type VerifyEvent,
} from '../../actors/verify'
import type { VerifyChannel } from '../../schemas/events/verify'
import type { HallError } from '../../schemas/hall/errors'
import { secret } from '../../schemas/secret'
import { modelHarness, type DelayEvent } from './harness'
import { appStarted, siteConfig } from '../support/site-fixtures'

/**
 * The verification flow against a test model: the real statechart, its delays turned into
 * explicit events. Both channels run in parallel on one clock, so the model keeps, per channel,
 * how long its current timer has run (`since`); a `{ type: 'delay', ms }` fires a channel's timer
 * when its time is due (the simulated clock starts a timer set while it fires at the new time, so
 * one delay fires at most one timer per channel). The 60 s countdown is played to its end by one
 * model event, `countdownEnd`, which the drive turns into a second at a time on the real clock
 * (offered while the other channel has no timer running).
 */
type CountdownEnd = { readonly type: 'countdownEnd'; readonly channel: VerifyChannel }
type ModelEvent = VerifyEvent | DelayEvent | CountdownEnd
type ModelContext = VerifyContext & { readonly since: Readonly<Record<VerifyChannel, number>> }

const CHANNELS: ReadonlyArray<VerifyChannel> = ['phone', 'email']
const DELAYS = VERIFY_DELAYS as Readonly<Record<string, number>>
const guards = verifyMachine.implementations.guards as Record<string, (a: { context: VerifyContext; event: ModelEvent }, p: unknown) => boolean>

type Node = { after?: Record<string, unknown>; on?: Record<string, unknown>; states?: Record<string, Node>; entry?: unknown; [k: string]: unknown }

/** A channel's node with its `after` turned into delay events, and its timer's start noted on entry. */
const timed = (node: Node, channel: VerifyChannel): Node => {
  const out: Node = { ...node }
  if (node.after !== undefined) {
    const handlers: unknown[] = []
    for (const [name, t] of Object.entries(node.after)) {
      const due = DELAYS[name]!
      for (const tr of (Array.isArray(t) ? t : [t]) as Array<{ guard?: { type: string; params: unknown }; actions?: unknown; [k: string]: unknown }>) {
        const realGuard = tr.guard
        handlers.push({
          ...tr,
          guard: ({ context, event }: { context: ModelContext; event: ModelEvent }) =>
            event.type === 'delay' && context.since[channel] + event.ms >= due && (realGuard === undefined || guards[realGuard.type]!({ context, event }, realGuard.params)),
        })
      }
    }
    // Not due yet: the timer keeps running.
    handlers.push({ actions: assign(({ context, event }: { context: ModelContext; event: ModelEvent }) => ({ since: { ...context.since, [channel]: context.since[channel] + (event as DelayEvent).ms } })) })
    delete out.after
    out.on = { ...(node.on ?? {}), delay: handlers }
    out.entry = [assign(({ context }: { context: ModelContext }) => ({ since: { ...context.since, [channel]: 0 } })), ...(node.entry === undefined ? [] : [node.entry])]
  }
  if (node.states !== undefined) out.states = Object.fromEntries(Object.entries(node.states).map(([k, s]) => [k, timed(s, channel)]))
  return out
}

const cfg = verifyMachine.config as unknown as Node & { states: Record<VerifyChannel, Node> }
const channelModel = (channel: VerifyChannel): Node => {
  const region = timed(cfg.states[channel], channel)
  const counting = region.states!['counting']!
  return {
    ...region,
    states: {
      ...region.states,
      counting: {
        ...counting,
        on: {
          ...counting.on,
          countdownEnd: {
            guard: ({ event }: { event: ModelEvent }) => event.type === 'countdownEnd' && event.channel === channel,
            target: 'idle',
            actions: assign(({ context }: { context: ModelContext }) => ({ [channel]: { ...context[channel], countdown: 0 } })),
          },
        },
      },
    },
  }
}

const model = createMachine(
  { ...cfg, context: { ...initialVerify, since: { phone: 0, email: 0 } }, states: { phone: channelModel('phone'), email: channelModel('email') } } as never,
  verifyMachine.implementations as never,
) as unknown as AnyStateMachine

type Snap = SnapshotFrom<typeof verifyMachine>
const TARGET: Readonly<Record<VerifyChannel, string>> = { phone: '5511999990000', email: 'me@example.com' }
const service = (code: number, msg: string): HallError => ({ _tag: 'ServiceCode', code, msg })
const ok = (requestId: string, call: string, data: unknown): ModelEvent => ({ type: 'hall.responded', requestId, call, data })
const ko = (requestId: string, call: string, error: HallError): ModelEvent => ({ type: 'hall.failed', requestId, call, error })

/** The awaited send and challenge requests of a channel (the kit's bookkeeping). */
const sendIdOf = (c: VerifyContext, ch: VerifyChannel): string | null => c.requests.awaiting[`${ch}.send`] ?? null
const challengeIdOf = (c: VerifyContext, ch: VerifyChannel): string | null => c.requests.awaiting[`${ch}.challenge`] ?? null
/** The awaited v4 validation of a channel's challenge (hall profile `geetest: 'v4'`). */
const validateIdOf = (c: VerifyContext, ch: VerifyChannel): string | null => c.requests.awaiting[`${ch}.validate`] ?? null
/** The pass a v4 validation answers. */
const PASS = { pass_token: 'pass-1', gen_time: '1790000000' }
/** The site switched to the Geetest v4 validation (HallProfile `geetest: 'v4'`), site 001. */
const V4_STARTED = appStarted({ site: siteConfig({ hallProfile: { geetest: 'v4' } }) })
const CHALLENGE = { key: 'k1', image: 'data:image/svg+xml;base64,AA==' }
const MAX_REQUESTS = 3
/** A channel runs a timer (held, sent, counting). */
const timing = (s: Snap, ch: VerifyChannel) => s.matches({ [ch]: { sending: 'held' } }) || s.matches({ [ch]: 'sent' }) || s.matches({ [ch]: 'counting' })

const events = (s: Snap): ModelEvent[] => {
  const c = s.context
  const out: ModelEvent[] = [c.restricted ? { type: 'geetest.lifted' } : { type: 'geetest.restricted', seconds: 60 }]
  if (c.requests.count === 0) out.push({ type: 'session.loggedIn', mode: 'normal', username: 'demo', accountType: 0, real: true, mustChangePassword: false })
  out.push({ type: 'session.loggedOut', reason: 'logout' })
  // The site's profile, read once at the start (nothing happened yet). On a v4 site the model plays
  // the paths the profile changes (the challenge and its validation), not again those it does not
  // (a malformed answer, a send's own refusals, a stale answer), so the model stays small.
  const pristine = c.requests.count === 0 && !c.restricted && [c.phone, c.email].every((st) => JSON.stringify(st) === JSON.stringify(initialChannel))
  if (!c.geetestV4 && pristine && s.matches({ phone: 'idle', email: 'idle' })) out.push(V4_STARTED)
  const v4 = c.geetestV4
  // Time passing; once a countdown has ticked, only its end is played (countdownEnd), so the model stays small.
  if (!CHANNELS.some((ch) => s.matches({ [ch]: 'counting' }) && c[ch].countdown < COUNTDOWN_SECONDS)) {
    out.push({ type: 'delay', ms: VERIFY_DELAYS.tick }, { type: 'delay', ms: VERIFY_DELAYS.sendLock })
  }
  for (const ch of CHANNELS) {
    const sendId = sendIdOf(c, ch)
    const challengeId = challengeIdOf(c, ch)
    const call = VERIFY_CALLS[ch]
    // The phone's events are offered everywhere, the email's while the phone is idle: every pair
    // of states still meets (the phone acts during the email's flow), without the full product.
    const offered = ch === 'phone' || s.matches({ phone: 'idle' })
    if (offered && c.requests.count < MAX_REQUESTS) {
      out.push({ type: 'verify.codeSendRequested', channel: ch, target: TARGET[ch] }, { type: 'verify.challengeRenewed', channel: ch }, { type: 'verify.challengeAnswered', channel: ch, answer: secret('1234') })
      // An answer that does not fit the image's 4 digits is the form's to refuse: the actor cannot
      // read it and sends it (the harness's redacted run checks that nothing decides on it).
      if (ch === 'phone' && !v4) out.push({ type: 'verify.challengeAnswered', channel: ch, answer: secret('12') })
    }
    // No target: the send button is disabled, and the actor refuses it too.
    if (ch === 'phone') out.push({ type: 'verify.codeSendRequested', channel: ch, target: ' ' })
    if (offered) out.push({ type: 'verify.challengeCancelled', channel: ch })
    if (sendId !== null) {
      out.push(ok(sendId, call, {}), ko(sendId, call, service(FORCED_CHALLENGE, 'force geetest')), ko(sendId, call, service(1127, 'error_12')))
      out.push(ko(sendId, call, service(MISSED_CHALLENGE, 'challenge not passed: try the new one')))
      if (!v4) out.push(ko(sendId, call, ch === 'phone' ? service(1220, 'not a phone number') : { _tag: 'Network', message: 'offline' }))
    }
    if (challengeId !== null) out.push(ok(challengeId, VERIFY_CALLS.challenge, CHALLENGE), ko(challengeId, VERIFY_CALLS.challenge, { _tag: 'Network', message: 'offline' }))
    const validateId = validateIdOf(c, ch)
    if (validateId !== null) {
      out.push(ok(validateId, 'userGeetestValidate', PASS), ko(validateId, 'userGeetestValidate', service(MISSED_CHALLENGE, 'challenge not passed: try the new one')))
      out.push(ko(validateId, 'userGeetestValidate', service(1127, 'error_12')), ko(validateId, 'userGeetestValidate', { _tag: 'Network', message: 'offline' }))
    }
    const other = ch === 'phone' ? 'email' : 'phone'
    if (s.matches({ [ch]: 'counting' }) && !timing(s, other)) out.push({ type: 'countdownEnd', channel: ch })
  }
  // An answer to a request no longer awaited.
  if (c.requests.count > 0 && !v4) out.push(ok('verify-1', VERIFY_CALLS.phone, {}))
  return out
}

const ofType = (events: ReadonlyArray<AnyEventObject>, type: string) => events.filter((e) => e.type === type)

const invariants = () => {
  let before: Snap | null = null
  return ({ real, event, emitted, step }: { real: Snap; event: ModelEvent | null; emitted: ReadonlyArray<AnyEventObject>; step: number }) => {
    if (step === 0) before = null
    const prev = before
    const c = real.context
    const asked = ofType(emitted, 'hall.requested')
    expect(asked.length).toBeLessThanOrEqual(1)
    for (const a of asked) {
      expect(a['requestId']).toBe(`verify-${c.requests.count}`)
      const ch = CHANNELS.find((x) => a['call'] === VERIFY_CALLS[x])
      if (a['call'] === VERIFY_CALLS.challenge) expect(a['payload']).toEqual({})
      else if (a['call'] === 'userGeetestValidate') {
        // The v4 validation: only on a v4 site, of the challenge shown, with the answer given.
        expect(c.geetestV4).toBe(true)
        expect(event?.type).toBe('verify.challengeAnswered')
        const answer = event?.type === 'verify.challengeAnswered' ? event.answer : null
        expect(a['payload']).toEqual({ captcha_id: '001', lot_number: CHALLENGE.key, captcha_output: answer, scene: 'sms' })
      } else {
        expect(ch).toBeDefined()
        // A send goes to its target; after a challenge, with the challenge's key and the answer given.
        const answer = event?.type === 'verify.challengeAnswered' ? event.answer : null
        // After a v4 validation, with its pass as the geetest result (never the key and answer).
        const validated = event?.type === 'hall.responded' && prev !== null && validateIdOf(prev.context, ch!) === event.requestId ? prev.context[ch!].answered : null
        if (answer !== null) expect(prev?.context.geetestV4).toBe(false)
        expect(a['payload']).toEqual({
          [ch === 'phone' ? 'phone' : 'email']: TARGET[ch!],
          ...(answer !== null ? { captchaKey: CHALLENGE.key, captcha: answer } : {}),
          ...(validated !== null ? { geetest: { captcha_id: '001', lot_number: CHALLENGE.key, captcha_output: validated.answer, pass_token: secret(PASS.pass_token), gen_time: PASS.gen_time } } : {}),
        })
        // Never while the restriction lasts, never without a target.
        expect(prev?.context.restricted).toBe(false)
      }
    }
    for (const ch of CHANNELS) {
      const st = c[ch]
      const view = selectCodeSend(ch)(real)
      // The button: free only when idle and not restricted; the countdown between 0 and 60.
      expect(view.canSend).toBe(real.matches({ [ch]: 'idle' }) && !c.restricted)
      expect(st.countdown).toBeGreaterThanOrEqual(0)
      expect(st.countdown).toBeLessThanOrEqual(COUNTDOWN_SECONDS)
      if (real.matches({ [ch]: 'counting' })) expect(st.countdown).toBeGreaterThan(0)
      else expect(st.countdown === 0 || real.matches({ [ch]: 'idle' })).toBe(true)
      expect(sendIdOf(c, ch) !== null).toBe(real.matches({ [ch]: 'sending' }) && !st.failed)
      expect(view.challenge !== null).toBe(real.matches({ [ch]: 'challenge' }))
      // The countdown starts 1.5 s after a successful send, at 60.
      if (prev !== null && prev.matches({ [ch]: 'sent' }) && real.matches({ [ch]: 'counting' })) expect(st.countdown).toBe(COUNTDOWN_SECONDS)
    }
    // A restricting challenge error is reported to the geetest actor, once.
    const restricting =
      event?.type === 'hall.failed' && (event.error as { msg?: string }).msg === 'error_12' && CHANNELS.some((ch) => prev !== null && (sendIdOf(prev.context, ch) === event.requestId || validateIdOf(prev.context, ch) === event.requestId))
    expect(ofType(emitted, 'geetest.challengeFailed')).toEqual(restricting ? [{ type: 'geetest.challengeFailed', attempt: 'codeSend' }] : [])
    before = real
  }
}

describe('verify model', () => {
  const harness = modelHarness({
    name: 'verify',
    machine: verifyMachine,
    model,
    events: events as never,
    drive: (event, { actor, clock }) => {
      const e = event as ModelEvent
      if (e.type === 'delay') clock.increment(e.ms)
      else if (e.type === 'countdownEnd') {
        for (let left = actor.getSnapshot().context[e.channel].countdown; left > 0; left--) clock.increment(VERIFY_DELAYS.tick)
      } else actor.send(e)
    },
    check: invariants() as never,
    // What the guards read: where each channel stands, what is in flight, the countdown, the
    // restriction and, in a running timer, how long it has run. Targets, messages and the image do
    // not change behaviour; the harness checks that nothing behaving differently is merged.
    serializeState: (m) => {
      const s = m as unknown as Snap & { context: ModelContext }
      const c = s.context
      const channel = (ch: VerifyChannel) => {
        const st = c[ch]
        return [sendIdOf(c, ch), challengeIdOf(c, ch), validateIdOf(c, ch), st.failed, st.countdown, st.error?.reason ?? null, st.requested, st.challenge !== null, timing(s, ch) ? c.since[ch] : 0]
      }
      return JSON.stringify([s.value, c.restricted, c.geetestV4, c.requests.count, channel('phone'), channel('email')])
    },
    limits: { traversal: 400_000, paths: 30_000, simplePaths: 20 },
  })

  it('covers every state, transition and branch', { timeout: 600_000 }, () => {
    const report = harness.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
    expect(report.droppedPaths).toBe(0)
  })

  it('a send locks the button; the 60 s countdown starts 1.5 s after the hall sent the code', () => {
    const { real, emitted } = harness.runEvents([
      { type: 'verify.codeSendRequested', channel: 'phone', target: TARGET.phone },
      ok('verify-1', VERIFY_CALLS.phone, {}),
      { type: 'delay', ms: 1_499 },
    ] as never)
    expect(selectCodeSend('phone')(real)).toMatchObject({ canSend: false, waiting: true, countdown: 0, requested: true, target: TARGET.phone })
    expect(emitted.filter((e) => e.type === 'hall.requested')).toEqual([{ type: 'hall.requested', requestId: 'verify-1', call: 'securityCreateSms', payload: { phone: TARGET.phone } }])
    const counting = harness.runEvents([
      { type: 'verify.codeSendRequested', channel: 'phone', target: TARGET.phone }, ok('verify-1', VERIFY_CALLS.phone, {}), { type: 'delay', ms: 1_500 }, { type: 'delay', ms: 1_000 },
    ] as never).real
    expect(selectCodeSend('phone')(counting).countdown).toBe(59)
  })

  it('a quick failure keeps the button locked until 1.5 s after the press', () => {
    const { real } = harness.runEvents([
      { type: 'verify.codeSendRequested', channel: 'email', target: TARGET.email },
      ko('verify-1', VERIFY_CALLS.email, service(1221, 'not an email address')),
      { type: 'delay', ms: 1_000 },
    ] as never)
    expect(selectCodeSend('email')(real)).toMatchObject({ canSend: false, sending: true, error: { code: 1221, message: 'not an email address', reason: 'service' } })
    const later = harness.runEvents([
      { type: 'verify.codeSendRequested', channel: 'email', target: TARGET.email },
      ko('verify-1', VERIFY_CALLS.email, service(1221, 'not an email address')),
      { type: 'delay', ms: 1_000 }, { type: 'delay', ms: 500 },
    ] as never).real
    expect(selectCodeSend('email')(later).canSend).toBe(true)
  })

  it('1119: the image challenge, then the send again with its digits; error_12 reports the restriction', () => {
    const answer = secret('1234')
    const { real, emitted } = harness.runEvents([
      { type: 'verify.codeSendRequested', channel: 'phone', target: TARGET.phone },
      ko('verify-1', VERIFY_CALLS.phone, service(FORCED_CHALLENGE, 'force geetest')),
      ok('verify-2', VERIFY_CALLS.challenge, CHALLENGE),
      { type: 'verify.challengeAnswered', channel: 'phone', answer },
      ko('verify-3', VERIFY_CALLS.phone, service(1127, 'error_12')),
      { type: 'geetest.restricted', seconds: 60 },
      { type: 'delay', ms: 1_500 },
      { type: 'verify.codeSendRequested', channel: 'phone', target: TARGET.phone },
    ] as never)
    expect(emitted.filter((e) => e.type === 'hall.requested').map((e) => [e['call'], e['payload']])).toEqual([
      ['securityCreateSms', { phone: TARGET.phone }],
      ['captcha', {}],
      ['securityCreateSms', { phone: TARGET.phone, captchaKey: 'k1', captcha: answer }],
    ])
    expect(emitted.filter((e) => e.type === 'geetest.challengeFailed')).toEqual([{ type: 'geetest.challengeFailed', attempt: 'codeSend' }])
    expect(selectCodeSend('phone')(real)).toMatchObject({ canSend: false, error: { reason: 'restricted' } })
  })

  it('2011: a wrong answer, the first in a row, fetches a new challenge and keeps the refusal shown beside it; no restriction', () => {
    const { real, emitted } = harness.runEvents([
      { type: 'verify.codeSendRequested', channel: 'phone', target: TARGET.phone },
      ko('verify-1', VERIFY_CALLS.phone, service(FORCED_CHALLENGE, 'force geetest')),
      ok('verify-2', VERIFY_CALLS.challenge, CHALLENGE),
      { type: 'verify.challengeAnswered', channel: 'phone', answer: secret('1234') },
      ko('verify-3', VERIFY_CALLS.phone, service(MISSED_CHALLENGE, 'challenge not passed: try the new one')),
      ok('verify-4', VERIFY_CALLS.challenge, CHALLENGE),
    ] as never)
    expect(emitted.filter((e) => e.type === 'hall.requested').map((e) => e['call'])).toEqual(['securityCreateSms', 'captcha', 'securityCreateSms', 'captcha'])
    expect(emitted.filter((e) => e.type === 'geetest.challengeFailed')).toEqual([])
    expect(real.matches({ phone: { challenge: 'shown' } })).toBe(true)
    expect(real.context.phone.error).toMatchObject({ code: MISSED_CHALLENGE, reason: 'service' })
  })
})
