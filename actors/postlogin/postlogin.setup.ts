import { assign, enqueueActions, setup } from 'xstate'
import { disableActivePop, popRechargeListV2 } from '../../schemas/hall/calls/active'
import { bindGoogleAuth } from '../../schemas/hall/calls/security'
import { disableNewcomerPop, newcomerBenefitPop, newcomerBenefitReward, type NewcomerBenefit } from '../../schemas/hall/calls/task'
import { answers, forgetAll, isAwaiting, request, settle } from '../kit'
import {
  POSTLOGIN_CALLS, REFRESH_ITEMS, askBind, authenticatorOf, benefitsListOf, bindStateOf, formErrorOf,
  initialContext, newForm, newcomerPops, nextBindItem, rechargeListOf,
  type PostloginContext, type PostloginEmitted, type PostloginEvent,
} from './postlogin.logic'

/**
 * The post-login actor's named implementations: its guards and actions (postlogin.machine.ts is
 * the statechart that names them).
 */

/** The step calls that ask for nothing (the recharge list, the newcomer pop-up), by name. */
const STEP_CALLS = { popRechargeListV2, newcomerBenefitPop } as const

/** A bind form's calls are dropped with it: a new form (or none) awaits nothing. */
const withoutForm = (c: PostloginContext) => settle(c.requests, 'start', 'submit')

