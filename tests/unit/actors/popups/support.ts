import { createActor, SimulatedClock, type AnyEventObject } from 'xstate'
import { popupsMachine, type PopupsEvent } from '../../../../actors/popups'
import type { EventOfType } from '../../../../schemas/events'
import type { PopupId } from '../../../../schemas/events/popup'

/** A site.ready for the given device. */
export const siteReady = (device: 'mobile' | 'desktop' = 'desktop'): EventOfType<'site.ready'> => ({
  type: 'site.ready',
  siteCode: '001',
  language: 'en_US',
  currency: 'USD',
  languages: ['en_US'],
  currencies: ['USD', 'BRL'],
  systemToken: '',
  autoVisitorLogin: false,
  device,
})

/**
 * A popup asked for with any props: the queue keeps what it is given (the bus, not the actor,
 * holds a popup to its declared props, schemas/events/popup.ts).
 */
export const open = (popup: PopupId, props?: Record<string, unknown>): PopupsEvent =>
  (props === undefined ? { type: 'popup.openRequested', popup } : { type: 'popup.openRequested', popup, props }) as PopupsEvent
export const close = (popup: PopupId): PopupsEvent => ({ type: 'popup.closeRequested', popup })
export const tokenExpired: PopupsEvent = { type: 'session.tokenExpired' }
export const loggedIn = (o: { real?: boolean; mustChangePassword?: boolean } = {}): PopupsEvent => ({
  type: 'session.loggedIn',
  mode: 'normal',
  username: 'player1',
  accountType: o.real === false ? 1 : 0,
  real: o.real ?? true,
  mustChangePassword: o.mustChangePassword ?? false,
})

/** A popups actor under a simulated clock, recording what it emits. */
export const startPopups = () => {
  const clock = new SimulatedClock()
  const actor = createActor(popupsMachine, { clock })
  const emitted: AnyEventObject[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  const send = (...events: PopupsEvent[]) => {
    for (const e of events) actor.send(e)
  }
  /** Emitted events since the last call. */
  const drain = (): AnyEventObject[] => emitted.splice(0)
  return { actor, clock, send, drain, snapshot: () => actor.getSnapshot() }
}
