import type { EventOfType } from '../../schemas/events'
import type { LoginMode, StoredSession, ThirdWay } from '../../schemas/events/session'
import {
  RISK_CHECK, fastLogin, forceChangePassword, login, register, riskBindPhone, riskVerifyPhone, securityCreateSms, smsLogin, testRegister, thirdPartyLogin, thirdPartyRegister,
  updateGuestCurrency, userLogout, type UserInfo,
} from '../../schemas/hall/calls/auth'
import { getSysInfo } from '../../schemas/hall/calls/site'
import type { HallError } from '../../schemas/hall/errors'
import { LinkType } from '../../schemas/routes'
import { isGeetestError } from '../geetest'
import { TOKEN_EXPIRED, answers, dataOf, forgetAll, noRequests, request, type Asked, type Requests } from '../kit'

/**
 * The session actor's data and the pure rules it applies (spec §4 visitor to logged-in, §6
 * roles, §8 reactions). Kept apart from the statechart so the machine file stays a statechart.
 */

/** The hall calls the session makes, by job: the calls' names (schemas/hall/calls). */
export const SESSION_CALLS = {
  sysInfo: getSysInfo.name,
  fastLogin: fastLogin.name,
  testRegister: testRegister.name,
  login: login.name,
  register: register.name,
  smsLogin: smsLogin.name,
  thirdLogin: thirdPartyLogin.name,
  logout: userLogout.name,
  guestCurrency: updateGuestCurrency.name,
  changePassword: forceChangePassword.name,
  riskSend: securityCreateSms.name,
  riskVerify: riskVerifyPhone.name,
  riskBind: riskBindPhone.name,
} as const
/** A job the session asks the hall for (a key of SESSION_CALLS). */
export type SessionJob = keyof typeof SESSION_CALLS

/**
 * What the session awaits: a sign-in (fast login, guest registration, login, registration, SMS or
 * third-party login), the system info reloaded between two tries, an account change of the
 * signed-in player (a guest's currency, the forced password change), the logout. The session
 * follows one flow at a time, so it awaits one call at most: asking drops whatever else it awaited
 * (the logout asked while a currency change is in flight drops the change's answer).
 */
export type SessionPurpose = 'signIn' | 'systemInfo' | 'account' | 'logout' | 'riskSend' | 'risk'

/** Actor delays (ms): the language switch's loading (spec §4). The geetest block is the geetest actor's. */
export const SESSION_DELAYS = { languageSwitch: 200 } as const

/** account_type of a trial (guest) account (spec §3). */
export const TRIAL_ACCOUNT = 1

/** A requester type as the hall's calls take it (social login: google 1, facebook 2, wechat 4, qq 5; else none 0). */
const socialLoginOf = (n: number): 0 | 1 | 2 | 4 | 5 => (n === 1 || n === 2 || n === 4 || n === 5 ? n : 0)

/** The third-party login's result code for an account that is not registered yet (spec §4). */
export const THIRD_NOT_REGISTERED = 100

/** The query key of the entry URL that carries the link type (docs/decisions.md). */
export const LINK_TYPE_QUERY = 'linkType'

/**
 * An error to show on a form: the hall's code and message for a service error, or the message
 * key of the interface text (GEETEST_RESTRICTED, RSP_DATA_NOT_JSON, SYSTEM_ERROR, NETWORK_TIMEOUT,
 * NETWORK_ERROR) when the lobby words it itself.
 */
export interface SessionError {
  readonly code: number | null
  readonly msg: string
  readonly messageKey: string | null
}

/** What the site and the page told the session at start. */
export interface SessionSite {
  readonly siteKey: string
  readonly linkType: number | null
  readonly systemToken: string
  readonly autoVisitorLogin: boolean
  readonly languages: ReadonlyArray<string>
  readonly currencies: ReadonlyArray<string>
}

/** The signed-in user as the session keeps it: the user info without its balance (the wallet owns game_gold). */
export type SessionUser = Omit<UserInfo, 'game_gold'>

