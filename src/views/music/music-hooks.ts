import type { SnapshotFrom } from 'xstate'
import type { musicMachine } from '../../../actors/music'
import { useActor } from '../../system-react'


/** Reads the music actor through one of its selectors. */
export const useMusic = <T,>(selector: (s: SnapshotFrom<typeof musicMachine>) => T): T => useActor('music', selector)
