import { assign, enqueueActions, setup } from 'xstate'
import type { EventOfType } from '../../schemas/events'
import { useFirstFlag } from '../../schemas/hall/calls/message'
import { bannerIndex, clubEntry, getDownloadUrl, getFooterConfig, type Banner, type DownloadInfo, type FooterConfig, type MaintainInfo } from '../../schemas/hall/calls/site'
import { queryActor } from '../kit'
import type { ActorSpec } from '../spec'

/**
 * The home page's banners and footer, the app downloads, the club entry, and the rules of the
 * maintenance and receive-tips popups (spec screens §2 home, menus, global popups; §3 maintenance
 * info; calls §7.3, §7.9). None asks at boot:
 *
 * - `homeBanners`, `footer` (queries, visitors too): read when the home page opens (`home.opened`).
 * - `downloads` (query): the app downloads, read when the download-app popup shows.
 * - `club` (query): the club entry, read when a club category opens.
 * - `firstReceive` (query, real players): after the player's first award received in the message
 *   centre, the hall's first-use flag 'receive' (/home/useFirstFlag) says whether it was the first;
 *   the first time, the receive-tips popup explains where received rewards go. Once per player,
 *   on any device (the hall keeps the flag).
 * - `maintenance`: a site in maintenance mode (site info maintainStatus 1; 4 and 5 go to the 500
 *   page, an IP check's siteMaintenanceStatus to 503) still opens; once it is ready the maintenance
 *   popup shows, with the window and the online service of the maintenance information file.
 */

export const homeBannersActor = queryActor({
  id: 'homeBanners',
  call: bannerIndex,
  audience: 'anyone',
  fetchOn: { 'home.opened': true },
  payload: {},
  // The carousel's order: by sort, then as answered.
  select: (d): ReadonlyArray<Banner> => [...d].sort((a, b) => a.sort - b.sort),
})

export const footerActor = queryActor({
  id: 'footer',
  call: getFooterConfig,
  audience: 'anyone',
  fetchOn: { 'home.opened': true },
  payload: {},
  select: (d): FooterConfig => d,
})

export const downloadsActor = queryActor({
  id: 'downloads',
  call: getDownloadUrl,
  audience: 'anyone',
  fetchOn: { 'popup.shown': { when: (e) => e.popup === 'downloadApp' } },
  payload: {},
  select: (d): DownloadInfo => d,
})

export const clubActor = queryActor({
  id: 'club',
  call: clubEntry,
  audience: 'anyone',
  fetchOn: { 'club.opened': true },
  payload: {},
})

/** The first-use flag of receiving a reward. */
export const RECEIVE_FLAG = 'receive'

export const firstReceiveActor = queryActor({
  id: 'firstReceive',
  call: useFirstFlag,
  audience: 'real',
  fetchOn: { 'messages.changed': { when: (e) => e.change === 'receive' } },
  payload: { flag: RECEIVE_FLAG },
  select: (d): boolean => d.first === 1,
  announce: (first) => (first ? [{ type: 'notices.popupRequested', popup: 'receiveTips', props: {} }] : []),
})

type MaintenanceEvent = EventOfType<'site.ready'> | EventOfType<'maintenance.infoLoaded'> | EventOfType<'maintenance.infoFailed'>
type MaintenanceEmitted = EventOfType<'maintenance.infoWanted'> | EventOfType<'notices.popupRequested'>

export interface MaintenanceContext {
  /** The maintenance information, once read. */
  readonly info: MaintainInfo | null
}

/**
 * The maintenance rule. Consumes: site.ready, maintenance.infoLoaded, maintenance.infoFailed.
 * Emits: maintenance.infoWanted, notices.popupRequested.
 */
export const maintenanceMachine = setup({
  types: { context: {} as MaintenanceContext, events: {} as MaintenanceEvent, emitted: {} as MaintenanceEmitted },
  actions: {
    open: enqueueActions(({ enqueue }) => {
      enqueue.emit({ type: 'maintenance.infoWanted' })
      enqueue.emit({ type: 'notices.popupRequested', popup: 'maintenance', props: {} })
    }),
    take: assign(({ event }) => (event.type === 'maintenance.infoLoaded' ? { info: event.info } : {})),
  },
}).createMachine({
  id: 'maintenance',
  context: { info: null },
  initial: 'normal',
  states: {
    normal: {
      on: { 'site.ready': { guard: ({ event }) => event.maintenance === true, target: 'loading', actions: 'open' } },
    },
    loading: {
      on: {
        'maintenance.infoLoaded': { target: 'ready', actions: 'take' },
        'maintenance.infoFailed': { target: 'failed' },
      },
    },
    ready: {},
    failed: {},
  },
})

export const maintenanceActor = {
  id: 'maintenance',
  machine: maintenanceMachine,
  consumes: ['site.ready', 'maintenance.infoLoaded', 'maintenance.infoFailed'],
} as const satisfies ActorSpec

/** The maintenance popup's state: the information, and whether it is still being read or could not be. */
export const selectMaintenance = (s: { value: unknown; context: MaintenanceContext }): { readonly info: MaintainInfo | null; readonly phase: 'normal' | 'loading' | 'ready' | 'failed' } => ({
  info: s.context.info,
  phase: s.value as 'normal' | 'loading' | 'ready' | 'failed',
})
