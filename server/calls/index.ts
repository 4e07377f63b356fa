/**
 * The calls the reference hall implements. Every other described call answers 4040 "not
 * implemented by the reference hall", so a lobby feature that needs one fails loudly in tests.
 */
import { authCalls } from './auth'
import { gameCalls } from './games'
import { musicCalls } from './music'
import { siteCalls } from './site'
import { pwaCalls } from './pwa'
import { redPacketCalls } from './redpackets'
import { supportCalls } from './support'
import { frameCalls } from './frames'
import { securityCalls } from './security'
import { accountCalls } from './account'
import { thirdPartyCalls } from './thirdparty'
import { popupCalls } from './popups'
import { activityCalls } from './activities'
import { badgeCalls } from './badges'
import { messageCalls } from './messages'
import { serviceCalls } from './service'
import { feedbackCalls } from './feedback'
import { vipCalls } from './vip'
import { rebateCalls } from './rebates'
import { taskCalls } from './tasks'
import { recordCalls } from './records'
import { challengeCalls } from './challenge'
import { recoveryCalls } from './recovery'
import { smsLoginCalls } from './smslogin'
import { yuebaoCalls } from './yuebao'
import { withdrawCalls } from './withdraw'
import { discountCalls, payCalls } from './pay'
import { entryCalls } from './entries'
import { playCalls } from './play'
import { wheelCalls } from './wheel'
import { promotionCalls } from './promotion'
import { agentCalls } from './agents'
import { webPushCalls } from './webpush'
import { phoneCalls } from './phone'
import type { Implementation } from './types'

/** Every implementation, site calls first. */
export const implementations: ReadonlyArray<Implementation> = [
  ...siteCalls, ...pwaCalls, ...authCalls, ...supportCalls, ...musicCalls, ...redPacketCalls, ...gameCalls, ...frameCalls, ...popupCalls, ...securityCalls, ...accountCalls, ...thirdPartyCalls,
  ...challengeCalls, ...badgeCalls, ...activityCalls, ...messageCalls, ...serviceCalls, ...feedbackCalls, ...vipCalls, ...rebateCalls, ...recordCalls,
  ...yuebaoCalls,
  ...taskCalls,
  ...withdrawCalls,
  ...payCalls, ...discountCalls,
  ...recoveryCalls, ...smsLoginCalls,
  ...entryCalls,
  ...playCalls,
  ...wheelCalls,
  ...promotionCalls,
  ...agentCalls,
  ...webPushCalls,
  ...phoneCalls,
]
