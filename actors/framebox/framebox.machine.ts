import { assign, enqueueActions, setup } from 'xstate'
import { answers, forgetAll, request, settle } from '../kit'
import {
  FRAME_CALL, FRAME_CALL_SINGLE, NOT_TODAY_CLOSE_MS, dueFrames, flagsOf, initialContext, keep, listOf, markShown, toggleNotToday,
  type FrameboxContext, type FrameboxEmitted, type FrameboxEvent,
} from './framebox.logic'

/**
 * The frame box (screens §3 pop-up frame, §4 force pop-up): when the post-login sequence reaches
 * the forced pop-ups, it lists the frames, keeps those due (login frames once per login, day
 * frames once per day, home frames every time, one-time frames once, none the player hid for
 * today) and shows them one at a time through the popup queue, each after the one before has
 * closed; then it announces it is finished. 'Not show again today' toggles the flag and closes
 * the frame 0.5 s later (an actor delay); following the frame's link closes it at once. The flags
 * of the last 5 users are announced for the storage runner to keep.
 *
 * The list is /message/frameBox/index, or /message/frame on a site whose hall profile says
 * `frames: 'frame'` (taken from app.started; docs/hall.md "Hall profile").
 *
 * Consumes: app.started, framebox.dayChanged, framebox.historyLoaded, framebox.notTodayToggled,
 *   framebox.linkClicked, postlogin.framesStarted, session.loggedIn, session.loggedOut,
 *   hall.responded, hall.failed, popup.closed.
 * Emits: hall.requested, framebox.popupRequested, framebox.popupDismissed,
 *   framebox.historyChanged, framebox.finished.
 */

const isFetchAnswer = (c: FrameboxContext, e: FrameboxEvent): boolean => answers(c.requests, 'frames', e)

