/**
 * The event centre of a site whose hall profile says `events: 'quickList'` (issue 45; site 081,
 * docs/hall.md "Hall profile"): its first tab is the quick list (/active/quickList), which shows the
 * red packets offered to the player (type 7) and the discount codes (type 22) as activities beside
 * the running ones; a red packet opens the red-packet popup (the player takes it there), the
 * discount codes their popup, and an activity its page, read by its template
 * (/active/getByTemplate, never /active/get). The player, its packet, the code and the activity are
 * the test's own. Its promote screen (hall profile `promote: 'calls'`) reads the agent mode by
 * /promote/getAgentMode and shows the player's agent and channel by /promote/getIpBindInfo and
 * /promote/getChannelInfo. Its frame box (hall profile `frames: 'frame'`) lists the frames by
 * /message/frame, never /message/frameBox/index.
 */
import { describe, expect, it } from 'vitest'
import activities from '../../src/i18n/locales/pt_BR/activities.json'
import auth from '../../src/i18n/locales/pt_BR/auth.json'
import pay from '../../src/i18n/locales/pt_BR/pay.json'
import promote from '../../src/i18n/locales/pt_BR/promote.json'
import redpackets from '../../src/i18n/locales/pt_BR/redpackets.json'
import { callHall, player as callerOf, visitor } from '../server/support'
import { useBrowser } from './support/browser'

const kit = useBrowser()

