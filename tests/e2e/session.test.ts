import { writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { control, launch, newContext, VIEWPORTS, watchErrors } from './support/browser'
import { ShellPage } from './support/shell.model'

const root = path.resolve(import.meta.dirname, '../..')
const hallUrl = inject('hallUrl')
let browser: Browser
let n = 0
const fresh = () => `p${Date.now().toString(36).slice(-6)}${n++}`

const autoVisitor = (device: 'phone' | 'desktop', on: boolean) =>
  control(hallUrl, 'site-document', {
    siteCode: '001',
    name: 'sysInfo',
    patch: device === 'phone' ? { auto_visitor_login_h5: on ? 'open' : 'close' } : { auto_visitor_login_web: on ? 'open' : 'close' },
  })

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser.close()
})
afterEach(async () => {
  await control(hallUrl, 'reset', {})
  // The seeded settings: auto visitor login on for phones, off for desktops.
  await autoVisitor('phone', true)
  await autoVisitor('desktop', false)
})

describe.each(['phone', 'desktop'] as const)('boot and session at %s size', (size) => {
  const desktop = size === 'desktop'

  it('a new visitor lands on /home/game as a guest when auto visitor login is on', async () => {
    await autoVisitor(size, true)
    const context = await newContext(browser, size)
    const shell = new ShellPage(await context.newPage(), hallUrl)
    const errors = watchErrors(shell.page)
    await shell.open()
    await shell.waitReady()
    await expect.poll(() => shell.loggedInEvents()).toEqual([expect.objectContaining({ mode: 'trymode', real: false })])
    expect(shell.path()).toBe('/home/game')
    expect(await shell.authDialog.isVisible()).toBe(false)
    // A guest is not logged in: it can still log in or sign up.
    await shell.header.getByRole('button', { name: 'Sign up', exact: true }).waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  it('a new visitor sees the login popup when auto visitor login is off', async () => {
    await autoVisitor(size, false)
    const context = await newContext(browser, size)
    const shell = new ShellPage(await context.newPage(), hallUrl)
    await shell.open()
    await shell.authDialog.waitFor({ state: 'visible' })
    expect(await shell.authDialog.getByRole('tab', { name: 'Log in', selected: true }).count()).toBe(1)
    expect(await shell.loggedInEvents()).toEqual([])
    expect(shell.path()).toBe('/home/game')
    await context.close()
  })

  it('registers a new account, logs out, and logs back in', async () => {
    await autoVisitor(size, false)
    const context = await newContext(browser, size)
    const shell = new ShellPage(await context.newPage(), hallUrl)
    const errors = watchErrors(shell.page)
    await shell.open()
    await shell.waitReady()
    const username = fresh()
    await shell.register(username, 'secret12')
    await expect.poll(async () => (await shell.loggedInEvents()).at(-1)).toMatchObject({ username, real: true })
    await shell.header.getByRole('group', { name: 'Balance' }).waitFor()

    await shell.logout(desktop)
    await expect.poll(() => shell.eventTypes()).toContain('session.loggedOut')
    await shell.header.getByRole('button', { name: 'Log in', exact: true }).waitFor()
    expect(shell.path()).toBe('/home/game')

    await shell.login(username, 'secret12')
    await expect.poll(async () => (await shell.loggedInEvents()).at(-1)).toMatchObject({ username, mode: 'normal', real: true })
    const log = await shell.exportLog()
    expect(log).not.toContain('secret12')
    if (desktop && process.env['LOBBY_RECORD_GOLDEN'] === '1') writeFileSync(path.join(root, 'tests/replay/session-flow.ndjson'), log)
    expect(errors).toEqual([])
    await context.close()
  })

  it('a wrong password shows the hall\'s error in the form and keeps the visitor signed out', async () => {
    await autoVisitor(size, false)
    const context = await newContext(browser, size)
    const shell = new ShellPage(await context.newPage(), hallUrl)
    await shell.open()
    await shell.authDialog.waitFor({ state: 'visible' })
    const dialog = await shell.openLogin()
    await dialog.getByLabel('Username').fill('demo')
    await dialog.getByLabel('Password', { exact: true }).fill('wrong123')
    await shell.submit(dialog, 'Log in')
    await dialog.getByRole('alert').getByText('Wrong username or password.').waitFor()
    expect((await shell.loggedInEvents()).filter((e) => e.real)).toEqual([])
    await context.close()
  })

  it('with three calls in flight, a token expiry shows exactly one modal and lands on root', async () => {
    await autoVisitor(size, false)
    const context = await newContext(browser, size)
    const shell = new ShellPage(await context.newPage(), hallUrl)
    await shell.open()
    await shell.waitReady()
    await shell.login('demo', 'demo1234')
    await shell.header.getByRole('group', { name: 'Balance' }).waitFor()
    await shell.page.evaluate(() =>
      window.__lobby!.system.send({ type: 'nav.requested', name: 'setting', query: { cid: '7', utm: 'drop', click_id: '42' } }),
    )
    await expect.poll(() => shell.path()).toBe('/home/setting')

    // Every call now waits 800 ms, and the token expires on the hall.
    await control(hallUrl, 'latency', { ms: 800 })
    await control(hallUrl, 'expire-token', { username: 'demo', siteCode: '001' })
    const failures = shell.page.waitForFunction(async () => {
      const text = await window.__lobby!.exportLog()
      return text.split('\n').filter((l) => l.includes('"hall.failed"') && l.includes('"code":-1')).length >= 3
    }, undefined, { timeout: 20_000, polling: 250 })
    // Three actors call the hall at once: red packets, the music library, the wallet's balance.
    await shell.page.evaluate(() => {
      const send = window.__lobby!.system.send
      send({ type: 'redpackets.fetchRequested' })
      send({ type: 'music.libraryOpened' })
      send({ type: 'music.libraryClosed' })
      send({ type: 'wallet.refreshRequested' })
    })
    await failures
    const expired = shell.dialog('Session expired')
    await expired.waitFor({ state: 'visible' })
    expect(await expired.count()).toBe(1)
    const types = await shell.eventTypes()
    expect(types.filter((t) => t === 'session.tokenExpired')).toHaveLength(1)
    await control(hallUrl, 'latency', { ms: 0 })
    await expired.getByRole('button', { name: 'Log in again' }).click()
    await expect.poll(() => shell.path()).toBe('/home/game')
    // Root keeps only the query parameters the spec lists.
    const query = new URL(shell.page.url()).searchParams
    expect(query.get('cid')).toBe('7')
    expect(query.get('click_id')).toBe('42')
    expect(query.get('utm')).toBeNull()
    await context.close()
  })

  it('maintenance and area restriction show the 503 and 403 pages', async () => {
    const context = await newContext(browser, size)
    const page = await context.newPage()
    await control(hallUrl, 'maintenance', { siteCode: '001', siteMaintenanceStatus: true })
    await page.goto(`${hallUrl}/`)
    await page.getByRole('heading', { name: 'Scheduled maintenance' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/pages/503')
    await control(hallUrl, 'reset', {})
    await control(hallUrl, 'area', { siteCode: '001', areaStatus: false })
    await page.goto(`${hallUrl}/`)
    await page.getByRole('heading', { name: 'Access restricted' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/pages/403')
    await control(hallUrl, 'reset', {})
    await control(hallUrl, 'maintenance', { siteCode: '001', maintainStatus: 4 })
    await page.goto(`${hallUrl}/`)
    await page.getByRole('heading', { name: 'Lobby unavailable' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/pages/500')
    await context.close()
  })
})

describe('keyboard', () => {
  it('logs in with the keyboard alone', async () => {
    await autoVisitor('desktop', false)
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop })
    const shell = new ShellPage(await context.newPage(), hallUrl)
    await shell.open()
    const dialog = shell.authDialog
    await dialog.waitFor({ state: 'visible' })
    // Focus starts inside the popup, on the username.
    await expect.poll(() => shell.page.evaluate(() => document.activeElement?.getAttribute('autocomplete') ?? document.activeElement?.tagName)).toBe('username')
    await shell.page.keyboard.type('demo')
    await shell.page.keyboard.press('Tab')
    await shell.page.keyboard.type('demo1234')
    await shell.page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(async () => (await shell.loggedInEvents()).at(-1)).toMatchObject({ username: 'demo', real: true })
    await context.close()
  })
})
