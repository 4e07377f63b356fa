import { assign, enqueueActions, setup } from 'xstate'
import type { VerifyChannel } from '../../schemas/events/verify'
import { captcha, emailCreateMail, geetestValidate, securityCreateMail, securityCreateSms, shortMsgCreate, userGeetestValidate } from '../../schemas/hall/calls/auth'
import { isGeetestError } from '../geetest'
import { answers, dataOf, forgetAll, request, settle } from '../kit'
import {
  COUNTDOWN_SECONDS, CHALLENGE_CODES, MISSED_CHALLENGE, RESTRICTED, VERIFY_DELAYS, challengeFieldsOf, geetestResultOf, initialChannel, initialVerify, verifyErrorOf,
  type ChannelState, type VerifyContext, type VerifyEmitted, type VerifyEvent, type VerifyPurpose,
} from './verify.logic'

/**
 * The verification flow (screens §4 verification code; calls §4 code send, forced human
 * challenge, geetest restriction; §5 codes; §9 countdown 60 s, send lock 1.5 s): a code sent to a
 * phone (/user/security/createsms) or an email address (/user/security/createmail), or before
 * sign-in (a send naming its scene: /shortmsg/create for the SMS login and the recovery's phone,
 * /user/email/createmail for the recovery's email), for whichever
 * form needs one (the bind forms, the phone verification a game asks for with 3002, later the
 * withdrawal and password recovery; the form's own submission is its domain's). One region per
 * channel, each:
 *
 * - `idle`: the send button is free. A send needs a target; while the geetest restriction lasts it
 *   is refused (GEETEST_RESTRICTED).
 * - `sending`: the button is locked while the send is in flight, and for at least 1.5 s
 *   (`held`, then `free`): a failure inside the lock frees the button when the lock runs out.
 * - `sent`: the hall sent the code; the 60 s countdown starts 1.5 s later (`counting`, a second at
 *   a time), the button locked until it ends.
 * - `challenge`: the hall answered 1119 (force geetest): the image challenge is fetched
 *   (/home/captcha), the player reads its 4 digits, and the send is tried again with them. A
 *   wrong answer is refused with 2011 the first time (a new challenge is fetched, the refusal
 *   shown beside it) and with error_12 the second time in a row: the 60 s restriction (the
 *   geetest actor) starts. On a site whose hall validates by Geetest v4 (hall profile
 *   `geetest: 'v4'`, from app.started) the answer goes to the v4 validation first
 *   (`challenge.validating`: /user/geetest/validate/v4 for the player's own sends,
 *   /geetest/validate/v4 before sign-in), which spends the challenge and answers its pass; the
 *   send is then tried with the pass as its `geetest` result. The validation's refusals are the
 *   send's (2011 a new challenge, error_12 the restriction).
 *
 * A sign-in or sign-out starts afresh. What is in flight is the kit's bookkeeping (actors/kit/requests.ts).
 *
 * Consumes: app.started, session.loggedIn, session.loggedOut, geetest.restricted, geetest.lifted,
 *   verify.codeSendRequested, verify.challengeAnswered, verify.challengeRenewed,
 *   verify.challengeCancelled, hall.responded, hall.failed.
 * Emits: hall.requested, geetest.challengeFailed.
 */

type P = { readonly channel: VerifyChannel }

const send = (p: P): VerifyPurpose => `${p.channel}.send`
const challengeOf = (p: P): VerifyPurpose => `${p.channel}.challenge`
const validation = (p: P): VerifyPurpose => `${p.channel}.validate`
const mine = (e: VerifyEvent, p: P): boolean => 'channel' in e && e.channel === p.channel
const failedWith = (e: VerifyEvent, codes: ReadonlyArray<number>): boolean => e.type === 'hall.failed' && e.error._tag === 'ServiceCode' && codes.includes(e.error.code)

/** The context with one channel changed. */
const patch = (c: VerifyContext, channel: VerifyChannel, change: Partial<ChannelState>): Partial<VerifyContext> => ({ [channel]: { ...c[channel], ...change } })

