/**
 * Receive all in the event centre (issue 45, /active/receiverewardall): the red packets sent to a
 * player wait in the event centre; one tap takes every one of them in one call, the header's
 * balance follows at once, and nothing is left to receive. The player and the packets are the
 * test's own.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'
import { balanceOf } from './support/hall'

const kit = useBrowser()

const headerBalance = async (page: Page): Promise<number> => Number((await page.getByRole('group', { name: 'Balance' }).locator('.balance__amount').innerText()).replace(/,/g, ''))

describe('receive all red packets in the event centre', () => {
  it('one tap takes every packet sent to the player, once; the balance moves at once', async () => {
    const player = await kit.player()
    const { page, errors } = await kit.openLobby('desktop', 'home/game?site=001', { as: player })
    const requests: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/active/receiverewardall')) requests.push(r.url())
    })
    // Two activities send this player packets (three in all), after the sign-in.
    await kit.control('red-activity', { title: 'Sent to you', action: 'send', amount: '2.5', packets: 2, players: [player.username] })
    await kit.control('red-activity', { title: 'A gift', action: 'send', amount: '1.25', players: [player.username] })
    await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'eventIndex' }))
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/event/index')

    // The next fetch finds them: the first shows as a packet, which the player closes without taking it.
    const popup = page.getByRole('dialog', { name: 'Sent to you' })
    await popup.waitFor({ state: 'visible', timeout: 30_000 })
    await page.keyboard.press('Escape')
    await popup.waitFor({ state: 'hidden' })

    const section = page.getByRole('region', { name: 'Receive all' })
    await section.getByText('Red packets sent to you: 3').waitFor()
    const before = await headerBalance(page)
    await section.getByRole('button', { name: 'Receive all' }).dblclick()
    await section.getByRole('status').getByText('Received 6.25 USD').waitFor({ timeout: 15_000 })
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + 6.25, 2)
    expect(await balanceOf(kit.hallUrl, player)).toBeCloseTo(before + 6.25, 2)
    // Nothing is left to receive, and a double tap asked once.
    expect(await section.getByRole('button', { name: 'Receive all' }).count()).toBe(0)
    expect(requests).toHaveLength(1)
    const log = await page.evaluate(() => window.__lobby!.exportLog())
    expect(log.split('\n').filter((l) => l.includes('"redpackets.credited"'))).toHaveLength(3)
    expect(errors).toEqual([])
  }, 120_000)
})
