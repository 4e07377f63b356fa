import { Schema } from 'effect'
import { defineEvent } from '../event'
import { MaintainInfo } from '../hall/calls/site'
import { PopupId } from './popup'

/**
 * The home page's banners and footer, the club entry, and the global popups the operator's
 * notices open (spec screens §2 home, global popups maintenance, iframePopup, receiveTips,
 * feedback; §3 maintenance info; calls §7.3, §7.9). Nothing here is read at boot: the banners and
 * the footer when the home page opens, the club entry when a club category opens, the maintenance
 * information only when the site says it is in maintenance mode (site info maintainStatus 1).
 */

/** The home page opened: its banners and the site's footer are read. */
export const homeOpened = defineEvent('home.opened', 'intent', 'The home page opened: its banners and the site footer are read.', {})

/** A club category opened: the club entry is read. */
export const clubOpened = defineEvent('club.opened', 'intent', 'A club category opened: the club entry (switch, address, app) is read.', {})

/** The maintenance actor asks the maintenance runner for the site's maintenance information (a static file). */
export const maintenanceInfoWanted = defineEvent('maintenance.infoWanted', 'notice', "The site is in maintenance mode: its maintenance information file is read.", {})

/** The maintenance runner read the maintenance information (the site's file, or the default one). */
export const maintenanceInfoLoaded = defineEvent('maintenance.infoLoaded', 'fact', 'The maintenance information file was read (the site\'s, else the default).', {
  info: MaintainInfo,
})

/** Neither maintenance information file could be read (the spec swallows it: the popup shows without times). */
export const maintenanceInfoFailed = defineEvent('maintenance.infoFailed', 'fact', 'Neither maintenance information file could be read.', {
  message: Schema.String,
})

/** An actor of these notices asks for a global popup (maintenance, receive tips). */
export const noticesPopupRequested = defineEvent('notices.popupRequested', 'notice', 'The maintenance or first-receive rule asks for its global popup.', {
  popup: PopupId,
  props: Schema.Record(Schema.String, Schema.Unknown),
})

/** The notices events. */
export const noticesEvents = [homeOpened, clubOpened, maintenanceInfoWanted, maintenanceInfoLoaded, maintenanceInfoFailed, noticesPopupRequested] as const
