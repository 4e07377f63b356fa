/**
 * The post-login guard: a call that needs a signed-in player gets it here, or the caller gets the
 * spec's -1 'token expired' (which the lobby answers with its single token-expired modal). The
 * same code covers an unknown token, a logged-out session and an expired one, so the lobby cannot
 * tell them apart, as with the original hall.
 */
import { isLive, playerById, takePlayerReadWith } from '../store'
import type { PlayerRow, SessionRow } from '../store'
import { ServiceCodes, ServiceError } from './types'
import type { CallContext } from './types'

/** The live session's player; throws -1 'token expired' otherwise. */
export const requirePlayer = async (ctx: CallContext): Promise<{ player: PlayerRow; session: SessionRow }> => {
  const session = ctx.session
  if (session === undefined || !isLive(session, ctx.now)) {
    throw new ServiceError(ServiceCodes.tokenExpired, 'token expired')
  }
  // The row read with the session at the call's start serves its first ask; later ones read it again.
  const player = takePlayerReadWith(session) ?? (await playerById(ctx.db, session.playerId))
  if (player === undefined || player.siteCode !== ctx.site.code) {
    throw new ServiceError(ServiceCodes.tokenExpired, 'token expired')
  }
  return { player, session }
}
