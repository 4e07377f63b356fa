import { assign, emit, setup } from 'xstate'
import type { EventOfType, LobbyEvent } from '../../schemas/events'
import type { ActorSpec } from '../spec'

/**
 * The first deposit (screens §4: pay success with isFirst 1 may open the download-app modal when
 * guideSetupMode is non-zero and an install prompt exists): the site's guideSetupMode (site.ready),
 * whether the browser holds an install prompt (pwa.installAvailable, until it was answered), and
 * the socket's payOrderSuccess. A first deposit then asks the popup queue for download-app, the
 * way the post-login sequence asks for it (postlogin.popupRequested).
 */
export interface FirstDepositContext {
  readonly guideSetupMode: number
  readonly installable: boolean
}

export type FirstDepositEvent =
  | EventOfType<'site.ready'>
  | EventOfType<'pwa.installAvailable'>
  | EventOfType<'pwa.promptAnswered'>
  | EventOfType<'realtime.payOrderSucceeded'>

/** Whether a paid order opens download-app. */
export const opensDownloadApp = (c: FirstDepositContext, isFirst: number): boolean => isFirst === 1 && c.guideSetupMode > 0 && c.installable

export const firstDepositMachine = setup({
  types: { context: {} as FirstDepositContext, events: {} as LobbyEvent, emitted: {} as LobbyEvent },
  guards: {
    opens: ({ context, event }) => event.type === 'realtime.payOrderSucceeded' && opensDownloadApp(context, event.data.isFirst),
  },
  actions: {
    takeSite: assign(({ event }) => (event.type === 'site.ready' ? { guideSetupMode: event.guideSetupMode ?? 0 } : {})),
    askDownload: emit(({ context }): LobbyEvent => ({ type: 'postlogin.popupRequested', popup: 'downloadApp', props: { guideSetupMode: context.guideSetupMode } })),
  },
}).createMachine({
  id: 'firstdeposit',
  context: { guideSetupMode: 0, installable: false },
  on: {
    'site.ready': { actions: 'takeSite' },
    'pwa.installAvailable': { actions: assign({ installable: true }) },
    // An answered prompt is spent: the browser offers another one, if ever, as a new fact.
    'pwa.promptAnswered': { actions: assign({ installable: false }) },
    'realtime.payOrderSucceeded': { guard: 'opens', actions: 'askDownload' },
  },
})

export const firstDepositActor = {
  id: 'firstdeposit',
  machine: firstDepositMachine,
  consumes: ['site.ready', 'pwa.installAvailable', 'pwa.promptAnswered', 'realtime.payOrderSucceeded'],
} as const satisfies ActorSpec
