import type { ActorRefFrom } from 'xstate'
import type { sessionMachine } from '../../../actors/session'
import { selectCurrency, selectIsGuest, selectIsLoggedIn, selectUsername } from '../../../actors/session'
import { selectBalance, selectInGame, selectRefreshing, selectStale, type walletMachine } from '../../../actors/wallet'
import { useActor } from '../../system-react'

type SessionRef = ActorRefFrom<typeof sessionMachine>
type WalletRef = ActorRefFrom<typeof walletMachine>

/** What the shell shows of the session and the player's money. */
export interface SessionView {
  /** Signed in (a real player or a guest). */
  readonly signedIn: boolean
  /** Logged in in the spec's sense: not a trial account. */
  readonly real: boolean
  readonly guest: boolean
  readonly username: string | null
  /** The balance to show, or null while unknown or while the money is in a game (the wallet's). */
  readonly balance: number | null
  /** The player's money is in a game (spec §4), shown as 'money in game' (the wallet's). */
  readonly inGame: boolean
  /** A balance refresh is in flight. */
  readonly refreshing: boolean
  /** The last refresh failed: the balance may be out of date. */
  readonly stale: boolean
  readonly currency: string
}

const useSession = <T,>(selector: (s: ReturnType<SessionRef['getSnapshot']>) => T): T => useActor('session', selector)

/** Reads the wallet actor through one of its selectors. */
export const useWallet = <T,>(selector: (s: ReturnType<WalletRef['getSnapshot']>) => T): T => useActor('wallet', selector)

/** Who is signed in, without the wallet: for a view that only shows or hides by it (a balance change does not re-render it). */
export type SignedInView = Pick<SessionView, 'signedIn' | 'real' | 'guest'>

/** The session's sign-in state alone, through its selectors (no wallet subscription). */
export const useSignedIn = (): SignedInView => {
  const real = useSession(selectIsLoggedIn)
  const guest = useSession(selectIsGuest)
  return { signedIn: real || guest, real, guest }
}

/** The signed-in player's name alone (no wallet subscription). */
export const useUsername = (): string | null => useSession(selectUsername)

/** The session and the wallet as the shell needs them, through their selectors. */
export const useSessionView = (): SessionView => {
  const real = useSession(selectIsLoggedIn)
  const guest = useSession(selectIsGuest)
  const username = useSession(selectUsername)
  const currency = useSession(selectCurrency)
  const balance = useWallet(selectBalance)
  const inGame = useWallet(selectInGame)
  const refreshing = useWallet(selectRefreshing)
  const stale = useWallet(selectStale)
  const amount = balance === null ? Number.NaN : Number(balance)
  return {
    signedIn: real || guest,
    real,
    guest,
    username,
    balance: Number.isFinite(amount) ? amount : null,
    inGame,
    refreshing,
    stale,
    currency,
  }
}