export const frameboxMachine = setup({
  types: { context: {} as FrameboxContext, events: {} as FrameboxEvent, emitted: {} as FrameboxEmitted },
  delays: { notTodayClose: NOT_TODAY_CLOSE_MS },
  guards: {
    fetchAnswer: ({ context, event }) => isFetchAnswer(context, event),
    hasPending: ({ context }) => context.pending.length > 0,
    forCurrent: ({ context, event }) =>
      (event.type === 'framebox.notTodayToggled' || event.type === 'framebox.linkClicked') && context.current?.id === event.frameId,
    toggledOn: ({ context, event }) =>
      event.type === 'framebox.notTodayToggled' && context.current?.id === event.frameId &&
      !flagsOf(context.history, context.username, context.day).notToday.includes(event.frameId),
    frameClosed: ({ event }) => event.type === 'popup.closed' && event.popup === 'forcePopup',
  },
  actions: {
    takeProfile: assign(({ event }) => (event.type === 'app.started' ? { byFrameCall: event.site.hallProfile?.frames === 'frame' } : {})),
    takeDay: assign(({ event }) => (event.type === 'framebox.dayChanged' ? { day: event.day } : {})),
    takeHistory: assign(({ event }) => (event.type === 'framebox.historyLoaded' ? { history: event.history } : {})),
    signIn: assign(({ context, event }) =>
      event.type === 'session.loggedIn'
        ? { ...initialContext, byFrameCall: context.byFrameCall, day: context.day, history: context.history, requests: forgetAll(context.requests), username: event.username, trial: !event.real }
        : {},
    ),
    signOut: assign(({ context }) => ({ ...initialContext, byFrameCall: context.byFrameCall, day: context.day, history: context.history, requests: forgetAll(context.requests) })),
    requestFrames: enqueueActions(({ context, enqueue }) => {
      const asked = context.byFrameCall
        ? request('framebox', context.requests, 'frames', FRAME_CALL_SINGLE, {})
        : request('framebox', context.requests, 'frames', FRAME_CALL, {})
      enqueue.assign({ requests: asked.requests })
      enqueue.emit(asked.notice)
    }),
    takeFrames: assign(({ context, event }) => ({
      requests: settle(context.requests, 'frames'),
      pending: event.type === 'hall.responded' ? dueFrames(context, listOf(event.data)) : [],
    })),
    present: enqueueActions(({ context, enqueue }) => {
      const frame = context.pending[0]
      if (frame === undefined) return
      const flags = flagsOf(context.history, context.username, context.day)
      const history = keep(context.history, markShown(flags, frame))
      enqueue.assign({
        current: frame,
        pending: context.pending.slice(1),
        history,
        loginSeen: frame.frameType === 1 ? [...context.loginSeen, frame.id] : context.loginSeen,
      })
      enqueue.emit({ type: 'framebox.popupRequested', popup: 'forcePopup', props: { frame } })
      enqueue.emit({ type: 'framebox.historyChanged', history })
    }),
    toggle: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'framebox.notTodayToggled') return
      const history = keep(context.history, toggleNotToday(flagsOf(context.history, context.username, context.day), event.frameId))
      enqueue.assign({ history })
      enqueue.emit({ type: 'framebox.historyChanged', history })
    }),
    dismiss: enqueueActions(({ enqueue }) => {
      enqueue.emit({ type: 'framebox.popupDismissed', popup: 'forcePopup' })
    }),
    dropCurrent: assign({ current: null }),
    announceFinished: enqueueActions(({ enqueue }) => {
      enqueue.emit({ type: 'framebox.finished' })
    }),
  },
}).createMachine({
  id: 'framebox',
  context: initialContext,
  initial: 'idle',
  on: {
    'app.started': { actions: 'takeProfile' },
    'framebox.dayChanged': { actions: 'takeDay' },
    'framebox.historyLoaded': { actions: 'takeHistory' },
    'session.loggedIn': { target: '.idle', actions: 'signIn' },
    'session.loggedOut': { target: '.idle', actions: 'signOut' },
  },
  states: {
    /** No round of frames under way. */
    idle: {
      on: { 'postlogin.framesStarted': { target: 'fetching', actions: 'requestFrames' } },
    },
    /** Listing the frames. */
    fetching: {
      on: {
        'hall.responded': { guard: 'fetchAnswer', target: 'next', actions: 'takeFrames' },
        // No list, no frames: the sequence must not stall on the frame box.
        'hall.failed': { guard: 'fetchAnswer', target: 'next', actions: 'takeFrames' },
      },
    },
    /** The next frame due, or the end of the round. */
    next: {
      always: [
        { guard: 'hasPending', target: 'showing', actions: 'present' },
        { target: 'idle', actions: ['dropCurrent', 'announceFinished'] },
      ],
    },
    /** A frame is asked for or shown; its close moves on. */
    showing: {
      on: {
        'popup.closed': { guard: 'frameClosed', target: 'next' },
        'framebox.notTodayToggled': [
          { guard: 'toggledOn', target: 'closingSoon', actions: 'toggle' },
          { guard: 'forCurrent', actions: 'toggle' },
        ],
        'framebox.linkClicked': { guard: 'forCurrent', target: 'leaving', actions: 'dismiss' },
      },
    },
    /** 'Not show again today' ticked: the frame closes 0.5 s later unless it is unticked first. */
    closingSoon: {
      after: { notTodayClose: { target: 'leaving', actions: 'dismiss' } },
      on: {
        'popup.closed': { guard: 'frameClosed', target: 'next' },
        'framebox.notTodayToggled': { guard: 'forCurrent', target: 'showing', actions: 'toggle' },
        'framebox.linkClicked': { guard: 'forCurrent', target: 'leaving', actions: 'dismiss' },
      },
    },
    /** Asked to close: waiting for the popup queue to finish closing it. */
    leaving: {
      on: { 'popup.closed': { guard: 'frameClosed', target: 'next' } },
    },
  },
})