export interface SessionContext {
  /** The one call in flight, by purpose: the kit's bookkeeping. */
  readonly requests: Requests<SessionPurpose>
  /** The three start facts, null until each arrived. */
  readonly started: { readonly siteKey: string; readonly linkType: number | null } | null
  readonly stored: StoredSession | null
  readonly site: Omit<SessionSite, 'siteKey' | 'linkType'> | null
  /** The session currency of a visitor (the user's own once signed in). */
  readonly currency: string
  /** Fast login or test registration already retried after reloading system info. */
  readonly retried: boolean
  /** The token guest registration sends: the system token or a generated key (spec §4). */
  readonly loginKey: string | null
  /** The signed-in user (guest or real), null for a visitor; its balance is the wallet's, not kept here. */
  readonly user: SessionUser | null
  readonly mode: LoginMode | null
  /** The registration answer, kept while the new account signs in by fast login. */
  readonly registered: UserInfo | null
  /** The third-party sign-in in flight (for the thirdWay registration when it finds no account). */
  readonly thirdAttempt: { readonly accessToken: string; readonly requesterType: number } | null
  readonly loginError: SessionError | null
  readonly registerError: SessionError | null
  /** A failed guest currency change or forced password change, for the view. */
  readonly accountError: SessionError | null
  /** The geetest restriction is in force (the geetest actor says when it starts and ends): logins are refused. */
  readonly restricted: boolean
  /**
   * The risk check a sign-in's answer asked (loginValidType 7): the answer, kept until the check
   * passes; the masked phone the code went to, once sent; the check's last refusal.
   */
  readonly risk?: RiskCheck | null
}

/** A sign-in waiting on its risk check. */
export interface RiskCheck {
  readonly answer: UserInfo
  readonly sent: string | null
  readonly error: SessionError | null
}

/** The sign-in's answer asks the risk check (login validation mode sms 7). */
export const asksRiskCheck = (data: unknown): boolean => isRecord(data) && data.loginValidType === RISK_CHECK && userOf(data) !== null

/** The risk check binds a phone (the account has none bound) rather than verifying the bound one. */
export const riskBinds = (c: SessionContext): boolean => (c.risk?.answer.mobile_phone ?? '') === ''

export const initialContext: SessionContext = {
  requests: noRequests,
  started: null,
  stored: null,
  site: null,
  currency: 'CNY',
  retried: false,
  loginKey: null,
  user: null,
  mode: null,
  registered: null,
  thirdAttempt: null,
  loginError: null,
  registerError: null,
  accountError: null,
  restricted: false,
}

/** The events the session consumes. */
export type SessionEvent =
  | EventOfType<'app.started'>
  | EventOfType<'site.ready'>
  | EventOfType<'session.storedLoaded'>
  | EventOfType<'session.keyGenerated'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>
  | EventOfType<'session.loginSubmitted'>
  | EventOfType<'session.registerSubmitted'>
  | EventOfType<'session.trialRequested'>
  | EventOfType<'session.smsLoginSubmitted'>
  | EventOfType<'session.thirdLoginSubmitted'>
  | EventOfType<'session.logoutConfirmed'>
  | EventOfType<'session.expiredAcknowledged'>
  | EventOfType<'session.currencyChosen'>
  | EventOfType<'session.passwordChangeSubmitted'>
  | EventOfType<'geetest.restricted'>
  | EventOfType<'geetest.lifted'>
  | EventOfType<'session.signedOutElsewhere'>
  | EventOfType<'session.keyChanged'>
  | EventOfType<'session.riskCodeRequested'>
  | EventOfType<'session.riskCodeSubmitted'>
  | EventOfType<'session.riskCancelled'>

/** The events the session emits. */
export type SessionEmitted =
  | EventOfType<'hall.requested'>
  | EventOfType<'session.credentialsChanged'>
  | EventOfType<'session.persistRequested'>
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.loggedOut'>
  | EventOfType<'session.tokenExpired'>
  | EventOfType<'session.authPromptNeeded'>
  | EventOfType<'session.keyRequested'>
  | EventOfType<'wallet.balanceReported'>
  | EventOfType<'geetest.challengeFailed'>

/**
 * The link type of the entry URL (`?linkType=3`), or null when absent or not a number. The
 * promote-game page (screens §4: its test user) enters as a test-register link: the guest is made
 * without asking the visitor to log in first.
 */
