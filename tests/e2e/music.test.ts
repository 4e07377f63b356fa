import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launch, newContext, watchErrors } from './support/browser'
import { LobbyPage } from './support/lobby.model'

const root = path.resolve(import.meta.dirname, '../..')
const hallUrl = inject('hallUrl')
const tmp = mkdtempSync(path.join(tmpdir(), 'lobby-music-'))

const replay = (file: string) => {
  const r = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['scripts/replay.ts', file], { cwd: root, encoding: 'utf8' })
  return { code: r.status, out: `${r.stdout}${r.stderr}` }
}

interface MusicView {
  readonly value: { library: unknown; player: string }
  readonly context: { myList: ReadonlyArray<{ id: number }>; pickCount: number; playCount: number; playType: string; currentId: number | null }
}

/** Page model of the music library: the header button, the modal, its player, tabs and lists. */
class MusicLibraryModel {
  constructor(readonly page: Page) {}

  get dialog() {
    return this.page.getByRole('dialog', { name: 'Music library' })
  }

  /** The music actor's state, read through the dev hook. */
  state(): Promise<MusicView> {
    return this.page.evaluate(() => {
      const s = window.__lobby!.system.actor('music').getSnapshot() as { value: unknown; context: unknown }
      return JSON.parse(JSON.stringify({ value: s.value, context: s.context })) as MusicView
    })
  }

  async waitFor(check: (s: MusicView) => boolean, what: string, timeout = 15_000): Promise<MusicView> {
    await expect.poll(() => this.state(), { timeout, interval: 100, message: `music: waiting for ${what}` }).toSatisfy(check)
    return this.state()
  }

  /** Closes a sign-in popup the lobby may open at start for a visitor (spec §4), with Escape. */
  async dismissPopups(): Promise<void> {
    const other = this.page.locator('dialog[open]:not(.music-library)')
    if ((await other.count()) === 0) return
    await this.page.keyboard.press('Escape')
    await expect.poll(() => other.count()).toBe(0)
  }

  async open(): Promise<void> {
    await this.dismissPopups()
    await this.page.getByRole('banner').getByRole('button', { name: 'Music' }).click()
    await this.dialog.waitFor({ state: 'visible' })
  }

  tab(name: 'System music' | 'My music') {
    return this.dialog.getByRole('tab', { name })
  }

  button(name: string | RegExp) {
    return this.dialog.getByRole('button', { name, exact: typeof name === 'string' })
  }

  myTracks() {
    return this.dialog.getByRole('list', { name: 'My music' }).getByRole('listitem')
  }

  /** Makes the page hidden or visible the way the browser does: visibilityState changes and visibilitychange fires. */
  async setVisible(visible: boolean): Promise<void> {
    await this.page.evaluate((v) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (v ? 'visible' : 'hidden') })
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => !v })
      document.dispatchEvent(new Event('visibilitychange'))
    }, visible)
  }
}

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser.close()
})

