import { describe, expect, it } from 'vitest'
import { assign, setup, type SnapshotFrom } from 'xstate'
import { bindStateOf, nextBindItem, postloginInitialContext, postloginMachine, type BindForm, type PostloginContext, type PostloginEvent } from '../../actors/postlogin'
import type { BindItem } from '../../schemas/events/postlogin'
import { newcomerBenefitPop } from '../../schemas/hall/calls/task'
import { answers as kitAnswers, forgetAll, isAwaiting, request, settle } from '../../actors/kit/requests'
import { secret } from '../../schemas/secret'
import { revealAll } from '../../src/effects/secret'
import { modelHarness, type StepCheck } from './harness'

// The test model: the post-login sequence's steps written out again. Phone and email codes are
// sent by the verification flow (tests/model/verify.model.test.ts); the sequence binds with them.
// Reading the user info is the pure rule of postlogin.logic (unit-tested on its own).

type ModelEvent = PostloginEvent
const form = (item: BindItem): BindForm => ({ item, error: null, secret: null, otpauth: null })

// What is in flight is the kit's bookkeeping (its own model test covers it): which call a purpose
// asks for does not change what it awaits.
type Purpose = 'start' | 'submit' | 'step'
const ask = (c: PostloginContext, purpose: Purpose) => request('postlogin', c.requests, purpose, newcomerBenefitPop, {}).requests
const awaited = (c: PostloginContext, purpose: Purpose): string | null => c.requests.awaiting[purpose] ?? null
const answers = (c: PostloginContext, purpose: Purpose, e: ModelEvent) => kitAnswers(c.requests, purpose, e)
const withoutForm = (c: PostloginContext) => settle(c.requests, 'start', 'submit')
const listOf = (d: unknown) => ((d as { disablePop?: number } | null)?.disablePop === 1 ? 0 : ((d as { actives?: unknown[] } | null)?.actives ?? []).length)
const pops = (d: unknown) => (d as { pop?: unknown } | null)?.pop === 1