export const verifyMachine = setup({
  types: { context: {} as VerifyContext, events: {} as VerifyEvent, emitted: {} as VerifyEmitted },
  delays: { sendLock: VERIFY_DELAYS.sendLock, countdownStart: VERIFY_DELAYS.countdownStart, tick: VERIFY_DELAYS.tick },
  guards: {
    refusedSend: ({ context, event }, p: P) => event.type === 'verify.codeSendRequested' && mine(event, p) && context.restricted,
    canSend: ({ event }, p: P) => event.type === 'verify.codeSendRequested' && mine(event, p) && event.target.trim() !== '',
    sendAnswer: ({ context, event }, p: P) => answers(context.requests, send(p), event),
    forcedChallenge: ({ context, event }, p: P) => answers(context.requests, send(p), event) && failedWith(event, CHALLENGE_CODES),
    missedChallenge: ({ context, event }, p: P) => answers(context.requests, send(p), event) && failedWith(event, [MISSED_CHALLENGE]),
    failedInLock: ({ context }, p: P) => context[p.channel].failed,
    lastTick: ({ context }, p: P) => context[p.channel].countdown <= 1,
    challengeAnswer: ({ context, event }, p: P) => answers(context.requests, challengeOf(p), event),
    mineIntent: ({ event }, p: P) => mine(event, p),
    refusedAnswer: ({ context, event }, p: P) => event.type === 'verify.challengeAnswered' && mine(event, p) && context.restricted,
    // The challenge shown was answered: the view checked the answer's form (the image's digits, a
    // puzzle's moves), the hall judges it.
    answered: ({ event }, p: P) => event.type === 'verify.challengeAnswered' && mine(event, p),
    answeredV4: ({ context, event }, p: P) => context.geetestV4 && event.type === 'verify.challengeAnswered' && mine(event, p),
    validated: ({ context, event }, p: P) => answers(context.requests, validation(p), event) && event.type === 'hall.responded',
    validatedRestricted: ({ context, event }, p: P) => context.restricted && answers(context.requests, validation(p), event) && event.type === 'hall.responded',
    validationMissed: ({ context, event }, p: P) => answers(context.requests, validation(p), event) && failedWith(event, [MISSED_CHALLENGE]),
    validationFailed: ({ context, event }, p: P) => answers(context.requests, validation(p), event) && event.type === 'hall.failed',
  },
  actions: {
    reset: assign(({ context }) => ({ requests: forgetAll(context.requests), phone: initialChannel, email: initialChannel })),
    takeProfile: assign(({ event }) => (event.type === 'app.started' ? { geetestV4: event.site.hallProfile?.geetest === 'v4', siteCode: event.site.siteCode } : {})),
    restrict: assign({ restricted: true }),
    lift: assign(({ context: c }) => {
      const clear = (s: ChannelState): ChannelState => (s.error?.reason === 'restricted' ? { ...s, error: null } : s)
      return { restricted: false, phone: clear(c.phone), email: clear(c.email) }
    }),
    refuse: assign(({ context }, p: P) => patch(context, p.channel, { error: RESTRICTED })),
    send: enqueueActions(({ context: c, event: e, enqueue }, p: P) => {
      const s = c[p.channel]
      const asking = e.type === 'verify.codeSendRequested'
      const target = asking ? e.target.trim() : s.target
      // A send before sign-in names its scene (and the account recovered); a challenge's retry keeps them.
      const scene = asking ? (e.scene ?? null) : s.scene
      const username = asking ? (e.username ?? '').trim() : s.username
      const answer = e.type === 'verify.challengeAnswered' && s.challenge !== null ? { key: s.challenge.key, answer: e.answer } : null
      const before = settle(settle(c.requests, challengeOf(p)), validation(p))
      // After a v4 validation the send carries its pass; else the challenge's key and answer, if any.
      const fields =
        e.type === 'hall.responded' && s.answered !== null
          ? geetestResultOf(c.siteCode, s.answered, dataOf(userGeetestValidate, e))
          : challengeFieldsOf(answer)
      const asked =
        scene === null
          ? p.channel === 'phone'
            ? request('verify', before, send(p), securityCreateSms, { phone: target, ...fields })
            : request('verify', before, send(p), securityCreateMail, { email: target, ...fields })
          : p.channel === 'phone'
            ? request('verify', before, send(p), shortMsgCreate, { phone_number: target, scene, ...(scene === 'reset' ? { username } : {}), ...fields })
            : request('verify', before, send(p), emailCreateMail, { username, email: target, ...fields })
      enqueue.assign({ requests: asked.requests, ...patch(c, p.channel, { target, scene, username, requested: false, failed: false, error: null, challenge: null, answered: null }) })
      enqueue.emit(asked.notice)
    }),
    /** The v4 validation of the challenge answered: before sign-in (a send naming its scene) or the player's own. */
    validate: enqueueActions(({ context: c, event: e, enqueue }, p: P) => {
      const s = c[p.channel]
      if (e.type !== 'verify.challengeAnswered' || s.challenge === null) return
      const answered = { key: s.challenge.key, answer: e.answer }
      const params = { captcha_id: c.siteCode, lot_number: answered.key, captcha_output: answered.answer, scene: s.scene ?? 'sms' }
      const before = settle(c.requests, challengeOf(p))
      const asked = s.scene === null
        ? request('verify', before, validation(p), userGeetestValidate, params)
        : request('verify', before, validation(p), geetestValidate, params)
      enqueue.assign({ requests: asked.requests, ...patch(c, p.channel, { answered, error: null }) })
      enqueue.emit(asked.notice)
    }),
    /** A refused validation: a miss asks a new challenge (askChallenge, keepMiss); else the send's failure. */
    validationFailed: enqueueActions(({ context, event, enqueue }, p: P) => {
      if (event.type !== 'hall.failed') return
      const restricting = isGeetestError(event.error)
      enqueue.assign({ requests: settle(context.requests, validation(p)), ...patch(context, p.channel, { answered: null, challenge: null, error: restricting ? RESTRICTED : verifyErrorOf(event.error) }) })
      if (restricting) enqueue.emit({ type: 'geetest.challengeFailed', attempt: 'codeSend' })
    }),
    dropValidation: assign(({ context }, p: P) => ({ requests: settle(context.requests, validation(p)), ...patch(context, p.channel, { answered: null }) })),
    sent: assign(({ context }, p: P) => ({ requests: settle(context.requests, send(p)), ...patch(context, p.channel, { requested: true }) })),
    fail: enqueueActions(({ context, event, enqueue }, p: P) => {
      if (event.type !== 'hall.failed') return
      const restricting = isGeetestError(event.error)
      enqueue.assign({ requests: settle(context.requests, send(p)), ...patch(context, p.channel, { failed: true, error: restricting ? RESTRICTED : verifyErrorOf(event.error) }) })
      if (restricting) enqueue.emit({ type: 'geetest.challengeFailed', attempt: 'codeSend' })
    }),
    startCountdown: assign(({ context }, p: P) => patch(context, p.channel, { countdown: COUNTDOWN_SECONDS })),
    tick: assign(({ context }, p: P) => patch(context, p.channel, { countdown: Math.max(0, context[p.channel].countdown - 1) })),
    askChallenge: enqueueActions(({ context: c, enqueue }, p: P) => {
      const asked = request('verify', settle(c.requests, send(p)), challengeOf(p), captcha, {})
      enqueue.assign({ requests: asked.requests, ...patch(c, p.channel, { failed: false, challenge: null, error: null }) })
      enqueue.emit(asked.notice)
    }),
    /** The missed challenge's refusal stays shown beside the new challenge. */
    keepMiss: assign(({ context, event }, p: P) => (event.type === 'hall.failed' ? patch(context, p.channel, { error: verifyErrorOf(event.error) }) : {})),
    takeChallenge: assign(({ context, event }, p: P) => ({
      requests: settle(context.requests, challengeOf(p)),
      ...patch(context, p.channel, { challenge: event.type === 'hall.responded' ? dataOf(captcha, event) : null }),
    })),
    challengeFailed: assign(({ context, event }, p: P) => ({
      requests: settle(context.requests, challengeOf(p)),
      ...patch(context, p.channel, { challenge: null, error: event.type === 'hall.failed' ? verifyErrorOf(event.error) : null }),
    })),
    dropChallenge: assign(({ context }, p: P) => ({ requests: settle(context.requests, challengeOf(p)), ...patch(context, p.channel, { challenge: null }) })),
  },
}).createMachine({
  id: 'verify',
  context: initialVerify,
  type: 'parallel',
  on: {
    'app.started': { actions: 'takeProfile' },
    'geetest.restricted': { actions: 'restrict' },
    'geetest.lifted': { actions: 'lift' },
    // A new player starts afresh: nothing in flight, no countdown.
    'session.loggedIn': { target: ['.phone.idle', '.email.idle'], actions: 'reset' },
    'session.loggedOut': { target: ['.phone.idle', '.email.idle'], actions: 'reset' },
  },
  states: {
    phone: channelRegion('phone'),
    email: channelRegion('email'),
  },
})

