import type { SnapshotFrom } from 'xstate'
import type { LastGameInfo } from '../../schemas/hall/calls/auth'
import type { languageMachine } from './language.machine'
import { isReal, TRIAL_ACCOUNT, type SessionError } from './session.logic'
import type { sessionMachine } from './session.machine'

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>
type LanguageSnapshot = SnapshotFrom<typeof languageMachine>

/** Where the session stands, for the header and the boot screen. */
export type SessionPhase = 'starting' | 'signingIn' | 'visitor' | 'guest' | 'player' | 'loggingOut' | 'expired'

const authValue = (s: SessionSnapshot): string => (typeof s.value === 'string' ? s.value : 'signedIn')

/** Logged in in the spec's sense: a real player (a guest does not count, spec §4, §6). */
export const selectIsLoggedIn = (s: SessionSnapshot): boolean => isReal(s.context.user)

/** A trial (guest) account is signed in. */
export const selectIsGuest = (s: SessionSnapshot): boolean => s.context.user?.account_type === TRIAL_ACCOUNT

/** Nobody is signed in. */
export const selectIsVisitor = (s: SessionSnapshot): boolean => s.context.user === null

/** The signed-in username, or null. */
export const selectUsername = (s: SessionSnapshot): string | null => s.context.user?.username ?? null

/** The signed-in user's display name (platfromid, the spec's spelling), or null. */
export const selectDisplayName = (s: SessionSnapshot): string | null => s.context.user?.platfromid ?? null

/** The currency in use: the user's own once signed in, else the session currency. */
export const selectCurrency = (s: SessionSnapshot): string => s.context.user?.currency ?? s.context.currency

/** The last game the user played, to offer continuing it, or null. */
export const selectLastGame = (s: SessionSnapshot): LastGameInfo | null => s.context.user?.lastgameinfo ?? null

/** The forced change-password popup must come first (change_password 1, spec §4). */
export const selectMustChangePassword = (s: SessionSnapshot): boolean => s.context.user?.change_password === 1

/**
 * The sign-in's risk check, while one is asked (loginValidType 7): the bound phone, masked, the
 * code goes to ('' when the account binds one), where the code went once sent, and the last refusal.
 */
export interface RiskCheckView {
  readonly phone: string
  readonly binds: boolean
  readonly sent: string | null
  readonly error: SessionError | null
}
export const selectRiskCheck = (s: SessionSnapshot): RiskCheckView | null => {
  const risk = s.context.risk
  if (risk == null) return null
  return { phone: risk.answer.mobile_phone, binds: risk.answer.mobile_phone === '', sent: risk.sent, error: risk.error }
}

/** The login form's error (service code and message, or the message key the lobby words), or null. */
export const selectLoginError = (s: SessionSnapshot): SessionError | null => s.context.loginError

/** The registration form's error, or null. */
export const selectRegisterError = (s: SessionSnapshot): SessionError | null => s.context.registerError

/** A failed guest currency change or forced password change, or null. */
export const selectAccountError = (s: SessionSnapshot): SessionError | null => s.context.accountError

/** Where the session stands. */
export const selectSessionPhase = (s: SessionSnapshot): SessionPhase => {
  switch (authValue(s)) {
    case 'starting':
    case 'deciding':
      return 'starting'
    case 'visitor':
      return 'visitor'
    case 'loggingOut':
      return 'loggingOut'
    case 'expired':
      return 'expired'
    case 'signedIn':
      return isReal(s.context.user) ? 'player' : 'guest'
    default:
      return 'signingIn'
  }
}

/** The interface language in use (of the language actor). */
export const selectLanguage = (s: LanguageSnapshot): string => s.context.language

/** The language switch is loading (of the language actor): show the loading indicator. */
export const selectIsSwitchingLanguage = (s: LanguageSnapshot): boolean => s.matches('switching')

/**
 * Where a withdraw goes (spec §2): withdraw from the user card or the header needs a bound phone
 * (else the security page's phone tab), then a withdraw password (else its withdraw-password tab);
 * withdrawal management (personal menu, nav card, tab bar) skips the phone check. The items are
 * the user info's (mobile_phone; userOptResult index 0 is the withdraw password), and the tabs are
 * named as the bind flow names them (`current` = the item).
 */
export type WithdrawTarget = { readonly route: 'withdraw' } | { readonly route: 'security'; readonly current: 'phone' | 'withdrawPass' }

export const withdrawTargetOf = (bound: { readonly phone: boolean; readonly withdrawPass: boolean }, checkPhone: boolean): WithdrawTarget => {
  if (checkPhone && !bound.phone) return { route: 'security', current: 'phone' }
  if (!bound.withdrawPass) return { route: 'security', current: 'withdrawPass' }
  return { route: 'withdraw' }
}

/** The signed-in player has a bound phone (user info mobile_phone). */
export const selectPhoneBound = (s: SessionSnapshot): boolean => (s.context.user?.mobile_phone ?? '') !== ''

/** The signed-in player has set a withdraw password (user info userOptResult index 0). */
export const selectWithdrawPassSet = (s: SessionSnapshot): boolean => s.context.user?.userOptResult[0] === 1