const model = setup({
  types: { context: {} as PostloginContext, events: {} as ModelEvent },
  guards: {
    real: ({ event }) => event.type === 'session.loggedIn' && event.real,
    mustChange: ({ event }) => event.type === 'session.loggedIn' && event.mustChangePassword,
    needsBind: ({ context }) => nextBindItem(context.bind) !== null,
    canStart: ({ context }) => context.form?.item === 'googleAuth' && !isAwaiting(context.requests, 'start'),
    canSubmit: ({ context, event }) =>
      event.type === 'postlogin.bindSubmitted' && context.form?.item === event.item && !isAwaiting(context.requests, 'submit'),
    startAnswer: ({ context, event }) => answers(context, 'start', event),
    submitAnswer: ({ context, event }) => answers(context, 'submit', event),
    stepAnswer: ({ context, event }) => answers(context, 'step', event),
    rechargeAnswer: ({ context, event }) => answers(context, 'step', event) && event.type === 'hall.responded' && listOf(event.data) > 0,
    benefitsAnswer: ({ context, event }) => answers(context, 'step', event) && event.type === 'hall.responded' && pops(event.data),
    closedBind: ({ event }) => event.type === 'popup.closed' && event.popup === 'forceBind',
    closedRecharge: ({ event }) => event.type === 'popup.closed' && event.popup === 'rechargePopup',
    closedBenefits: ({ event }) => event.type === 'popup.closed' && event.popup === 'newBenefitsModal',
    receiveAnswer: ({ context, event }) => answers(context, 'step', event) && 'call' in event && event.call === 'newcomerBenefitReward',
    canReceive: ({ context, event }) =>
      event.type === 'postlogin.benefitReceiveRequested' && !isAwaiting(context.requests, 'step') && (context.benefits ?? []).some((b) => b.id === event.id && b.status === 0),
    entersGame: ({ context, event }) => event.type === 'nav.navigated' && event.name === 'game' && !context.onGamePage,
    closedVoluntary: ({ context, event }) => context.voluntary && event.type === 'popup.closed' && event.popup === 'bind',
    canOpen: ({ context, event }) => event.type === 'postlogin.bindOpened' && !(context.bind?.bound ?? []).includes(event.item),
    disableRecharge: ({ context, event }) => event.type === 'postlogin.popupDisableRequested' && event.popup === 'rechargePopup' && !isAwaiting(context.requests, 'step'),
    disableBenefits: ({ context, event }) => event.type === 'postlogin.popupDisableRequested' && event.popup === 'newBenefitsModal' && !isAwaiting(context.requests, 'step'),
  },
  actions: {
    user: assign(({ event }) => (event.type === 'session.loggedIn' ? { bind: bindStateOf(event), hasRecharged: event.hasRecharged ?? false } : {})),
    signIn: assign(({ context }) => ({ requests: forgetAll(context.requests), form: null, voluntary: false, benefits: null })),
    takeBenefits: assign(({ event }) => (event.type === 'hall.responded' ? { benefits: (event.data as { list: PostloginContext['benefits'] }).list } : {})),
    received: assign(({ context, event }) => {
      const id = event.type === 'hall.responded' ? (event.data as { id?: unknown } | null)?.id : undefined
      return { requests: settle(context.requests, 'step'), benefits: context.benefits?.map((b) => (b.id === id ? { ...b, status: 1 as const } : b)) ?? null }
    }),
    signOut: assign(({ context }) => ({ ...postloginInitialContext, requests: forgetAll(context.requests), guideSetupMode: context.guideSetupMode, onGamePage: context.onGamePage })),
    route: assign(({ event }) => (event.type === 'nav.navigated' ? { onGamePage: event.name === 'game' } : {})),
    openBind: assign(({ context }) => {
      const item = nextBindItem(context.bind)
      return item === null ? {} : { form: form(item), requests: withoutForm(context) }
    }),
    start: assign(({ context }) => (context.form === null ? {} : { requests: ask(context, 'start'), form: { ...context.form, error: null } })),
    started: assign(({ context, event }) => {
      if (context.form === null) return {}
      const error = event.type === 'hall.failed' && event.error._tag === 'ServiceCode' ? { code: event.error.code, message: event.error.msg } : event.type === 'hall.failed' ? { code: null, message: event.error._tag } : null
      const d = event.type === 'hall.responded' ? (event.data as { secret?: unknown; otpauth?: unknown } | null) : null
      return { requests: settle(context.requests, 'start'), form: { ...context.form, error, ...(d === null ? {} : { secret: typeof d?.secret === 'string' ? d.secret : null, otpauth: typeof d?.otpauth === 'string' ? d.otpauth : null }) } }
    }),
    submit: assign(({ context }) => (context.form === null ? {} : { requests: ask(context, 'submit'), form: { ...context.form, error: null } })),
    bound: assign(({ context }) =>
      context.form === null || context.bind === null ? {} : { bind: { ...context.bind, bound: [...context.bind.bound, context.form.item] }, requests: settle(context.requests, 'submit') },
    ),
    submitFailed: assign(({ context, event }) =>
      context.form === null || event.type !== 'hall.failed' ? {} : { requests: settle(context.requests, 'submit'), form: { ...context.form, error: event.error._tag === 'ServiceCode' ? { code: event.error.code, message: event.error.msg } : { code: null, message: event.error._tag } } },
    ),
    dropForm: assign(({ context }) => ({ form: null, requests: withoutForm(context) })),
    openVoluntary: assign(({ context, event }) =>
      event.type === 'postlogin.bindOpened'
        ? { voluntary: true, form: form(event.item), requests: withoutForm(context) }
        : {},
    ),
    closeVoluntary: assign(({ context }) => ({ form: null, voluntary: false, requests: withoutForm(context) })),
    step: assign(({ context }) => ({ requests: ask(context, 'step') })),
    dropStep: assign(({ context }) => ({ requests: settle(context.requests, 'step') })),
  },
}).createMachine({
  id: 'postloginModel',
  context: postloginInitialContext,
  initial: 'signedOut',
  on: {
    'nav.navigated': { actions: 'route' },
    'site.ready': { actions: assign(({ event }) => ({ guideSetupMode: event.type === 'site.ready' ? (event.guideSetupMode ?? 0) : 0 })) },
    'session.loggedIn': [{ guard: 'real', target: '.signedIn', reenter: true, actions: ['user', 'signIn'] }, { target: '.signedOut', actions: 'signOut' }],
    'session.loggedOut': { target: '.signedOut', actions: 'signOut' },
  },
  states: {
    signedOut: {},
    signedIn: {
      initial: 'start',
      states: {
        start: { always: [{ guard: 'mustChange', target: 'changingPassword' }, { target: 'bindCheck' }] },
        changingPassword: {},
        bindCheck: { always: [{ guard: 'needsBind', target: 'binding', actions: 'openBind' }, { target: 'frames' }] },
        binding: {
          initial: 'idle',
          on: {
            'popup.closed': { guard: 'closedVoluntary', target: 'settled', actions: 'closeVoluntary' },
            'postlogin.bindSubmitted': { guard: 'canSubmit', actions: 'submit' },
            'hall.responded': { guard: 'submitAnswer', target: 'bindClosing', actions: 'bound' },
            'hall.failed': { guard: 'submitAnswer', actions: 'submitFailed' },
          },
          states: {
            idle: { on: { 'postlogin.authenticatorRequested': { guard: 'canStart', target: 'starting', actions: 'start' } } },
            starting: {
              on: {
                'hall.responded': { guard: 'startAnswer', target: 'idle', actions: 'started' },
                'hall.failed': { guard: 'startAnswer', target: 'idle', actions: 'started' },
              },
            },
          },
        },
        bindClosing: {
          on: {
            'popup.closed': [
              { guard: 'closedBind', target: 'bindCheck', actions: 'dropForm' },
              { guard: 'closedVoluntary', target: 'settled', actions: 'closeVoluntary' },
            ],
          },
        },
        frames: { on: { 'framebox.finished': { target: 'redPackets' } } },
        redPackets: { on: { 'redpackets.stepFinished': { target: 'recharge', actions: 'step' } } },
        recharge: {
          on: {
            'hall.responded': [{ guard: 'rechargeAnswer', target: 'rechargeShown', actions: 'dropStep' }, { guard: 'stepAnswer', target: 'benefits', actions: ['dropStep', 'step'] }],
            'hall.failed': { guard: 'stepAnswer', target: 'benefits', actions: ['dropStep', 'step'] },
          },
        },
        rechargeShown: {
          on: {
            'popup.closed': { guard: 'closedRecharge', target: 'benefits', actions: 'step' },
            'postlogin.popupDisableRequested': { guard: 'disableRecharge', actions: 'step' },
          },
        },
        benefits: {
          on: {
            'hall.responded': [{ guard: 'benefitsAnswer', target: 'benefitsShown', actions: ['dropStep', 'takeBenefits'] }, { guard: 'stepAnswer', target: 'done', actions: 'dropStep' }],
            'hall.failed': { guard: 'stepAnswer', target: 'done', actions: 'dropStep' },
          },
        },
        benefitsShown: {
          on: {
            'popup.closed': { guard: 'closedBenefits', target: 'done', actions: assign(({ context }) => ({ benefits: null, requests: settle(context.requests, 'step') })) },
            'postlogin.popupDisableRequested': { guard: 'disableBenefits', actions: 'step' },
            'postlogin.benefitReceiveRequested': { guard: 'canReceive', actions: 'step' },
            'hall.responded': { guard: 'receiveAnswer', actions: 'received' },
            'hall.failed': { guard: 'receiveAnswer', actions: 'dropStep' },
          },
        },
        done: {
          on: {
            'postlogin.bindOpened': { guard: 'canOpen', target: 'binding', actions: 'openVoluntary' },
            'nav.navigated': [{ guard: 'entersGame', target: 'gameRecharge', actions: ['route', 'step'] }, { actions: 'route' }],
          },
        },
        settled: {
          on: {
            'postlogin.bindOpened': { guard: 'canOpen', target: 'binding', actions: 'openVoluntary' },
            'nav.navigated': [{ guard: 'entersGame', target: 'gameRecharge', actions: ['route', 'step'] }, { actions: 'route' }],
          },
        },
        gameRecharge: {
          on: {
            'hall.responded': [{ guard: 'rechargeAnswer', target: 'gameRechargeShown', actions: 'dropStep' }, { guard: 'stepAnswer', target: 'settled', actions: 'dropStep' }],
            'hall.failed': { guard: 'stepAnswer', target: 'settled', actions: 'dropStep' },
          },
        },
        gameRechargeShown: {
          on: {
            'popup.closed': { guard: 'closedRecharge', target: 'settled' },
            'postlogin.popupDisableRequested': { guard: 'disableRecharge', actions: 'step' },
          },
        },
      },
    },
  },
})

