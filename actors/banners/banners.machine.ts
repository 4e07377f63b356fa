import { assign, enqueueActions, setup } from 'xstate'
import { request } from '../kit'
import { PWA_CALL, initialContext, installRecord, installTipOf, startOf, type BannersContext, type BannersEmitted, type BannersEvent } from './banners.logic'

/**
 * Banners (screens §2): the download banner's remembered close and the add-to-home-screen tip.
 * The kept flags arrive from the storage runner; a change is announced for it to write. The tip
 * shows the iOS guide, or elsewhere the browser's install prompt the PWA runner holds (else the
 * guide), unless the 'no save shortcut tip' flag is kept or the page was opened with pwal=0. The
 * add button asks the runner to show the prompt; an accepted install uploads the install record.
 *
 * Consumes: app.started, site.ready, banners.flagsLoaded, banners.downloadCloseRequested,
 *   pwa.environment, pwa.installAvailable, pwa.installRequested, pwa.promptAnswered,
 *   pwa.guideClosed, pwa.tipClosed.
 * Emits: banners.flagsChanged, pwa.promptRequested, hall.requested.
 */
export const bannersMachine = setup({
  types: { context: {} as BannersContext, events: {} as BannersEvent, emitted: {} as BannersEmitted },
  actions: {
    start: assign(({ event }) => (event.type === 'app.started' ? { ...startOf(event.url), device: event.device } : {})),
    takeCurrency: assign(({ event }) => (event.type === 'site.ready' ? { currency: event.currency } : {})),
    takeFlags: assign(({ context, event }) =>
      event.type === 'banners.flagsLoaded'
        ? // A close made before the stored flags arrived is not lost.
          { loaded: true, flags: { downloadClosed: event.flags.downloadClosed || context.flags.downloadClosed, noShortcutTip: event.flags.noShortcutTip || context.flags.noShortcutTip } }
        : {},
    ),
    closeDownload: enqueueActions(({ context, enqueue }) => {
      if (context.flags.downloadClosed) return
      const flags = { ...context.flags, downloadClosed: true }
      enqueue.assign({ flags })
      enqueue.emit({ type: 'banners.flagsChanged', flags })
    }),
    takeEnv: assign(({ event }) => (event.type === 'pwa.environment' ? { env: { ios: event.ios, standalone: event.standalone, deviceId: event.deviceId } } : {})),
    offer: assign({ installAvailable: true }),
    install: enqueueActions(({ context, enqueue }) => {
      if (context.prompting) return
      if (installTipOf(context) === 'prompt') {
        enqueue.assign({ prompting: true })
        enqueue.emit({ type: 'pwa.promptRequested' })
      } else {
        enqueue.assign({ guideOpen: true })
      }
    }),
    answer: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'pwa.promptAnswered') return
      if (event.outcome === 'unavailable') {
        enqueue.assign({ prompting: false, installAvailable: false, guideOpen: true })
        return
      }
      // A prompt is good for one answer; either way the tip is done for this visit.
      enqueue.assign({ prompting: false, installAvailable: false, tipClosed: true })
      if (event.outcome === 'accepted') {
        const asked = request('banners', context.requests, null, PWA_CALL, installRecord(context))
        enqueue.assign({ requests: asked.requests })
        enqueue.emit(asked.notice)
      }
    }),
    closeGuide: assign({ guideOpen: false }),
    closeTip: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'pwa.tipClosed') return
      enqueue.assign({ tipClosed: true, guideOpen: false })
      if (event.never && !context.flags.noShortcutTip) {
        const flags = { ...context.flags, noShortcutTip: true }
        enqueue.assign({ flags })
        enqueue.emit({ type: 'banners.flagsChanged', flags })
      }
    }),
  },
}).createMachine({
  id: 'banners',
  context: initialContext,
  on: {
    'app.started': { actions: 'start' },
    'site.ready': { actions: 'takeCurrency' },
    'banners.flagsLoaded': { actions: 'takeFlags' },
    'banners.downloadCloseRequested': { actions: 'closeDownload' },
    'pwa.environment': { actions: 'takeEnv' },
    'pwa.installAvailable': { actions: 'offer' },
    'pwa.installRequested': { actions: 'install' },
    'pwa.promptAnswered': { actions: 'answer' },
    'pwa.guideClosed': { actions: 'closeGuide' },
    'pwa.tipClosed': { actions: 'closeTip' },
  },
})
