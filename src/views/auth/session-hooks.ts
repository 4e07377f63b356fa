import type { SessionError } from '../../../actors/session'
import {
  selectAccountError,
  selectCurrency,
  selectLoginError,
  selectRegisterError,
  selectSessionPhase,
} from '../../../actors/session'
import { selectGeetestSecondsLeft } from '../../../actors/geetest'
import { selectOfferedCurrencies } from '../../../actors/site'
import { useActor } from '../../system-react'


/** Which form's server error to read. */
export type FormErrorSource = 'login' | 'register' | 'account'

const ERROR_SELECTORS = { login: selectLoginError, register: selectRegisterError, account: selectAccountError } as const

/** The server's answer to a form (wrong password, frozen account, ...), or null. */
export const useSessionError = (source: FormErrorSource): SessionError | null =>
  useActor('session', ERROR_SELECTORS[source])

/** Seconds left of the geetest restriction (0 when none), of the geetest actor. */
export const useGeetestSecondsLeft = (): number => useActor('geetest', selectGeetestSecondsLeft)

/** A sign-in or other session call is under way: forms show they are busy. */
export const useSessionBusy = (): boolean =>
  useActor('session', selectSessionPhase) === 'signingIn'

/** The session currency: the registration form's default. */
export const useSessionCurrency = (): string => useActor('session', selectCurrency)

/** The currencies the site offers, for the registration form. */
export const useOfferedCurrencies = (): ReadonlyArray<string> =>
  useActor('site', selectOfferedCurrencies)