export const linkTypeOf = (url: string): number | null => {
  let raw: string | null
  try {
    const parsed = new URL(url)
    raw = parsed.searchParams.get(LINK_TYPE_QUERY)
    if (raw === null && /^\/promote-game\/?$/.test(parsed.pathname)) return LinkType.testRegister
  } catch {
    return null
  }
  const n = raw === null || raw.trim() === '' ? NaN : Number(raw)
  return Number.isInteger(n) ? n : null
}

/** Guest registration without a stored key: auto visitor login on for the device, or a test-register or home link (spec §4). */
export const guestAllowed = (site: Pick<SessionSite, 'autoVisitorLogin' | 'linkType'>): boolean =>
  site.autoVisitorLogin || site.linkType === LinkType.testRegister || site.linkType === LinkType.home

/** A -1 answer: the token expired (spec §8; the code is the kit's TOKEN_EXPIRED). */
export const isExpiredError = (error: HallError): boolean => error._tag === 'ServiceCode' && error.code === TOKEN_EXPIRED

/** How a failed call shows on a form (spec §8 reactions). */
export const errorOf = (error: HallError): SessionError => {
  switch (error._tag) {
    case 'ServiceCode':
      return { code: error.code, msg: error.msg, messageKey: isGeetestError(error) ? 'GEETEST_RESTRICTED' : null }
    case 'NotJson':
      return { code: null, msg: `response data not json (${error.requestId})`, messageKey: 'RSP_DATA_NOT_JSON' }
    case 'Timeout':
      return { code: null, msg: `no answer within ${error.ms} ms`, messageKey: 'NETWORK_TIMEOUT' }
    case 'Network':
      return { code: null, msg: error.message, messageKey: 'NETWORK_ERROR' }
    case 'EmptyData':
      return { code: null, msg: 'empty data', messageKey: 'SYSTEM_ERROR' }
    case 'Decode':
      return { code: null, msg: error.message, messageKey: 'SYSTEM_ERROR' }
  }
}

/** The form error while a geetest restriction blocks attempts. */
export const GEETEST_BLOCKED: SessionError = { code: null, msg: 'error_12', messageKey: 'GEETEST_RESTRICTED' }

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The signed-in user of an answer. The login family's answers are decoded as UserInfo by the hall
 * runner; SMS and third-party logins answer open data, so the fields the session relies on are
 * checked here and the rest defaulted.
 */
export const userOf = (data: unknown): UserInfo | null => {
  if (!isRecord(data)) return null
  const { userkey, session_key, token, username, account_type } = data
  if (typeof userkey !== 'string' || typeof session_key !== 'string' || typeof token !== 'string') return null
  if (typeof username !== 'string' || typeof account_type !== 'number') return null
  return {
    userIdx: '0', platfromid: username, portrait_id: 0, currency: '', change_password: 0, must_bind_phone: 0,
    must_bind_email: 0, must_bind_google_auth: 0, mustBindWithdrawPass: 0, must_bind_item: 0, email: '', thirdEmail: '',
    thirdType: 0, mobile_phone: '', cpf: '', is_open_google_auth: 0, userOptResult: [], user_status: 1, game_gold: '0',
    has_recharged: 0, showPassword: 0, lastgameinfo: null,
    ...(data as Partial<UserInfo>),
  } as UserInfo
}

/** A third-party answer saying the account is not registered yet (result code 100), or null. */
export const thirdNotRegistered = (data: unknown): Record<string, unknown> | null =>
  isRecord(data) && Number(data['code']) === THIRD_NOT_REGISTERED ? data : null

/** The thirdWay registration data: from the hall's answer where it gives them, else from the attempt. */
export const thirdWayOf = (data: Record<string, unknown>, attempt: SessionContext['thirdAttempt']): ThirdWay => {
  const str = (k: string): string => (typeof data[k] === 'string' ? data[k] : '')
  return {
    email: str('email'),
    id: str('id'),
    accessToken: attempt?.accessToken ?? '',
    requesterType: attempt?.requesterType ?? 0,
    newUsername: str('new_username'),
    newPassword: str('new_password'),
  }
}

