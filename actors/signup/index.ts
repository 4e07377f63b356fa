import { checkUsername } from '../../schemas/hall/calls/auth'
import { getUserAgreement } from '../../schemas/hall/calls/site'
import { registerConfig } from '../../schemas/hall/calls/signup-own'
import { commandActor } from '../kit'

/**
 * The sign-up form's helpers (issue 24; calls §7.1 /home/checkusername, §7.3 userAgreement):
 * whether the username typed is still free, asked once the name passes the form's own rule and
 * the player stops typing; and the site's user agreement, asked when the player opens it. Both
 * for a visitor (audience anyone), never at boot.
 */
export const usernameCheckCommand = commandActor({
  id: 'usernameCheck',
  call: checkUsername,
  audience: 'anyone',
  select: (d) => d.available,
  // The hall's own rule refused the name: the form's rule words it already.
  codes: { invalidUsername: 'validation.username' },
})

export const userAgreementCommand = commandActor({
  id: 'userAgreement',
  call: getUserAgreement,
  audience: 'anyone',
})

/** Whether the site's registration asks for a phone (off, optional, required), asked when the register form opens. */
export const registerConfigCommand = commandActor({
  id: 'registerConfig',
  call: registerConfig,
  audience: 'anyone',
  select: (d) => d.phone,
})
