import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { firstDepositMachine, opensDownloadApp } from '../../../../actors/pay'
import type { LobbyEvent } from '../../../../schemas/events'

const paid = (isFirst: number): LobbyEvent => ({
  type: 'realtime.payOrderSucceeded',
  msgId: `m${isFirst}`,
  data: { orderNo: '260000000001', amount: '108', currency: 'USD', balance: '108.00', isFirst },
})

/** Runs the machine over events and answers what it emitted. */
const run = (events: ReadonlyArray<LobbyEvent>): LobbyEvent[] => {
  const emitted: LobbyEvent[] = []
  const actor = createActor(firstDepositMachine)
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  for (const e of events) actor.send(e)
  actor.stop()
  return emitted
}

const siteReady = (guideSetupMode: number | undefined): LobbyEvent =>
  ({ type: 'site.ready', ...(guideSetupMode === undefined ? {} : { guideSetupMode }) }) as unknown as LobbyEvent

describe('the first deposit opens download-app', () => {
  it('only for isFirst 1, a non-zero guideSetupMode and a held install prompt', () => {
    expect(opensDownloadApp({ guideSetupMode: 2, installable: true }, 1)).toBe(true)
    expect(opensDownloadApp({ guideSetupMode: 2, installable: true }, 0)).toBe(false)
    expect(opensDownloadApp({ guideSetupMode: 0, installable: true }, 1)).toBe(false)
    expect(opensDownloadApp({ guideSetupMode: 2, installable: false }, 1)).toBe(false)
  })

  it('asks the popup queue for download-app with the mode, once the prompt is held', () => {
    const install: LobbyEvent = { type: 'pwa.installAvailable' }
    expect(run([siteReady(1), paid(1)])).toEqual([])
    expect(run([siteReady(1), install, paid(0)])).toEqual([])
    expect(run([siteReady(undefined), install, paid(1)])).toEqual([])
    expect(run([siteReady(1), install, paid(1)])).toEqual([{ type: 'postlogin.popupRequested', popup: 'downloadApp', props: { guideSetupMode: 1 } }])
    // An answered prompt is spent.
    expect(run([siteReady(3), install, { type: 'pwa.promptAnswered', outcome: 'dismissed' } as unknown as LobbyEvent, paid(1)])).toEqual([])
  })
})
