import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { hallPlayers } from '../server/players'
import { playRound, visitor } from '../server/support'
import { useBrowser } from './support/browser'
import { seriousViolations } from './support/axe'
import { balanceOf } from './support/hall'

/**
 * Agents and promotion at phone and desktop sizes (screens §2 /home/promote, /home/proxyTransfer,
 * /home/myTransferRecord; docs/hall-protocol.md "Agents and promotion"): a visitor opens the
 * agent's invite link and registers through the lobby's form, and appears in the agent's team; the
 * invitee deposits and plays (real deposit and rounds, from outside), the agent sees the open
 * period's commission, the operator closes the period (control agent-settle) and the agent
 * receives it with the header balance moved at once; a proxy transfer to the invitee moves both
 * balances and shows in both players' records. Each test has its own players.
 */
const kit = useBrowser()
const hallUrl = kit.hallUrl
const outside = hallPlayers(() => hallUrl)

const headerBalance = async (page: Page): Promise<number> => Number((await page.getByRole('group', { name: 'Balance' }).locator('.balance__amount').innerText()).replace(/,/g, ''))

/** The invitation the lobby kept on the device (its Dexie database's prefs), or null. */
const keptInvitation = (page: Page): Promise<unknown> =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('lobby')
        open.onerror = () => resolve(null)
        open.onsuccess = () => {
          try {
            const get = open.result.transaction('prefs').objectStore('prefs').get('invitation')
            get.onsuccess = () => resolve((get.result as { value?: unknown } | undefined)?.value ?? null)
            get.onerror = () => resolve(null)
          } catch {
            resolve(null)
          } finally {
            open.result.close()
          }
        }
      }),
  )

const go = async (page: Page, name: 'promote' | 'proxyTransfer' | 'myTransferRecord', path: string): Promise<void> => {
  await page.evaluate((n) => window.__lobby!.system.send({ type: 'nav.requested', name: n }), name)
  await expect.poll(() => new URL(page.url()).pathname).toBe(path)
}

