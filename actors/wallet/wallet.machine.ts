import { assign, enqueueActions, setup } from 'xstate'
import { SPORTS_PLATFORM, getBalanceList, refreshGold } from '../../schemas/hall/calls/games'
import { prize } from '../../schemas/hall/calls/site'
import { answers, forgetAll, isAwaiting, request, settle } from '../kit'
import {
  READ_SOURCES, RECALL_PAYLOAD, WALLET_CALLS, answerGoldOf, initialSports, initialWallet, readGold, sportsGoldOf, withGold,
  type WalletCall, type WalletContext, type WalletEmitted, type WalletEvent,
} from './wallet.logic'

/**
 * The player's money, in one place (screens §2 header balance with refresh, Mine page game_gold,
 * sport-wallet header; §4 in a game game_gold is -1, a completed deposit or withdrawal refreshes
 * the balance). Every balance the lobby learns reaches this actor, and every view reads it here:
 *
 * - `wallet.balanceReported`: a hall answer of another actor carried the balance (the sign-in's
 *   user info, the sign-in's /home/prize, a reward received). A read (login, prize) also says
 *   whether the money is in a game; a credit (reward, transfer) changes the amount only.
 * - The refresh button (`wallet.refreshRequested`) reads it with /home/prize; a completed deposit
 *   or withdrawal (`realtime.payOrderSucceeded`, `realtime.withdrawOrderSucceeded`) brings the
 *   balance after it, and reads it again; a balance moved by someone else's act (an agent's
 *   transfer, `realtime.walletChanged`) is read again. A newer read supersedes one in flight.
 * - The launch says where it stands (`games.playStateChanged`): entering a game puts the money in
 *   it; leaving it for the lobby brings it back with RefreshGold. The money reported in a game
 *   while no game is being opened or played (the page was reloaded or closed in a game, or the
 *   game's own exit link loaded a new lobby) is brought back the same way.
 * - The sports wallet (provider 136): /gameapi/getBalanceList {platformId: 136} when the sports
 *   page asks (`wallet.sportsRequested`), and again when the money comes back from a game while
 *   the sports wallet shows it in one (or awaits an answer that may predate the return).
 * - A failed read or recall marks the balance stale; any balance clears it.
 * - The savings balance (`wallet.savingsReported`): the principal the savings domain read or
 *   moved, and the site's savings terms (switch, year rate) with the savings page's read.
 *
 * A visitor has no wallet; a sign-in drops what is in flight, a sign-out forgets everything.
 *
 * Consumes: session.loggedIn, session.loggedOut, wallet.balanceReported, wallet.refreshRequested,
 *   wallet.sportsRequested, wallet.savingsReported, realtime.payOrderSucceeded, realtime.withdrawOrderSucceeded, realtime.walletChanged,
 *   games.playStateChanged, hall.responded, hall.failed.
 * Emits: hall.requested.
 */

/** The money comes back: a read or recall answered an amount, or a read source reported one. */
const moneyBack = (c: WalletContext, e: WalletEvent): boolean => {
  const gold =
    e.type === 'hall.responded' && answers(c.requests, 'balance', e) ? answerGoldOf(e.data)
    : e.type === 'wallet.balanceReported' && READ_SOURCES.includes(e.source) ? readGold(e.balance)
    : null
  return gold !== null && !gold.inGame
}