export const postloginSetup = setup({
  types: { context: {} as PostloginContext, events: {} as PostloginEvent, emitted: {} as PostloginEmitted },
  guards: {
    realPlayer: ({ event }) => event.type === 'session.loggedIn' && event.real,
    mustChangePassword: ({ event }) => event.type === 'session.loggedIn' && event.mustChangePassword,
    needsBind: ({ context }) => nextBindItem(context.bind) !== null,
    startAnswer: ({ context, event }) => answers(context.requests, 'start', event),
    submitAnswer: ({ context, event }) => answers(context.requests, 'submit', event),
    canStart: ({ context }) => context.form?.item === 'googleAuth' && !isAwaiting(context.requests, 'start'),
    // The form checked the code's format before it sent the intent: the code is the hall's to judge.
    canSubmit: ({ context, event }) =>
      event.type === 'postlogin.bindSubmitted' && context.form !== null && context.form.item === event.item && !isAwaiting(context.requests, 'submit'),
    bindClosed: ({ event }) => event.type === 'popup.closed' && event.popup === 'forceBind',
    voluntaryClosed: ({ context, event }) => context.voluntary && event.type === 'popup.closed' && event.popup === 'bind',
    entersGamePage: ({ context, event }) => event.type === 'nav.navigated' && event.name === 'game' && !context.onGamePage,
    canOpenVoluntary: ({ context, event }) => event.type === 'postlogin.bindOpened' && !(context.bind?.bound ?? []).includes(event.item),
    stepAnswer: ({ context, event }) => answers(context.requests, 'step', event),
    hasRechargeAnswer: ({ context, event }) =>
      answers(context.requests, 'step', event) && event.type === 'hall.responded' && rechargeListOf(event.data).length > 0,
    benefitsAnswer: ({ context, event }) => answers(context.requests, 'step', event) && event.type === 'hall.responded' && newcomerPops(event.data),
    rechargeClosed: ({ event }) => event.type === 'popup.closed' && event.popup === 'rechargePopup',
    benefitsClosed: ({ event }) => event.type === 'popup.closed' && event.popup === 'newBenefitsModal',
    // Once per pop-up: a second press while it closes asks nothing more.
    disablesRecharge: ({ context, event }) => event.type === 'postlogin.popupDisableRequested' && event.popup === 'rechargePopup' && !isAwaiting(context.requests, 'step'),
    receiveAnswer: ({ context, event }) => answers(context.requests, 'step', event) && event.call === POSTLOGIN_CALLS.receiveBenefit,
    canReceive: ({ context, event }) =>
      event.type === 'postlogin.benefitReceiveRequested' && !isAwaiting(context.requests, 'step') &&
      (context.benefits ?? []).some((b) => b.id === event.id && b.status === 0),
    disablesBenefits: ({ context, event }) => event.type === 'postlogin.popupDisableRequested' && event.popup === 'newBenefitsModal' && !isAwaiting(context.requests, 'step'),
  },
  actions: {
    noteUser: assign(({ event }) => (event.type === 'session.loggedIn' ? { bind: bindStateOf(event), hasRecharged: event.hasRecharged ?? false } : {})),
    noteSysInfo: assign(({ event }) => (event.type === 'site.ready' ? { guideSetupMode: event.guideSetupMode ?? 0 } : {})),
    signIn: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ requests: forgetAll(context.requests), form: null, voluntary: false, benefits: null })
      enqueue.emit({ type: 'postlogin.refreshRequested', items: [...REFRESH_ITEMS] })
    }),
    signOut: assign(({ context }) => ({
      ...initialContext, requests: forgetAll(context.requests), guideSetupMode: context.guideSetupMode, onGamePage: context.onGamePage,
    })),
    noteRoute: assign(({ event }) => (event.type === 'nav.navigated' ? { onGamePage: event.name === 'game' } : {})),
    openVoluntary: enqueueActions(({ context, enqueue, event }) => {
      if (event.type !== 'postlogin.bindOpened') return
      enqueue.assign({ voluntary: true, form: newForm(event.item), requests: withoutForm(context) })
      enqueue.emit({ type: 'postlogin.popupRequested', popup: 'bind', props: { item: event.item } })
    }),
    closeVoluntary: assign(({ context }) => ({ form: null, voluntary: false, requests: withoutForm(context) })),
    openBind: enqueueActions(({ context, enqueue }) => {
      const item = nextBindItem(context.bind)
      if (item === null) return
      enqueue.assign({ form: newForm(item), requests: withoutForm(context) })
      enqueue.emit({
        type: 'postlogin.popupRequested',
        popup: 'forceBind',
        props: { item, bound: context.bind?.bound.length ?? 0, required: context.bind?.mustBindItem ?? 0 },
      })
    }),
    /** Starting the authenticator binding: the hall answers its secret and otpauth URI, which the form shows. */
    startAuthenticator: enqueueActions(({ context, enqueue }) => {
      if (context.form === null) return
      const asked = request('postlogin', context.requests, 'start', bindGoogleAuth, {})
      enqueue.assign({ requests: asked.requests, form: { ...context.form, error: null } })
      enqueue.emit(asked.notice)
    }),
    started: assign(({ context, event }) => {
      if (context.form === null) return {}
      const form = { ...context.form, error: event.type === 'hall.failed' ? formErrorOf(event) : null }
      return { requests: settle(context.requests, 'start'), form: event.type === 'hall.responded' ? { ...form, ...authenticatorOf(event.data) } : form }
    }),
    submit: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'postlogin.bindSubmitted' || context.form === null) return
      const asked = askBind(context.requests, event.item, event.target, event.code)
      enqueue.assign({ requests: asked.requests, form: { ...context.form, error: null } })
      enqueue.emit(asked.notice)
    }),
    bound: enqueueActions(({ context, enqueue }) => {
      const form = context.form
      if (form === null || context.bind === null) return
      enqueue.assign({ bind: { ...context.bind, bound: [...context.bind.bound, form.item] }, requests: settle(context.requests, 'submit') })
      enqueue.emit({ type: 'postlogin.bound', item: form.item })
      enqueue.emit({ type: 'postlogin.popupDismissed', popup: context.voluntary ? 'bind' : 'forceBind' })
    }),
    submitFailed: assign(({ context, event }) =>
      context.form === null || event.type !== 'hall.failed' ? {} : { requests: settle(context.requests, 'submit'), form: { ...context.form, error: formErrorOf(event) } },
    ),
    dropForm: assign(({ context }) => ({ form: null, requests: withoutForm(context) })),
    startFrames: enqueueActions(({ enqueue }) => {
      enqueue.emit({ type: 'postlogin.framesStarted' })
    }),
    startRedPackets: enqueueActions(({ enqueue }) => {
      enqueue.emit({ type: 'postlogin.redPacketsStarted' })
    }),
    requestStep: enqueueActions(({ context, enqueue }, params: { call: keyof typeof STEP_CALLS }) => {
      const asked = request('postlogin', context.requests, 'step', STEP_CALLS[params.call], {})
      enqueue.assign({ requests: asked.requests })
      enqueue.emit(asked.notice)
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
      const asked = request('postlogin', context.requests, 'step', newcomerBenefitReward, { id: event.id })
      enqueue.assign({ requests: asked.requests })
      enqueue.emit(asked.notice)
    }),
    /** The reward was received: its benefit's status becomes 1, and the balance after it goes to the wallet. */
    benefitReceived: enqueueActions(({ context, event, enqueue }) => {
      const d = event.type === 'hall.responded' ? (event.data as { id?: unknown; balance?: unknown } | null) : null
      enqueue.assign({ requests: settle(context.requests, 'step'), benefits: context.benefits?.map((b) => (b.id === d?.id ? { ...b, status: 1 as const } : b)) ?? null })
      if (typeof d?.balance === 'string') enqueue.emit({ type: 'wallet.balanceReported', balance: d.balance, source: 'reward' })
    }),
    dropStep: assign(({ context }) => ({ requests: settle(context.requests, 'step') })),
    dropBenefits: assign(({ context }) => ({ benefits: null, requests: settle(context.requests, 'step') })),
    /** 'Do not show again': the hall is told (its answer is not awaited) and the pop-up closes. */
    disablePopup: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'postlogin.popupDisableRequested') return
      const asked =
        event.popup === 'rechargePopup'
          ? request('postlogin', context.requests, 'step', disableActivePop, { popType: 1, popStatus: 1 })
          : request('postlogin', context.requests, 'step', disableNewcomerPop, {})
      enqueue.assign({ requests: asked.requests })
      enqueue.emit(asked.notice)
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
