import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'
import { lastCode, type PlayerOptions } from './support/hall'
import { seriousViolations } from './support/axe'

/**
 * The shared controls of src/ui where the product uses them (docs/adding-a-domain.md, 'Shared
 * controls'), by role and accessible name, at phone and desktop sizes: the code input with its
 * send button, 60 s countdown and paste button (the forced phone bind); the PIN input (the
 * withdrawal password bind on the security page); the copy button and the balance as money text
 * (the Mine page); the tooltip of the header's refresh button; the drag-scrolled category bar of
 * the simple European-American layout (site 301). Screenshots go to LOBBY_CONTROLS_SHOTS when
 * set, else to a temporary folder.
 */
const kit = useBrowser()

const SHOTS = process.env['LOBBY_CONTROLS_SHOTS'] ?? mkdtempSync(path.join(tmpdir(), 'lobby-controls-'))
mkdirSync(SHOTS, { recursive: true })


const allowClipboard = (page: Page) => page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin })

/** The number of pixels of an element's computed font size. */
const fontSize = (l: Locator): Promise<number> => l.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))

/** A player of this file's own, signed in at a size on a site (001 unless given). */
const signedIn = async (size: 'phone' | 'desktop', options: PlayerOptions = {}) => {
  const player = await kit.player(options)
  const opened = await kit.openLobby(size, `home/game?site=${options.siteCode ?? '001'}`, { as: player })
  return { ...opened, player }
}

describe('the code input (forced phone bind, phone)', () => {
  it('sends only with a target, counts down 60 s, takes digits only, and pastes the code from the clipboard', async () => {
    const player = await kit.player({ must_bind_item: 1 })
    const { page, errors, shell } = await kit.openLobby('phone', 'home/game?site=001')
    await shell.login(player.username, player.password)
    const bind = shell.dialog('Bind your phone')
    await bind.waitFor({ state: 'visible', timeout: 30_000 })
    const sendButton = bind.getByRole('button', { name: 'Send code' })
    expect(await sendButton.isDisabled()).toBe(true)
    await bind.getByLabel('Phone number').fill('5551230001')
    await sendButton.click()
    await bind.getByRole('status').filter({ hasText: 'Code sent' }).waitFor()
    // The countdown: the button says how long, and is locked until it ends.
    const resend = bind.getByRole('button', { name: /^Resend in \d+ s$/ })
    await resend.waitFor()
    expect(await resend.isDisabled()).toBe(true)
    const seconds = Number(/\d+/.exec((await resend.textContent()) ?? '')![0])
    expect(seconds).toBeGreaterThan(50)
    expect(seconds).toBeLessThanOrEqual(60)

    const field = bind.getByRole('textbox', { name: 'Verification code' })
    await field.fill('1a2b')
    expect(await field.inputValue()).toBe('12')
    const code = await lastCode(kit.hallUrl, player, 'phone')
    await allowClipboard(page)
    await page.evaluate((c) => navigator.clipboard.writeText(` ${c} `), code)
    await bind.getByRole('button', { name: 'Paste code' }).click()
    await expect.poll(() => field.inputValue()).toBe(code)
    expect(await seriousViolations(page, 'dialog[open]')).toEqual([])
    await page.screenshot({ path: path.join(SHOTS, 'code-input-phone.png') })
    await bind.getByRole('button', { name: 'Confirm' }).click()
    await bind.waitFor({ state: 'hidden' })
    expect(errors).toEqual([])
  })
})

describe('the PIN input (withdrawal password on the security page, desktop)', () => {
  it('is one labelled, masked field of 6 digits that a paste fills, asked twice (an empty or different second one is refused in words), and sets the password', async () => {
    const { page, errors, shell } = await signedIn('desktop')
    // Withdrawal management without a withdraw password leads to its tab on the security page.
    await shell.header.getByRole('button', { name: /^My account/ }).click()
    await page.getByRole('button', { name: 'Withdrawal management', exact: true }).click()
    const row = page.getByRole('list', { name: 'Account security' }).locator('li[data-item="withdrawPass"]')
    await row.getByText('Not bound').waitFor()
    await row.getByRole('button', { name: /^Bind/ }).click()
    const dialog = shell.dialog('Set a withdrawal password')
    await dialog.waitFor({ state: 'visible' })
    const group = dialog.getByRole('group', { name: 'Withdrawal password (6 digits)' })
    await group.waitFor()
    const pin = group.getByLabel('Withdrawal password (6 digits)')
    expect(await pin.getAttribute('type')).toBe('password')
    expect(await pin.getAttribute('inputmode')).toBe('numeric')
    // Typed: letters are refused.
    await pin.pressSequentially('12a')
    expect(await pin.inputValue()).toBe('12')
    // Pasted with spaces and more digits than it holds: the first 6 digits fill it.
    await pin.fill('')
    await allowClipboard(page)
    await page.evaluate(() => navigator.clipboard.writeText('246 813 579'))
    await pin.focus()
    await page.keyboard.press('ControlOrMeta+V')
    await expect.poll(() => pin.inputValue()).toBe('246813')
    // One box per digit, each drawn filled.
    expect(await group.locator('.pin-input__cell[data-filled]').count()).toBe(6)
    expect(await seriousViolations(page, 'dialog[open]')).toEqual([])
    await page.screenshot({ path: path.join(SHOTS, 'pin-input-desktop.png') })
    // Set for the first time, so typed twice: an empty or different second one is refused under it, in words.
    const againGroup = dialog.getByRole('group', { name: 'Withdrawal password again' })
    const again = againGroup.getByLabel('Withdrawal password again')
    expect(await again.getAttribute('type')).toBe('password')
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await againGroup.getByText('Withdrawal password again is required').waitFor()
    await again.fill('246810')
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await againGroup.getByText('The passwords do not match').waitFor()
    expect(await again.getAttribute('aria-invalid')).toBe('true')
    await row.getByText('Not bound').waitFor()
    await again.fill('246813')
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await row.getByText('Bound', { exact: true }).waitFor()
    expect(errors).toEqual([])
  })
})

