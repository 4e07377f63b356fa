import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'

/**
 * The timeline draws the screen of a session in the viewer's language and at the other size
 * (docs/timeline.md, "The screen in another language and size"): a session the player ended in
 * Vietnamese is shown in English and back, at phone and desktop sizes, from the same snapshots of
 * the same selected record; the log and what the player's screen held do not change. From that
 * record, "Make a test from here" checks an expectation against this build.
 */

const kit = useBrowser()

describe('the timeline screen in the viewer language and size', () => {
  it('shows a Vietnamese session in English and back, at phone and desktop sizes, with the same record selected', async () => {
    const player = await kit.player({ balance: '250.00' })
    const { shell: lobby, page: playerPage } = await kit.openLobby('desktop', '', { as: player })
    // The player switches the lobby to Vietnamese with the header's language switch.
    await lobby.header.getByRole('button', { name: /^Language/ }).click()
    await playerPage.getByRole('button', { name: 'Tiếng Việt', exact: true }).click()
    await lobby.header.getByRole('button', { name: 'Làm mới số dư' }).waitFor()
    const log = await lobby.exportLog()
    const last = JSON.parse(log.trim().split('\n').at(-1)!) as { seq: number }

    const { page, errors } = await kit.open('desktop')
    await page.goto(`${kit.hallUrl}/devtools.html`)
    await page.getByLabel('Log file').setInputFiles({ name: 'vietnamese.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from(log) })
    await page.getByLabel('Jump to seq').fill(String(last.seq))
    await page.getByRole('button', { name: 'Jump', exact: true }).click()
    const selected = page.locator('[role="option"][aria-selected="true"]')
    await expect.poll(() => selected.textContent()).toMatch(new RegExp(`^${last.seq}`))
    const selectedText = await selected.textContent()

    const screen = page.frameLocator('iframe[title="Lobby screen"]')
    const language = page.getByLabel('Screen language')
    const balanceIn = async (name: string): Promise<string> => {
      const group = screen.getByRole('group', { name, exact: true }).first()
      await group.waitFor()
      return (await group.textContent()) ?? ''
    }

    // The player's size (desktop) and language first; the option says whose it is.
    expect(await page.getByRole('button', { name: "desktop (player's)" }).getAttribute('aria-pressed')).toBe('true')
    expect(await language.locator('option:checked').textContent()).toBe("the player's: Tiếng Việt (vi_VN)")
    for (const size of ['desktop', 'phone'] as const) {
      await page.getByRole('button', { name: new RegExp(`^${size}`) }).click()
      await page.getByLabel(`Lobby screen (${size}, the player's language)`).waitFor()
      const vietnamese = await balanceIn('Số dư')
      expect(await screen.getByRole('button', { name: 'Làm mới số dư' }).count()).toBeGreaterThan(0)

      // In English: the same record, the same snapshots drawn again.
      await language.selectOption('en_US')
      const english = await balanceIn('Balance')
      expect(await screen.getByRole('button', { name: 'Refresh balance' }).count()).toBeGreaterThan(0)
      expect(await screen.getByRole('button', { name: 'Làm mới số dư' }).count()).toBe(0)
      expect(await selected.textContent()).toBe(selectedText)
      // What the player's screen held stays as it was: the currency and the amount (written in the
      // screen's language), the player's language choice in the header's switch.
      expect(english).toContain('USD250.00')
      expect(vietnamese).toContain('USD250,00')
      // (The desktop header's language switch; the phone's is in the side menu.)
      if (size === 'desktop') expect(await screen.getByRole('button', { name: 'Language: Tiếng Việt' }).count()).toBeGreaterThan(0)

      // And back to the player's language.
      await language.selectOption('')
      await balanceIn('Số dư')
      expect(await screen.getByRole('button', { name: 'Refresh balance' }).count()).toBe(0)
      expect(await selected.textContent()).toBe(selectedText)
    }

    // Make a test from here: the log cut at this record, one expectation in npm run golden's words, checked against this build.
    await page.getByRole('button', { name: 'Make a test from here' }).click()
    const panel = page.getByRole('region', { name: 'Make a test from here' })
    await panel.getByLabel('Expectations').fill('--context wallet.balance="250.00"')
    await panel.getByRole('button', { name: 'Check against this build' }).click()
    const result = panel.getByRole('status', { name: 'Test result' })
    await expect.poll(() => result.textContent()).toContain('result   EXPECTED')
    expect(await result.textContent()).toContain('pass     wallet.context.balance = "250.00"')
    const command = (await panel.getByLabel('Command').textContent()) ?? ''
    expect(command).toMatch(/^npm run golden -- <vietnamese\.ndjson> --name vietnamese /)
    expect(command).toContain(`--until ${last.seq} `)
    expect(command).toContain(`'--context wallet.balance="250.00"'`)
    await panel.getByLabel('Expectations').fill('--context wallet.balance="1.00"')
    await panel.getByRole('button', { name: 'Check against this build' }).click()
    await expect.poll(() => result.textContent()).toContain('result   NOT AS EXPECTED')
    expect(await result.textContent()).toContain('FAIL     wallet.context.balance = "1.00"; actual 250.00')
    expect(await selected.textContent()).toBe(selectedText)
    expect(errors).toEqual([])
  })
})
