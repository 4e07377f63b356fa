import { defineDomain } from '../domain'
import { accountEvents } from '../../schemas/events/account'
import { profileActor, avatarsActor, questionActor, questionsActor, phoneActor, verifyPhoneCommand, verifyPhoneCodeCommand, verifyEmailCommand, verifyGoogleAuthCodeCommand, historyActor, verifyModifyCommand, secondVerifyCommand, changePassCommand, modifyPhoneCommand, bindEmailCommand, switchGoogleAuthCommand, withdrawPassCommand, passQuintCommand, editQuintCommand, bindCpfCommand, avatarCommand, modifyInfoCommand, boundPhoneCodeCommand, boundEmailCodeCommand, bindGoogleAuthCommand, verifyLoginPassCommand, setAccountCommand } from '.'

/** The account domain (docs/architecture.md, "How a domain is registered"). */
export const accountDomain = defineDomain({
  name: 'account',
  actors: [profileActor, avatarsActor, questionActor, questionsActor, phoneActor, verifyPhoneCommand, verifyPhoneCodeCommand, verifyEmailCommand, verifyGoogleAuthCodeCommand, historyActor, verifyModifyCommand, secondVerifyCommand, changePassCommand, modifyPhoneCommand, bindEmailCommand, switchGoogleAuthCommand, withdrawPassCommand, passQuintCommand, editQuintCommand, bindCpfCommand, avatarCommand, modifyInfoCommand, boundPhoneCodeCommand, boundEmailCodeCommand, bindGoogleAuthCommand, verifyLoginPassCommand, setAccountCommand],
  events: accountEvents,
  routes: ['setting', 'personal'],
  popups: ['pass', 'verifyUserPassword'],
  namespaces: ['account'],
})
