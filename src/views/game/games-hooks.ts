import type { SnapshotFrom } from 'xstate'
import type { catalogueMachine, launchMachine } from '../../../actors/games'
import { useActor } from '../../system-react'

/** Reads the games actor through one of its selectors. */
export const useGames = <T,>(selector: (s: SnapshotFrom<typeof catalogueMachine>) => T): T =>
  useActor('games', selector)

/** Reads the launch actor through one of its selectors. */
export const useLaunch = <T,>(selector: (s: SnapshotFrom<typeof launchMachine>) => T): T =>
  useActor('launch', selector)
