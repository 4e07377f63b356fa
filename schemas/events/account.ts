import { Schema } from 'effect'
import { defineEvent } from '../event'
import { Sensitive } from '../sensitive'

/**
 * The player's own account (screens §2 /home/personal, /home/setting, /home/security; calls §7.2):
 * its screens read the profile, the avatars, the secret question and the auth info when they
 * open (never at sign-in), and every change the hall accepted is announced so they are read again
 * (the header shows the new avatar and name at once).
 */

/** A screen of the account opened: what it shows is read. */
export const accountOpened = defineEvent('account.opened', 'intent', 'A screen of the account (personal, security, setting) opened: its data is read.', {})

/** The hall accepted a change of the account. */
export const accountChanged = defineEvent('account.changed', 'notice', 'The hall accepted a change of the account: what shows it is read again.', {
  item: Schema.String,
})

/** The login password changed: the hall handed this browser a new fast-login key. */
export const keyChanged = defineEvent('session.keyChanged', 'notice', 'The login password changed: the new fast-login key is kept.', {
  userkey: Sensitive(Schema.String),
})

/** The secret question's form opened: the site's questions to choose from are read (/user/getquestion). */
export const questionFormOpened = defineEvent('account.questionFormOpened', 'intent', "The secret question's form opened: the site's questions to choose from are read.", {})

/** The phone check opened (security centre): the bound phone and its country code are read (/user/phone). */
export const phoneCheckOpened = defineEvent('account.phoneCheckOpened', 'intent', 'The phone check opened: the bound phone and its country code are read.', {})

/** The account events. */
export const accountEvents = [accountOpened, accountChanged, keyChanged, questionFormOpened, phoneCheckOpened] as const
