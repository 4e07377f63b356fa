import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import type { LobbyEvent } from '../../../schemas/events'
import { Bus, type BusRecord } from '../../../src/bus/bus'
import { invitationFrom, startPromotionRunner, type PromotionPorts } from '../../../src/effects/promotion'
import { openDb } from '../../../src/store/db'
import { PREF_KEYS, readPref, writePref } from '../../../src/store/prefs'
import { appStarted } from '../../support/site-fixtures'

let dbCount = 0

/** The runner on a bus without actors, its invitation kept in a Dexie database of its own. */
const setup = async (invitation?: PromotionPorts['invitation']) => {
  const db = await openDb(`promotion-runner-test-${++dbCount}`)
  const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
  const records: BusRecord[] = []
  bus.records$.subscribe((r) => records.push(r))
  const ports: PromotionPorts = {
    deviceId: 'fp-1',
    reported: { has: () => false, add: () => undefined },
    loadPixel: () => undefined,
    replace: () => undefined,
    invitation: invitation ?? {
      load: () => readPref(db, PREF_KEYS.invitation, (v): v is unknown => v !== undefined),
      save: (i) => writePref(db, PREF_KEYS.invitation, i),
    },
  }
  const stop = startPromotionRunner(bus, ports)
  const facts = () => records.filter((r) => r.source === 'promotion').map((r) => r.event)
  const loaded = async (): Promise<LobbyEvent | undefined> => {
    await vi.waitFor(() => expect(facts().some((e) => e.type === 'promotion.invitationLoaded')).toBe(true))
    return facts().find((e) => e.type === 'promotion.invitationLoaded')
  }
  return { db, bus, facts, loaded, stop }
}

describe('the promotion runner keeps the invitation on the device', () => {
  it('publishes the arrival, then what an earlier arrival kept; keeps a new invitation for the next visit', async () => {
    const first = await setup()
    first.bus.publish(appStarted({ url: 'http://h/?id=inv7' }), 'runner', 'page')
    expect(first.facts()[0]).toMatchObject({ type: 'promotion.arrived', promoterInfo: { id: 'inv7' } })
    expect(await first.loaded()).toEqual({ type: 'promotion.invitationLoaded', invitation: null })
    first.bus.publish({ type: 'promotion.invitationKept', invitation: { inviteCode: 'inv7' } }, 'actor', 'promotion')
    await vi.waitFor(async () => expect(await readPref(first.db, PREF_KEYS.invitation, (v): v is unknown => v !== undefined)).toEqual({ inviteCode: 'inv7' }))
    first.stop()

    // The next visit, without a link: what was kept is read back.
    const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
    const records: BusRecord[] = []
    bus.records$.subscribe((r) => records.push(r))
    const stop = startPromotionRunner(bus, {
      deviceId: 'fp-1', reported: { has: () => false, add: () => undefined }, loadPixel: () => undefined, replace: () => undefined,
      invitation: { load: () => readPref(first.db, PREF_KEYS.invitation, (v): v is unknown => v !== undefined), save: async () => undefined },
    })
    bus.publish(appStarted({ url: 'http://h/home/game' }), 'runner', 'page')
    await vi.waitFor(() => expect(records.map((r) => r.event.type)).toContain('promotion.invitationLoaded'))
    expect(records.map((r) => r.event)).toContainEqual({ type: 'promotion.invitationLoaded', invitation: { inviteCode: 'inv7' } })
    expect(records.map((r) => r.event.type)).not.toContain('promotion.arrived')
    stop()
  })

  it('reads an unreadable or refusing store as nothing kept, and a refused write loses nothing else', async () => {
    expect([invitationFrom(undefined), invitationFrom('{not json'), invitationFrom({ inviteCode: 7 }), invitationFrom({ channelId: 'c1' })]).toEqual([null, null, null, { channelId: 'c1' }])
    const refusing = await setup({ load: () => Promise.reject(new Error('no database')), save: () => Promise.reject(new Error('quota')) })
    refusing.bus.publish(appStarted({ url: 'http://h/?cid=c1' }), 'runner', 'page')
    expect(await refusing.loaded()).toEqual({ type: 'promotion.invitationLoaded', invitation: null })
    refusing.bus.publish({ type: 'promotion.invitationKept', invitation: { channelId: 'c1' } }, 'actor', 'promotion')
    refusing.stop()
  })
})
