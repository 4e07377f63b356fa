import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { LobbyEventInput } from '../../../schemas/events'
import type { HallError } from '../../../schemas/hall/errors'
import { LOG_FORMAT_VERSION } from '../../../schemas/log'
import { parseNdjson } from '../../../src/bus/ndjson'
import { Recorder } from '../../../src/bus/recorder'
import { replayLog } from '../../../src/bus/replayer'
import { lobby, user } from '../actors/session/support'

/**
 * Every session replays, whatever secrets it carried. fast-check writes sessions of a signed-in
 * player (bind a phone, an email, the authenticator or the withdraw PIN in the post-login popup;
 * send codes and answer the human challenge; set and change the withdraw PIN, withdraw with it;
 * change the login password; sign out and in again by password or SMS code), with codes, PINs
 * and passwords of the right form and of the wrong one, and a fake hall that answers the requests
 * in any order, with success or a failure. The lobby's real actors run it on the bus with the
 * recorder; the stored log then replays IDENTICAL, and holds none of the passwords in clear.
 */

const header = {
  format: 'lobby-log' as const, formatVersion: LOG_FORMAT_VERSION, appVersion: 't', session: 's', siteCode: '001', language: 'en_US',
  viewport: { width: 1, height: 1 }, startedAt: 0,
}

/** What the fake hall answers a call with when it succeeds; a call not listed here only fails. */
const ANSWERS: Readonly<Record<string, unknown>> = {
  login: user(), fastLogin: user(), smsLogin: user(),
  securityModifyPhone: { mobile_phone: '5511999990000' }, bindEmail: {}, bindGoogleAuth: { secret: 'GEZDGNBVGY3TQOJQ', otpauth: 'otpauth://totp/x' },
  modifyWithdrawPass: { withdraw_pass: 1 }, securityCreateSms: {}, securityCreateMail: {}, shortMsgCreate: {},
  captcha: { key: 'k1', image: 'data:image/svg+xml;base64,AA==' }, forceChangePassword: { change_password: 0, userkey: 'uk-2002' },
  verifyWithdrawPass: { verifyToken: 'vt-1', expireSeconds: 300 }, userLogout: {},
}
const FAILURES: ReadonlyArray<HallError> = [
  { _tag: 'ServiceCode', code: 1223, msg: 'the code is wrong' }, { _tag: 'ServiceCode', code: 1119, msg: 'force geetest' },
  { _tag: 'ServiceCode', code: 2011, msg: 'challenge not passed' }, { _tag: 'ServiceCode', code: 1302, msg: 'wrong withdraw password' },
  { _tag: 'ServiceCode', code: 1011, msg: 'wrong password' }, { _tag: 'Network', message: 'offline' },
]

