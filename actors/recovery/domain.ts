import { defineDomain } from '../domain'
import { findAccountCommand, recoveryQuestionCommand, resetPassVerifyCommand, resetPasswdCommand, smsCountriesCommand, loginChallengeCommand } from '.'

/** The recovery domain (docs/architecture.md, "How a domain is registered"). */
export const recoveryDomain = defineDomain({
  name: 'recovery',
  actors: [findAccountCommand, recoveryQuestionCommand, resetPassVerifyCommand, resetPasswdCommand, smsCountriesCommand, loginChallengeCommand],
  popups: ['forgotPassword'],
})
