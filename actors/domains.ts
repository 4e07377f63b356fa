import { siteDomain } from './site/domain'
import { navDomain } from './nav/domain'
import { sessionDomain } from './session/domain'
import { geetestDomain } from './geetest/domain'
import { walletDomain } from './wallet/domain'
import { verifyDomain } from './verify/domain'
import { popupsDomain } from './popups/domain'
import { socketDomain } from './socket/domain'
import { musicDomain } from './music/domain'
import { linesDomain } from './lines/domain'
import { redpacketsDomain } from './redpackets/domain'
import { toastsDomain } from './toasts/domain'
import { gamesDomain } from './games/domain'
import { postloginDomain } from './postlogin/domain'
import { frameboxDomain } from './framebox/domain'
import { bannersDomain } from './banners/domain'
import { badgesDomain } from './badges/domain'
import { vipDomain } from './vip/domain'
import { securityDomain } from './security/domain'
import { prizepoolDomain } from './prizepool/domain'
import { sportsbookDomain } from './sportsbook/domain'
import { recordsDomain } from './records/domain'
import { yuebaoDomain } from './yuebao/domain'
import { playDomain } from './play/domain'
import { withdrawDomain } from './withdraw/domain'
import { payDomain } from './pay/domain'
import { centerwalletDomain } from './centerwallet/domain'
import { messagesDomain } from './messages/domain'
import { serviceDomain } from './service/domain'
import { activitiesDomain } from './activities/domain'
import { wheelDomain } from './wheel/domain'
import { restrictedDomain } from './restricted/domain'
import { feedbackDomain } from './feedback/domain'
import { upgradeDomain } from './upgrade/domain'
import { aboutDomain } from './about/domain'
import { accountDomain } from './account/domain'
import { rebatesDomain } from './rebates/domain'
import { promoteDomain } from './promote/domain'
import { tasksDomain } from './tasks/domain'
import { recoveryDomain } from './recovery/domain'
import { signupDomain } from './signup/domain'
import { thirdpartyDomain } from './thirdparty/domain'
import { noticesDomain } from './notices/domain'
import { promotionDomain } from './promotion/domain'
import { webpushDomain } from './webpush/domain'

/**
 * The boot list: the domains the lobby starts, in start order (their actors start in this order,
 * each domain's in its own order; live, tests and replay start the same list). Adding a domain is
 * its own folders plus one line here (docs/adding-a-domain.md, "Registering the domain").
 */
export const domains = [
  siteDomain,
  navDomain,
  sessionDomain,
  geetestDomain,
  walletDomain,
  verifyDomain,
  popupsDomain,
  socketDomain,
  musicDomain,
  linesDomain,
  redpacketsDomain,
  toastsDomain,
  gamesDomain,
  postloginDomain,
  frameboxDomain,
  bannersDomain,
  badgesDomain,
  vipDomain,
  securityDomain,
  prizepoolDomain,
  sportsbookDomain,
  recordsDomain,
  yuebaoDomain,
  playDomain,
  withdrawDomain,
  payDomain,
  centerwalletDomain,
  messagesDomain,
  serviceDomain,
  activitiesDomain,
  wheelDomain,
  restrictedDomain,
  feedbackDomain,
  upgradeDomain,
  aboutDomain,
  accountDomain,
  rebatesDomain,
  promoteDomain,
  tasksDomain,
  recoveryDomain,
  signupDomain,
  thirdpartyDomain,
  noticesDomain,
  promotionDomain,
  webpushDomain,
] as const
