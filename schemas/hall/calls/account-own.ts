/**
 * Account calls of the hall's own design (docs/hall-protocol.md, "Account"): the spec's catalogue
 * can change the profile (settings/modifyinfo) but names no call that reads it, nor one that lists
 * the account's changes, so the personal page and the security centre ask the hall.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { signInCodes, thirdPartyCodes } from './codes'
import { DateTime, NoParams, SocialLogin } from './common'
import { Sensitive } from './sensitive'

/**
 * The player's profile as the personal page shows it: the display name (platfromid; the username
 * when none is set), the avatar (portrait_id), real name, birthday ('' when not set), and the CPF
 * and email as the page shows them (masked; '' when not bound).
 */
export const ProfileInfo = Schema.Struct({
  username: Schema.String,
  platfromid: Schema.String,
  portrait_id: Schema.Number,
  realName: Schema.String,
  birthday: Schema.String,
  cpf: Schema.String,
  email: Schema.String,
  /** The bound third-party account's email, masked ('' when none; screens §4 bind mode), and its type (social login, 0 none). */
  thirdEmail: Schema.optional(Schema.String),
  thirdType: Schema.optional(SocialLogin),
})
export type ProfileInfo = typeof ProfileInfo.Type

export const profileInfo = defineCall({
  name: 'profileInfo',
  designed: true,
  area: 'security',
  path: '/user/settings/info',
  request: NoParams,
  response: ProfileInfo,
})

/** A change of the account (the hall's history): what, how, which verification allowed it, when. */
export const AccountChange = Schema.Struct({
  item: Schema.String,
  action: Schema.String,
  verifyType: Schema.NullOr(Schema.Number),
  created_at: DateTime,
})
export type AccountChange = typeof AccountChange.Type

/** The account's last 20 changes, newest first (moments in the site's time zone). */
export const accountHistory = defineCall({
  name: 'accountHistory',
  designed: true,
  area: 'security',
  path: '/user/security/history',
  request: NoParams,
  response: Schema.Struct({ list: Schema.Array(AccountChange) }),
})

/**
 * A trial account becomes a registered one (screens §3 userOptResult 4: can set username and
 * password; the 'pass' popup of /home/setting): the username by the rule and free on the site, the
 * password by the rule, twice. The account keeps its id and currency; its trial balance is play
 * money and is not carried over (docs/hall.md, "Trial accounts"). Answers the new username and
 * the new fast-login key (every session of the trial ends but this one).
 */
export const setAccount = defineCall({
  name: 'setAccount',
  designed: true,
  codes: { usernameTaken: signInCodes.usernameTaken, invalidUsername: signInCodes.invalidUsername, invalidPassword: signInCodes.invalidPassword, notTrial: thirdPartyCodes.notTrial },
  area: 'security',
  path: '/user/settings/setaccount',
  request: Schema.Struct({
    username: Schema.String,
    password: Sensitive(Schema.String),
    confirmPassword: Sensitive(Schema.String),
  }),
  response: Schema.Struct({ username: Schema.String, userkey: Sensitive(Schema.String) }),
})
