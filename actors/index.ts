import type { ActorSpec } from './spec'
import { badgesActor } from './badges'
import { bannersActor } from './banners'
import { frameboxActor } from './framebox'
import { gamePhoneActor, gamesActor, lastGameActor, launchActor } from './games'
import { geetestActor } from './geetest'
import { musicActor } from './music'
import { navActor } from './nav'
import { popupsActor } from './popups'
import { postloginActor } from './postlogin'
import { prizePoolActor } from './prizepool'
import { sportsbookActor } from './sportsbook'
import { linesActor } from './lines'
import { redpacketsActor } from './redpackets'
import { languageActor, sessionActor } from './session'
import { securityActor } from './security'
import { siteActor } from './site'
import { socketActor } from './socket'
import { toastsActor } from './toasts'
import { verifyActor } from './verify'
import { vipActor } from './vip'
import { walletActor } from './wallet'

/** Every domain actor of the lobby, in start order. Live, test and replay start this same list. */
export const actorSpecs: ReadonlyArray<ActorSpec> = [
  siteActor, navActor, sessionActor, languageActor, geetestActor, walletActor, verifyActor, popupsActor, socketActor, musicActor, linesActor, redpacketsActor,
  toastsActor, gamesActor, launchActor, lastGameActor, gamePhoneActor, postloginActor, frameboxActor, bannersActor, badgesActor, vipActor, securityActor,
  prizePoolActor, sportsbookActor,
]

export type { ActorSpec } from './spec'