/**
 * Logged in in the spec's sense: a userkey and not a trial account (spec §4, §6). Every signed-in
 * user came with a userkey; it is not compared with '' because a sensitive value reads
 * '[redacted]' in replay.
 */
export const isReal = (user: SessionUser | null): boolean => user !== null && user.account_type !== TRIAL_ACCOUNT

/** The base login payload of spec §7.1 (the fields the lobby knows without the device). */
export const BASE_LOGIN = { clientType: 5, platformType: 1001, operationId: 0 } as const

/** The answer to the call the session awaits for this purpose. */
export const answered = (c: SessionContext, e: SessionEvent, purpose: SessionPurpose): e is EventOfType<'hall.responded'> =>
  e.type === 'hall.responded' && answers(c.requests, purpose, e)
/** A -1 while signed in is the token expiring, whoever made the call (spec §8). */
export const expiry = (c: SessionContext, e: SessionEvent): boolean => e.type === 'hall.failed' && isExpiredError(e.error) && c.user !== null
/** Its own call for this purpose failed (a -1 while signed in is the expiry instead). */
export const failedMine = (c: SessionContext, e: SessionEvent, purpose: SessionPurpose): e is EventOfType<'hall.failed'> =>
  e.type === 'hall.failed' && answers(c.requests, purpose, e) && !expiry(c, e)
/** A trial account is signed in. */
export const isGuest = (c: SessionContext): boolean => c.user?.account_type === TRIAL_ACCOUNT
/** The site offers this currency (or names none). */
export const offeredCurrency = (c: SessionContext, currency: string): boolean => c.site !== null && (c.site.currencies.length === 0 || c.site.currencies.includes(currency))
/** The token visitors send (spec §7: pre-login calls). */
export const systemToken = (c: SessionContext): string => c.site?.systemToken ?? ''

/**
 * Asks for a job's call with its typed payload, from the context and the event that asked for it;
 * whatever else the session awaited is dropped (one flow at a time). Null when the event does not
 * carry what the call needs (a form's call asked by another event: the statechart never does).
 */
export const askFor = (c: SessionContext, e: SessionEvent, job: SessionJob): Asked<SessionPurpose> | null => {
  const r = forgetAll(c.requests)
  switch (job) {
    case 'fastLogin':
      return request('session', r, 'signIn', fastLogin, { ...BASE_LOGIN, token: systemToken(c), userkey: c.registered?.userkey ?? c.stored?.userkey ?? '' })
    case 'testRegister':
      return request('session', r, 'signIn', testRegister, { ...BASE_LOGIN, token: c.loginKey ?? systemToken(c), currency: c.currency })
    case 'login':
      return e.type === 'session.loginSubmitted'
        ? request('session', r, 'signIn', login, {
            ...BASE_LOGIN, username: e.username, password: e.password, token: systemToken(c), currency: c.currency,
            ...(e.captchaKey === undefined ? {} : { captchaKey: e.captchaKey }), ...(e.captcha === undefined ? {} : { captcha: e.captcha }),
          })
        : null
    case 'register':
      if (e.type !== 'session.registerSubmitted') return null
      // A third-party account found unregistered registers with its provider's token (thirdWay mode, spec §4).
      return e.thirdWay !== undefined
        ? request('session', r, 'signIn', thirdPartyRegister, {
            ...BASE_LOGIN, email: e.thirdWay.email, id: e.thirdWay.id, access_token: e.thirdWay.accessToken, requester_type: socialLoginOf(e.thirdWay.requesterType),
            new_username: e.username, new_password: e.password, currency: e.currency,
          })
        : request('session', r, 'signIn', register, {
            ...BASE_LOGIN, username: e.username, password: e.password, currency: e.currency, token: systemToken(c),
            ...(e.invitation?.inviteCode === undefined ? {} : { inviteCode: e.invitation.inviteCode }),
            ...(e.invitation?.channelId === undefined ? {} : { channelId: e.invitation.channelId }),
            ...(e.phone === undefined ? {} : { areaCode: e.phone.areaCode, mobile_phone: e.phone.number }),
          })
    case 'smsLogin':
      return e.type === 'session.smsLoginSubmitted' ? request('session', r, 'signIn', smsLogin, { phone: e.phone, code: e.code }) : null
    case 'thirdLogin':
      return e.type === 'session.thirdLoginSubmitted'
        ? request('session', r, 'signIn', thirdPartyLogin, { access_token: e.accessToken, requester_type: e.requesterType })
        : null
    case 'logout':
      return request('session', r, 'logout', userLogout, c.user === null ? {} : { useridx: c.user.userIdx, token: c.user.token })
    case 'guestCurrency':
      return e.type === 'session.currencyChosen' ? request('session', r, 'account', updateGuestCurrency, { currency: e.currency }) : null
    case 'changePassword':
      return e.type === 'session.passwordChangeSubmitted'
        ? request('session', r, 'account', forceChangePassword, { oldPassword: e.oldPassword, newPassword: e.newPassword })
        : null
    case 'sysInfo':
      return request('session', r, 'systemInfo', getSysInfo, {})
    // The risk check: the code to the bound phone (named masked, as the answer shows it) or to the phone to bind.
    case 'riskSend':
      return e.type === 'session.riskCodeRequested' && c.risk != null
        ? request('session', r, 'riskSend', securityCreateSms, { phone: e.phone ?? c.risk.answer.mobile_phone, ...(e.areaCode === undefined ? {} : { areaCode: e.areaCode }) })
        : null
    case 'riskVerify':
      return e.type === 'session.riskCodeSubmitted' ? request('session', r, 'risk', riskVerifyPhone, { code: e.code }) : null
    case 'riskBind':
      return e.type === 'session.riskCodeSubmitted' && e.phone !== undefined
        ? request('session', r, 'risk', riskBindPhone, { phone: e.phone, code: e.code, ...(e.areaCode === undefined ? {} : { areaCode: e.areaCode }) })
        : null
  }
}

