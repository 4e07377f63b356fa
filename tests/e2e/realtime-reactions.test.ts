import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'
import { balanceOf } from './support/hall'

const kit = useBrowser()
const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

describe('realtime reactions in a real browser', () => {
  it('a deposit credited by the hall refreshes the header balance and shows a toast for 2 s; the refresh button asks again', async () => {
    const player = await kit.player({ balance: '100' })
    const balance = () => balanceOf(kit.hallUrl, player)
    const { page, errors, shell } = await kit.openLobby('desktop', '', { as: player })

    const header = page.getByRole('banner')
    const shown = header.getByRole('group', { name: 'Balance' })
    // The socket is connected: the indicator by the balance says so.
    await header.getByRole('status').filter({ hasText: 'Live updates on' }).waitFor({ state: 'attached', timeout: 20_000 })
    const before = await balance()
    expect(before).toBe(100)
    await expect.poll(() => shown.textContent(), { timeout: 10_000 }).toContain(money(before))

    // The hall credits 25: payOrderSuccess over the socket, a balance refresh, a toast.
    const refreshed = page.waitForResponse((r) => r.url().includes('/home/prize'), { timeout: 20_000 })
    const credited = await kit.control('credit', { username: player.username, amount: '25' })
    expect(typeof credited['msgId']).toBe('string')
    const toasts = page.getByRole('status', { name: 'Notifications' })
    const toast = toasts.getByText('Deposit of 25.00 USD received')
    await toast.waitFor({ state: 'visible', timeout: 20_000 })
    await refreshed
    await expect.poll(() => shown.textContent(), { timeout: 10_000 }).toContain(money(before + 25))
    // The toast goes after its 2 s (an actor delay), and the region stays, empty, for the next one.
    await toast.waitFor({ state: 'detached', timeout: 10_000 })
    expect((await toasts.textContent())?.trim()).toBe('')

    // A balance change the socket does not report (a debit): the refresh button fetches it.
    await kit.control('credit', { username: player.username, amount: '-5' })
    const again = page.waitForResponse((r) => r.url().includes('/home/prize'), { timeout: 20_000 })
    await shown.getByRole('button', { name: 'Refresh balance' }).click()
    await again
    await expect.poll(() => shown.textContent(), { timeout: 10_000 }).toContain(money(before + 20))

    // In the log: the notice once, its toast's end as a clock fact, the refresh intent once.
    const log = await shell.exportLog()
    const records = log.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as { source?: string; event?: { type?: string; call?: string } })
    const types = records.map((r) => r.event?.type)
    expect(types.filter((t) => t === 'realtime.payOrderSucceeded')).toHaveLength(1)
    expect(types.filter((t) => t === 'wallet.refreshRequested')).toHaveLength(1)
    // The wallet reads the balance: after the deposit, and for the button.
    expect(records.filter((r) => r.source === 'wallet' && r.event?.type === 'hall.requested' && r.event.call === 'prize')).toHaveLength(2)
    expect(errors).toEqual([])
  }, 120_000)
})
