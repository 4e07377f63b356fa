import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * Lucky wheels (activity types 2, 20) and word collection (18) on the event centre's detail page
 * (actors/wheel). Opening the page reads the wheel (its prizes, spins, winners) and its tasks, or
 * the collection; a spin, a draw or an exchange announces `wheel.changed`, which reads them again.
 * A spin's outcome is the hall's answer (hall.responded), so a replayed log shows the same spin.
 */

/** A wheel's or a word collection's page opened: what it shows is read. */
export const wheelOpened = defineEvent('wheel.opened', 'intent', "A lucky wheel's or word collection's page opened: its prizes or words, chances, tasks and winners are read.", {
  activeId: Schema.Int,
  kind: Schema.Literals(['wheel', 'words']),
})

/** The player spun, drew or exchanged: the wheel or collection, its tasks and points are read again. */
export const wheelChanged = defineEvent('wheel.changed', 'notice', 'The player spun a wheel, drew a word or exchanged a set: the chances, the words and the winners are read again.', {
  activeId: Schema.Int,
})

/** The wheel and word-collection events. */
export const wheelEvents = [wheelOpened, wheelChanged] as const