describe('the Mine page (phone): copy button and money text', () => {
  it('copies the username and says so politely; a balance above 12 characters shrinks', async () => {
    const { page, errors, player } = await signedIn('phone', { balance: '9876543210.55' })
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Me\b/ }).click()
    const card = page.getByRole('region', { name: 'Your account' })
    // '9,876,543,210.55' is 16 characters: drawn at 12/16 of the size around it.
    const amount = card.getByText('9,876,543,210.55', { exact: true })
    await amount.waitFor()
    const text = amount.locator('xpath=..')
    expect(await text.getAttribute('data-shrunk')).toBe('true')
    const around = await fontSize(text.locator('xpath=..'))
    expect(await fontSize(text)).toBeCloseTo(around * (12 / 16), 1)

    await allowClipboard(page)
    await card.getByRole('button', { name: 'Copy the username' }).click()
    await card.getByRole('status').filter({ hasText: 'Copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(player.username)
    await page.screenshot({ path: path.join(SHOTS, 'mine-phone.png') })
    expect(errors).toEqual([])
  })
})

describe('the tooltip (header refresh button, desktop)', () => {
  it('shows on hover and on keyboard focus, names the button, and Escape dismisses it', async () => {
    const { page, errors, shell } = await signedIn('desktop')
    const button = shell.header.getByRole('button', { name: 'Refresh balance' })
    const tip = shell.header.getByRole('tooltip', { name: 'Refresh balance' })
    expect(await tip.isVisible()).toBe(false)
    await button.hover()
    await tip.waitFor({ state: 'visible' })
    // Really seen: nothing (the header row that scrolls, a card) covers or clips the bubble.
    const onTop = await tip.evaluate((el) => {
      const r = el.getBoundingClientRect()
      return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2))
    })
    expect(onTop).toBe(true)
    await page.screenshot({ path: path.join(SHOTS, 'tooltip-desktop.png') })
    // The pointer may move from the button onto the bubble (across the gap) and it stays.
    const at = (await tip.boundingBox())!
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2, { steps: 8 })
    expect(await tip.isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await tip.waitFor({ state: 'hidden' })
    await page.mouse.move(0, 0)
    // The keyboard: focus shows it, Escape hides it and leaves focus where it was.
    await button.focus()
    await tip.waitFor({ state: 'visible' })
    await page.keyboard.press('Escape')
    await tip.waitFor({ state: 'hidden' })
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.press('Tab')
    await tip.waitFor({ state: 'hidden' })
    expect(errors).toEqual([])
  })
})

describe('drag scroll (the category bar of site 301, desktop)', () => {
  it('a drag under 20 px still clicks an entry; a longer drag scrolls the bar and clicks nothing', async () => {
    const { page, errors } = await signedIn('desktop', { siteCode: '301' })
    const bar = page.getByRole('navigation', { name: 'Game categories' }).getByRole('list')
    await bar.waitFor()
    const scrollLeft = () => bar.evaluate((el) => el.scrollLeft)
    // The bar holds more than fits: it can scroll this far.
    const room = await bar.evaluate((el) => el.scrollWidth - el.clientWidth)
    expect(room).toBeGreaterThan(40)
    const entries = bar.getByRole('button')
    const current = () => bar.locator('[aria-current="page"]').textContent()
    const before = await current()

    // A press that moves 12 px is a click on the entry under it.
    const second = bar.getByRole('button', { name: 'Card games' })
    const box = (await second.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2 + 12, box.y + box.height / 2, { steps: 4 })
    await page.mouse.up()
    const chosen = (await second.textContent()) ?? ''
    await expect.poll(current).toBe(chosen)
    expect(chosen).not.toBe(before)
    expect(await scrollLeft()).toBe(0)

    // A drag of 200 px to the left scrolls the bar as far as it goes, and the entry under the press is not chosen.
    const third = bar.getByRole('button', { name: 'Fishing' })
    const b3 = (await third.boundingBox())!
    await page.mouse.move(b3.x + b3.width / 2, b3.y + b3.height / 2)
    await page.mouse.down()
    await page.mouse.move(b3.x + b3.width / 2 - 200, b3.y + b3.height / 2, { steps: 10 })
    await page.mouse.up()
    expect(await scrollLeft()).toBeCloseTo(Math.min(200, room), 0)
    expect(await current()).toBe(chosen)
    await page.screenshot({ path: path.join(SHOTS, 'drag-scroll-desktop.png') })

    // The keyboard still reaches every entry: focusing the first scrolls it back into view.
    await entries.first().focus()
    await expect.poll(scrollLeft).toBe(0)
    expect(errors).toEqual([])
  })
})
