import type { ActorSpec } from './spec'
import { chargeRateActor, redDotActor, unreadActor } from './badges'
import { bannersActor } from './banners'
import { frameboxActor } from './framebox'
import { gamePhoneActor, gamesActor, lastGameActor, launchActor } from './games'
import { geetestActor } from './geetest'
import { musicActor } from './music'
import { navActor } from './nav'
import { popupsActor } from './popups'
import { postloginActor } from './postlogin'
import { prizeAmountActor, prizeWinnersActor } from './prizepool'
import { sportsbookActor } from './sportsbook'
import { linesActor } from './lines'
import { redpacketsActor } from './redpackets'
import { betRecordsActor, movementsActor, statementActor } from './records'
import { staffActor, webTransActor } from './service'
import { restrictedActor } from './restricted'
import { cachedCategoriesActor, categoriesActor, customPagesActor, detailActor, logsActor, modulesActor, receiveActor, receiveAllActor, winnersActor } from './activities'
import { exchangeActor, extractActor, extractAllActor, pointsActor, spinActor, wheelInfoActor, wheelTasksActor, wordsActor } from './wheel'
import { opVersionActor, upgradeActor } from './upgrade'
import { aboutUsActor, versionsActor } from './about'
import { clubActor, downloadsActor, firstReceiveActor, footerActor, homeBannersActor, maintenanceActor } from './notices'
import { feedbackImageActor, feedbackReadActor, feedbacksActor, feedbackSubmitActor } from './feedback'
import { marqueeActor, messageDeleteActor, messageReadActor, messageReadAllActor, messageReceiveActor, noticesActor } from './messages'
import { languageActor, sessionActor } from './session'
import { authInfoActor, rewardBindActor } from './security'
import {
  profileActor, avatarsActor, questionActor, historyActor, verifyModifyCommand, secondVerifyCommand, changePassCommand, modifyPhoneCommand, bindEmailCommand, switchGoogleAuthCommand, withdrawPassCommand, passQuintCommand, editQuintCommand, bindCpfCommand, avatarCommand, modifyInfoCommand, boundPhoneCodeCommand, boundEmailCodeCommand, bindGoogleAuthCommand,
  verifyLoginPassCommand, setAccountCommand,
} from './account'
import { bindThirdUserCommand, thirdpartyActor } from './thirdparty'
import { siteActor } from './site'
import { socketActor } from './socket'
import { toastsActor } from './toasts'
import { verifyActor } from './verify'
import { findAccountCommand, recoveryQuestionCommand, resetPassVerifyCommand, resetPasswdCommand, smsCountriesCommand, loginChallengeCommand } from './recovery'
import { registerConfigCommand, userAgreementCommand, usernameCheckCommand } from './signup'
import { userVipActor, vipActor, vipDetailsActor, vipReceiveActor } from './vip'
import { awardsActor, rebateActor, rebateReceiveActor, receiveRecordsActor } from './rebates'
import {
  promoteDetailsActor, promoteInviteesActor, promoteLinkActor, promotePeriodsActor, promoteReceiveActor, promoteSummaryActor, promoteTeamActor, proxyTransferActor, transferRecordsActor,
} from './promote'
import { taskBoxActor, taskBoxesActor, taskGroupsActor, taskListActor, taskReceiveActor, taskReceiveAllActor, taskSaveAddressActor } from './tasks'
import { walletActor } from './wallet'
import { guessActor, guessesActor, investActor, investingActor, luckyActor, luckyReceiveActor, matchesActor, quizActor, quizAnswerActor } from './play'
import { yuebaoActor, yuebaoProfitActor, yuebaoReceiveActor, yuebaoRecordsActor, yuebaoSaveActor, yuebaoTakeoutActor } from './yuebao'
import {
  auditActor, auditRecordsActor, banksActor, bindCardCommand, bindCryptoCommand, cryptoNetworksActor, deleteAccountCommand, setDefaultCommand, withdrawCashCommand,
  withdrawClosedActor, withdrawFeeCommand, withdrawInfoActor, withdrawOrderActor, withdrawRecordsActor, walletsActor,
} from './withdraw'
import { balanceListActor, recallActor } from './centerwallet'
import { codePhoneActor, depositActor, firstDepositActor, payBanksActor, payFeeActor, payRatesActor, discountActor, discountShowActor, payChannelsActor, payOrderActor, payRecordsActor, transferCancelActor, transferConfirmActor } from './pay'
import { bindEwalletCommand, bindWalletAppCommand, eWalletsActor, uploadProofCommand, verifyPinCommand } from './withdraw'
import { promoteGameActor, promotionActor } from './promotion'
import { webPushActor } from './webpush'

