import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * Savings, yuebao (spec screens §2 /home/yuebao, §3 yuebao entity, calls §7.7). The savings
 * actors read the page, the profit and the records, and move money with the kit's commands; the
 * wallet keeps the savings balance they report (`wallet.savingsReported`).
 */

/** The savings page opened: its figures are read (the read that counts for the introduction shown once). */
export const yuebaoOpened = defineEvent('yuebao.opened', 'intent', 'The savings page opened: its figures are read.', {})

/** A savings movement succeeded (saved, taken out, interest received): the figures and records are read again. */
export const yuebaoMoved = defineEvent('yuebao.moved', 'notice', 'A savings movement succeeded: the savings figures and records are read again.', {
  kind: Schema.Literals(['save', 'takeout', 'receive']),
  amount: Schema.String,
})

/** The savings events. */
export const yuebaoEvents = [yuebaoOpened, yuebaoMoved] as const
