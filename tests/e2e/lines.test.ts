import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'
import { LobbyPage } from './support/lobby.model'

// The line delays set here go with the hall's reset after the test (useBrowser).
const kit = useBrowser()
const hallUrl = kit.hallUrl

interface LinesView {
  readonly value: unknown
  readonly context: { current: string; pings: Record<string, number> }
}

/** Page model of the network-line indicator and the line-selection modal. */
class LinesModel extends LobbyPage {
  get dialog() {
    return this.page.getByRole('dialog', { name: 'Select a line' })
  }

  state(): Promise<LinesView> {
    return this.actorState<LinesView>('lines')
  }

  async waitFor(check: (s: LinesView) => boolean, what: string, timeout = 20_000): Promise<LinesView> {
    let last: LinesView | undefined
    await expect
      .poll(async () => check((last = await this.state())), { timeout, interval: 100, message: `lines: waiting for ${what}` })
      .toBe(true)
    return last!
  }

  /** Closes a sign-in popup the lobby may open at start for a visitor, with Escape. */
  async dismissPopups(): Promise<void> {
    const other = this.page.locator('dialog[open]')
    for (let n = await other.count(); n > 0; n = await other.count()) {
      await this.page.keyboard.press('Escape')
      await this.page.waitForFunction((before) => document.querySelectorAll('dialog[open]').length < before, n)
    }
  }

  async open(): Promise<void> {
    await this.dismissPopups()
    await this.page.getByRole('banner').getByRole('button', { name: /^Network line/ }).click()
    await this.dialog.waitFor({ state: 'visible' })
    await this.waitFor((s) => JSON.stringify(s.value).includes('watching'), 'the menu round to end')
  }

  /** The listed lines: title, band and whether picked. */
  items(): Promise<Array<{ title: string; band: string | null; checked: boolean; text: string }>> {
    return this.dialog.locator('label').evaluateAll((labels) =>
      labels.map((l) => ({
        title: l.querySelector('.line-menu__title')?.textContent ?? '',
        band: l.getAttribute('data-band'),
        checked: l.querySelector<HTMLInputElement>('input')?.checked ?? false,
        text: l.querySelector('.line-menu__ping')?.textContent ?? '',
      })),
    )
  }
}

const line = (n: number) => `${hallUrl}/line/${n}/hall`

describe('the network-line tester in a real browser', () => {
  it('picks the fastest of three lines with different delays, and the menu shows the colour bands', async () => {
    await kit.control('line-delay', { line: 1, ms: 1_400 })
    await kit.control('line-delay', { line: 2, ms: 650 })
    await kit.control('line-delay', { line: 3, ms: 0 })
    const { page, errors } = await kit.openLobby('desktop')
    const lines = new LinesModel(page, hallUrl)

    // At start every line is timed and the API base becomes the fastest: line 3.
    const chosen = await lines.waitFor((s) => s.context.current === line(3), 'line 3 to be chosen')
    expect(chosen.context.pings[line(1)]).toBeGreaterThan(1_000)
    expect(chosen.context.pings[line(2)]).toBeGreaterThan(500)
    await expect(page.getByRole('banner').getByRole('button', { name: /^Network line/ }).getAttribute('data-band')).resolves.toBe('green')

    // The menu times every line again and lists them in their bands.
    await lines.open()
    const items = await lines.items()
    expect(items.map((i) => [i.title, i.band, i.checked])).toEqual([
      ['Line 1', 'red', false],
      ['Line 2', 'yellow', false],
      ['Line 3', 'green', true],
    ])
    expect(items.every((i) => /\d+ ms/.test(i.text))).toBe(true)

    // Cancel reverts a pick; confirm applies it.
    await lines.dialog.getByRole('radio', { name: /Line 2/ }).check()
    await lines.dialog.locator('.line-menu__actions').getByRole('button', { name: 'Cancel' }).click()
    await lines.dialog.waitFor({ state: 'hidden' })
    expect((await lines.state()).context.current).toBe(line(3))
    await lines.open()
    await lines.dialog.getByRole('radio', { name: /Line 2/ }).check()
    await lines.dialog.getByRole('button', { name: 'Confirm' }).click()
    await lines.waitFor((s) => s.context.current === line(2), 'line 2 to be applied')

    // A failed line is not listed (spec §5: the list hides 9999 and 0).
    await kit.control('line-delay', { line: 1, ms: 6_000 })
    await lines.open()
    await lines.waitFor((s) => s.context.pings[line(1)] === 9999, 'line 1 to fail', 20_000)
    await page.waitForFunction(() => document.querySelectorAll('dialog[open] label').length === 2, null, { timeout: 10_000 })
    expect((await lines.items()).map((i) => i.title)).toEqual(['Line 2', 'Line 3'])
    expect(errors).toEqual([])
  }, 90_000)
})
