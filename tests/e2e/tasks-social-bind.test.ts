import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'

/**
 * The social-bind tasks in the lobby (issue 45; spec task types bind facebook 14, bind wechat 3):
 * a fresh player's 'Bind your Facebook account' is to do and its 'go' opens the security centre;
 * binding a Facebook account there through the hall's stand-in provider (its own window, the
 * authorization code, the token, thirduser/bind) completes it at the hall, so the task centre
 * shows it done with its prize to receive, while 'Bind your WeChat account' stays to do.
 */
const kit = useBrowser()

const goTasks = async (page: Page): Promise<void> => {
  await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'eventTask' }))
  await expect.poll(() => new URL(page.url()).pathname).toBe('/home/event/task')
}

describe('social-bind tasks at desktop size', () => {
  it('binding Facebook from the security centre completes its task; WeChat stays to do', async () => {
    const p = await kit.player()
    const { page, errors } = await kit.openLobby('desktop', 'home/game?site=001', { as: p })
    await goTasks(page)
    const tasks = page.getByRole('list').filter({ has: page.getByRole('listitem', { name: 'Register an account' }) })
    const facebook = tasks.getByRole('listitem', { name: 'Bind your Facebook account' })
    const wechat = tasks.getByRole('listitem', { name: 'Bind your WeChat account' })
    await facebook.getByText('To do').waitFor({ timeout: 15_000 })
    await wechat.getByText('To do').waitFor()

    // 'Go' opens the security centre, whose third-party sign-in binds the account.
    await facebook.getByRole('button', { name: 'Go: Bind your Facebook account' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/security')
    const section = page.getByRole('region', { name: 'Third-party accounts' })
    await section.getByText('Not bound').waitFor()
    const opened = page.waitForEvent('popup')
    await section.getByRole('button', { name: 'Facebook', exact: true }).click()
    const win = await opened
    await win.waitForURL(/\/oauth\/facebook\/authorize/)
    await win.getByLabel('Email').fill(`fbtask${Date.now().toString(36)}@example.com`)
    const closed = win.waitForEvent('close')
    await win.getByRole('button', { name: 'Continue' }).click()
    await closed
    await section.getByRole('status').getByText('Bound successfully').waitFor()

    // Back on the tasks: the hall says the Facebook task is done; the WeChat one is not.
    await goTasks(page)
    await facebook.getByText('Done').waitFor({ timeout: 15_000 })
    await facebook.getByRole('button', { name: 'Receive: Bind your Facebook account' }).waitFor()
    await wechat.getByText('To do').waitFor()
    expect(errors).toEqual([])
  })
})