/** A secret typed: of the right form or not (too short, too long, letters, empty). */
const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`))
const code = fc.oneof(digits(4), digits(5), digits(6), fc.constantFrom('', '12', '12ab', '1234567'))
/** Passwords carry a mark, so the stored log can be searched for them. */
const password = fc.stringMatching(/^[a-z0-9]{0,10}$/).map((s) => `Zq${s}`)
const item = fc.constantFrom<'phone' | 'email' | 'googleAuth' | 'withdrawPass'>('phone', 'email', 'googleAuth', 'withdrawPass')
const channel = fc.constantFrom<'phone' | 'email'>('phone', 'email')

const intent: fc.Arbitrary<LobbyEventInput> = fc.oneof(
  fc.record({ type: fc.constant('postlogin.bindOpened' as const), item }),
  fc.record({ type: fc.constant('postlogin.bindSubmitted' as const), item, target: fc.constantFrom('5511999990000', 'me@example.com', ''), code }),
  fc.constant({ type: 'postlogin.authenticatorRequested' as const }),
  fc.record({ type: fc.constant('popup.closeRequested' as const), popup: fc.constantFrom<'forceBind' | 'bind'>('forceBind', 'bind') }),
  fc.record({ type: fc.constant('verify.codeSendRequested' as const), channel, target: fc.constantFrom('5511999990000', 'me@example.com') }),
  fc.record({ type: fc.constant('verify.challengeAnswered' as const), channel, answer: code }),
  fc.record({ type: fc.constant('session.passwordChangeSubmitted' as const), oldPassword: password, newPassword: password }),
  fc.constant({ type: 'session.logoutRequested' as const }),
  fc.constant({ type: 'session.logoutConfirmed' as const }),
  fc.record({ type: fc.constant('session.loginSubmitted' as const), username: fc.constant('player01'), password }),
  fc.record({ type: fc.constant('session.smsLoginSubmitted' as const), phone: fc.constant('5511999990000'), code }),
  fc.record({ newPass: code, oldPass: code }).map((payload) => ({ type: 'command.submitted' as const, command: 'modifyWithdrawPass', payload })),
  code.map((withdrawPass) => ({ type: 'command.submitted' as const, command: 'verifyWithdrawPass', payload: { withdrawPass } })),
  fc.record({ amount: fc.constantFrom('50', '10.5'), withdraw_pass: code }).map((p) => ({
    type: 'command.submitted' as const, command: 'withdrawCash', payload: { account_id: 7, request_id: 'r1', ...p },
  })),
)

type Step =
  | { readonly kind: 'intent'; readonly event: LobbyEventInput }
  | { readonly kind: 'answer'; readonly pick: number; readonly ok: boolean; readonly failure: number }
  | { readonly kind: 'time'; readonly ms: number }

const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: intent.map((event) => ({ kind: 'intent' as const, event })), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('answer' as const), pick: fc.nat(), ok: fc.boolean(), failure: fc.nat(FAILURES.length - 1) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('time' as const), ms: fc.constantFrom(500, 1_500, 61_000) }), weight: 1 },
)

/** Runs a session live (the real actors, the recorder, a fake hall) and returns its stored log and the passwords typed. */
const live = async (steps: ReadonlyArray<Step>, mustBind: number) => {
  const l = lobby()
  const recorder = new Recorder({ header, sink: null, batchSize: 100_000 })
  recorder.attach(l.bus)
  // The fake hall: what the actors asked and was not answered yet, in order.
  const pending: Array<{ requestId: string; call: string }> = []
  l.bus.records$.subscribe((r) => {
    if (r.event.type === 'hall.requested') pending.push({ requestId: r.event.requestId, call: r.event.call })
  })
  l.boot({ userkey: 'uk-1001' })
  l.answer(user({ must_bind_item: mustBind }))
  const typed: string[] = []
  for (const s of steps) {
    if (s.kind === 'intent') {
      for (const v of Object.values({ ...s.event })) if (typeof v === 'string' && v.startsWith('Zq')) typed.push(v)
      l.intent(s.event)
    } else if (s.kind === 'time') l.timers.advance(s.ms)
    else if (pending.length > 0) {
      const [request] = pending.splice(s.pick % pending.length, 1)
      const data = ANSWERS[request!.call]
      if (s.ok && data !== undefined) l.fact({ type: 'hall.responded', requestId: request!.requestId, call: request!.call, data })
      else l.fact({ type: 'hall.failed', requestId: request!.requestId, call: request!.call, error: FAILURES[s.failure]! })
    }
  }
  return { text: await recorder.exportNdjson(), typed }
}

describe('sessions with secrets replay', () => {
  it('replays every generated signed-in session IDENTICAL from its stored log, which holds no password in clear', async () => {
    let sessions = 0
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), fc.nat(4), async (steps, mustBind) => {
        sessions++
        const { text, typed } = await live(steps, mustBind)
        for (const p of typed) expect(text).not.toContain(p)
        const parsed = parseNdjson(text)
        if (!parsed.ok) throw new Error(`line ${parsed.error.line}: ${parsed.error.message}`)
        const result = replayLog(parsed.file)
        expect(result.divergence).toBeNull()
        expect(result.identical).toBe(true)
      }),
      { numRuns: 200 },
    )
    expect(sessions).toBeGreaterThanOrEqual(200)
  }, 120_000)
})
