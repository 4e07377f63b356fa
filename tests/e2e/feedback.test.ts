import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser, type Size } from './support/browser'

/**
 * Feedback at phone and desktop sizes (screens §2 /home/feedback; the hall's designed calls,
 * docs/hall-protocol.md "Feedback"): the form checks the text and the screenshot before sending
 * (nothing reaches the hall), a feedback with a screenshot is stored and listed, its text shown as
 * text (script, handler and javascript: payloads run nothing), the screenshot opens from the hall,
 * the operator's reply (control feedback-reply) shows as a new reply until the player opens it, and
 * the 'send diagnostics' entry stays on the page. Each test has a player of its own.
 */
const kit = useBrowser()

/** A feedback text that would run code if it were shown as markup. */
const HOSTILE = '<img src=x onerror="window.__pwned = 1"><script>window.__pwned = 2</script><a href="javascript:window.__pwned = 3">link</a> the page froze'

/** A 1x1 png. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

/** The feedback rows: table rows on the web, cards on a phone. */
const rows = (page: Page, size: Size) =>
  size === 'desktop' ? page.getByRole('table', { name: 'Your feedback' }).locator('tbody tr') : page.getByRole('list', { name: 'Your feedback' }).getByRole('listitem')

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)

describe.each(['desktop', 'phone'] as const)('feedback at %s size', (size) => {
  it('checks the form, sends a feedback with its screenshot, shows it as text, and the operator reply as new until read', async () => {
    const player = await kit.player()
    // The web reaches it from the personal-centre menu; a phone opens its address (the Mine page has no entry, spec §2).
    const { page, errors } = await kit.openLobby(size, size === 'desktop' ? 'home/game?site=001' : 'home/feedback?site=001', { as: player })
    if (size === 'desktop') {
      await page.getByRole('banner').getByRole('button', { name: /^My account/ }).click()
      await page.getByRole('button', { name: 'Feedback', exact: true }).click()
    }
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/feedback')
    await page.getByText('You have not sent any feedback yet.').waitFor({ timeout: 15_000 })
    await page.getByRole('region', { name: 'Send diagnostics' }).waitFor()

    // The lobby's own checks: a short text, a file that is no image, an image too large.
    const form = page.getByRole('region', { name: 'Send us your feedback' })
    const text = form.getByRole('textbox', { name: 'Your feedback' })
    await text.fill('too short')
    await form.getByRole('button', { name: 'Send feedback' }).click()
    await form.getByText('Please write at least 10 characters.').waitFor()
    const file = form.getByLabel('Screenshot (optional)')
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
    await form.getByText('The screenshot must be a PNG, JPEG or WebP image.').waitFor()
    await file.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(600 * 1024)]) })
    await form.getByText('The screenshot must be at most 512 KB.').waitFor()
    expect(await rows(page, size).count()).toBe(0)

    // A valid feedback: its type, the hostile text and a screenshot.
    await form.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Problem' })
    await text.fill(HOSTILE)
    await file.setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG })
    await expect.poll(() => form.getByRole('alert').count()).toBe(0)
    await form.getByRole('button', { name: 'Send feedback' }).click()
    await form.getByText('Thank you! Your feedback was sent.').waitFor()
    expect(await text.inputValue()).toBe('')
    await expect.poll(() => rows(page, size).count()).toBe(1)
    expect(await rows(page, size).first().innerText()).toContain('No reply yet')

    const open = page.getByRole('button', { name: /^Open your Problem feedback of / })
    await open.click()
    const dialog = page.getByRole('dialog', { name: 'Problem' })
    // The text shows as typed: its markup is text, not elements.
    await dialog.getByText(HOSTILE).waitFor()
    expect(await dialog.locator('script, img[onerror], a[href^="javascript:"]').count()).toBe(0)
    await dialog.getByText('We have not replied yet.', { exact: false }).waitFor()
    await dialog.getByRole('button', { name: 'Show screenshot' }).click()
    const shot = dialog.getByRole('img', { name: 'The screenshot you sent' })
    await shot.waitFor()
    expect(await shot.getAttribute('src')).toBe(`data:image/png;base64,${PNG.toString('base64')}`)
    await dialog.getByRole('button', { name: 'Close' }).click()

    // The operator replies: the list shows it as new, opening reads it.
    expect(await kit.control('feedback-reply', { username: player.username, reply: '<b>Fixed</b> <img src=x onerror="window.__pwned = 4"> thank you' })).toMatchObject({ ok: true })
    await page.getByRole('button', { name: 'Check for replies' }).click()
    await page.getByRole('button', { name: /^Open your Problem feedback of .*, with a new reply$/ }).waitFor()
    expect(await rows(page, size).first().innerText()).toContain('New reply')
    await page.getByRole('heading', { name: /^Your feedback\W*New replies: 1$/ }).waitFor()
    await page.getByRole('button', { name: /^Open your Problem feedback of .*, with a new reply$/ }).click()
    await dialog.getByText('<b>Fixed</b>', { exact: false }).waitFor()
    expect(await dialog.locator('b, img[onerror]').count()).toBe(0)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await page.getByRole('button', { name: /^Open your Problem feedback of .*, with a reply$/ }).waitFor()
    expect(await rows(page, size).first().innerText()).toContain('Replied')
    expect(await pwned(page)).toBeUndefined()
    expect(errors).toEqual([])
  })
})