type ModelSnapshot = SnapshotFrom<typeof model>

type Item = 'phone' | 'email' | 'googleAuth' | 'withdrawPass'
/** A sign-in, with the bind state and recharge flag the session takes from the user info. */
const loggedIn = (real: boolean, mustChangePassword: boolean, mustBindItem = 0, hasRecharged = false, bound: ReadonlyArray<Item> = []): ModelEvent => ({
  type: 'session.loggedIn', mode: 'normal', username: 'p1', accountType: real ? 0 : 1, real, mustChangePassword,
  bind: { mustBindItem, bound }, hasRecharged,
})
const siteReady = (guideSetupMode: number): ModelEvent => ({
  type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'USD', languages: [], currencies: [], systemToken: '', autoVisitorLogin: false,
  device: 'desktop', guideSetupMode,
})
const benefit = { id: 8005, kind: 'firstRecharge', reward: '10.00', done: 1, status: 0 } as const
const navTo = (name: string): ModelEvent => ({ type: 'nav.navigated', name, path: name === 'game' ? '/home/game' : `/home/${name}`, search: '', replace: false })
const wrongCode: ModelEvent = { type: 'hall.failed', requestId: '', call: '', error: { _tag: 'ServiceCode', code: 1223, msg: 'the code is wrong' } }