const allActors = [
  siteActor, navActor, sessionActor, languageActor, geetestActor, walletActor, verifyActor, popupsActor, socketActor, musicActor, linesActor,
  redpacketsActor, toastsActor, gamesActor, launchActor, lastGameActor, gamePhoneActor, postloginActor, frameboxActor, bannersActor,
  chargeRateActor, redDotActor, unreadActor, vipActor, authInfoActor, rewardBindActor, prizeAmountActor, prizeWinnersActor, sportsbookActor,
  betRecordsActor, movementsActor, statementActor,
  yuebaoActor, yuebaoProfitActor, yuebaoRecordsActor, yuebaoSaveActor, yuebaoTakeoutActor, yuebaoReceiveActor,
  matchesActor, guessesActor, guessActor, investActor, investingActor, luckyActor, luckyReceiveActor, quizActor, quizAnswerActor,
  withdrawInfoActor, withdrawClosedActor, banksActor, cryptoNetworksActor, withdrawOrderActor, auditActor, withdrawRecordsActor, auditRecordsActor,
  withdrawCashCommand, bindCardCommand, bindCryptoCommand, deleteAccountCommand, setDefaultCommand, withdrawFeeCommand, walletsActor,
  payChannelsActor, depositActor, payOrderActor, transferConfirmActor, transferCancelActor, payRecordsActor, discountShowActor, codePhoneActor, discountActor,
  balanceListActor, recallActor, firstDepositActor, payFeeActor, payRatesActor, payBanksActor,
  eWalletsActor, bindEwalletCommand, bindWalletAppCommand, uploadProofCommand, verifyPinCommand,
  noticesActor, messageReadActor, messageReadAllActor, messageDeleteActor, messageReceiveActor, marqueeActor,
  staffActor, webTransActor,
  categoriesActor, cachedCategoriesActor, modulesActor, customPagesActor, detailActor, winnersActor, logsActor, receiveActor, receiveAllActor,
  wheelInfoActor, wheelTasksActor, pointsActor, spinActor, wordsActor, extractActor, extractAllActor, exchangeActor,
  restrictedActor,
  feedbacksActor, feedbackSubmitActor, feedbackReadActor, feedbackImageActor,
  opVersionActor, upgradeActor, aboutUsActor, versionsActor,
  profileActor, avatarsActor, questionActor, historyActor, verifyModifyCommand, secondVerifyCommand, changePassCommand, modifyPhoneCommand, bindEmailCommand, switchGoogleAuthCommand, withdrawPassCommand, passQuintCommand, editQuintCommand, bindCpfCommand, avatarCommand, modifyInfoCommand, boundPhoneCodeCommand, boundEmailCodeCommand, bindGoogleAuthCommand,
  vipDetailsActor, userVipActor, vipReceiveActor,
  rebateActor, rebateReceiveActor, awardsActor, receiveRecordsActor,
  promoteSummaryActor, promoteDetailsActor, promoteLinkActor, promoteTeamActor, promotePeriodsActor, promoteReceiveActor, promoteInviteesActor, proxyTransferActor, transferRecordsActor,
  taskGroupsActor, taskListActor, taskBoxesActor, taskReceiveActor, taskReceiveAllActor, taskBoxActor, taskSaveAddressActor,
  findAccountCommand, recoveryQuestionCommand, resetPassVerifyCommand, resetPasswdCommand, smsCountriesCommand, loginChallengeCommand,
  usernameCheckCommand, userAgreementCommand, registerConfigCommand,
  verifyLoginPassCommand, setAccountCommand, thirdpartyActor, bindThirdUserCommand,
  homeBannersActor, footerActor, downloadsActor, clubActor, firstReceiveActor, maintenanceActor,
  promotionActor, promoteGameActor,
  webPushActor,
] as const

/** Every domain actor of the lobby, in start order. Live, test and replay start this same list. */
export const actorSpecs: ReadonlyArray<ActorSpec> = allActors

/** The system's actors by id: each id's machine, for typed views (`useActor('vip', selector)`). */
export type ActorMachines = { readonly [S in (typeof allActors)[number] as S['id']]: S['machine'] }
/** The id of an actor of the system. */
export type ActorId = keyof ActorMachines

export type { ActorSpec } from './spec'
