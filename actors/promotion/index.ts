import type { ActorSpec } from '../spec'
import { promoteGameMachine } from './promotegame.machine'
import { promotionMachine } from './promotion.machine'

/**
 * The promotion actor: a visitor's arrival by an invite or channel link reported (view and click,
 * once per arrival), the tracking pixels chosen from the buried config, and the invitation a later
 * registration names, kept on the device (screens §2, §3); after a real player's sign-in, the pixels
 * of the buried config of the player's own id (idxType 3).
 */
export const promotionActor = {
  id: 'promotion',
  machine: promotionMachine,
  consumes: ['promotion.arrived', 'promotion.invitationLoaded', 'site.ready', 'session.loggedIn', 'hall.responded', 'hall.failed'],
} as const satisfies ActorSpec

/** The promote-game page (screens §4): a guest's demo launch of a self-operated game. */
export const promoteGameActor = {
  id: 'promoteGame',
  machine: promoteGameMachine,
  consumes: ['app.started', 'site.ready', 'session.loggedIn', 'session.authPromptNeeded', 'hall.responded', 'hall.failed'],
} as const satisfies ActorSpec

export { promotionMachine, promoteGameMachine }
export * from './promotion.logic'
