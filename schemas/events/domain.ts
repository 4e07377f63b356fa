import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * When a domain's actors start (docs/architecture.md, "Domains start when first needed"). The
 * arrival of a domain's code is an input like a hall answer: the lobby records which domains it
 * started at boot, and the moment each other domain started, and a replay starts them at those
 * records whatever its own code loading does.
 */
export const domainsBooted = defineEvent(
  'domains.booted',
  'fact',
  'The domains whose actors started at boot, in start order; the others start at their domain.started. A log without it started every domain at boot.',
  { domains: Schema.Array(Schema.String) },
)

export const domainStarted = defineEvent(
  'domain.started',
  'fact',
  "A domain's code arrived and its actors started, at this record, after those started before; each is handed the latest events its domain keeps (the sign-in, site.ready, ...).",
  { domain: Schema.String },
)

/** The events of domain starts (the bus's own, like the clock's). */
export const domainEvents = [domainsBooted, domainStarted] as const
