import { defineEvent } from '../event'

/**
 * The access-restricted page (spec screens §2 /pages/403/; calls §7.3
 * getAccessRestrictedInfo): when it shows, its details (the operator's text, the visitor's IP,
 * where to reach support) are read.
 */

/** The access-restricted page showed: its details are read. */
export const restrictedOpened = defineEvent('restricted.opened', 'intent', 'The access-restricted page showed: its details (operator text, IP, support) are read.', {})

/** The access-restricted page's events. */
export const restrictedEvents = [restrictedOpened] as const
