/**
 * Sign-up calls of the hall's own design (docs/hall-protocol.md, "Sign-up"): the spec's
 * registration has "registration fields" and a phone field with the country list where the site
 * asks for a phone (issue 24), but names no call that says whether a site asks for one; the
 * register form asks the hall when it opens.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { NoParams } from './common'

/** Whether a site's registration asks for a phone: not at all, optionally, or as a required field. */
export const RegisterPhone = Schema.Literals(['off', 'optional', 'required'])
export type RegisterPhone = typeof RegisterPhone.Type

/** What the register form asks of the player on this site (site document 'register'). */
export const RegisterConfig = Schema.Struct({ phone: RegisterPhone })
export type RegisterConfig = typeof RegisterConfig.Type

export const registerConfig = defineCall({
  name: 'registerConfig',
  designed: true,
  area: 'auth',
  path: '/home/registerConfig',
  request: NoParams,
  response: RegisterConfig,
})
