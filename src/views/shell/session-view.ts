import type { ActorRefFrom } from 'xstate'
import type { sessionMachine } from '../../../actors/session'
import { selectBalance, selectCurrency, selectIsGuest, selectIsLoggedIn, selectUsername } from '../../../actors/session'
import { useActorSelector } from '../../system-react'

type SessionRef = ActorRefFrom<typeof sessionMachine>

/** What the shell shows of the session. */
export interface SessionView {
  /** Signed in (a real player or a guest). */
  readonly signedIn: boolean
  /** Logged in in the spec's sense: not a trial account. */
  readonly real: boolean
  readonly guest: boolean
  readonly username: string | null
  /** The balance to show, or null while unknown ('-1' while in a game is not a number to show). */
  readonly balance: number | null
  /** The player is in a game: the balance is the in-game marker '-1' (spec §4), shown as 'money in game'. */
  readonly inGame: boolean
  readonly currency: string
}

const useSession = <T,>(selector: (s: ReturnType<SessionRef['getSnapshot']>) => T): T => useActorSelector<SessionRef, T>('session', selector)

/** The session as the shell needs it, through the session actor's selectors. */
export const useSessionView = (): SessionView => {
  const real = useSession(selectIsLoggedIn)
  const guest = useSession(selectIsGuest)
  const username = useSession(selectUsername)
  const balance = useSession(selectBalance)
  const currency = useSession(selectCurrency)
  const amount = balance === null ? Number.NaN : Number(balance)
  return {
    signedIn: real || guest,
    real,
    guest,
    username,
    balance: Number.isFinite(amount) && amount >= 0 ? amount : null,
    inGame: balance === '-1',
    currency,
  }
}
