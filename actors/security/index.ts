import { actionVerify, verifyEmailCode } from '../../schemas/hall/calls/security'
import { newcomerBenefitStatus } from '../../schemas/hall/calls/task'
import { commandActor, queryActor } from '../kit'

/**
 * The player's account security (screens §2 /home/security; §4 after login), two queries of a
 * real player: the active auth info (which of phone, email, Google authenticator and withdraw
 * password are bound) and the reward-bind data (the newcomer benefits that reward binding). Each
 * is fetched when the post-login sequence's refresh of a sign-in names it (items authInfo,
 * rewardBind) and again when an item was bound; a logout or a guest sign-in forgets them.
 */
export const authInfoActor = queryActor({
  id: 'authinfo',
  call: actionVerify,
  audience: 'real',
  fetchOn: {
    'postlogin.refreshRequested': { when: (e) => e.items.includes('authInfo') },
    'postlogin.bound': true,
    // The security centre and the personal page read it when they open and after a change.
    'account.opened': true,
    'account.changed': true,
  },
  payload: {},
  select: (info) => info,
})

/** The newcomer benefits that reward binding an item. */
export const rewardBindActor = queryActor({
  id: 'rewardbind',
  call: newcomerBenefitStatus,
  audience: 'real',
  fetchOn: {
    'postlogin.refreshRequested': { when: (e) => e.items.includes('rewardBind') },
    'postlogin.bound': true,
  },
  payload: {},
  select: (d) => d.list,
})

/**
 * The e-mail's second verification on a site whose hall checks it by code (hall profile
 * secondVerify 'byCode'): the bound e-mail's code alone (/user/security/verifyEmailCode), answering
 * the ticket secondVerify would; the phone's and the authenticator's go by their own calls as on a
 * 'byChannel' site.
 */
export const verifyEmailCodeCommand = commandActor({
  id: 'verifyEmailCode',
  call: verifyEmailCode,
  modal: ['badValue', 'notBound', 'badPin', 'wrongPin', 'noPin'],
  audience: 'real',
  select: (d) => d.verifyToken,
  codes: { wrongCode: 'error.wrongCode', noCode: 'error.noCode', wrongSecret: 'error.wrongSecret', pinLocked: 'error.locked' },
})

export { SECURITY_ITEMS, REWARD_KIND, isBound } from './security.logic'
export * from './security.selectors'
