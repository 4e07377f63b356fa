import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * The domain kit's events (docs/adding-a-domain.md). A query, a paged list and a command are
 * actors made by the factories in actors/kit; their views address them by actor id, so one event
 * type serves every domain: `query.refreshRequested { query: 'vip' }`, `list.pageChosen { list:
 * 'payRecords', page: 3 }`, `command.submitted { command: 'withdraw', payload }`.
 */

/** A filter value of a paged list's condition (a date filter, a state filter, a keyword, an id). */
export const ConditionValue = Schema.Union([Schema.String, Schema.Number, Schema.Boolean, Schema.Null])
export type ConditionValue = typeof ConditionValue.Type

/** A paged list's condition: the filters its call takes besides the page and its size. */
export const Condition = Schema.Record(Schema.String, ConditionValue)
export type Condition = typeof Condition.Type

/** A view asks a query to fetch again (its retry button, a pull to refresh, a screen opening). */
export const queryRefreshRequested = defineEvent('query.refreshRequested', 'intent', 'A view asks a query actor to fetch again.', {
  query: Schema.String,
})

/** A paged list's view opened: the list queries page 1 with this condition (spec §4 Table). */
export const listOpened = defineEvent('list.opened', 'intent', "A paged list's view opened with its condition.", {
  list: Schema.String,
  condition: Condition,
})

/** The player changed a paged list's condition (a filter): back to page 1. */
export const listConditionChanged = defineEvent('list.conditionChanged', 'intent', "The player changed a paged list's filters.", {
  list: Schema.String,
  condition: Condition,
})

/** The player chose a page (pager or go-to-page on Enter); the list clamps it to 1..ceil(total/size). */
export const listPageChosen = defineEvent('list.pageChosen', 'intent', 'The player chose a page of a paged list.', {
  list: Schema.String,
  page: Schema.Number,
})

/** The player chose a page size (10 to 50). */
export const listSizeChosen = defineEvent('list.sizeChosen', 'intent', 'The player chose the page size of a paged list.', {
  list: Schema.String,
  size: Schema.Number,
})

/** The player scrolled a mobile list past 95%: the next page is appended (locked 200 ms). */
export const listNextRequested = defineEvent('list.nextRequested', 'intent', 'The player scrolled a mobile list near its end.', {
  list: Schema.String,
})

/** The player asked a failed list to try again. */
export const listRetryRequested = defineEvent('list.retryRequested', 'intent', 'The player asked a failed paged list to try again.', {
  list: Schema.String,
})

/**
 * The player submitted a command's form: its payload is the request of the command's call, which
 * the event names, so the recorder redacts it and the bus conceals its secrets with that call's
 * request schema whatever the command's id. Logs recorded before the call was named have no
 * `call`: their commands were named after their calls, and the command's id stands for it.
 */
export const commandSubmitted = defineEvent('command.submitted', 'intent', "The player submitted a command's form.", {
  command: Schema.String,
  call: Schema.optionalKey(Schema.String),
  payload: Schema.Record(Schema.String, Schema.Unknown),
})

/** A command's form closed or started over: its result or error is forgotten. */
export const commandReset = defineEvent('command.reset', 'intent', "A command's form closed or started over.", {
  command: Schema.String,
})

/**
 * A call's failure that the player must see (spec §8 reactions: a modal, deduplicated): the
 * hall's message, or a key of the lobby's own messages for errors without one.
 */
export const errorReported = defineEvent('errors.reported', 'notice', "A call's failure the player must see in the error modal.", {
  /** The hall's message, or a key of the `errors` namespace ('network', 'timeout', ...) when `translate` is true. */
  message: Schema.String,
  translate: Schema.Boolean,
  code: Schema.NullOr(Schema.Number),
  /** The request id an unreadable answer names (spec §8: 'response data not json' with the request id). */
  requestId: Schema.optionalKey(Schema.String),
  /** The error group of the command that reported it (its siblings show no further error, spec §8). */
  group: Schema.optionalKey(Schema.String),
})

/** The kit's events. */
export const kitEvents = [
  queryRefreshRequested, listOpened, listConditionChanged, listPageChosen, listSizeChosen, listNextRequested, listRetryRequested,
  commandSubmitted, commandReset, errorReported,
] as const
