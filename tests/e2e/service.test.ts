import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'

/**
 * Customer service at phone and desktop sizes (screens §2 /home/service and the menu entry; §3
 * customer service): the entry shows while an agent is online; an openType 1 agent opens in the
 * lobby's modal iframe, another in a new window; the operator's embed markup runs nothing; the
 * common questions show, and with questionListDisplay 1 the page goes straight to the first agent
 * with no questions. Site 201's agents are this file's to change (put back after each test).
 */
const kit = useBrowser()

/** A desktop visitor first meets the login popup (auto visitor login is off on the web): closed here. */
const closeLogin = async (page: Page): Promise<void> => {
  const login = page.locator('dialog.auth-modal')
  await login.waitFor({ timeout: 15_000 })
  await page.keyboard.press('Escape')
  await login.waitFor({ state: 'hidden' })
}

const SEEDED = [{ name: 'Live chat', openType: 1 }, { name: 'Messenger', openType: 2, url: 'https://t.me/lobby_support' }]

describe.each(['desktop', 'phone'] as const)('customer service at %s size', (size) => {
  it('opens an agent in the lobby’s frame or a new window, shows the common questions, and the embed markup runs nothing', async () => {
    await kit.control('service-agents', {
      siteCode: '201',
      agents: [...SEEDED, { name: 'Night shift', code: '<img src="data:image/png;base64,AAAA" alt="" onerror="window.__pwned = 1"><i>From 22:00</i>', openType: 1 }],
    })
    try {
      const { page, errors } = await kit.openLobby(size, 'home/service?site=201')
      if (size === 'desktop') await closeLogin(page)
      const agents = page.getByRole('region', { name: 'Our agents' })
      await agents.getByText('From 22:00').waitFor({ timeout: 15_000 })
      await page.getByText('Why can I not withdraw yet?').click()
      await page.getByText('The withdraw page shows what remains.', { exact: false }).waitFor()
      // openType 1: the modal iframe, the hall's chat page in it.
      await page.getByRole('button', { name: 'Chat with Live chat' }).click()
      const dialog = page.getByRole('dialog', { name: 'Live chat' })
      const chat = dialog.frameLocator('iframe[title="Chat with Live chat"]')
      await chat.getByText('An agent is online').waitFor()
      await dialog.getByRole('button', { name: 'Close' }).click()
      // Another openType: a new window, with no way back into the lobby.
      const [popup] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Open Messenger in a new window' }).click()])
      await expect.poll(() => popup.url()).toMatch(/^(https:\/\/t\.me\/lobby_support|about:blank|chrome-error:)/)
      expect(await popup.evaluate(() => window.opener)).toBeNull()
      await popup.close()
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
      expect(errors).toEqual([])
    } finally {
      await kit.control('service-agents', { siteCode: '201', agents: SEEDED })
    }
  })
})

describe('customer service entry and questionListDisplay', () => {
  it('the menu entry shows only while an agent is online; questionListDisplay 1 goes straight to the first agent with no questions', async () => {
    await kit.control('service-agents', { siteCode: '201', agents: [{ name: 'Away', online: false }] })
    try {
      const away = await kit.openLobby('desktop', 'home/game?site=201')
      await closeLogin(away.page)
      const more = away.page.getByRole('list', { name: 'More' })
      await more.getByRole('button', { name: 'Betting record' }).waitFor({ timeout: 15_000 })
      expect(await more.getByRole('button', { name: 'Customer service' }).count()).toBe(0)

      // One agent online: the entry goes straight to it (several: the popover, below).
      await kit.control('service-agents', { siteCode: '201', agents: [SEEDED[0]] })
      await kit.patchSite('201', 'sysInfo', { questionListDisplay: 1 })
      const { page, errors } = await kit.openLobby('desktop', 'home/game?site=201')
      await closeLogin(page)
      await page.getByRole('list', { name: 'More' }).getByRole('button', { name: 'Customer service' }).click({ timeout: 15_000 })
      const dialog = page.getByRole('dialog', { name: 'Live chat' })
      await dialog.frameLocator('iframe').getByText('An agent is online').waitFor({ timeout: 15_000 })
      expect(await page.getByRole('region', { name: 'Common questions' }).count()).toBe(0)
      expect(errors).toEqual([])
    } finally {
      await kit.control('service-agents', { siteCode: '201', agents: SEEDED })
    }
  })
})

describe('customer service popover', () => {
  it('lists the agents when several are online: a framed one opens in the lobby, another in a new window', async () => {
    await kit.control('service-agents', { siteCode: '201', agents: SEEDED })
    const { page, errors } = await kit.openLobby('desktop', 'home/game?site=201')
    await closeLogin(page)
    const more = page.getByRole('list', { name: 'More' })
    await more.getByRole('button', { name: 'Customer service' }).click({ timeout: 15_000 })
    const agents = page.getByRole('group', { name: 'Our agents' })
    await agents.getByRole('button', { name: 'Chat with Live chat' }).waitFor()
    // Keyboard: the panel's first agent has the focus; Escape closes it and gives the focus back.
    await page.keyboard.press('Escape')
    await agents.waitFor({ state: 'hidden' })
    await more.getByRole('button', { name: 'Customer service' }).click()
    const [popup] = await Promise.all([page.context().waitForEvent('page'), agents.getByRole('button', { name: 'Open Messenger in a new window' }).click()])
    expect(await popup.evaluate(() => window.opener)).toBeNull()
    await popup.close()
    await more.getByRole('button', { name: 'Customer service' }).click()
    await agents.getByRole('button', { name: 'Chat with Live chat' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/service')
    const dialog = page.getByRole('dialog', { name: 'Live chat' })
    await dialog.frameLocator('iframe').getByText('An agent is online').waitFor({ timeout: 15_000 })
    expect(errors).toEqual([])
  })
})
