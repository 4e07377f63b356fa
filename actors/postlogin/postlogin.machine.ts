import { assign, enqueueActions, setup } from 'xstate'
import type { NewcomerBenefit } from '../../schemas/hall/calls/task'
import {
  CODE_DELAYS, COUNTDOWN_SECONDS, POSTLOGIN_CALLS, REFRESH_ITEMS, authenticatorOf, benefitsListOf, bindRequestOf, bindStateOf, formErrorOf,
  initialContext, newcomerPops, nextBindItem, rechargeListOf, sendCallOf, sendPayloadOf,
  type PostloginContext, type PostloginEmitted, type PostloginEvent,
} from './postlogin.logic'

/**
 * The post-login sequence (screens §4 after login, bind flow). On a real sign-in it asks the lobby
 * to refresh what depends on the player. Then, one step after the other:
 *
 * 1. the forced password change (change_password 1): the popup queue shows it and the session
 *    actor does it; its new sign-in (change_password cleared) reruns the steps from the start;
 * 2. the forced bind: while fewer than must_bind_item items are bound, the next unbound item in the
 *    order phone, email, google auth, withdraw password, in the forceBind popup; codes are sent
 *    and checked through the hall (the 60 s countdown starts 1.5 s after a send);
 * 3. the forced pop-ups: the frame box shows the frames due and says when it is finished;
 * 4. the red packets: fetched at sign-in by the red-packets actor, which holds their popup until
 *    this step starts and says when it is over (nothing to show, or the popup closed);
 * 5. the recharge pop-up when the pop-recharge list has promotions (actives, unless disablePop);
 * 6. the new-benefits pop-up when the newcomer call asks for it;
 *
 * each awaiting the close of the one before (`popup.closed`, 100 ms after it was hidden;
 * `redpackets.stepFinished` for the red packets); at the end, when the player has recharged and
 * guideSetupMode > 0, the download-app popup.
 *
 * Once the sequence is over, each time the player comes back to the game page the pop-recharge
 * list is fetched again (spec §4: on the game page after login) and its pop-up shown when it has
 * promotions.
 *
 * The guide-setup mode comes with site.ready (system info, injected or fetched) and with a
 * reloaded system info.
 *
 * Consumes: site.ready, nav.navigated, session.loggedIn, session.loggedOut, hall.responded, hall.failed, popup.closed,
 *   framebox.finished, redpackets.stepFinished, postlogin.codeSendRequested, postlogin.bindSubmitted,
 *   postlogin.popupDisableRequested ('do not show again' on the recharge or new-benefits pop-up),
 *   postlogin.benefitReceiveRequested (a receivable newcomer reward in the new-benefits pop-up),
 *   postlogin.bindOpened (the security page opens the bind form of an unbound item once the
 *   sequence is over: the same form, closable, in the `bind` popup).
 * Emits: hall.requested, postlogin.popupRequested, postlogin.popupDismissed,
 *   postlogin.refreshRequested, postlogin.framesStarted, postlogin.redPacketsStarted,
 *   postlogin.bound, postlogin.finished.
 */

const answers = (id: string | null | undefined, e: PostloginEvent): boolean =>
  (e.type === 'hall.responded' || e.type === 'hall.failed') && id != null && e.requestId === id

