import { defineDomain } from '../domain'
import { usernameCheckCommand, userAgreementCommand, registerConfigCommand } from '.'

/** The signup domain (docs/architecture.md, "How a domain is registered"). */
export const signupDomain = defineDomain({
  name: 'signup',
  actors: [usernameCheckCommand, userAgreementCommand, registerConfigCommand],
})