describe('the event centre by quick list and template (site 081)', () => {
  it('lists a red packet and the discount codes with the activities; each opens what it is', async () => {
    const player = await kit.player({ siteCode: '081' })
    const { page, errors, shell } = await kit.openLobby('desktop', 'home/game?site=081', { as: player })
    const title = `Chuva ${player.username}`
    const template = `e2e-${player.username}`
    await kit.control('red-activity', { siteCode: '081', title, action: 'grab', amount: '2', players: [player.username] })
    await kit.control('discount-code', { siteCode: '081', code: `Q${player.username}`.slice(0, 20), amount: '3' })
    await kit.control('activity', {
      siteCode: '081', type: 10, template, title: `Bônus ${player.username}`, period: 0, condition: 1, rewardMode: 0, distribution: 2, tiers: [['10', '1']],
    })
    await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'eventIndex' }))
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/event/index')

    // The packet's poll shows it by itself; the player closes it without taking it.
    const packet = page.getByRole('dialog', { name: title })
    await packet.waitFor({ state: 'visible', timeout: 30_000 })
    await page.keyboard.press('Escape')
    await packet.waitFor({ state: 'hidden' })

    // The quick list is the first tab, chosen: the packet, the codes and the activity are in it.
    const quickTab = page.getByRole('tab', { name: new RegExp(`^${activities.quick}`) })
    await quickTab.waitFor()
    expect(await quickTab.getAttribute('aria-selected')).toBe('true')
    const panel = page.getByRole('tabpanel')
    // The packet's card opens the packet again; the player takes it there.
    await panel.getByRole('button', { name: new RegExp(`^${title}`) }).click()
    await packet.waitFor({ state: 'visible' })
    await packet.getByRole('button', { name: redpackets.action.grab }).click()
    const result = page.getByRole('dialog', { name: redpackets.title })
    await result.getByRole('button', { name: redpackets.ok }).click()
    await result.waitFor({ state: 'hidden' })
    // Taken, the packet leaves the quick list (read again when it was credited).
    await panel.getByRole('button', { name: new RegExp(`^${title}`) }).waitFor({ state: 'detached' })

    // The discount codes' card opens the discount-code popup.
    await panel.getByRole('button', { name: new RegExp(`^${activities.type['22']}`) }).click()
    const discount = page.getByRole('dialog', { name: pay.discount.title })
    await discount.waitFor({ state: 'visible' })
    await page.keyboard.press('Escape')
    await discount.waitFor({ state: 'hidden' })

    // The activity's card opens its page, read by its template.
    await panel.getByRole('button', { name: new RegExp(`^Bônus ${player.username}`) }).click()
    await expect.poll(() => new URL(page.url()).pathname).toMatch(new RegExp(`^/home/event/detail/${template}/\\d+$`))
    await page.getByRole('heading', { name: `Bônus ${player.username}` }).first().waitFor()
    const calls = (await shell.events<{ type: string; call?: string; payload?: unknown }>()).filter((e) => e.type === 'hall.requested')
    expect(calls.filter((e) => e.call === 'getByTemplate').map((e) => e.payload)).toEqual([{ template }])
    expect(calls.some((e) => e.call === 'quickList')).toBe(true)
    expect(calls.some((e) => e.call === 'activeGet')).toBe(false)
    expect(errors).toEqual([])
  }, 150_000)

  it('the promote screen shows the agent who invited the player and the channel it came by', async () => {
    const agent = await kit.player({ siteCode: '081' })
    const site = await visitor(kit.hallUrl, '081')
    const signedIn = await callHall(kit.hallUrl, site, 'POST', '/home/login', { username: agent.username, password: agent.password })
    const summary = await callHall(kit.hallUrl, callerOf('081', signedIn.envelope.data), 'POST', '/promote/summary', {})
    const inviteCode = (summary.envelope.data as { inviteCode: string }).inviteCode
    // The invitee registers with the agent's code by the seeded channel 1001 ('Main channel').
    const invitee = { username: kit.newUsername(), password: 'secret12', siteCode: '081' }
    const registered = await callHall(kit.hallUrl, site, 'POST', '/home/register', { username: invitee.username, password: invitee.password, inviteCode, channelId: '1001' })
    expect(registered.envelope.code, registered.envelope.msg).toBe(1)

    const { page, errors, shell } = await kit.openLobby('desktop', 'home/game?site=081', { as: invitee })
    await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'promote' }))
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/promote')
    const binding = page.getByRole('region', { name: promote.binding.title })
    await binding.getByText(promote.binding.agent.replace('{{agent}}', agent.username)).waitFor({ timeout: 20_000 })
    await binding.getByText(promote.binding.channel.replace('{{channel}}', 'Main channel')).waitFor()
    await page.getByRole('heading', { name: promote.rules.title.replace('{{mode}}', promote.mode['30004']) }).waitFor()
    const calls = (await shell.events<{ type: string; call?: string; payload?: unknown }>()).filter((e) => e.type === 'hall.requested')
    expect(calls.filter((e) => e.call === 'getAgentMode' || e.call === 'getIpBindInfo' || e.call === 'getChannelInfo').map((e) => [e.call, e.payload])).toEqual([
      ['getAgentMode', {}], ['getIpBindInfo', {}], ['getChannelInfo', { channelId: '1001' }],
    ])
    expect(errors).toEqual([])
  }, 150_000)

  it('the frame box lists the frames by /message/frame after the sign-in', async () => {
    const frames = (await kit.control('frames', {}))['frames'] as ReadonlyArray<{ id: number; title: string; publicity_name: string }>
    const home = frames.find((f) => f.publicity_name === 'home')!
    const player = await kit.player({ siteCode: '081', frames: [home.id] })
    // Signed in through the form (the frame is a pop-up of a fresh sign-in), in the site's Brazilian Portuguese.
    const { page, errors, shell } = await kit.openLobby('desktop', 'home/game?site=081')
    await page.evaluate(() => window.__lobby!.system.send({ type: 'popup.openRequested', popup: 'login' }))
    const dialog = page.getByRole('dialog', { name: auth.tabs.login })
    await dialog.getByLabel(auth.field.username).fill(player.username)
    await dialog.getByLabel(auth.field.password, { exact: true }).fill(player.password)
    await dialog.locator('form').getByRole('button', { name: auth.action.login, exact: true }).click()
    await page.getByRole('dialog', { name: home.title }).waitFor({ state: 'visible', timeout: 30_000 })
    const calls = (await shell.events<{ type: string; call?: string }>()).filter((e) => e.type === 'hall.requested').map((e) => e.call)
    expect(calls.filter((c) => c === 'messageFrame' || c === 'frameBoxIndex')).toEqual(['messageFrame'])
    expect(errors).toEqual([])
  }, 150_000)
})
