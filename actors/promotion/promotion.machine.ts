import { enqueueActions, setup } from 'xstate'
import { promotePointGet, reportClick, reportView } from '../../schemas/hall/calls/site'
import { answers, dataOf, request, settle } from '../kit'
import { initialPromotion, linkOf, pixelsOf, pointsRequestOf, type PromotionContext, type PromotionEmitted, type PromotionEvent } from './promotion.logic'

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
 * Consumes: promotion.arrived, site.ready, hall.responded, hall.failed.
 * Emits: hall.requested, promotion.pixelsChosen.
 */
export const promotionMachine = setup({
  types: { context: {} as PromotionContext, events: {} as PromotionEvent, emitted: {} as PromotionEmitted },
  actions: {
    take: enqueueActions(({ context: c, event, enqueue }) => {
      const next = { ...c, ...(event.type === 'promotion.arrived' ? { arrival: event } : {}), ...(event.type === 'site.ready' ? { siteReady: true } : {}) }
      enqueue.assign(next)
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
    'promotion.arrived': { actions: 'take' },
    'site.ready': { actions: 'take' },
    'hall.responded': { actions: 'choose' },
    'hall.failed': { actions: 'choose' },
  },
})
