import { defineDomain } from '../domain'
import { findAccountCommand, findByCaptchaCommand, phoneByCaptchaCommand, recoveryChallengeCommand, phoneProofCommand, emailProofCommand, recoveryQuestionCommand, resetPassVerifyCommand, questionAndPinProofCommand, resetPasswdCommand, smsCountriesCommand, loginChallengeCommand, smsLoginValidateCommand } from '.'

/** The recovery domain (docs/architecture.md, "How a domain is registered"). */
export const recoveryDomain = defineDomain({
  name: 'recovery',
  actors: [findAccountCommand, findByCaptchaCommand, phoneByCaptchaCommand, recoveryChallengeCommand, phoneProofCommand, emailProofCommand, recoveryQuestionCommand, resetPassVerifyCommand, questionAndPinProofCommand, resetPasswdCommand, smsCountriesCommand, loginChallengeCommand, smsLoginValidateCommand],
  popups: ['forgotPassword'],
})
