import { createActor, SimulatedClock, type AnyEventObject } from 'xstate'
import { socketMachine, type SocketEvent } from '../../../../actors/socket'
import type { ServerNotice } from '../../../../schemas/events/socket'
import { appStarted } from '../../../support/site-fixtures'

/** The page started on site 001. */
export const started: SocketEvent = appStarted()
export const credentials = (token = 'tok-1'): SocketEvent => ({ type: 'session.credentialsChanged', token, keyMaterial: 'key', currency: 'USD' })
export const loggedIn: SocketEvent = { type: 'session.loggedIn', mode: 'normal', username: 'player1', accountType: 0, real: true, mustChangePassword: false }
export const loggedOut: SocketEvent = { type: 'session.loggedOut', reason: 'logout' }
export const tokenExpired: SocketEvent = { type: 'session.tokenExpired' }
export const logoutConfirmed: SocketEvent = { type: 'session.logoutConfirmed' }
export const retry: SocketEvent = { type: 'socket.retryRequested' }
export const opened = (connection: number): SocketEvent => ({ type: 'socket.opened', connection })
export const closed = (connection: number, code = 1006): SocketEvent => ({ type: 'socket.closed', connection, code, reason: '' })

/** A payOrderSuccess notice. */
export const paid = (orderNo = 'P1'): ServerNotice => ({
  type: 'payOrderSuccess',
  data: { orderNo, amount: '100.00', currency: 'USD', balance: '100.00', isFirst: 1 },
})
export const message = (connection: number, msgId: string, notice: ServerNotice = paid(msgId)): SocketEvent => ({
  type: 'socket.messageReceived',
  connection,
  msgId,
  notice,
})

/** A socket actor under a simulated clock, recording what it emits. */
export const startSocket = () => {
  const clock = new SimulatedClock()
  const actor = createActor(socketMachine, { clock })
  const emitted: AnyEventObject[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  const send = (...events: SocketEvent[]) => {
    for (const e of events) actor.send(e)
  }
  /** Emitted events since the last call. */
  const drain = (): AnyEventObject[] => emitted.splice(0)
  /** Emitted events of one type since the last drain (the others are dropped too). */
  const ofType = (type: string): AnyEventObject[] => drain().filter((e) => e.type === type)
  return { actor, clock, send, drain, ofType, snapshot: () => actor.getSnapshot() }
}
