import type { Domain } from '../../actors/domain'

/**
 * Every domain's module, for replay systems (src/system.ts `createReplaySystem`): the replayer's
 * module (src/bus/replayer.ts, which Node and the devtools import, never the lobby's first route)
 * hands them here, so a replay system starts a lazy domain at its domain.started, or every domain
 * at boot for a log recorded before domains started lazily.
 */
let held: ReadonlyArray<Domain> = []

export const holdDomainsForReplay = (all: ReadonlyArray<Domain>): void => {
  held = all
}

export const domainsForReplay = (): ReadonlyArray<Domain> => held
