import { assign, enqueueActions, setup } from 'xstate'
import type { NewcomerBenefit } from '../../schemas/hall/calls/task'
import {
  POSTLOGIN_CALLS, REFRESH_ITEMS, authenticatorOf, benefitsListOf, bindRequestOf, bindStateOf, formErrorOf,
  initialContext, newForm, newcomerPops, nextBindItem, rechargeListOf, submitFits,
  type PostloginContext, type PostloginEmitted, type PostloginEvent,
} from './postlogin.logic'

/**
 * The post-login actor's named implementations: its guards and actions (postlogin.machine.ts is
 * the statechart that names them).
 */
const answers = (id: string | null | undefined, e: PostloginEvent): boolean =>
  (e.type === 'hall.responded' || e.type === 'hall.failed') && id != null && e.requestId === id

export const postloginSetup = setup({
  types: { context: {} as PostloginContext, events: {} as PostloginEvent, emitted: {} as PostloginEmitted },
  guards: {
    realPlayer: ({ event }) => event.type === 'session.loggedIn' && event.real,
    mustChangePassword: ({ event }) => event.type === 'session.loggedIn' && event.mustChangePassword,
    needsBind: ({ context }) => nextBindItem(context.bind) !== null,
    startAnswer: ({ context, event }) => answers(context.form?.startId, event),
    submitAnswer: ({ context, event }) => answers(context.form?.submitId, event),
    canStart: ({ context }) => context.form?.item === 'googleAuth' && context.form.startId === null,
    canSubmit: ({ context, event }) =>
      event.type === 'postlogin.bindSubmitted' && context.form !== null && context.form.item === event.item && context.form.submitId === null &&
      submitFits(event.item, event.code),
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
      enqueue.assign({ voluntary: true, form: newForm(event.item) })
      enqueue.emit({ type: 'postlogin.popupRequested', popup: 'bind', props: { item: event.item } })
    }),
    closeVoluntary: assign({ form: null, voluntary: false }),
    openBind: enqueueActions(({ context, enqueue }) => {
      const item = nextBindItem(context.bind)
      if (item === null) return
      enqueue.assign({ form: newForm(item) })
      enqueue.emit({
        type: 'postlogin.popupRequested',
        popup: 'forceBind',
        props: { item, bound: context.bind?.bound.length ?? 0, required: context.bind?.mustBindItem ?? 0 },
      })
    }),
    /** Starting the authenticator binding: the hall answers its secret and otpauth URI, which the form shows. */
    startAuthenticator: enqueueActions(({ context, enqueue }) => {
      if (context.form === null) return
      const requestId = `postlogin-${context.requestCount + 1}`
      enqueue.assign({ requestCount: context.requestCount + 1, form: { ...context.form, startId: requestId, error: null } })
      enqueue.emit({ type: 'hall.requested', requestId, call: POSTLOGIN_CALLS.startGoogleAuth, payload: {} })
    }),
    started: assign(({ context, event }) => {
      if (context.form === null) return {}
      const form = { ...context.form, startId: null, error: event.type === 'hall.failed' ? formErrorOf(event) : null }
      return { form: event.type === 'hall.responded' ? { ...form, ...authenticatorOf(event.data) } : form }
    }),
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
    /** The reward was received: its benefit's status becomes 1, and the balance after it goes to the wallet. */
    benefitReceived: enqueueActions(({ context, event, enqueue }) => {
      const d = event.type === 'hall.responded' ? (event.data as { id?: unknown; balance?: unknown } | null) : null
      enqueue.assign({ stepId: null, benefits: context.benefits?.map((b) => (b.id === d?.id ? { ...b, status: 1 as const } : b)) ?? null })
      if (typeof d?.balance === 'string') enqueue.emit({ type: 'wallet.balanceReported', balance: d.balance, source: 'reward' })
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
})
