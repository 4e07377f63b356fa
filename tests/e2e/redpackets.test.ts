import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'
import { balanceOf } from './support/hall'
import { ShellPage } from './support/shell.model'

const kit = useBrowser()
const hallUrl = kit.hallUrl

describe('red packets in a real browser', () => {
  it('a red packet grabbed with a double click credits the balance once', async () => {
    // The activity is this test's player's alone: no other player (of this file or another) is offered it.
    const player = await kit.player()
    const balance = () => balanceOf(hallUrl, player)
    await kit.control('red-activity', { title: 'Browser rain', amount: '12.5', players: [player.username] })
    const before = await balance()

    const { page, errors } = await kit.open('desktop')
    const requests: string[] = []
    page.on('request', (r) => {
      // The grab call only: /active/getred_dot (the badges' red dots) shares the prefix.
      if (new URL(r.url()).pathname.endsWith('/active/getred')) requests.push(r.url())
    })
    const shell = new ShellPage(page, hallUrl)
    await shell.open()
    await shell.waitReady()
    await shell.login(player.username, player.password)

    // The packet pops up after sign-in; a double click on Grab.
    const popup = page.getByRole('dialog', { name: 'Browser rain' })
    await popup.waitFor({ state: 'visible', timeout: 20_000 })
    await popup.getByRole('button', { name: 'Grab' }).dblclick()
    const result = page.getByRole('dialog', { name: 'Red packet' })
    await result.getByText('You got 12.50 USD').waitFor({ timeout: 15_000 })
    expect(await balance()).toBeCloseTo(before + 12.5, 2)

    // Nothing more: one request, and the packet is not offered again.
    await result.getByRole('button', { name: 'Got it' }).click()
    // The next poll (every 10 s) fetches the activities again: the packet taken is not offered.
    await page.waitForResponse((r) => r.url().includes('/active/redactive'), { timeout: 20_000 })
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    expect(requests).toHaveLength(1)
    // The call went through the network line the tester chose (the hall runner follows lines.baseChosen).
    expect(requests[0]).toMatch(new RegExp(`^${hallUrl}/line/[123]/hall/active/getred`))
    expect(await popup.isVisible()).toBe(false)
    expect(await balance()).toBeCloseTo(before + 12.5, 2)
    const log = await page.evaluate(() => window.__lobby!.exportLog())
    const credited = log.split('\n').filter((l) => l.includes('"redpackets.credited"'))
    expect(credited).toHaveLength(1)
    expect(errors).toEqual([])
  }, 90_000)
})
