import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'

const root = path.resolve(import.meta.dirname, '../..')
const kit = useBrowser()
const hallUrl = kit.hallUrl

/** Auto visitor login on site 001 for a device, put back after the test (seeded: on for phones, off for desktops). */
const autoVisitor = (device: 'phone' | 'desktop', on: boolean) =>
  kit.patchSite('001', 'sysInfo', device === 'phone' ? { auto_visitor_login_h5: on ? 'open' : 'close' } : { auto_visitor_login_web: on ? 'open' : 'close' })

describe.each(['phone', 'desktop'] as const)('boot and session at %s size', (size) => {
  const desktop = size === 'desktop'

  /** A new visitor on the lobby at this size, with auto visitor login on or off. */
  const visit = async (autoLogin: boolean) => {
    await autoVisitor(size, autoLogin)
    return kit.openLobby(size)
  }

  it('a new visitor lands on /home/game as a guest when auto visitor login is on', async () => {
    const { shell, errors } = await visit(true)
    await expect.poll(() => shell.loggedInEvents()).toEqual([expect.objectContaining({ mode: 'trymode', real: false })])
    expect(shell.path()).toBe('/home/game')
    expect(await shell.authDialog.isVisible()).toBe(false)
    // A guest is not logged in: it can still log in or sign up.
    await shell.header.getByRole('button', { name: 'Sign up', exact: true }).waitFor()
    expect(errors).toEqual([])
  })

  it('a new visitor sees the login popup when auto visitor login is off', async () => {
    const { shell } = await visit(false)
    await shell.authDialog.waitFor({ state: 'visible' })
    expect(await shell.authDialog.getByRole('tab', { name: 'Log in', selected: true }).count()).toBe(1)
    expect(await shell.loggedInEvents()).toEqual([])
    expect(shell.path()).toBe('/home/game')
  })

  it('registers a new account, logs out, and logs back in', async () => {
    const { shell, errors } = await visit(false)
    const username = kit.newUsername()
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
  })

  it('a wrong password shows the hall\'s error in the form and keeps the visitor signed out', async () => {
    const player = await kit.player()
    const { shell } = await visit(false)
    await shell.authDialog.waitFor({ state: 'visible' })
    const dialog = await shell.openLogin()
    await dialog.getByLabel('Username').fill(player.username)
    await dialog.getByLabel('Password', { exact: true }).fill('wrong123')
    await shell.submit(dialog, 'Log in')
    await dialog.getByRole('alert').getByText('Wrong username or password.').waitFor()
    expect((await shell.loggedInEvents()).filter((e) => e.real)).toEqual([])
  })

  it('with three calls in flight, a token expiry shows exactly one modal and lands on root', async () => {
    const player = await kit.player()
    const { shell } = await visit(false)
    await shell.signIn(player)
    await shell.header.getByRole('group', { name: 'Balance' }).waitFor()
    await shell.page.evaluate(() =>
      window.__lobby!.system.send({ type: 'nav.requested', name: 'setting', query: { cid: '7', utm: 'drop', click_id: '42' } }),
    )
    await expect.poll(() => shell.path()).toBe('/home/setting')

    // Every call now waits 800 ms, and the token expires on the hall.
    await kit.control('latency', { ms: 800 })
    await kit.control('expire-token', { username: player.username, siteCode: '001' })
    const failures = shell.page.waitForFunction(async () => {
      const text = await window.__lobby!.exportLog()
      return text.split('\n').filter((l) => l.includes('"hall.failed"') && l.includes('"code":-1')).length >= 3
    }, undefined, { timeout: 20_000, polling: 250 })
    // Three actors call the hall at once: red packets, the music library, the wallet's balance.
    await shell.page.evaluate(() => {
      const { system } = window.__lobby!
      const send: typeof system.send = (intent) => system.send(intent)
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
    await kit.control('latency', { ms: 0 })
    await expired.getByRole('button', { name: 'Log in again' }).click()
    await expect.poll(() => shell.path()).toBe('/home/game')
    // Root keeps only the query parameters the spec lists.
    const query = new URL(shell.page.url()).searchParams
    expect(query.get('cid')).toBe('7')
    expect(query.get('click_id')).toBe('42')
    expect(query.get('utm')).toBeNull()
  })

  it('maintenance and area restriction show the 503 and 403 pages', async () => {
    const { page } = await kit.open(size)
    await kit.control('maintenance', { siteCode: '001', siteMaintenanceStatus: true })
    await page.goto(`${hallUrl}/`)
    await page.getByRole('heading', { name: 'Scheduled maintenance' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/pages/503')
    await kit.control('reset', {})
    await kit.control('area', { siteCode: '001', areaStatus: false })
    await page.goto(`${hallUrl}/`)
    await page.getByRole('heading', { name: 'Access restricted' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/pages/403')
    await kit.control('reset', {})
    await kit.control('maintenance', { siteCode: '001', maintainStatus: 4 })
    await page.goto(`${hallUrl}/`)
    await page.getByRole('heading', { name: 'Lobby unavailable' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/pages/500')
  })
})

describe('keyboard', () => {
  it('logs in with the keyboard alone', async () => {
    await autoVisitor('desktop', false)
    const player = await kit.player()
    const { shell } = await kit.openLobby('desktop')
    const dialog = shell.authDialog
    await dialog.waitFor({ state: 'visible' })
    // Focus starts inside the popup, on the username.
    await expect.poll(() => shell.page.evaluate(() => document.activeElement?.getAttribute('autocomplete') ?? document.activeElement?.tagName)).toBe('username')
    await shell.page.keyboard.type(player.username)
    await shell.page.keyboard.press('Tab')
    await shell.page.keyboard.type(player.password)
    await shell.page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(async () => (await shell.loggedInEvents()).at(-1)).toMatchObject({ username: player.username, real: true })
  })
})