const samples = (s: ModelSnapshot): ReadonlyArray<ModelEvent> => {
  const c = s.context
  const f = c.form
  const out: ModelEvent[] = []
  const signedOut = s.matches('signedOut')
  if (signedOut && c.guideSetupMode === 0) out.push(siteReady(1))
  if (signedOut && c.guideSetupMode === 1) out.push(siteReady(2), siteReady(0))
  // A sign-in with one item to bind, none and a recharge, or phone and email bound of three, each
  // with or without the forced password change.
  if (c.requests.count < 2) {
    out.push(loggedIn(true, false, 1), loggedIn(true, true, 1), loggedIn(true, false, 0, true), loggedIn(true, true, 0, true))
    out.push(loggedIn(true, false, 3, false, ['phone', 'email']))
  }
  if (!signedOut) out.push(loggedIn(false, false), { type: 'session.loggedOut', reason: 'logout' })
  if (f !== null) {
    // Bounded: a few requests per sign-in. The phone's code has 4 digits; a 6-digit one is the
    // form's to refuse (the actor cannot read it, and the harness's redacted run checks that it does
    // not decide on it); the authenticator's secret is asked for, its 6-digit code binds it.
    if (c.requests.count < 4) {
      out.push({ type: 'postlogin.bindSubmitted', item: f.item, target: f.item === 'phone' ? '5551234567' : '', code: secret(f.item === 'phone' ? '1234' : '287082') })
      out.push({ type: 'postlogin.bindSubmitted', item: 'phone', target: '5551234567', code: secret('123456') }, { type: 'postlogin.authenticatorRequested' })
    }
    const startId = awaited(c, 'start')
    const submitId = awaited(c, 'submit')
    if (startId !== null) {
      out.push({ type: 'hall.responded', requestId: startId, call: 'bindGoogleAuth', data: { secret: 'GEZDGNBVGY3TQOJQ', otpauth: 'otpauth://totp/x' } })
      out.push({ ...wrongCode, requestId: startId })
    }
    if (submitId !== null) {
      out.push({ type: 'hall.responded', requestId: submitId, call: 'securityModifyPhone', data: {} })
      out.push({ type: 'hall.failed', requestId: submitId, call: 'securityModifyPhone', error: { _tag: 'Network', message: 'offline' } })
    }
  }
  const stepId = awaited(c, 'step')
  if (stepId !== null) {
    out.push({ type: 'hall.responded', requestId: stepId, call: 'popRechargeListV2', data: { actives: [{ id: 1 }], disablePop: 0 } })
    out.push({ type: 'hall.responded', requestId: stepId, call: 'popRechargeListV2', data: { actives: [{ id: 1 }], disablePop: 1 } })
    out.push({ type: 'hall.responded', requestId: stepId, call: 'newcomerBenefitPop', data: { pop: 1, list: [benefit] } })
    if (s.matches({ signedIn: 'benefitsShown' })) {
      out.push({ type: 'hall.responded', requestId: stepId, call: 'newcomerBenefitReward', data: { id: 8005, reward: '10.00', status: 1, balance: '110.00' } })
      out.push({ type: 'hall.failed', requestId: stepId, call: 'newcomerBenefitReward', error: { _tag: 'Timeout', ms: 60_000 } })
    }
    out.push({ type: 'hall.responded', requestId: stepId, call: 'newcomerBenefitPop', data: { pop: 0 } })
    out.push({ type: 'hall.failed', requestId: stepId, call: 'newcomerBenefitPop', error: { _tag: 'Timeout', ms: 60_000 } })
  }
  out.push({ type: 'hall.responded', requestId: 'stale', call: 'popRechargeListV2', data: { actives: [1], disablePop: 0 } })
  if ((s.matches({ signedIn: 'done' }) || s.matches({ signedIn: 'settled' })) && c.requests.count < 3) out.push({ type: 'postlogin.bindOpened', item: 'phone' })
  if (s.matches({ signedIn: 'benefitsShown' }) && c.requests.count < 5) out.push({ type: 'postlogin.benefitReceiveRequested', id: 8005 })
  out.push({ type: 'popup.closed', popup: 'bind' })
  const settledish = ['done', 'settled', 'gameRecharge', 'gameRechargeShown'].some((v) => s.matches({ signedIn: v as 'done' }))
  if ((signedOut && c.bind === null) || (settledish && c.requests.count < 4)) out.push(navTo('game'), navTo('security'))
  out.push({ type: 'popup.closed', popup: 'forceBind' }, { type: 'popup.closed', popup: 'rechargePopup' }, { type: 'popup.closed', popup: 'newBenefitsModal' })
  out.push({ type: 'framebox.finished' }, { type: 'redpackets.stepFinished' })
  if (c.requests.count < 6) out.push({ type: 'postlogin.popupDisableRequested', popup: 'rechargePopup' }, { type: 'postlogin.popupDisableRequested', popup: 'newBenefitsModal' })
  return out
}

