import { defineEvent } from '../event'

/**
 * About us and version update (spec screens §2 /home/about, /home/update and their menu entries;
 * calls §7.3 getVersionList, and the hall's designed about-us call). Neither is read at boot: the
 * about-us document when its page opens, the version list when its page or the personal-centre
 * menu (whose entry shows only for a non-empty list) opens.
 */

/** The about-us page opened: its document is read. */
export const aboutOpened = defineEvent('about.opened', 'intent', 'The about-us page opened: the site\'s about-us document is read.', {})

/** The version-update page or the personal-centre menu opened: the version list is read. */
export const versionsWanted = defineEvent('versions.wanted', 'intent', 'The version-update page or the personal-centre menu opened: the released versions are read.', {})

/** The about and version events. */
export const aboutEvents = [aboutOpened, versionsWanted] as const
