import type { Schema } from 'effect'
import type { EventDef, EventInputOf, EventKind, EventOf } from '../event'
import { appEvents } from './app'
import { bannersEvents } from './banners'
import { clockEvents } from './clock'
import { diagnosticsEvents } from './diagnostics'
import { domainEvents } from './domain'
import { frameboxEvents } from './framebox'
import { gamesEvents } from './games'
import { hallEvents } from './hall'
import { kitEvents } from './kit'
import { linesEvents } from './lines'
import { musicEvents } from './music'
import { navEvents } from './nav'
import { popupEvents } from './popup'
import { postloginEvents } from './postlogin'
import { redpacketsEvents } from './redpackets'
import { sessionEvents } from './session'
import { siteEvents } from './site'
import { socketEvents } from './socket'
import { toastEvents } from './toast'
import { walletEvents } from './wallet'
import { verifyEvents } from './verify'
import { geetestEvents } from './geetest'
import { yuebaoEvents } from './yuebao'
import { playEvents } from './play'
import { messagesEvents } from './messages'
import { serviceEvents } from './service'
import { activitiesEvents } from './activities'
import { restrictedEvents } from './restricted'
import { feedbackEvents } from './feedback'
import { upgradeEvents } from './upgrade'
import { aboutEvents } from './about'
import { withdrawEvents } from './withdraw'
import { payEvents } from './pay'
import { accountEvents } from './account'
import { vipEvents } from './vip'
import { rebatesEvents } from './rebates'
import { tasksEvents } from './tasks'
import { thirdpartyEvents } from './thirdparty'
import { noticesEvents } from './notices'
import { wheelEvents } from './wheel'
import { promotionEvents } from './promotion'
import { promoteEvents } from './promote'
import { webPushEvents } from './webpush'

/**
 * The event catalogue: every bus event type with its kind and schema. The bus refuses an event
 * that is not here or does not decode; the recorder redacts with these schemas; docs/events.md
 * lists them.
 */
export const eventDefs = [
  ...appEvents,
  ...clockEvents,
  ...domainEvents,
  ...hallEvents,
  ...kitEvents,
  ...siteEvents,
  ...sessionEvents,
  ...navEvents,
  ...popupEvents,
  ...postloginEvents,
  ...frameboxEvents,
  ...linesEvents,
  ...redpacketsEvents,
  ...diagnosticsEvents,
  ...musicEvents,
  ...socketEvents,
  ...toastEvents,
  ...walletEvents,
  ...verifyEvents,
  ...geetestEvents,
  ...gamesEvents,
  ...bannersEvents,
  ...yuebaoEvents,
  ...playEvents,
  ...messagesEvents,
  ...serviceEvents,
  ...activitiesEvents,
  ...restrictedEvents,
  ...feedbackEvents,
  ...upgradeEvents,
  ...aboutEvents,
  ...withdrawEvents,
  ...payEvents,
  ...accountEvents,
  ...vipEvents,
  ...rebatesEvents,
  ...tasksEvents,
  ...thirdpartyEvents,
  ...noticesEvents,
  ...wheelEvents,
  ...promotionEvents,
  ...promoteEvents,
  ...webPushEvents,
] as const

/** Any event that may travel on the bus. */
export type LobbyEvent = EventOf<(typeof eventDefs)[number]>
/**
 * Any event as it may be published: the same, except that a secret a person typed may be the text
 * itself (the bus wraps it in a Secret before any actor sees it, schemas/events/redact.ts).
 */
export type LobbyEventInput = EventInputOf<(typeof eventDefs)[number]>
/** The `type` of any bus event. */
export type LobbyEventType = LobbyEvent['type']
/** The bus event of a given type. */
export type EventOfType<T extends LobbyEventType> = Extract<LobbyEvent, { type: T }>

const byType: ReadonlyMap<string, EventDef> = new Map(eventDefs.map((d) => [d.type, d as EventDef]))

/** The definition of an event type, or undefined for a type the catalogue does not know. */
export const eventDef = (type: string): EventDef | undefined => byType.get(type)

/** The kind of an event type (intent, fact or notice). */
export const kindOf = (type: string): EventKind | undefined => byType.get(type)?.kind

/** The schema of an event type. */
export const schemaOf = (type: string): Schema.Top | undefined => byType.get(type)?.schema

export { appEvents, clockEvents, diagnosticsEvents, domainEvents, hallEvents, musicEvents, navEvents, popupEvents, sessionEvents, siteEvents, socketEvents, toastEvents, walletEvents, verifyEvents, geetestEvents }
export * from './app'
export * from './banners'
export * from './clock'
export * from './diagnostics'
export * from './domain'
export * from './framebox'
export * from './games'
export * from './hall'
export * from './kit'
export * from './lines'
export * from './music'
export * from './nav'
export * from './popup'
export * from './postlogin'
export * from './redpackets'
export * from './session'
export * from './site'
export * from './socket'
export * from './toast'
export * from './wallet'
export * from './verify'
export * from './geetest'