describe.each(['desktop', 'phone'] as const)('agents at %s size', (size) => {
  it('an invitee registered by the invite link joins the team; their play gives the commission, received at once; a proxy transfer shows on both sides', async () => {
    const agent = await kit.player()
    // The agent's own money to transfer later (a credit from the operator).
    await kit.control('credit', { username: agent.username, amount: '50' })
    const a = await outside.signIn(agent.username, agent.password)
    const code = ((await outside.ok(a.caller, '/promote/summary', {})) as { inviteCode: string }).inviteCode

    // The visitor opens the invite link; the lobby keeps the invitation on the device (Dexie), so
    // the sign-up through the lobby's form after a new page load without the link still names it.
    const invitee = kit.newUsername()
    const guest = await kit.openLobby(size, `home/game?site=001&id=${code}`)
    await expect.poll(() => keptInvitation(guest.page)).toEqual({ inviteCode: code })
    await guest.page.goto(`${hallUrl}/home/game?site=001`)
    await guest.shell.waitReady()
    await guest.shell.register(invitee, 'secret12')
    await guest.shell.settle(invitee)

    // The invitee deposits and plays (from outside): 100 deposited, 20 bet and lost.
    const me = await outside.signIn(invitee, 'secret12')
    await outside.deposit(me, '100')
    await playRound(hallUrl, await visitor(hallUrl, '001'), me.caller, me.data, '20', 'lose')

    const { page, errors } = await kit.openLobby(size, 'home/game?site=001', { as: agent })
    await go(page, 'promote', '/home/promote')
    // The invite link of this lobby and its QR code.
    await expect.poll(() => page.getByTestId('invite-url').innerText(), { timeout: 15_000 }).toBe(new URL(`/?id=${code}`, page.url()).href)
    await page.getByRole('img', { name: 'QR code of your invite link' }).waitFor()
    await page.getByRole('button', { name: 'Register', exact: true }).click()
    await expect.poll(() => page.getByTestId('invite-url').innerText()).toBe(new URL(`/?id=${code}&linkType=4`, page.url()).href)
    // The team: the invitee at level 1 with the deposit and the bet.
    const team = page.locator('section[aria-labelledby="promote-team"]')
    const member = size === 'desktop' ? team.getByRole('row', { name: new RegExp(invitee) }) : team.getByRole('listitem').filter({ hasText: invitee })
    await member.waitFor({ timeout: 15_000 })
    await member.getByText('100.00').waitFor()
    await member.getByText('20.00').waitFor()
    // The Infinite mode: 20 × 0.6 % = 0.12 so far in the open period.
    await page.getByText('Level 1: 0.6% of your invitees\' bets.').waitFor()
    await page.locator('.promote__card').getByText('0.12').waitFor()
    // The site's invite-friends event as it stands for the agent: one friend invited, who deposited.
    const event = page.getByRole('region', { name: 'Invite-friends event' })
    const figure = (label: string) => event.locator('div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd')
    await expect.poll(() => figure('Friends invited').innerText(), { timeout: 15_000 }).toBe('1')
    expect(await figure('Friends who deposited').innerText()).toBe('1')
    expect(await seriousViolations(page)).toEqual([])
    // Its rewards are received on the event's own page.
    await event.getByRole('button', { name: 'Open the event' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/home\/event\/detail\/invite\/\d+$/)
    await go(page, 'promote', '/home/promote')

    // The operator closes the period; the commission is received and the balance moves at once.
    expect(await kit.control('agent-settle', { username: agent.username })).toMatchObject({ closed: true })
    expect(await outside.ok(a.caller, '/promote/summary', {})).toMatchObject({ receivable: '0.12', open: { amount: '0' } })
    // Away to the transfer records (its page shown) and back: the promote screen asks again when it opens.
    await page.getByRole('button', { name: 'My transfers' }).click()
    await page.getByRole('heading', { level: 1, name: 'My transfers' }).waitFor({ timeout: 15_000 })
    await go(page, 'promote', '/home/promote')
    await page.getByTestId('promote-receivable').getByText('0.12').waitFor({ timeout: 15_000 })
    const before = await balanceOf(hallUrl, agent)
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBeCloseTo(before, 2)
    await page.getByRole('button', { name: 'Receive', exact: true }).click()
    await page.getByRole('status').filter({ hasText: /^Received 0\.12$/ }).waitFor()
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + 0.12, 2)
    expect(await balanceOf(hallUrl, agent)).toBeCloseTo(before + 0.12, 2)
    await expect.poll(() => page.getByRole('button', { name: 'Receive', exact: true }).isDisabled()).toBe(true)

    // A proxy transfer: above the balance is refused in the form; 5 moves both balances.
    await page.getByRole('button', { name: 'Agent transfer' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/proxyTransfer')
    const form = page.locator('form.promote__form')
    await form.getByRole('button', { name: 'Transfer', exact: true }).click()
    await form.getByText('Choose the invitee to send to.').waitFor()
    await form.getByRole('combobox', { name: 'Invitee' }).selectOption({ label: invitee }, { timeout: 15_000 })
    await form.getByRole('textbox', { name: 'Amount' }).fill('99999')
    await form.getByRole('button', { name: 'Transfer', exact: true }).click()
    await form.getByText('The amount is above your balance.').waitFor()
    const [agentBefore, inviteeBefore] = [await balanceOf(hallUrl, agent), await balanceOf(hallUrl, { username: invitee, siteCode: '001' })]
    await form.getByRole('textbox', { name: 'Amount' }).fill('5')
    await form.getByRole('button', { name: 'Transfer', exact: true }).click()
    await expect.poll(() => form.innerText(), { timeout: 15_000 }).toContain(`Sent 5 to ${invitee}`)
    await form.getByRole('status').filter({ hasText: new RegExp(`^Sent 5 to ${invitee}$`) }).waitFor()
    await expect.poll(() => headerBalance(page)).toBeCloseTo(agentBefore - 5, 2)
    expect(await balanceOf(hallUrl, agent)).toBeCloseTo(agentBefore - 5, 2)
    expect(await balanceOf(hallUrl, { username: invitee, siteCode: '001' })).toBeCloseTo(inviteeBefore + 5, 2)
    // The invitee's lobby, open all along, hears it on the socket (wallet/changed) and shows the
    // balance the hall holds at once.
    await expect.poll(() => headerBalance(guest.page), { timeout: 15_000 }).toBeCloseTo(inviteeBefore + 5, 2)
    expect(await seriousViolations(page)).toEqual([])

    // Both players' records.
    await form.getByRole('button', { name: 'My transfers' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/myTransferRecord')
    const sent = page.locator('section.records')
    const sentRow = size === 'desktop' ? sent.getByRole('row', { name: new RegExp(invitee) }) : sent.getByRole('listitem').filter({ hasText: invitee })
    await sentRow.getByText('Sent', { exact: false }).first().waitFor({ timeout: 15_000 })
    await sentRow.getByText('-5.00').waitFor()
    await go(guest.page, 'myTransferRecord', '/home/myTransferRecord')
    const got = guest.page.locator('section.records')
    const gotRow = size === 'desktop' ? got.getByRole('row', { name: new RegExp(agent.username) }) : got.getByRole('listitem').filter({ hasText: agent.username })
    await gotRow.getByText('5.00').waitFor({ timeout: 15_000 })
    expect(errors).toEqual([])
    expect(guest.errors).toEqual([])
  })
})
