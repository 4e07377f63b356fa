import { createActor, SimulatedClock, type AnyEventObject } from 'xstate'
import { redpacketsMachine, type RedPacketsEvent } from '../../../../actors/redpackets'
import type { EventOfType } from '../../../../schemas/events'
import type { RedActivity, RedClaim } from '../../../../schemas/hall/calls/active'
import type { HallError } from '../../../../schemas/hall/errors'

/** app.started on a device. */
export const started = (device: 'mobile' | 'desktop' = 'desktop'): RedPacketsEvent => ({
  type: 'app.started',
  appVersion: '0.1.0',
  site: { siteCode: '001', configApiBaseUrl: 'http://hall.test/hall', siteKey: 'k', languageCode: 'en_US', healthy: true },
  storedLanguage: null,
  device,
  viewport: { width: device === 'mobile' ? 400 : 1280, height: 800 },
  url: 'http://hall.test/',
})

/** The sign-in, with the account status the session took from the user info. */
export const loggedIn = (real = true, userStatus = 1): RedPacketsEvent => ({
  userStatus,
  type: 'session.loggedIn',
  mode: 'normal',
  username: 'player1',
  accountType: real ? 0 : 1,
  real,
  mustChangePassword: false,
})
export const loggedOut: RedPacketsEvent = { type: 'session.loggedOut', reason: 'logout' }
export const fetchRequested: RedPacketsEvent = { type: 'redpackets.fetchRequested' }
export const popupClosed: RedPacketsEvent = { type: 'redpackets.popupClosed' }
export const action = (activeId: number, a: RedActivity['action'] = 'grab'): RedPacketsEvent => ({
  type: 'redpackets.actionRequested',
  activeId,
  action: a,
})

/** A red-packet activity (open, grab, every device, 10 s) with overrides. */
export const activity = (activeid: number, o: Partial<RedActivity> = {}): RedActivity => ({
  activeid,
  title: `Rain ${activeid}`,
  status: 1,
  action: 'grab',
  redId: 1,
  count: 1,
  deviceTypes: ['1', '2', '3', '4'],
  refreshInterval: 10,
  ...o,
})

export const listAnswer = (requestId: string, list: ReadonlyArray<RedActivity>): RedPacketsEvent => ({
  type: 'hall.responded',
  requestId,
  call: 'redActive',
  data: { list },
})

export const claimAnswer = (requestId: string, call: string, o: Partial<RedClaim> = {}): RedPacketsEvent => ({
  type: 'hall.responded',
  requestId,
  call,
  data: { activeId: 1, redId: 1, amount: '8.00', currency: 'USD', balance: '108.00', first: true, ...o },
})

export const failed = (requestId: string, call: string, error: HallError = { _tag: 'Network', message: 'down' }): RedPacketsEvent => ({
  type: 'hall.failed',
  requestId,
  call,
  error,
})

/** A red-packets actor under a simulated clock, recording what it emits. */
export const startRedPackets = () => {
  const clock = new SimulatedClock()
  const actor = createActor(redpacketsMachine, { clock })
  const emitted: AnyEventObject[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  const send = (...events: RedPacketsEvent[]) => {
    for (const e of events) actor.send(e)
  }
  const drain = (): AnyEventObject[] => emitted.splice(0)
  /** The hall requests emitted since the last drain. */
  const requests = (): Array<EventOfType<'hall.requested'>> =>
    drain().filter((e): e is EventOfType<'hall.requested'> => e.type === 'hall.requested')
  /** Signs a real player in (status 1 unless given) on a device and drains. */
  const signIn = (o: { status?: number; device?: 'mobile' | 'desktop' } = {}) => {
    send(started(o.device), loggedIn(true, o.status ?? 1))
  }
  return { actor, clock, send, drain, requests, signIn, snapshot: () => actor.getSnapshot() }
}
