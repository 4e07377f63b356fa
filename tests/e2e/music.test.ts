import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'
import { replayLog } from './support/replay'
import type { ShellPage } from './support/shell.model'

const kit = useBrowser()

interface MusicView {
  readonly value: { library: unknown; player: string }
  readonly context: { myList: ReadonlyArray<{ id: number }>; pickCount: number; playCount: number; playType: string; currentId: number | null }
}

/** Page model of the music library: the header button, the modal, its player, tabs and lists. */
class MusicLibraryModel {
  constructor(readonly shell: ShellPage) {}

  get page(): Page {
    return this.shell.page
  }

  get dialog() {
    return this.page.getByRole('dialog', { name: 'Music library' })
  }

  /** The music actor's state, read through the dev hook. */
  state(): Promise<MusicView> {
    return this.shell.actorState<MusicView>('music')
  }

  async waitFor(check: (s: MusicView) => boolean, what: string, timeout = 15_000): Promise<MusicView> {
    await expect.poll(() => this.state(), { timeout, interval: 100, message: `music: waiting for ${what}` }).toSatisfy(check)
    return this.state()
  }

  /** The music ids downloaded since the last real sign-in (hall.requested musicList, reqType 2). */
  async downloadedSinceSignIn(): Promise<unknown[]> {
    return (await this.shell.eventsSinceSignIn())
      .filter((e) => e.type === 'hall.requested' && e.call === 'musicList' && e.payload?.['reqType'] === 2)
      .map((e) => e.payload?.['music_id'])
  }

  async open(): Promise<void> {
    await this.page.getByRole('banner').getByRole('button', { name: 'Music', exact: true }).click()
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

describe('the music player in a real browser', () => {
  it('plays, cycles the play modes, pauses while hidden, deletes under the rules, and its log replays identically', async () => {
    // A player of this file's own: its music list starts empty. (A visitor's list is kept per
    // address and device, so every desktop visitor of every file shares one.)
    const player = await kit.player()
    const { page, errors, shell } = await kit.openLobby('desktop', '', { as: player })
    const music = new MusicLibraryModel(shell)

    // The player's list is empty: it gets the first two system tracks, the second 500 ms after the first.
    await expect.poll(() => music.downloadedSinceSignIn(), { timeout: 15_000 }).toHaveLength(2)
    const downloaded = await music.downloadedSinceSignIn()
    await music.waitFor((s) => s.context.myList.length === 2 && s.context.myList.every((m) => downloaded.includes(m.id)), 'the two downloaded tracks')
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

    const log = await shell.exportLog()
    expect(errors).toEqual([])

    const types = log.trim().split('\n').slice(1).map((l) => (JSON.parse(l) as { event: { type: string } }).event.type)
    expect(types).toEqual(expect.arrayContaining(['music.randomRequested', 'music.randomPicked', 'music.audioEnded', 'dom.visibilityChanged', 'music.deleteConfirmed']))

    const same = await replayLog('music', log, 'music')
    expect(same.out).toContain('IDENTICAL')
    expect(same.code).toBe(0)
  })
})
