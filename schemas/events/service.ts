import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * Customer service (spec screens §2 /home/service, the customer-service menu entry; §3 customer
 * service; calls §7.9 staffallv2, §7.3 getWebTrans). The agents are read when the site is ready
 * (the menu entry shows only while one is online) and when the service page opens; the common
 * questions when the page opens, in the interface language.
 */

/** The service page opened: the agents and the common questions in this language are read. */
export const serviceOpened = defineEvent('service.opened', 'intent', 'The customer-service page opened: its agents and common questions are read.', {
  language: Schema.String,
})

/**
 * An agent the service page opens by itself (questionListDisplay 1: the first online agent; or the
 * one the menu's popover chose, ?agent=): opened after the customer-service delay (500 ms, spec
 * §constants) by the serviceopen actor.
 */
export const serviceAgentChosen = defineEvent('service.agentChosen', 'intent', 'The service page chose an agent to open by itself: it opens after the customer-service delay (500 ms).', {
  index: Schema.Int,
})

/** The customer-service events. */
export const serviceEvents = [serviceOpened, serviceAgentChosen] as const
