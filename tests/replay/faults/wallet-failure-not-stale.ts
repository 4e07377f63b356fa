import { assign } from 'xstate'
import type { ActorSpec } from '../../../actors'
import { settle } from '../../../actors/kit'
import { walletActor } from '../../../actors/wallet'

/**
 * A known fault, for the tests of `npm run golden` and `npm run replay --actors`
 * (tests/e2e/golden-from-session.test.ts, tests/unit/devtools/golden.test.ts): the wallet as it
 * would be if a balance read that failed (a hall answer of the wrong type among them) left the
 * balance shown as fresh instead of marking it stale. Replayed with `--actors` in place of the
 * lobby's wallet, a golden test that asserts `wallet.stale` after such a read fails on it, and
 * passes on the lobby's own wallet.
 */
const faulty = walletActor.machine.provide({
  actions: {
    failBalance: assign(({ context }) => ({ requests: settle(context.requests, 'balance'), requestCall: null })),
  },
})

export const actors: ReadonlyArray<ActorSpec> = [{ ...walletActor, machine: faulty }]
