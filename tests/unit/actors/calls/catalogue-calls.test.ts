/**
 * The catalogue calls issue 45 found the lobby not sending, each from its domain's actor: the
 * event that asks, the request it sends, and what it makes of the answer (and of a refusal).
 */
import { createActor, type AnyStateMachine } from 'xstate'
import { describe, expect, it } from 'vitest'
import { walletAppActor } from '../../../../actors/withdraw'
import type { LobbyEvent } from '../../../../schemas/events'

const login = (real: boolean): LobbyEvent => ({ type: 'session.loggedIn', mode: real ? 'normal' : 'trymode', username: 'p1', accountType: real ? 0 : 1, real, mustChangePassword: false })

interface Emitted { readonly type: string; readonly requestId?: string; readonly call?: string; readonly payload?: unknown }

const start = (machine: AnyStateMachine, ...events: LobbyEvent[]) => {
  const actor = createActor(machine)
  const emitted: Emitted[] = []
  actor.on('*', (e) => emitted.push(e as never))
  actor.start()
  for (const e of events) actor.send(e)
  return { actor, emitted, send: (e: LobbyEvent) => actor.send(e) }
}

describe('the wallet app download address (/pay/wallet/downloadUrl)', () => {
  it('is read for device type 1 when a wallet app binding is shown, and keeps the address', () => {
    const a = start(walletAppActor.machine, login(true), { type: 'withdraw.walletAppShown' })
    expect(a.emitted).toEqual([{ type: 'hall.requested', requestId: 'walletapp-1', call: 'walletDownloadUrl', payload: { device_type: 1 } }])
    a.send({ type: 'hall.responded', requestId: 'walletapp-1', call: 'walletDownloadUrl', data: { url: 'https://wallet.example/app' } })
    expect(walletAppActor.view(a.actor.getSnapshot()).data).toBe('https://wallet.example/app')
  })

  it('asks nothing for a guest or before the binding is shown', () => {
    expect(start(walletAppActor.machine, login(true)).emitted).toEqual([])
    expect(start(walletAppActor.machine, login(false), { type: 'withdraw.walletAppShown' }).emitted).toEqual([])
  })
})
