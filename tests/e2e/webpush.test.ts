/**
 * Web push in the lobby (issue 22; docs/realtime.md "Web push"): the settings page's notifications
 * switch and the service worker's push handler, with the lobby's worker allowed (other files block
 * it) and the notifications permission granted to the page's origin.
 *
 * - Switching notifications on asks getInfo, then subscribes through the worker's pushManager with
 *   the site's key. Here the subscribe is refused by Chromium (a Playwright context is an
 *   off-the-record profile, where Chrome has no Push API service; nor could this sandbox reach its
 *   vendor's push service): the row says so in the player's language and the switch stays off,
 *   with no page error. No subscription is faked.
 * - A push delivered to the registered worker through the DevTools protocol
 *   (ServiceWorker.deliverPushMessage) is shown as a notification with the message's title and text.
 *   The test reads the notifications once the worker's push event has completed (DevTools'
 *   background-services record), never while one is being shown: Chromium's getNotifications()
 *   drops from its store a notification written but not yet displayed when it reads at that
 *   moment, so polling it during a push lost the second notification now and then.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { ShellPage } from './support/shell.model'
import { useBrowser, type Size } from './support/browser'

const kit = useBrowser()

/**
 * What Chromium itself logs when a page of a browser context Playwright made (an off-the-record
 * profile) subscribes: its Push API refuses there, and subscribe() rejects. The lobby's own errors
 * are still all reported.
 */
const CHROMIUM_INCOGNITO_PUSH = /^Chrome currently does not support the Push API in incognito mode \(https:\/\/crbug\.com\/\d+\)\./

/** The notifications the lobby's worker shows (its registration's, through the page). */
const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, icon: n.icon, url: (n.data as { url?: string } | null)?.url ?? null }))
  })

/** Opens the lobby with its worker allowed and notifications granted, signs a new player in and waits for the worker to control the page. */
const openSignedIn = async (size: Size) => {
  await kit.patchSite('001', 'webPush', { status: 'open' })
  const { context, page, errors } = await kit.open(size, { serviceWorkers: 'allow' })
  await context.grantPermissions(['notifications'], { origin: new URL(kit.hallUrl).origin })
  const shell = new ShellPage(page, kit.hallUrl)
  await shell.open('home/game?site=001')
  await shell.waitReady()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true)
  const p = await kit.player()
  await shell.signIn(p)
  return { context, page, errors, shell, player: p }
}

const openSettings = async (page: Page) => {
  await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'setting' }))
  await expect.poll(() => new URL(page.url()).pathname).toBe('/home/setting')
}

describe.each(['phone', 'desktop'] as const)('web push at %s size', (size) => {
  it('the notifications switch says why subscribing failed, in the player’s language, and stays off', async () => {
    const { page, errors } = await openSignedIn(size)
    await openSettings(page)
    const settings = page.getByRole('main')
    const toggle = settings.getByRole('switch', { name: 'Notifications' })
    await toggle.waitFor()
    await expect.poll(() => toggle.isEnabled()).toBe(true)
    expect(await toggle.getAttribute('aria-checked')).toBe('false')
    await toggle.click()
    const note = settings.getByRole('alert').filter({ hasText: /^Your browser could not reach its push service\./ })
    await note.waitFor({ timeout: 20_000 })
    expect(await toggle.getAttribute('aria-checked')).toBe('false')
    expect(await toggle.getAttribute('aria-describedby')).toBe(await note.getAttribute('id'))
    // The lobby asked the hall for the key and subscribed with it: nothing was registered.
    const events = await page.evaluate(async () => (await window.__lobby!.system.recorder!.records()).map((r) => r.event as { type: string; call?: string; reason?: string }))
    expect(events.filter((e) => e.type === 'hall.requested' && e.call === 'getWebPushInfo').length).toBe(1)
    expect(events.filter((e) => e.type === 'webPush.subscribeFailed').map((e) => e.reason)).toEqual(['unreachable'])
    expect(events.some((e) => e.type === 'hall.requested' && e.call === 'registerWebPush')).toBe(false)

    // In Portuguese the same failure is explained in Portuguese.
    await page.evaluate(() => window.__lobby!.system.send({ type: 'session.languageChosen', language: 'pt_PT' }))
    const toggleInPt = settings.getByRole('switch', { name: 'Notificações' })
    await toggleInPt.waitFor()
    await toggleInPt.click()
    await settings.getByRole('alert').filter({ hasText: /^O seu navegador não conseguiu contactar o serviço de notificações push\./ }).waitFor({ timeout: 20_000 })
    expect(await toggleInPt.getAttribute('aria-checked')).toBe('false')
    expect(errors.filter((e) => !CHROMIUM_INCOGNITO_PUSH.test(e))).toEqual([])
  })

  it('the worker shows a delivered push as a notification with the message’s title, text and the site’s icon', async () => {
    const { context, page, errors } = await openSignedIn(size)
    const origin = new URL(kit.hallUrl).origin
    const cdp = await context.newCDPSession(page)
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)
        if (ours !== undefined) resolve(ours.registrationId)
      })
    })
    // Each push event's outcome, in order, as DevTools' background-services record reports it.
    const completed: string[] = []
    cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: e }) => {
      if (e.service === 'pushMessaging' && e.eventName === 'Push event completed') completed.push(e.eventMetadata.find((m) => m.key === 'Status')?.value ?? '')
    })
    await cdp.send('BackgroundService.startObserving', { service: 'pushMessaging' })
    await cdp.send('BackgroundService.setRecording', { shouldRecord: true, service: 'pushMessaging' })
    await cdp.send('ServiceWorker.enable')
    const deliver = async (data: object) => {
      const before = completed.length
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: JSON.stringify(data) })
      await expect.poll(() => completed.length, { timeout: 15_000 }).toBe(before + 1)
      expect(completed[before]).toBe('Success')
    }
    const message = { title: `Bonus for ${size}`, body: 'Your weekly bonus is waiting.', url: '/home/notice?noticeType=notice', icon: '/hall/static/brand/001/icon-192.png' }
    await deliver(message)
    expect(await shownNotifications(page)).toEqual([{ title: message.title, body: message.body, icon: `${origin}${message.icon}`, url: message.url }])
    // A message naming another origin opens the lobby's home, not that address.
    await deliver({ title: 'Elsewhere', body: 'x', url: 'https://evil.example/phish' })
    expect((await shownNotifications(page)).map((n) => [n.title, n.url])).toEqual([
      [message.title, message.url],
      ['Elsewhere', '/'],
    ])
    await cdp.detach()
    expect(errors).toEqual([])
  })
})
