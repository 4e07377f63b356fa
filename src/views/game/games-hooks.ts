import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { catalogueMachine, launchMachine } from '../../../actors/games'
import { useActorSelector } from '../../system-react'

/** Reads the games actor through one of its selectors. */
export const useGames = <T,>(selector: (s: SnapshotFrom<typeof catalogueMachine>) => T): T =>
  useActorSelector<ActorRefFrom<typeof catalogueMachine>, T>('games', selector)

/** Reads the launch actor through one of its selectors. */
export const useLaunch = <T,>(selector: (s: SnapshotFrom<typeof launchMachine>) => T): T =>
  useActorSelector<ActorRefFrom<typeof launchMachine>, T>('launch', selector)