/** Another tab logged out of the account signed in here (usernames are case-insensitive, spec §5). */
export const sameUserSignedOut = (c: SessionContext, e: SessionEvent): boolean =>
  e.type === 'session.signedOutElsewhere' && c.user !== null && c.user.username.toLowerCase() === e.username.toLowerCase()

/** The new fast-login key a password change answered (the hall replaces it, docs/hall.md), or null. */
export const changedKeyOf = (e: EventOfType<'hall.responded'>): string | null => dataOf(forceChangePassword, e).userkey ?? null

/** The system token a reload of the system info answered. */
export const reloadedTokenOf = (e: EventOfType<'hall.responded'>): string => dataOf(getSysInfo, e).token

/** The credentials of a visitor: the system token and the site key. */
export const systemCredentials = (c: SessionContext, currency: string) =>
  ({ type: 'session.credentialsChanged', token: systemToken(c), keyMaterial: c.started?.siteKey ?? '', currency }) as const

/**
 * What other domains need of the user info, carried on `session.loggedIn`: for the post-login
 * sequence (spec §4 bind flow) how many items must be bound and which are, and whether the player
 * has recharged; for the red packets the account status; for the buried config of the player's own
 * id (screens §3 idxType 3) the player's id.
 */
export const signInFactsOf = (
  user: Pick<UserInfo, 'mobile_phone' | 'email' | 'is_open_google_auth' | 'userOptResult' | 'must_bind_item' | 'has_recharged' | 'user_status'> & Partial<Pick<UserInfo, 'userIdx'>>,
): { bind: { mustBindItem: number; bound: Array<'phone' | 'email' | 'googleAuth' | 'withdrawPass'> }; hasRecharged: boolean; userStatus: number; playerId?: string } => {
  const bound: Array<'phone' | 'email' | 'googleAuth' | 'withdrawPass'> = []
  if (user.mobile_phone !== '') bound.push('phone')
  if (user.email !== '') bound.push('email')
  if (user.is_open_google_auth === 1) bound.push('googleAuth')
  if (user.userOptResult[0] === 1) bound.push('withdrawPass')
  return {
    bind: { mustBindItem: user.must_bind_item, bound }, hasRecharged: user.has_recharged === 1, userStatus: user.user_status,
    ...(user.userIdx === undefined || user.userIdx === '' || user.userIdx === '0' ? {} : { playerId: user.userIdx }),
  }
}