/** One channel's send, the same for the phone and the email address. */
function channelRegion(channel: VerifyChannel) {
  const p = { channel }
  const guard = <T extends string>(type: T) => ({ type, params: p }) as const
  const action = <T extends string>(type: T) => ({ type, params: p }) as const
  const idle = `#verify.${channel}.idle`
  return {
    initial: 'idle',
    states: {
      idle: {
        on: {
          'verify.codeSendRequested': [
            { guard: guard('refusedSend'), actions: action('refuse') },
            { guard: guard('canSend'), target: 'sending', actions: action('send') },
          ],
        },
      },
      sending: {
        initial: 'held',
        on: { 'hall.responded': { guard: guard('sendAnswer'), target: 'sent', actions: action('sent') } },
        states: {
          held: {
            after: { sendLock: [{ guard: guard('failedInLock'), target: idle }, { target: 'free' }] },
            on: {
              'hall.failed': [
                { guard: guard('forcedChallenge'), target: `#verify.${channel}.challenge`, actions: action('askChallenge') },
                { guard: guard('missedChallenge'), target: `#verify.${channel}.challenge`, actions: [action('askChallenge'), action('keepMiss')] },
                { guard: guard('sendAnswer'), actions: action('fail') },
              ],
            },
          },
          free: {
            on: {
              'hall.failed': [
                { guard: guard('forcedChallenge'), target: `#verify.${channel}.challenge`, actions: action('askChallenge') },
                { guard: guard('missedChallenge'), target: `#verify.${channel}.challenge`, actions: [action('askChallenge'), action('keepMiss')] },
                { guard: guard('sendAnswer'), target: idle, actions: action('fail') },
              ],
            },
          },
        },
      },
      sent: { after: { countdownStart: { target: 'counting', actions: action('startCountdown') } } },
      counting: {
        after: {
          tick: [
            { guard: guard('lastTick'), target: 'idle', actions: action('tick') },
            { target: 'counting', reenter: true, actions: action('tick') },
          ],
        },
      },
      challenge: {
        initial: 'loading',
        on: { 'verify.challengeCancelled': { guard: guard('mineIntent'), target: 'idle', actions: action('dropChallenge') } },
        states: {
          loading: {
            on: {
              'hall.responded': { guard: guard('challengeAnswer'), target: 'shown', actions: action('takeChallenge') },
              'hall.failed': { guard: guard('challengeAnswer'), target: idle, actions: action('challengeFailed') },
            },
          },
          shown: {
            on: {
              'verify.challengeRenewed': { guard: guard('mineIntent'), target: 'loading', actions: action('askChallenge') },
              'verify.challengeAnswered': [
                { guard: guard('refusedAnswer'), actions: action('refuse') },
                { guard: guard('answeredV4'), target: 'validating', actions: action('validate') },
                { guard: guard('answered'), target: `#verify.${channel}.sending`, actions: action('send') },
              ],
            },
          },
          // The hall profile's Geetest v4: the answer is validated first; its pass goes with the send.
          validating: {
            on: {
              'verify.challengeCancelled': { guard: guard('mineIntent'), target: idle, actions: [action('dropValidation'), action('dropChallenge')] },
              // A restriction that started meanwhile refuses the send (the pass is left unused).
              'hall.responded': [
                { guard: guard('validatedRestricted'), target: idle, actions: [action('dropValidation'), action('dropChallenge'), action('refuse')] },
                { guard: guard('validated'), target: `#verify.${channel}.sending`, actions: action('send') },
              ],
              'hall.failed': [
                { guard: guard('validationMissed'), target: 'loading', actions: [action('dropValidation'), action('askChallenge'), action('keepMiss')] },
                { guard: guard('validationFailed'), target: idle, actions: action('validationFailed') },
              ],
            },
          },
        },
      },
    },
  } as const
}