const invariants = () => ({ real, model: m, emitted }: StepCheck<typeof postloginMachine, typeof model>) => {
  // The context (bind state, form, countdown, request ids) is the model's.
  expect(real.context).toEqual(m.context)
  // The download-app popup exactly on a real sign-in of a player who recharged, when guideSetupMode > 0.
  const download = emitted.filter((x) => x.type === 'postlogin.popupRequested' && (x as unknown as { popup: string }).popup === 'downloadApp')
  const finished = emitted.some((x) => x.type === 'postlogin.finished')
  expect(download.length).toBe(finished && m.context.hasRecharged && m.context.guideSetupMode > 0 ? 1 : 0)
  // Every hall request names the id the model now waits for.
  for (const e of emitted.filter((x) => x.type === 'hall.requested')) {
    expect(Object.values(m.context.requests.awaiting)).toContain((e as unknown as { requestId: string }).requestId)
  }
  // A reward received: the balance after it goes to the wallet.
  for (const r of emitted.filter((x) => x.type === 'wallet.balanceReported')) expect(r).toEqual({ type: 'wallet.balanceReported', balance: '110.00', source: 'reward' })
  // A bind popup is asked for exactly when the binding starts, with the item in order.
  for (const e of emitted.filter((x) => x.type === 'postlogin.popupRequested' && (x as unknown as { popup: string }).popup === 'forceBind')) {
    expect((e as unknown as { props: { item: string } }).props.item).toBe(m.context.form?.item)
  }
}

const postlogin = modelHarness({
  name: 'postlogin',
  machine: postloginMachine,
  model,
  events: samples,
  check: invariants(),
  limits: { traversal: 200_000, paths: 20_000 },
})

