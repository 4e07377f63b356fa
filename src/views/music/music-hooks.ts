import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { musicMachine } from '../../../actors/music'
import { useActorSelector } from '../../system-react'

type MusicRef = ActorRefFrom<typeof musicMachine>

/** Reads the music actor through one of its selectors. */
export const useMusic = <T,>(selector: (s: SnapshotFrom<typeof musicMachine>) => T): T => useActorSelector<MusicRef, T>('music', selector)
