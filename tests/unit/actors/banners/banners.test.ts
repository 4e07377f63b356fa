import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { bannersMachine, selectDownloadBannerHidden, selectGuideIsIos, selectGuideOpen, selectInstallTip, type BannersEmitted, type BannersEvent } from '../../../../actors/banners'
import { createTestSystem } from '../../../../src/system'
import { startBannersRunner } from '../../../../src/effects/banners'
import { startPwaRunner, type InstallPromptEvent } from '../../../../src/effects/pwa'
import { appStarted } from '../../../support/site-fixtures'

const started = (url: string, device: 'mobile' | 'desktop' = 'mobile'): BannersEvent => ({ ...appStarted(), url, device })

const run = (...events: BannersEvent[]) => {
  const actor = createActor(bannersMachine)
  const emitted: BannersEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  for (const e of events) actor.send(e)
  return { actor, emitted, send: (e: BannersEvent) => actor.send(e), snap: () => actor.getSnapshot() }
}

const flags = (downloadClosed: boolean, noShortcutTip = false): BannersEvent => ({ type: 'banners.flagsLoaded', flags: { downloadClosed, noShortcutTip } })
const env = (ios: boolean, standalone = false): BannersEvent => ({ type: 'pwa.environment', ios, standalone, deviceId: 'fp-1' })
const site: BannersEvent = { type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'USD', languages: [], currencies: [], systemToken: '', autoVisitorLogin: false, device: 'mobile' }

describe('the banners actor: the download banner', () => {
  it('stays hidden until the kept flags are read, then shows unless it was closed', () => {
    const a = run(started('http://x/home/game'))
    expect(selectDownloadBannerHidden(a.snap())).toBe(true)
    a.send(flags(false))
    expect(selectDownloadBannerHidden(a.snap())).toBe(false)
    expect(selectDownloadBannerHidden(run(started('http://x/'), flags(true)).snap())).toBe(true)
  })

  it('a close is announced once for the runner to keep, and survives flags read later', () => {
    const a = run(started('http://x/'))
    a.send({ type: 'banners.downloadCloseRequested' })
    a.send({ type: 'banners.downloadCloseRequested' })
    expect(a.emitted).toEqual([{ type: 'banners.flagsChanged', flags: { downloadClosed: true, noShortcutTip: false } }])
    a.send(flags(false, true))
    expect(selectDownloadBannerHidden(a.snap())).toBe(true)
    expect(a.snap().context.flags).toEqual({ downloadClosed: true, noShortcutTip: true })
  })
})

describe('the banners actor: add to home screen', () => {
  it('iOS shows the guide; the add button opens it, closing the guide keeps the tip', () => {
    const a = run(started('http://x/home/game'), flags(false), env(true))
    expect(selectInstallTip(a.snap())).toBe('guide')
    a.send({ type: 'pwa.installRequested' })
    expect([selectGuideOpen(a.snap()), selectGuideIsIos(a.snap())]).toEqual([true, true])
    a.send({ type: 'pwa.guideClosed' })
    expect(selectGuideOpen(a.snap())).toBe(false)
    expect(selectInstallTip(a.snap())).toBe('guide')
    expect(a.emitted).toEqual([])
  })

  it('elsewhere the browser prompt: the add button asks the runner, an accepted install uploads the record', () => {
    const a = run(started('http://x/home/game?cid=spring'), site, flags(false), env(false), { type: 'pwa.installAvailable' })
    expect(selectInstallTip(a.snap())).toBe('prompt')
    a.send({ type: 'pwa.installRequested' })
    a.send({ type: 'pwa.installRequested' }) // while the prompt shows: nothing more
    expect(a.emitted).toEqual([{ type: 'pwa.promptRequested' }])
    a.send({ type: 'pwa.promptAnswered', outcome: 'accepted' })
    expect(a.emitted[1]).toEqual({
      type: 'hall.requested',
      requestId: 'banners-1',
      call: 'pwaStatistic',
      payload: { currency: 'USD', channel_name: 'spring', channel_type: 1, visitor_deviceid: 'fp-1', upload_type: 2 },
    })
    expect(selectInstallTip(a.snap())).toBe('none')
  })

  it('a dismissed prompt closes the tip for the visit without an upload; an unavailable one opens the guide', () => {
    const a = run(started('http://x/'), flags(false), env(false), { type: 'pwa.installAvailable' }, { type: 'pwa.installRequested' })
    a.send({ type: 'pwa.promptAnswered', outcome: 'dismissed' })
    expect(selectInstallTip(a.snap())).toBe('none')
    expect(a.emitted.map((e) => e.type)).toEqual(['pwa.promptRequested'])
    const b = run(started('http://x/'), flags(false), env(false), { type: 'pwa.installAvailable' }, { type: 'pwa.installRequested' })
    b.send({ type: 'pwa.promptAnswered', outcome: 'unavailable' })
    expect([selectGuideOpen(b.snap()), selectGuideIsIos(b.snap())]).toEqual([true, false])
  })

  it('without a prompt: the guide on phones, nothing on desktops', () => {
    expect(selectInstallTip(run(started('http://x/'), flags(false), env(false)).snap())).toBe('guide')
    expect(selectInstallTip(run(started('http://x/', 'desktop'), flags(false), env(false)).snap())).toBe('none')
  })

  it('suppressed by pwal=0, the kept flag, an installed app, or before the flags are read', () => {
    expect(selectInstallTip(run(started('http://x/home/game?pwal=0'), flags(false), env(true)).snap())).toBe('none')
    expect(selectInstallTip(run(started('http://x/home/game?pwal=1'), flags(false), env(true)).snap())).toBe('guide')
    expect(selectInstallTip(run(started('http://x/'), flags(false, true), env(true)).snap())).toBe('none')
    expect(selectInstallTip(run(started('http://x/'), flags(false), env(true, true)).snap())).toBe('none')
    expect(selectInstallTip(run(started('http://x/'), env(true)).snap())).toBe('none')
  })

  it("'no save shortcut tip' is kept; a plain close only lasts the visit", () => {
    const a = run(started('http://x/'), flags(false), env(true))
    a.send({ type: 'pwa.tipClosed', never: false })
    expect(selectInstallTip(a.snap())).toBe('none')
    expect(a.emitted).toEqual([])
    const b = run(started('http://x/'), flags(true), env(true))
    b.send({ type: 'pwa.tipClosed', never: true })
    expect(b.emitted).toEqual([{ type: 'banners.flagsChanged', flags: { downloadClosed: true, noShortcutTip: true } }])
  })
})

