import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * The playing activities (sports guessing, invest, lucky bet, quiz; docs/hall.md "Playing
 * activities"), shown on the event centre's detail page. Their data is read when their panel opens;
 * a guess, a subscription or a receipt announces `play.changed`, which reads the panel's lists again
 * (the balance goes to the wallet with `wallet.balanceReported`).
 */

/** Which playing activity a panel shows. */
export const PlayKind = Schema.Literals(['guess', 'invest', 'lucky', 'quiz'])
export type PlayKind = typeof PlayKind.Type

/** A playing activity's panel opened: its matches, terms, bets or questions are read. */
export const playOpened = defineEvent('play.opened', 'intent', "A playing activity's panel opened: its matches, terms, qualifying bets or questions are read.", {
  activeId: Schema.Int,
  kind: PlayKind,
})

/** The player placed a guess, subscribed, received a return or prize, or answered a quiz: the panel's lists are read again. */
export const playChanged = defineEvent('play.changed', 'notice', "The player placed a guess, subscribed, received a return or a prize, or answered a quiz: the panel's data is read again.", {
  activeId: Schema.Int,
  kind: PlayKind,
})

/** The playing activities' events. */
export const playEvents = [playOpened, playChanged] as const
