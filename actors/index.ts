import type { ActorSpec } from './spec'
import { badgesActor } from './badges'
import { bannersActor } from './banners'
import { frameboxActor } from './framebox'
import { gamesActor, launchActor } from './games'
import { musicActor } from './music'
import { navActor } from './nav'
import { popupsActor } from './popups'
import { postloginActor } from './postlogin'
import { prizePoolActor } from './prizepool'
import { sportsWalletActor } from './sportswallet'
import { linesActor } from './lines'
import { redpacketsActor } from './redpackets'
import { languageActor, sessionActor } from './session'
import { securityActor } from './security'
import { siteActor } from './site'
import { socketActor } from './socket'
import { toastsActor } from './toasts'
import { vipActor } from './vip'

/** Every domain actor of the lobby, in start order. Live, test and replay start this same list. */
export const actorSpecs: ReadonlyArray<ActorSpec> = [siteActor, navActor, sessionActor, languageActor, popupsActor, socketActor, musicActor, linesActor, redpacketsActor, toastsActor, gamesActor, launchActor, postloginActor, frameboxActor, bannersActor, badgesActor, vipActor, securityActor, prizePoolActor, sportsWalletActor]

export type { ActorSpec } from './spec'
