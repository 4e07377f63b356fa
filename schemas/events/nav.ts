import { Schema } from 'effect'
import { defineEvent } from '../event'
import { SensitiveParams } from '../sensitive'

/**
 * Navigation (spec §2): the location is actor state, so replay knows which screen the player
 * saw. Views ask by route name; the history runner reports the browser's location and carries
 * out the actor's pushes.
 */

/** A view asks to go to a route by name (never by path). */
export const navRequested = defineEvent('nav.requested', 'intent', 'A view asks to go to a route, by name.', {
  name: Schema.String,
  params: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
  query: Schema.optionalKey(SensitiveParams(Schema.Record(Schema.String, Schema.String), 'query')),
  replace: Schema.optionalKey(Schema.Boolean),
})

/** The browser's location: at start, and on back/forward. */
export const locationChanged = defineEvent('nav.locationChanged', 'fact', "The browser's location (at start, and on back or forward).", {
  path: Schema.String,
  search: SensitiveParams(Schema.String, 'search'),
})

/** The navigation actor moved: the history runner pushes (or replaces) this location. */
export const navigated = defineEvent('nav.navigated', 'notice', 'The lobby is now on this location; the history runner updates the address bar.', {
  name: Schema.String,
  path: Schema.String,
  search: SensitiveParams(Schema.String, 'search'),
  replace: Schema.Boolean,
})

/**
 * A private route was refused after the first page load (not really logged in: guests do not
 * count). The lobby stays where it is; the popup queue opens the guide to log in.
 */
export const guardBlocked = defineEvent('nav.guardBlocked', 'notice', 'A private route was refused after the first page load; the guide to log in opens.', {
  name: Schema.String,
})

/** The navigation events. */
export const navEvents = [navRequested, locationChanged, navigated, guardBlocked] as const
