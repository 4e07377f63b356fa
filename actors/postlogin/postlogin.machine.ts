import { POSTLOGIN_CALLS, initialContext } from './postlogin.logic'
import { postloginSetup } from './postlogin.setup'

/**
 * The post-login sequence (screens §4 after login, bind flow). On a real sign-in it asks the lobby
 * to refresh what depends on the player. Then, one step after the other:
 *
 * 1. the forced password change (change_password 1): the popup queue shows it and the session
 *    actor does it; its new sign-in (change_password cleared) reruns the steps from the start;
 * 2. the forced bind: while fewer than must_bind_item items are bound, the next unbound item in the
 *    order phone, email, google auth, withdraw password, in the forceBind popup; phone and email
 *    codes are sent by the verification flow (the verify actor: its lock, countdown and challenge)
 *    and checked here with the bind; the authenticator's secret is asked for here;
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
 *   framebox.finished, redpackets.stepFinished, postlogin.authenticatorRequested, postlogin.bindSubmitted,
 *   postlogin.popupDisableRequested ('do not show again' on the recharge or new-benefits pop-up),
 *   postlogin.benefitReceiveRequested (a receivable newcomer reward in the new-benefits pop-up),
 *   postlogin.bindOpened (the security page opens the bind form of an unbound item once the
 *   sequence is over: the same form, closable, in the `bind` popup).
 * Emits: hall.requested, postlogin.popupRequested, postlogin.popupDismissed,
 *   postlogin.refreshRequested, postlogin.framesStarted, postlogin.redPacketsStarted,
 *   postlogin.bound, postlogin.finished, wallet.balanceReported (a newcomer reward received).
 */
export const postloginMachine = postloginSetup.createMachine({
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
            idle: {
              on: { 'postlogin.authenticatorRequested': { guard: 'canStart', target: 'starting', actions: 'startAuthenticator' } },
            },
            /** Starting the authenticator binding: its secret is on the way. */
            starting: {
              on: {
                // A bind answer arriving meanwhile is taken by the binding state above.
                'hall.responded': { guard: 'startAnswer', target: 'idle', actions: 'started' },
                'hall.failed': { guard: 'startAnswer', target: 'idle', actions: 'started' },
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
