import type { ActorRefFrom } from 'xstate'
import type { SessionError, SessionPhase, sessionMachine } from '../../../actors/session'
import {
  selectAccountError,
  selectCurrency,
  selectLoginError,
  selectRegisterError,
  selectSessionPhase,
} from '../../../actors/session'
import { selectGeetestSecondsLeft, type geetestMachine } from '../../../actors/geetest'
import type { siteMachine } from '../../../actors/site'
import { selectOfferedCurrencies } from '../../../actors/site'
import { useActorSelector } from '../../system-react'

type SessionRef = ActorRefFrom<typeof sessionMachine>
type SiteRef = ActorRefFrom<typeof siteMachine>
type GeetestRef = ActorRefFrom<typeof geetestMachine>

/** Which form's server error to read. */
export type FormErrorSource = 'login' | 'register' | 'account'

const ERROR_SELECTORS = { login: selectLoginError, register: selectRegisterError, account: selectAccountError } as const

/** The server's answer to a form (wrong password, frozen account, ...), or null. */
export const useSessionError = (source: FormErrorSource): SessionError | null =>
  useActorSelector<SessionRef, SessionError | null>('session', ERROR_SELECTORS[source])

/** Seconds left of the geetest restriction (0 when none), of the geetest actor. */
export const useGeetestSecondsLeft = (): number => useActorSelector<GeetestRef, number>('geetest', selectGeetestSecondsLeft)

/** A sign-in or other session call is under way: forms show they are busy. */
export const useSessionBusy = (): boolean =>
  useActorSelector<SessionRef, SessionPhase>('session', selectSessionPhase) === 'signingIn'

/** The session currency: the registration form's default. */
export const useSessionCurrency = (): string => useActorSelector<SessionRef, string>('session', selectCurrency)

/** The currencies the site offers, for the registration form. */
export const useOfferedCurrencies = (): ReadonlyArray<string> =>
  useActorSelector<SiteRef, ReadonlyArray<string>>('site', selectOfferedCurrencies)