describe('the music player in a real browser', () => {
  it('plays, cycles the play modes, pauses while hidden, deletes under the rules, and its log replays identically', async () => {
    const context = await newContext(browser, 'desktop')
    const page = await context.newPage()
    const errors = watchErrors(page)
    const lobby = new LobbyPage(page, hallUrl)
    const music = new MusicLibraryModel(page)
    await lobby.open()
    await lobby.waitReady()

    // An empty list gets the first two system tracks, the second 500 ms after the first.
    await music.waitFor((s) => s.context.myList.length === 2, 'the two downloaded tracks')
    await music.open()
    await music.tab('My music').click()
    await expect.poll(() => music.myTracks().count()).toBe(2)
    await music.tab('System music').click()
    await expect.poll(() => music.dialog.getByText('Added').count()).toBe(2)

    // Play (a click is the gesture the autoplay policy wants).
    await music.button('Play').click()
    await music.waitFor((s) => s.value.player === 'playing', 'playing')
    await music.dialog.getByText(/^Now playing: /).waitFor()

    // Sequential play moves on when a track ends (the tracks last a few seconds).
    const first = (await music.state()).context.currentId
    await music.waitFor((s) => s.context.currentId !== first && s.value.player === 'playing', 'the next track (xhbf)')

    // xhbf → sj: the next track comes from a random pick, a fact in the log.
    await music.button('Play mode: Sequential').click()
    await music.button('Play mode: Random').waitFor()
    await music.waitFor((s) => s.context.pickCount >= 1 && s.value.player === 'playing', 'a random pick (sj)')
    await music.button('Next track').click()
    await music.waitFor((s) => s.context.pickCount >= 2 && s.value.player === 'playing', 'a random next (sj)')

    // sj → dqxh: the same track again.
    await music.button('Play mode: Random').click()
    await music.button('Play mode: Repeat one').waitFor()
    const repeated = (await music.state()).context
    await music.waitFor((s) => s.context.playCount > repeated.playCount && s.value.player === 'playing', 'a repeat (dqxh)')
    expect((await music.state()).context.currentId).toBe(repeated.currentId)
    await music.button('Play mode: Repeat one').click()
    await music.button('Play mode: Sequential').waitFor()

    // The page is hidden: playback pauses; visible again: it plays on.
    await music.setVisible(false)
    await music.waitFor((s) => s.value.player === 'hidden', 'paused while hidden')
    await music.setVisible(true)
    await music.waitFor((s) => s.value.player === 'playing', 'playing again when visible')

    // A player who paused stays paused across hiding.
    await music.button('Pause').click()
    await music.setVisible(false)
    await music.setVisible(true)
    expect((await music.state()).value.player).toBe('paused')

    // Volume: 0 mutes.
    await music.dialog.getByRole('slider').fill('0')
    await music.dialog.getByRole('slider', { name: 'Volume' }).waitFor()
    expect(await music.dialog.getByRole('slider').getAttribute('aria-valuetext')).toBe('Muted')
    await music.dialog.getByRole('slider').fill('60')

    // Delete: confirmed when there are two; refused for the only one.
    await music.tab('My music').click()
    const [a, b] = (await music.state()).context.myList.map((m) => m.id)
    expect(a).toBeDefined()
    expect(b).toBeDefined()
    const names = await music.myTracks().locator('.music-list__name').allTextContents()
    await music.button(`Delete ${names[0]}`).click()
    const confirm = music.dialog.getByRole('alertdialog')
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => confirm.count()).toBe(0)
    await music.button(`Delete ${names[0]}`).click()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => music.myTracks().count()).toBe(1)
    await music.button(`Delete ${names[1]}`).click()
    await music.dialog.getByRole('alert').getByText('The only track cannot be deleted.').waitFor()
    expect(await confirm.count()).toBe(0)
    await music.button('Got it').click()
    expect((await music.state()).context.myList).toHaveLength(1)

    // Play the one left, then close the library with Escape.
    await music.button(`Play ${names[1]}`).click()
    await music.waitFor((s) => s.value.player === 'playing', 'playing the remaining track')
    await page.keyboard.press('Escape')
    await music.dialog.waitFor({ state: 'hidden' })

    const log = await lobby.exportLog()
    await context.close()
    expect(errors).toEqual([])

    const types = log.trim().split('\n').slice(1).map((l) => (JSON.parse(l) as { event: { type: string } }).event.type)
    expect(types).toEqual(expect.arrayContaining(['music.randomRequested', 'music.randomPicked', 'music.audioEnded', 'dom.visibilityChanged', 'music.deleteConfirmed']))

    const file = path.join(tmp, 'music.ndjson')
    writeFileSync(file, log)
    if (process.env['LOBBY_RECORD_GOLDEN'] === '1') writeFileSync(path.join(root, 'tests/replay/music.ndjson'), log)
    const same = replay(file)
    expect(same.out).toContain('IDENTICAL')
    expect(same.code).toBe(0)
  })
})