export const walletMachine = setup({
  types: { context: {} as WalletContext, events: {} as WalletEvent, emitted: {} as WalletEmitted },
  guards: {
    // Reported in a game by a read while no game is being opened or played: stranded, bring it back.
    // (A recall already in flight will bring it.)
    strandedReport: ({ context: c, event: e }) =>
      e.type === 'wallet.balanceReported' && READ_SOURCES.includes(e.source) && readGold(e.balance)?.inGame === true && c.play === 'lobby' &&
      c.requestCall !== WALLET_CALLS.recall,
    // A read answered the marker while no game is open (a recall answering it would loop).
    strandedAnswer: ({ context: c, event: e }) =>
      e.type === 'hall.responded' && answers(c.requests, 'balance', e) && c.requestCall === WALLET_CALLS.read && answerGoldOf(e.data)?.inGame === true && c.play === 'lobby',
    balanceAnswer: ({ context, event }) => answers(context.requests, 'balance', event),
    // Back in the lobby from a game, or from a game page while the money is still in a game.
    leftGame: ({ context: c, event: e }) => e.type === 'games.playStateChanged' && e.state === 'lobby' && (c.play === 'playing' || c.inGame),
    sportsAnswer: ({ context, event }) => answers(context.requests, 'sports', event),
    sportsStale: ({ context: c, event: e }) => (c.sports.inGame || isAwaiting(c.requests, 'sports')) && moneyBack(c, e),
  },
  actions: {
    signIn: assign(({ context }) => ({ requests: forgetAll(context.requests), requestCall: null, stale: false, sports: initialSports, savings: null, savingsTerms: null })),
    signOut: assign(({ context }) => ({ ...initialWallet, requests: forgetAll(context.requests), play: context.play })),
    // A visitor's game (a demo) holds no money of the player's: only where the launch stands is kept.
    notePlay: assign(({ event: e }) => (e.type === 'games.playStateChanged' ? { play: e.state } : {})),
    takePlay: assign(({ event: e }) =>
      e.type !== 'games.playStateChanged' ? {} : { play: e.state, ...(e.state === 'playing' ? { inGame: true } : {}) },
    ),
    takeReport: assign(({ event: e }) => (e.type === 'wallet.balanceReported' ? withGold(readGold(e.balance), READ_SOURCES.includes(e.source)) : {})),
    // A completed order brings the balance after it: a credit, the read that follows says where the money is.
    takeOrder: assign(({ event: e }) =>
      e.type === 'realtime.payOrderSucceeded' || e.type === 'realtime.withdrawOrderSucceeded' ? withGold(readGold(e.data.balance), false) : {},
    ),
    ask: enqueueActions(({ context: c, enqueue }, call: WalletCall) => {
      const asked = call === WALLET_CALLS.recall ? request('wallet', c.requests, 'balance', refreshGold, { ...RECALL_PAYLOAD }) : request('wallet', c.requests, 'balance', prize, {})
      enqueue.assign({ requests: asked.requests, requestCall: call })
      enqueue.emit(asked.notice)
    }),
    takeAnswer: assign(({ context: c, event: e }) => ({ requests: settle(c.requests, 'balance'), requestCall: null, ...(e.type === 'hall.responded' ? withGold(answerGoldOf(e.data), true) : {}) })),
    failBalance: assign(({ context: c }) => ({ requests: settle(c.requests, 'balance'), requestCall: null, stale: true })),
    askSports: enqueueActions(({ context: c, enqueue }) => {
      const asked = request('wallet', c.requests, 'sports', getBalanceList, { platformId: SPORTS_PLATFORM })
      enqueue.assign({ requests: asked.requests })
      enqueue.emit(asked.notice)
    }),
    takeSavings: assign(({ event: e }) =>
      e.type === 'wallet.savingsReported' ? { savings: e.principal, ...(e.terms === undefined ? {} : { savingsTerms: e.terms }) } : {},
    ),
    takeSports: assign(({ context: c, event: e }) => {
      const gold = e.type === 'hall.responded' ? sportsGoldOf(e.data) : null
      const requests = settle(c.requests, 'sports')
      if (gold === null) return { requests, sports: { ...c.sports, failed: true } }
      return { requests, sports: gold.inGame ? { ...c.sports, inGame: true, failed: false } : { balance: gold.amount, inGame: false, failed: false } }
    }),
  },
}).createMachine({
  id: 'wallet',
  context: initialWallet,
  initial: 'visitor',
  on: {
    // A new sign-in starts afresh (what is in flight for the previous one is dropped); its balance follows as a report.
    'session.loggedIn': { target: '.player', reenter: true, actions: 'signIn' },
    'session.loggedOut': { target: '.visitor', actions: 'signOut' },
  },
  states: {
    visitor: { on: { 'games.playStateChanged': { actions: 'notePlay' } } },
    player: {
      type: 'parallel',
      on: { 'wallet.savingsReported': { actions: 'takeSavings' } },
      states: {
        balance: {
          initial: 'idle',
          on: {
            'wallet.balanceReported': [
              { guard: 'strandedReport', target: '.loading', actions: ['takeReport', { type: 'ask', params: WALLET_CALLS.recall }] },
              { actions: 'takeReport' },
            ],
            'wallet.refreshRequested': { target: '.loading', actions: { type: 'ask', params: WALLET_CALLS.read } },
            'realtime.payOrderSucceeded': { target: '.loading', actions: ['takeOrder', { type: 'ask', params: WALLET_CALLS.read }] },
            'realtime.withdrawOrderSucceeded': { target: '.loading', actions: ['takeOrder', { type: 'ask', params: WALLET_CALLS.read }] },
            // Someone else's act moved the money (an agent's transfer received): read it again.
            'realtime.walletChanged': { target: '.loading', actions: { type: 'ask', params: WALLET_CALLS.read } },
            'games.playStateChanged': [
              { guard: 'leftGame', target: '.loading', actions: ['takePlay', { type: 'ask', params: WALLET_CALLS.recall }] },
              { actions: 'takePlay' },
            ],
          },
          states: {
            idle: {},
            loading: {
              on: {
                'hall.responded': [
                  { guard: 'strandedAnswer', target: 'loading', reenter: true, actions: ['takeAnswer', { type: 'ask', params: WALLET_CALLS.recall }] },
                  { guard: 'balanceAnswer', target: 'idle', actions: 'takeAnswer' },
                ],
                'hall.failed': { guard: 'balanceAnswer', target: 'idle', actions: 'failBalance' },
              },
            },
          },
        },
        sports: {
          initial: 'idle',
          on: {
            'wallet.sportsRequested': { target: '.loading', actions: 'askSports' },
            // The money came back from a game while the sports wallet may still show it there.
            'wallet.balanceReported': { guard: 'sportsStale', target: '.loading', actions: 'askSports' },
            'hall.responded': { guard: 'sportsStale', target: '.loading', actions: 'askSports' },
          },
          states: {
            idle: {},
            loading: {
              on: {
                'hall.responded': { guard: 'sportsAnswer', target: 'idle', actions: 'takeSports' },
                'hall.failed': { guard: 'sportsAnswer', target: 'idle', actions: 'takeSports' },
              },
            },
          },
        },
      },
    },
  },
})