export const postloginMachine = setup({
  types: { context: {} as PostloginContext, events: {} as PostloginEvent, emitted: {} as PostloginEmitted },
  delays: { countdownStart: CODE_DELAYS.countdownStart, tick: CODE_DELAYS.tick },
  guards: {
    realPlayer: ({ event }) => event.type === 'session.loggedIn' && event.real,
    mustChangePassword: ({ event }) => event.type === 'session.loggedIn' && event.mustChangePassword,
    needsBind: ({ context }) => nextBindItem(context.bind) !== null,
    sendAnswer: ({ context, event }) => answers(context.form?.sendId, event),
    submitAnswer: ({ context, event }) => answers(context.form?.submitId, event),
    canSend: ({ context, event }) =>
      event.type === 'postlogin.codeSendRequested' && context.form !== null && context.form.item === event.item &&
      context.form.sendId === null && context.form.countdown === 0,
    canSubmit: ({ context, event }) =>
      event.type === 'postlogin.bindSubmitted' && context.form !== null && context.form.item === event.item && context.form.submitId === null,
    lastTick: ({ context }) => (context.form?.countdown ?? 0) <= 1,
    bindClosed: ({ event }) => event.type === 'popup.closed' && event.popup === 'forceBind',
    voluntaryClosed: ({ context, event }) => context.voluntary && event.type === 'popup.closed' && event.popup === 'bind',
    entersGamePage: ({ context, event }) => event.type === 'nav.navigated' && event.name === 'game' && !context.onGamePage,
    canOpenVoluntary: ({ context, event }) => event.type === 'postlogin.bindOpened' && !(context.bind?.bound ?? []).includes(event.item),
    stepAnswer: ({ context, event }) => answers(context.stepId, event),
    hasRechargeAnswer: ({ context, event }) =>
      answers(context.stepId, event) && event.type === 'hall.responded' && rechargeListOf(event.data).length > 0,
    benefitsAnswer: ({ context, event }) => answers(context.stepId, event) && event.type === 'hall.responded' && newcomerPops(event.data),
    rechargeClosed: ({ event }) => event.type === 'popup.closed' && event.popup === 'rechargePopup',
    benefitsClosed: ({ event }) => event.type === 'popup.closed' && event.popup === 'newBenefitsModal',
    // Once per pop-up: a second press while it closes asks nothing more.
    disablesRecharge: ({ context, event }) => event.type === 'postlogin.popupDisableRequested' && event.popup === 'rechargePopup' && context.stepId === null,
    receiveAnswer: ({ context, event }) => answers(context.stepId, event) && 'call' in event && event.call === POSTLOGIN_CALLS.receiveBenefit,
    canReceive: ({ context, event }) =>
      event.type === 'postlogin.benefitReceiveRequested' && context.stepId === null &&
      (context.benefits ?? []).some((b) => b.id === event.id && b.status === 0),
    disablesBenefits: ({ context, event }) => event.type === 'postlogin.popupDisableRequested' && event.popup === 'newBenefitsModal' && context.stepId === null,
  },
  actions: {
    noteUser: assign(({ event }) => (event.type === 'session.loggedIn' ? { bind: bindStateOf(event), hasRecharged: event.hasRecharged ?? false } : {})),
    noteSysInfo: assign(({ event }) => (event.type === 'site.ready' ? { guideSetupMode: event.guideSetupMode ?? 0 } : {})),
    signIn: enqueueActions(({ enqueue }) => {
      enqueue.assign({ form: null, stepId: null, voluntary: false, benefits: null })
      enqueue.emit({ type: 'postlogin.refreshRequested', items: [...REFRESH_ITEMS] })
    }),
    signOut: assign(({ context }) => ({
      ...initialContext, requestCount: context.requestCount, guideSetupMode: context.guideSetupMode, onGamePage: context.onGamePage,
    })),
    noteRoute: assign(({ event }) => (event.type === 'nav.navigated' ? { onGamePage: event.name === 'game' } : {})),
    openVoluntary: enqueueActions(({ enqueue, event }) => {
      if (event.type !== 'postlogin.bindOpened') return
      enqueue.assign({
        voluntary: true,
        form: { item: event.item, sentTo: '', countdown: 0, sendId: null, submitId: null, error: null, secret: null, otpauth: null },
      })
      enqueue.emit({ type: 'postlogin.popupRequested', popup: 'bind', props: { item: event.item } })
    }),
    closeVoluntary: assign({ form: null, voluntary: false }),
    openBind: enqueueActions(({ context, enqueue }) => {
      const item = nextBindItem(context.bind)
      if (item === null) return
      enqueue.assign({ form: { item, sentTo: '', countdown: 0, sendId: null, submitId: null, error: null, secret: null, otpauth: null } })
      enqueue.emit({
        type: 'postlogin.popupRequested',
        popup: 'forceBind',
        props: { item, bound: context.bind?.bound.length ?? 0, required: context.bind?.mustBindItem ?? 0 },
      })
    }),
    sendCode: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'postlogin.codeSendRequested' || context.form === null) return
      const requestId = `postlogin-${context.requestCount + 1}`
      enqueue.assign({ requestCount: context.requestCount + 1, form: { ...context.form, sendId: requestId, sentTo: event.target, error: null } })
      enqueue.emit({ type: 'hall.requested', requestId, call: sendCallOf(event.item), payload: sendPayloadOf(event.item, event.target) })
    }),
    sendDone: assign(({ context, event }) => {
      if (context.form === null) return {}
      const form = { ...context.form, sendId: null, error: event.type === 'hall.failed' ? formErrorOf(event) : null }
      // Starting the authenticator binding answers its secret: the form shows it.
      return { form: event.type === 'hall.responded' && form.item === 'googleAuth' ? { ...form, ...authenticatorOf(event.data) } : form }
    }),
    startCountdown: assign(({ context }) => (context.form === null ? {} : { form: { ...context.form, countdown: COUNTDOWN_SECONDS } })),
    tick: assign(({ context }) => (context.form === null ? {} : { form: { ...context.form, countdown: Math.max(0, context.form.countdown - 1) } })),
    submit: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'postlogin.bindSubmitted' || context.form === null) return
      const requestId = `postlogin-${context.requestCount + 1}`
      const { call, payload } = bindRequestOf(event.item, event.target, event.code)
      enqueue.assign({ requestCount: context.requestCount + 1, form: { ...context.form, submitId: requestId, error: null } })
      enqueue.emit({ type: 'hall.requested', requestId, call, payload })
    }),
    bound: enqueueActions(({ context, enqueue }) => {
      const form = context.form
      if (form === null || context.bind === null) return
      enqueue.assign({ bind: { ...context.bind, bound: [...context.bind.bound, form.item] }, form: { ...form, submitId: null } })
      enqueue.emit({ type: 'postlogin.bound', item: form.item })
      enqueue.emit({ type: 'postlogin.popupDismissed', popup: context.voluntary ? 'bind' : 'forceBind' })
    }),
    submitFailed: assign(({ context, event }) =>
      context.form === null || event.type !== 'hall.failed' ? {} : { form: { ...context.form, submitId: null, error: formErrorOf(event) } },
    ),
    dropForm: assign({ form: null }),
    startFrames: enqueueActions(({ enqueue }) => {
      enqueue.emit({ type: 'postlogin.framesStarted' })
    }),
    startRedPackets: enqueueActions(({ enqueue }) => {
      enqueue.emit({ type: 'postlogin.redPacketsStarted' })
    }),
    requestStep: enqueueActions(({ context, enqueue }, params: { call: string }) => {
      const requestId = `postlogin-${context.requestCount + 1}`
      enqueue.assign({ requestCount: context.requestCount + 1, stepId: requestId })
      enqueue.emit({ type: 'hall.requested', requestId, call: params.call, payload: {} })
    }),
    openRecharge: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'hall.responded') return
      enqueue.emit({ type: 'postlogin.popupRequested', popup: 'rechargePopup', props: { actives: [...rechargeListOf(event.data)] } })
    }),
    openBenefits: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'hall.responded') return
      const list = benefitsListOf(event.data) as ReadonlyArray<NewcomerBenefit>
      enqueue.assign({ benefits: list })
      enqueue.emit({ type: 'postlogin.popupRequested', popup: 'newBenefitsModal', props: { list: [...list] } })
    }),
    receiveBenefit: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'postlogin.benefitReceiveRequested') return
      const requestId = `postlogin-${context.requestCount + 1}`
      enqueue.assign({ requestCount: context.requestCount + 1, stepId: requestId })
      enqueue.emit({ type: 'hall.requested', requestId, call: POSTLOGIN_CALLS.receiveBenefit, payload: { id: event.id } })
    }),
    /** The reward was received: its benefit's status becomes 1. */
    benefitReceived: assign(({ context, event }) => {
      const id = event.type === 'hall.responded' ? (event.data as { id?: unknown } | null)?.id : undefined
      return { stepId: null, benefits: context.benefits?.map((b) => (b.id === id ? { ...b, status: 1 as const } : b)) ?? null }
    }),
    dropStep: assign({ stepId: null }),
    dropBenefits: assign({ benefits: null, stepId: null }),
    /** 'Do not show again': the hall is told (its answer is not awaited) and the pop-up closes. */
    disablePopup: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'postlogin.popupDisableRequested') return
      const requestId = `postlogin-${context.requestCount + 1}`
      const recharge = event.popup === 'rechargePopup'
      enqueue.assign({ requestCount: context.requestCount + 1, stepId: requestId })
      enqueue.emit({
        type: 'hall.requested', requestId,
        call: recharge ? POSTLOGIN_CALLS.disableRecharge : POSTLOGIN_CALLS.disableNewcomer,
        payload: recharge ? { popType: 1, popStatus: 1 } : {},
      })
      enqueue.emit({ type: 'postlogin.popupDismissed', popup: event.popup })
    }),
    finish: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'postlogin.finished' })
      // Offered once the forced steps are over, so it never stands in front of them.
      if (context.hasRecharged && context.guideSetupMode > 0) {
        enqueue.emit({ type: 'postlogin.popupRequested', popup: 'downloadApp', props: { guideSetupMode: context.guideSetupMode } })
      }
    }),
  },
}).createMachine({
  id: 'postlogin',
  context: initialContext,
  initial: 'signedOut',
  on: {
    'site.ready': { actions: 'noteSysInfo' },
    'nav.navigated': { actions: 'noteRoute' },
    'session.loggedIn': [
      { guard: 'realPlayer', target: '.signedIn', reenter: true, actions: ['noteUser', 'signIn'] },
      { target: '.signedOut', actions: 'signOut' },
    ],
    'session.loggedOut': { target: '.signedOut', actions: 'signOut' },
  },
  states: {
    signedOut: {},
    signedIn: {
      initial: 'start',
      states: {
        start: {
          always: [
            // The popup queue shows the forced change; the session signs in again once it is done.
            { guard: 'mustChangePassword', target: 'changingPassword' },
            { target: 'bindCheck' },
          ],
        },
        changingPassword: {},
        bindCheck: {
          always: [{ guard: 'needsBind', target: 'binding', actions: 'openBind' }, { target: 'frames' }],
        },
        binding: {
          initial: 'idle',
          on: {
            // A bind form opened from the security page may be closed unbound.
            'popup.closed': { guard: 'voluntaryClosed', target: 'settled', actions: 'closeVoluntary' },
            'postlogin.bindSubmitted': { guard: 'canSubmit', actions: 'submit' },
            'hall.responded': { guard: 'submitAnswer', target: 'bindClosing', actions: 'bound' },
            'hall.failed': { guard: 'submitAnswer', actions: 'submitFailed' },
          },
          states: {
            /** The send button is free. */
            idle: {
              on: { 'postlogin.codeSendRequested': { guard: 'canSend', target: 'sending', actions: 'sendCode' } },
            },
            /** A code send in flight: the button is locked. */
            sending: {
              on: {
                // A bind answer arriving meanwhile is taken by the binding state above.
                'hall.responded': { guard: 'sendAnswer', target: 'sent', actions: 'sendDone' },
                'hall.failed': { guard: 'sendAnswer', target: 'idle', actions: 'sendDone' },
              },
            },
            /** Sent: the countdown starts 1.5 s later; the button stays locked. */
            sent: { after: { countdownStart: { target: 'counting', actions: 'startCountdown' } } },
            /** The 60 s countdown, a second at a time. */
            counting: {
              after: {
                tick: [
                  { guard: 'lastTick', target: 'idle', actions: 'tick' },
                  { target: 'counting', reenter: true, actions: 'tick' },
                ],
              },
            },
          },
        },
        /** An item was bound: once its popup has closed, the next item or the next step. */
        bindClosing: {
          on: {
            'popup.closed': [
              { guard: 'bindClosed', target: 'bindCheck', actions: 'dropForm' },
              { guard: 'voluntaryClosed', target: 'settled', actions: 'closeVoluntary' },
            ],
          },
        },
        frames: {
          entry: 'startFrames',
          on: { 'framebox.finished': { target: 'redPackets' } },
        },
        /** The red packets fetched at sign-in: their popup shows now; the red-packets actor says when it is over. */
        redPackets: {
          entry: 'startRedPackets',
          on: { 'redpackets.stepFinished': { target: 'recharge' } },
        },
        /** The pop-recharge list: its popup when it has promotions. */
        recharge: {
          entry: { type: 'requestStep', params: { call: POSTLOGIN_CALLS.rechargeList } },
          on: {
            'hall.responded': [
              { guard: 'hasRechargeAnswer', target: 'rechargeShown', actions: ['dropStep', 'openRecharge'] },
              { guard: 'stepAnswer', target: 'benefits', actions: 'dropStep' },
            ],
            'hall.failed': { guard: 'stepAnswer', target: 'benefits', actions: 'dropStep' },
          },
        },
        rechargeShown: {
          on: {
            'popup.closed': { guard: 'rechargeClosed', target: 'benefits' },
            'postlogin.popupDisableRequested': { guard: 'disablesRecharge', actions: 'disablePopup' },
          },
        },
        /** The newcomer benefits: their popup when the hall asks for it. */
        benefits: {
          entry: { type: 'requestStep', params: { call: POSTLOGIN_CALLS.newcomerPop } },
          on: {
            'hall.responded': [
              { guard: 'benefitsAnswer', target: 'benefitsShown', actions: ['dropStep', 'openBenefits'] },
              { guard: 'stepAnswer', target: 'done', actions: 'dropStep' },
            ],
            'hall.failed': { guard: 'stepAnswer', target: 'done', actions: 'dropStep' },
          },
        },
        benefitsShown: {
          on: {
            'popup.closed': { guard: 'benefitsClosed', target: 'done', actions: 'dropBenefits' },
            'postlogin.popupDisableRequested': { guard: 'disablesBenefits', actions: 'disablePopup' },
            'postlogin.benefitReceiveRequested': { guard: 'canReceive', actions: 'receiveBenefit' },
            'hall.responded': { guard: 'receiveAnswer', actions: 'benefitReceived' },
            'hall.failed': { guard: 'receiveAnswer', actions: 'dropStep' },
          },
        },
        done: {
          entry: 'finish',
          on: {
            'postlogin.bindOpened': { guard: 'canOpenVoluntary', target: 'binding', actions: 'openVoluntary' },
            'nav.navigated': [{ guard: 'entersGamePage', target: 'gameRecharge', actions: 'noteRoute' }, { actions: 'noteRoute' }],
          },
        },
        /** The sequence is over (after a bind form the security page opened, or the game page's recharge pop-up). */
        settled: {
          on: {
            'postlogin.bindOpened': { guard: 'canOpenVoluntary', target: 'binding', actions: 'openVoluntary' },
            'nav.navigated': [{ guard: 'entersGamePage', target: 'gameRecharge', actions: 'noteRoute' }, { actions: 'noteRoute' }],
          },
        },
        /** Back on the game page after login: the pop-recharge list again, its pop-up when it has promotions. */
        gameRecharge: {
          entry: { type: 'requestStep', params: { call: POSTLOGIN_CALLS.rechargeList } },
          on: {
            'hall.responded': [
              { guard: 'hasRechargeAnswer', target: 'gameRechargeShown', actions: ['dropStep', 'openRecharge'] },
              { guard: 'stepAnswer', target: 'settled', actions: 'dropStep' },
            ],
            'hall.failed': { guard: 'stepAnswer', target: 'settled', actions: 'dropStep' },
          },
        },
        gameRechargeShown: {
          on: {
            'popup.closed': { guard: 'rechargeClosed', target: 'settled' },
            'postlogin.popupDisableRequested': { guard: 'disablesRecharge', actions: 'disablePopup' },
          },
        },
      },
    },
  },
})
