import { categoriesActor } from '../../actors/activities'
import type { Page } from 'playwright-core'
import { queryMap } from './map'

/** A desktop visitor is asked to log in as the lobby opens; a person closes the prompt to look around. */
const closeLoginPrompt = async (page: Page): Promise<void> => {
  const prompt = page.getByRole('dialog', { name: /Log in|Sign up/ })
  if (!(await prompt.isVisible())) return
  await page.keyboard.press('Escape')
  await prompt.waitFor({ state: 'hidden' })
}

/**
 * The event centre: its categories (actor eventcats), read when the event centre opens; the hall
 * answers or refuses them, and the page offers Try again.
 */
export default queryMap({
  name: 'events',
  actor: categoriesActor.id,
  machine: categoriesActor.machine,
  opened: { type: 'activities.opened' },
  call: 'activeCategory',
  path: '/active/category',
  openSay: 'close the login prompt a visitor is shown, if it is open, and open the event centre (the Promotions tab)',
  open: async (ui) => {
    await closeLoginPrompt(ui.page)
    await ui.open('eventIndex')
  },
  answer: { list: [] },
  // Anyone reads the event centre: a sign-in adds nothing to its paths but a socket that retries a failed read.
  signIn: false,
  idle: { say: 'the lobby, the event centre not opened', find: (p) => p.getByRole('banner') },
  ready: { say: 'the event centre', find: (p) => p.getByRole('heading', { name: 'Promotions' }) },
  failed: { say: "the alert 'The promotions could not be loaded.' with Try again", find: (p) => p.getByRole('alert').filter({ hasText: 'The promotions could not be loaded.' }) },
  retry: {
    say: 'press Try again in that alert',
    run: async ({ page }) => {
      await closeLoginPrompt(page)
      await page.getByRole('alert').filter({ hasText: 'The promotions could not be loaded.' }).getByRole('button', { name: 'Try again' }).click()
    },
  },
})
