import { and, assign, enqueueActions, not, setup, stateIn } from 'xstate'
import { answers, forgetAll, isAwaiting, request, settle } from '../kit'
import type { RedClaim, receiveRewardAll } from '../../schemas/hall/calls/active'
import {
  REDPACKET_CALLS, REDPACKET_DELAYS, SKIPPED_STATUSES, deviceTypeOf, initialContext, listOf, merge, packetKey, sendWaiting,
  type RedPacketsContext, type RedPacketsEmitted, type RedPacketsEvent,
} from './redpackets.logic'

/**
 * Red packets (screens doc §4 red packets, §6: frozen and blacklisted players receive none;
 * calls §7.4; §9 polling 10 s and the 3 s fetch lock). Once a real player is signed in, three
 * parallel regions:
 *
 * - `fetch`: asks the hall for the player's red-packet activities at sign-in, on every poll
 *   (10 s, or the 3 or 5 min an activity sets) and when a view asks; a fetch is skipped while the
 *   lock is closed and for FreezeManual 2, FreezeAbnormal 3 and BlackList 5;
 * - `lock`: closes for 3 s when a fetch goes out;
 * - `popup`: held after a sign-in until the post-login sequence's red-packet step starts
 *   (`postlogin.redPacketsStarted`: after the forced bind and the forced pop-ups), then shows the
 *   head of the queue; grab, open or send take it (the head leaves the queue
 *   at once, so a double click cannot take it twice) and the answer shows the amount; when only
 *   packets of other devices are open, the receive-tips prompt shows once for them. The step is
 *   over (`redpackets.stepFinished`) once the sign-in fetch has answered and nothing is left to
 *   show, or the player closed a packet without taking it;
 * - Receive all (the event centre; transitions of `signedIn` itself, awaited as 'all'): while
 *   packets sent to the player wait, one request
 *   (receiverewardall) takes every one of them; the packets it took leave the queue and are never
 *   shown again, each is announced credited, and the balance it answered is the wallet's (the hall
 *   also tells the player's other tabs, wallet/changed).
 *
 * The player's account status comes from the login-family answer the session actor signs in
 * with: this actor sees that `hall.responded` just before the `session.loggedIn` it causes.
 *
 * Consumes: app.started, hall.responded, hall.failed, session.loggedIn, session.loggedOut,
 *   redpackets.fetchRequested, redpackets.actionRequested, redpackets.popupClosed,
 *   redpackets.receiveAllRequested, realtime.activeDetailsReceived (an activity changed: fetch now, as when a view asks),
 *   postlogin.redPacketsStarted.
 * Emits: hall.requested, redpackets.credited, redpackets.stepFinished, wallet.balanceReported (the
 *   balance a claim answered).
 */

const isFetchAnswer = (c: RedPacketsContext, e: RedPacketsEvent): boolean => answers(c.requests, 'fetch', e)