describe('postlogin actor model', () => {
  it('follows the model on every generated path and covers every state and transition', () => {
    const report = postlogin.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
    expect(report.droppedPaths).toBe(0)
  })

  it('the download-app popup at the end of the sequence: a recharged player on a site whose system info says guideSetupMode > 0', () => {
    const download = (events: ModelEvent[]) =>
      postlogin.runEvents(events).emitted.filter((e) => e.type === 'postlogin.popupRequested' && (e as unknown as { popup: string }).popup === 'downloadApp')
    const rest: ModelEvent[] = [
      { type: 'framebox.finished' }, { type: 'redpackets.stepFinished' },
      { type: 'hall.responded', requestId: 'postlogin-1', call: 'popRechargeListV2', data: { actives: [], disablePop: 0 } },
    ]
    const last: ModelEvent = { type: 'hall.responded', requestId: 'postlogin-2', call: 'newcomerBenefitPop', data: { pop: 0, list: [] } }
    // Not before the forced steps are over.
    expect(download([siteReady(2), loggedIn(true, false, 0, true), ...rest])).toEqual([])
    expect(download([siteReady(2), loggedIn(true, false, 0, true), ...rest, last])).toEqual([{ type: 'postlogin.popupRequested', popup: 'downloadApp', props: { guideSetupMode: 2 } }])
    expect(download([siteReady(0), loggedIn(true, false, 0, true), ...rest, last])).toEqual([])
    expect(download([siteReady(2), loggedIn(true, false, 0, false), ...rest, last])).toEqual([])
  })

  it("'do not show again' tells the hall once and closes the pop-up; the next step follows its close", () => {
    const { emitted, real } = postlogin.runEvents([
      loggedIn(true, false), { type: 'framebox.finished' }, { type: 'redpackets.stepFinished' },
      { type: 'hall.responded', requestId: 'postlogin-1', call: 'popRechargeListV2', data: { actives: [{ id: 7001 }], disablePop: 0 } },
      { type: 'postlogin.popupDisableRequested', popup: 'rechargePopup' },
      { type: 'postlogin.popupDisableRequested', popup: 'rechargePopup' },
      { type: 'popup.closed', popup: 'rechargePopup' },
    ])
    expect(emitted.slice(4)).toEqual([
      { type: 'postlogin.popupRequested', popup: 'rechargePopup', props: { actives: [{ id: 7001 }] } },
      { type: 'hall.requested', requestId: 'postlogin-2', call: 'disableActivePop', payload: { popType: 1, popStatus: 1 } },
      { type: 'postlogin.popupDismissed', popup: 'rechargePopup' },
      { type: 'hall.requested', requestId: 'postlogin-3', call: 'newcomerBenefitPop', payload: {} },
    ])
    expect(real.value).toEqual({ signedIn: 'benefits' })
  })

  it('google authenticator: starting the binding shows the secret and otpauth URI the hall answered; its code binds', () => {
    const otpauth = 'otpauth://totp/Lobby:p1?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Lobby&algorithm=SHA1&digits=6&period=30'
    const code = secret('287082')
    const { real, emitted } = postlogin.runEvents([
      // Phone and email bound, three items to bind: Google authenticator is next.
      loggedIn(true, false, 3, false, ['phone', 'email']),
      { type: 'postlogin.authenticatorRequested' },
      { type: 'hall.responded', requestId: 'postlogin-1', call: 'bindGoogleAuth', data: { secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', otpauth } },
      { type: 'postlogin.bindSubmitted', item: 'googleAuth', target: '', code },
    ])
    expect(real.context.form).toMatchObject({ item: 'googleAuth', secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', otpauth })
    expect(emitted.filter((e) => e.type === 'hall.requested')).toEqual([
      { type: 'hall.requested', requestId: 'postlogin-1', call: 'bindGoogleAuth', payload: {} },
      { type: 'hall.requested', requestId: 'postlogin-2', call: 'bindGoogleAuth', payload: { code } },
    ])
    // The request carries the code typed, which only the hall runner reads.
    expect(revealAll(emitted.find((e) => e.type === 'hall.requested' && e['requestId'] === 'postlogin-2')?.['payload'])).toEqual({ code: '287082' })
  })

  it('coming back to the game page after the sequence fetches the pop-recharge list again and shows its pop-up', () => {
    const { emitted, real } = postlogin.runEvents([
      navTo('game'), loggedIn(true, false), { type: 'framebox.finished' }, { type: 'redpackets.stepFinished' },
      { type: 'hall.responded', requestId: 'postlogin-1', call: 'popRechargeListV2', data: { actives: [], disablePop: 0 } },
      { type: 'hall.responded', requestId: 'postlogin-2', call: 'newcomerBenefitPop', data: { pop: 0, list: [] } },
      navTo('game'), // a category change on the game page: no refetch
      navTo('security'),
      navTo('game'),
      { type: 'hall.responded', requestId: 'postlogin-3', call: 'popRechargeListV2', data: { actives: [{ id: 7001 }], disablePop: 0 } },
    ])
    expect(emitted.filter((e) => e.type === 'hall.requested').map((e) => (e as unknown as { call: string }).call)).toEqual(['popRechargeListV2', 'newcomerBenefitPop', 'popRechargeListV2'])
    expect(emitted.at(-1)).toEqual({ type: 'postlogin.popupRequested', popup: 'rechargePopup', props: { actives: [{ id: 7001 }] } })
    expect(real.value).toEqual({ signedIn: 'gameRechargeShown' })
  })

  it('the new-benefits pop-up receives a receivable reward once; its status becomes received, its balance goes to the wallet', () => {
    const { emitted, real } = postlogin.runEvents([
      loggedIn(true, false), { type: 'framebox.finished' }, { type: 'redpackets.stepFinished' },
      { type: 'hall.responded', requestId: 'postlogin-1', call: 'popRechargeListV2', data: { actives: [], disablePop: 0 } },
      { type: 'hall.responded', requestId: 'postlogin-2', call: 'newcomerBenefitPop', data: { pop: 1, list: [benefit, { ...benefit, id: 8001, kind: 'bindPhone', done: 0, status: -1 }] } },
      { type: 'postlogin.benefitReceiveRequested', id: 8001 }, // not done: nothing to receive
      { type: 'postlogin.benefitReceiveRequested', id: 8005 },
      { type: 'postlogin.benefitReceiveRequested', id: 8005 }, // in flight: asked once
      { type: 'hall.responded', requestId: 'postlogin-3', call: 'newcomerBenefitReward', data: { id: 8005, reward: '10.00', status: 1, balance: '110.00' } },
      { type: 'postlogin.benefitReceiveRequested', id: 8005 }, // received: not again
    ])
    expect(emitted.filter((e) => e.type === 'hall.requested').slice(2)).toEqual([
      { type: 'hall.requested', requestId: 'postlogin-3', call: 'newcomerBenefitReward', payload: { id: 8005 } },
    ])
    expect(real.context.benefits?.map((b) => [b.id, b.status])).toEqual([[8005, 1], [8001, -1]])
    expect(emitted.filter((e) => e.type === 'wallet.balanceReported')).toEqual([{ type: 'wallet.balanceReported', balance: '110.00', source: 'reward' }])
  })

  it('the red packets come after the forced pop-ups, and the recharge pop-up waits for them to be over', () => {
    const { emitted, real } = postlogin.runEvents([
      loggedIn(true, false),
      { type: 'redpackets.stepFinished' }, // too early: the frames are not over
      { type: 'framebox.finished' },
    ])
    expect(emitted.map((e) => e.type)).toEqual(['postlogin.refreshRequested', 'postlogin.framesStarted', 'postlogin.redPacketsStarted'])
    expect(real.value).toEqual({ signedIn: 'redPackets' })
    const after = postlogin.runEvents([loggedIn(true, false), { type: 'framebox.finished' }, { type: 'redpackets.stepFinished' }])
    expect(after.emitted.at(-1)).toEqual({ type: 'hall.requested', requestId: 'postlogin-1', call: 'popRechargeListV2', payload: {} })
  })

  it('a player who must change the password and bind one item: change, then bind with a real code, then the frames, recharge and benefits', () => {
    const { emitted, real } = postlogin.runEvents([
      loggedIn(true, true, 1),
      loggedIn(true, false, 1),
      // The code comes from the verification flow; the form checked its 4 digits.
      { type: 'postlogin.bindSubmitted', item: 'phone', target: '5551234567', code: secret('1234') },
      { type: 'hall.responded', requestId: 'postlogin-1', call: 'securityModifyPhone', data: {} },
      { type: 'popup.closed', popup: 'forceBind' },
      { type: 'framebox.finished' },
      { type: 'redpackets.stepFinished' },
      { type: 'hall.responded', requestId: 'postlogin-2', call: 'popRechargeListV2', data: { actives: [], disablePop: 0 } },
      { type: 'hall.responded', requestId: 'postlogin-3', call: 'newcomerBenefitPop', data: { pop: 0 } },
    ])
    expect(emitted.map((e) => e.type)).toEqual([
      'postlogin.refreshRequested', // the first sign-in (password change pending)
      'postlogin.refreshRequested', // the sign-in after the change: the steps rerun
      'postlogin.popupRequested',
      'hall.requested',
      'postlogin.bound',
      'postlogin.popupDismissed',
      'postlogin.framesStarted',
      'postlogin.redPacketsStarted',
      'hall.requested',
      'hall.requested',
      'postlogin.finished',
    ])
    expect(real.value).toEqual({ signedIn: 'done' })
  })
})
