import { assign, enqueueActions, setup } from 'xstate'
import { promotePointGet, reportClick, reportView } from '../../schemas/hall/calls/site'
import { answers, dataOf, request, settle } from '../kit'
import {
  initialPromotion, invitationOf, keptInvitationOf, linkOf, pixelsOf, pointsRequestOf, selfPointsRequestOf, type PromotionContext, type PromotionEmitted, type PromotionEvent,
} from './promotion.logic'

/**
 * A visitor's arrival by a promotion link (screens §2 root, §3 buried config; calls §7.3). The
 * promotion runner says what the entry address carried (`promotion.arrived`, only when it carried
 * a promotion value) and whether this tab already reported the arrival. Once the site is ready:
 *
 * - an arrival by an invite (id) or channel (cid) link not yet reported by this tab is reported:
 *   the view (reportview, in clear) and the click (reportclick); answers are not read (beacons);
 * - the buried config of the channel (idxType 1) or the parent agent (idxType 2) is asked; its
 *   answer chooses the pixels (`promotion.pixelsChosen`): only the configured kinds, with the
 *   query's ids before the config's. A failed config loads no pixel.
 *
 * Nothing is asked for an address without a link, so a plain visit asks the hall for nothing.
 *
 * After a real player's sign-in, the buried config of the player's own id (idxType 3, idx and uid
 * the player's id) is asked, once per player and page; its pixels are chosen the same way, with
 * the config's own ids (the entry query's ids belong to the arrival's link).
 *
 * The invitation a later registration names (the register call's inviteCode or channelId) is the
 * arrival's link, asked to be kept on the device (`promotion.invitationKept`), so a registration
 * after navigating, reloading or coming back still names it; without a link on this page, the one
 * the device kept (`promotion.invitationLoaded`). A newer link replaces the kept one; a link with
 * both id and cid keeps nothing (the root route sends it to the error page).
 *
 * Consumes: promotion.arrived, promotion.invitationLoaded, site.ready, session.loggedIn, hall.responded, hall.failed.
 * Emits: hall.requested, promotion.pixelsChosen, promotion.invitationKept.
 */
export const promotionMachine = setup({
  types: { context: {} as PromotionContext, events: {} as PromotionEvent, emitted: {} as PromotionEmitted },
  actions: {
    /** The arrival's invitation wins over the one kept; it is kept in its place. */
    invite: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'promotion.arrived') return
      const invitation = invitationOf(event.promoterInfo)
      if (invitation === null) return
      enqueue.assign({ invitation })
      enqueue.emit({ type: 'promotion.invitationKept', invitation })
    }),
    /** The kept invitation, unless this page's arrival named one. */
    recall: assign(({ context: c, event }) => (event.type === 'promotion.invitationLoaded' && c.invitation === null ? { invitation: keptInvitationOf(event.invitation) } : {})),
    take: enqueueActions(({ context: c, event, enqueue }) => {
      const changed = { ...(event.type === 'promotion.arrived' ? { arrival: event } : {}), ...(event.type === 'site.ready' ? { siteReady: true } : {}) }
      const next = { ...c, ...changed }
      enqueue.assign(changed)
      // Once a page: when both the arrival and the site are known.
      if (next.arrival === null || !next.siteReady || c.done) return
      const a = next.arrival
      let requests = c.requests
      if (linkOf(a.promoterInfo) !== null && !a.reported) {
        const visit = { promoter_info: a.promoterInfo, accessUrl: a.accessUrl, visitor_device: a.visitorDevice }
        const view = request('promotion', requests, null, reportView, visit)
        const click = request('promotion', view.requests, null, reportClick, visit)
        requests = click.requests
        enqueue.emit(view.notice)
        enqueue.emit(click.notice)
      }
      const idx = pointsRequestOf(a.promoterInfo)
      if (idx !== null) {
        const asked = request('promotion', requests, 'points', promotePointGet, idx)
        requests = asked.requests
        enqueue.emit(asked.notice)
      }
      enqueue.assign({ requests, done: true })
    }),
    /** A real player signed in: the buried config of the player's own id. */
    askSelf: enqueueActions(({ context: c, event, enqueue }) => {
      if (event.type !== 'session.loggedIn') return
      const self = selfPointsRequestOf(event, c.selfAsked)
      if (self === null) return
      const asked = request('promotion', c.requests, 'self', promotePointGet, self)
      enqueue.assign({ requests: asked.requests, selfAsked: self.idx })
      enqueue.emit(asked.notice)
    }),
    chooseSelf: enqueueActions(({ context: c, event, enqueue }) => {
      if (!answers(c.requests, 'self', event)) return
      enqueue.assign({ requests: settle(c.requests, 'self') })
      if (event.type !== 'hall.responded') return
      const pixels = pixelsOf({}, dataOf(promotePointGet, event).list)
      if (pixels.length > 0) enqueue.emit({ type: 'promotion.pixelsChosen', pixels: [...pixels] })
    }),
    choose: enqueueActions(({ context: c, event, enqueue }) => {
      if (!answers(c.requests, 'points', event)) return
      enqueue.assign({ requests: settle(c.requests, 'points') })
      if (event.type !== 'hall.responded' || c.arrival === null) return
      const pixels = pixelsOf(c.arrival.promoterInfo, dataOf(promotePointGet, event).list)
      if (pixels.length > 0) enqueue.emit({ type: 'promotion.pixelsChosen', pixels: [...pixels] })
    }),
  },
}).createMachine({
  id: 'promotion',
  context: initialPromotion,
  on: {
    'promotion.arrived': { actions: ['invite', 'take'] },
    'promotion.invitationLoaded': { actions: 'recall' },
    'site.ready': { actions: 'take' },
    'session.loggedIn': { actions: 'askSelf' },
    'hall.responded': { actions: ['choose', 'chooseSelf'] },
    'hall.failed': { actions: ['choose', 'chooseSelf'] },
  },
})
