import { defineDomain } from '../domain'
import { noticesEvents } from '../../schemas/events/notices'
import { homeBannersActor, footerActor, downloadsActor, clubActor, firstReceiveActor, maintenanceActor } from '.'

/** The notices domain (docs/architecture.md, "How a domain is registered"). */
export const noticesDomain = defineDomain({
  name: 'notices',
  actors: [homeBannersActor, footerActor, downloadsActor, clubActor, firstReceiveActor, maintenanceActor],
  events: noticesEvents,
  popups: ['maintenance', 'iframePopup', 'receiveTips'],
  namespaces: ['home'],
})