export const redpacketsMachine = setup({
  types: { context: {} as RedPacketsContext, events: {} as RedPacketsEvent, emitted: {} as RedPacketsEmitted },
  delays: {
    fetchLock: REDPACKET_DELAYS.fetchLock,
    poll: ({ context }) => context.pollMs,
  },
  guards: {
    realPlayer: ({ event }) => event.type === 'session.loggedIn' && event.real,
    skipped: ({ context }) => context.userStatus !== null && SKIPPED_STATUSES.includes(context.userStatus),
    lockOpen: stateIn('#redpackets.signedIn.lock.open'),
    fetchAnswer: ({ context, event }) => event.type === 'hall.responded' && isFetchAnswer(context, event),
    fetchFailure: ({ context, event }) => event.type === 'hall.failed' && isFetchAnswer(context, event),
    bringsNew: ({ context, event }) =>
      event.type === 'hall.responded' && isFetchAnswer(context, event) &&
      merge(context, listOf(event.data)).queue.some((a) => !context.queue.some((q) => q.activeid === a.activeid)),
    hasHead: ({ context }) => context.queue.length > 0,
    needsTips: ({ context }) => context.blocked.some((id) => !context.prompted.includes(id)),
    isHead: ({ context, event }) =>
      event.type === 'redpackets.actionRequested' &&
      context.queue[0]?.activeid === event.activeId && context.queue[0].action === event.action,
    claimAnswer: ({ context, event }) =>
      answers(context.requests, 'claim', event),
    stepDue: ({ context }) => context.stepDue,
    sendWaiting: ({ context }) => sendWaiting(context.queue) > 0,
    allAnswer: ({ context, event }) => answers(context.requests, 'all', event),
    receivingAll: ({ context }) => isAwaiting(context.requests, 'all'),
    fetchPending: stateIn('#redpackets.signedIn.fetch.fetching'),
  },
  actions: {
    takeDevice: assign(({ event }) => (event.type === 'app.started' ? { device: deviceTypeOf(event.device) } : {})),
    signIn: assign(({ context, event }) => ({
      ...initialContext,
      requests: forgetAll(context.requests),
      device: context.device,
      userStatus: event.type === 'session.loggedIn' ? (event.userStatus ?? null) : null,
    })),
    signOut: assign(({ context }) => ({ ...initialContext, requests: forgetAll(context.requests), device: context.device })),
    requestList: enqueueActions(({ context, enqueue }) => {
      const asked = request('redpackets', context.requests, 'fetch', REDPACKET_CALLS.list, {})
      enqueue.assign({ requests: asked.requests })
      enqueue.emit(asked.notice)
      enqueue.raise({ type: 'redpackets.lock' })
    }),
    takeList: assign(({ context, event }) => {
      if (event.type !== 'hall.responded') return {}
      return { ...merge(context, listOf(event.data)), requests: settle(context.requests, 'fetch') }
    }),
    dropFetch: assign(({ context }) => ({ requests: settle(context.requests, 'fetch') })),
    takeHead: enqueueActions(({ context, enqueue }) => {
      const head = context.queue[0]
      if (head === undefined) return
      const asked = request('redpackets', context.requests, 'claim', REDPACKET_CALLS[head.action], {
        activeId: head.activeid,
        redId: head.redId,
        requestDeviceType: Number(context.device),
      })
      enqueue.assign({
        requests: asked.requests,
        queue: context.queue.slice(1),
        taken: [...context.taken, packetKey(head)],
        claiming: { activeId: head.activeid, redId: head.redId, action: head.action },
      })
      enqueue.emit(asked.notice)
    }),
    takeClaim: enqueueActions(({ context, event, enqueue }) => {
      const claiming = context.claiming
      if (claiming === null) return
      if (event.type === 'hall.responded') {
        const claim = event.data as RedClaim
        enqueue.assign({ requests: settle(context.requests, 'claim'), claiming: null, result: { activeId: claiming.activeId, action: claiming.action, claim, error: null } })
        // The balance after the claim is the wallet's.
        enqueue.emit({ type: 'wallet.balanceReported', balance: claim.balance, source: 'reward' })
        if (claim.first) {
          enqueue.emit({
            type: 'redpackets.credited',
            activeId: claim.activeId,
            redId: claim.redId,
            amount: claim.amount,
            currency: claim.currency,
            balance: claim.balance,
          })
        }
      } else if (event.type === 'hall.failed') {
        enqueue.assign({ requests: settle(context.requests, 'claim'), claiming: null, result: { activeId: claiming.activeId, action: claiming.action, claim: null, error: event.error } })
      }
    }),
    requestAll: enqueueActions(({ context, enqueue }) => {
      const asked = request('redpackets', context.requests, 'all', REDPACKET_CALLS.all, { requestDeviceType: Number(context.device) })
      enqueue.assign({ requests: asked.requests, receivedAll: null })
      enqueue.emit(asked.notice)
    }),
    takeAll: enqueueActions(({ context, event, enqueue }) => {
      if (event.type === 'hall.failed') {
        enqueue.assign({ requests: settle(context.requests, 'all'), receivedAll: { count: 0, total: '0', currency: '', error: event.error } })
        return
      }
      if (event.type !== 'hall.responded') return
      const all = event.data as typeof receiveRewardAll.response.Type
      const keys = all.list.map((c) => packetKey({ activeid: c.activeId, redId: c.redId }))
      const emptied = new Set(all.list.map((c) => c.activeId))
      enqueue.assign({
        requests: settle(context.requests, 'all'),
        // An activity the receive took packets of has none left for this player (it took every one).
        queue: context.queue.filter((a) => !(a.action === 'send' && emptied.has(a.activeid))),
        taken: [...new Set([...context.taken, ...keys])],
        receivedAll: { count: all.list.length, total: all.total, currency: all.list[0]?.currency ?? '', error: null },
      })
      enqueue.emit({ type: 'wallet.balanceReported', balance: all.balance, source: 'reward' })
      for (const claim of all.list) {
        enqueue.emit({ type: 'redpackets.credited', activeId: claim.activeId, redId: claim.redId, amount: claim.amount, currency: claim.currency, balance: all.balance })
      }
    }),
    dropResult: assign({ result: null }),
    markPrompted: assign(({ context }) => ({ prompted: [...new Set([...context.prompted, ...context.blocked])] })),
    startStep: assign({ stepDue: true }),
    finishStep: enqueueActions(({ enqueue }) => {
      enqueue.assign({ stepDue: false })
      enqueue.emit({ type: 'redpackets.stepFinished' })
    }),
  },
}).createMachine({
  id: 'redpackets',
  context: initialContext,
  initial: 'signedOut',
  on: {
    'app.started': { actions: 'takeDevice' },
    'session.loggedIn': [
      { guard: 'realPlayer', target: '.signedIn', reenter: true, actions: 'signIn' },
      { target: '.signedOut', actions: 'signOut' },
    ],
    'session.loggedOut': { target: '.signedOut', actions: 'signOut' },
  },
  states: {
    signedOut: {},
    signedIn: {
      type: 'parallel',
      // Receive all is one request at a time, awaited as 'all' (no state of its own: a region would
      // change every recorded state of this actor, and the golden logs record them).
      on: {
        'redpackets.receiveAllRequested': { guard: and(['sendWaiting', not('receivingAll')]), actions: 'requestAll' },
        'hall.responded': { guard: 'allAnswer', actions: 'takeAll' },
        'hall.failed': { guard: 'allAnswer', actions: 'takeAll' },
      },
      states: {
        fetch: {
          initial: 'due',
          states: {
            due: {
              always: [
                { guard: and([not('skipped'), 'lockOpen']), target: 'fetching', actions: 'requestList' },
                { target: 'waiting' },
              ],
            },
            fetching: {
              on: {
                'hall.responded': { guard: 'fetchAnswer', target: 'waiting', actions: 'takeList' },
                'hall.failed': { guard: 'fetchFailure', target: 'waiting', actions: 'dropFetch' },
              },
            },
            waiting: {
              after: { poll: { target: 'due' } },
              on: {
                'redpackets.fetchRequested': { target: 'due' },
                // The hall says an activity changed (socket activeDetails): look now, lock permitting.
                'realtime.activeDetailsReceived': { target: 'due' },
              },
            },
          },
        },
        lock: {
          initial: 'open',
          states: {
            open: { on: { 'redpackets.lock': { target: 'closed' } } },
            closed: { after: { fetchLock: { target: 'open' } } },
          },
        },
        popup: {
          initial: 'held',
          states: {
            // After a sign-in the popup waits for its turn in the post-login sequence (after the
            // forced bind and the forced pop-ups); the sign-in fetch goes on meanwhile.
            held: {
              on: { 'postlogin.redPacketsStarted': { target: 'hidden', actions: 'startStep' } },
            },
            hidden: {
              always: [
                { guard: 'hasHead', target: 'packet' },
                { guard: 'needsTips', target: 'tips' },
                // The step is over once nothing is left to show (the sign-in fetch answered).
                { guard: and(['stepDue', not('fetchPending')]), actions: 'finishStep' },
              ],
            },
            packet: {
              on: {
                'redpackets.actionRequested': { guard: 'isHead', target: 'claiming', actions: 'takeHead' },
                'redpackets.popupClosed': { target: 'dismissed' },
              },
            },
            claiming: {
              on: {
                'hall.responded': { guard: 'claimAnswer', target: 'result', actions: 'takeClaim' },
                'hall.failed': { guard: 'claimAnswer', target: 'result', actions: 'takeClaim' },
              },
            },
            result: {
              on: { 'redpackets.popupClosed': { target: 'hidden', actions: 'dropResult' } },
            },
            tips: {
              on: { 'redpackets.popupClosed': { target: 'hidden', actions: 'markPrompted' } },
            },
            // The player closed a packet without taking it: it shows again when a fetch brings a
            // new activity or the player asks for red packets.
            dismissed: {
              always: { guard: 'stepDue', actions: 'finishStep' },
              on: {
                'hall.responded': { guard: 'bringsNew', target: 'hidden' },
                'redpackets.fetchRequested': { target: 'hidden' },
              },
            },
          },
        },
      },
    },
  },
})