describe('the banner runners on the bus', () => {
  it('the flags are read at start and written back after a close', async () => {
    const saved: unknown[] = []
    const system = createTestSystem()
    const runner = startBannersRunner(system.bus, { load: async () => ({ downloadClosed: false, noShortcutTip: true }), save: async (f) => void saved.push(f) })
    system.bus.publish(started('http://x/home/game'), 'runner', 'page')
    await Promise.resolve()
    await Promise.resolve()
    const snap = () => system.actor('banners').getSnapshot() as never
    expect(selectDownloadBannerHidden(snap())).toBe(false)
    system.send({ type: 'banners.downloadCloseRequested' })
    await runner.settled()
    expect(saved).toEqual([{ downloadClosed: true, noShortcutTip: true }])
    runner.stop()
    system.stop()
  })

  it('unreadable flags count as none', async () => {
    const system = createTestSystem()
    startBannersRunner(system.bus, { load: async () => 'junk', save: async () => undefined })
    system.bus.publish(started('http://x/'), 'runner', 'page')
    await new Promise<void>((r) => queueMicrotask(r))
    await Promise.resolve()
    expect((system.actor('banners').getSnapshot() as { context: { loaded: boolean } }).context.loaded).toBe(true)
    system.stop()
  })

  it('the PWA runner keeps the browser prompt, shows it on request and reports the answer', async () => {
    const system = createTestSystem()
    let fire: (e: InstallPromptEvent) => void = () => undefined
    let prevented = false
    let prompted = 0
    const types: string[] = []
    const sub = system.bus.records$.subscribe((r) => types.push(r.event.type))
    const stop = startPwaRunner(system.bus, { ios: false, standalone: () => false, deviceId: 'fp-9', onInstallPrompt: (h) => ((fire = h), () => undefined) })
    system.bus.publish(started('http://x/'), 'runner', 'page')
    system.bus.publish({ type: 'banners.flagsLoaded', flags: { downloadClosed: false, noShortcutTip: false } }, 'runner', 'banners')
    fire({ preventDefault: () => void (prevented = true), prompt: async () => void prompted++, userChoice: Promise.resolve({ outcome: 'accepted' }) })
    expect(prevented).toBe(true)
    const snap = () => system.actor('banners').getSnapshot() as never
    expect(selectInstallTip(snap())).toBe('prompt')
    system.send({ type: 'pwa.installRequested' })
    await new Promise((r) => setImmediate(r))
    expect(prompted).toBe(1)
    expect(types).toContain('pwa.promptAnswered')
    expect(types.slice(types.indexOf('pwa.promptAnswered'))).toContain('hall.requested')
    sub.unsubscribe()
    stop()
    system.stop()
  })
})
