import type { Page } from 'playwright-core'
import { yuebaoTakeoutActor } from '../../actors/yuebao'
import { ok, savingsIntroSeen, signedIn } from './hall-setup'
import { commandMap } from './map'
import { onSavingsPage } from './yuebao-save.map'

const form = (p: Page) => p.getByRole('form', { name: 'Take out' })

/**
 * Savings: taking money out (actor yuebaoTakeoutGold, the savings page's Take out form). The player
 * has 50 in savings; a person types an amount and presses Take out; the hall moves it, or refuses
 * (the savings are short: the form says so under the amount); typing another amount after a
 * refusal starts the form over.
 */
export default commandMap({
  name: 'yuebao-takeout',
  command: yuebaoTakeoutActor,
  player: { balance: '500.00' },
  prepare: {
    say: 'the player has seen the savings introduction and saved 50 (the hall calls)',
    run: async ({ hallUrl, player }) => {
      const caller = await signedIn(hallUrl, player)
      await savingsIntroSeen(hallUrl, caller)
      await ok(hallUrl, caller, '/yuebao/saveGold', { amount: '50', request_id: `qa-${player.username}` })
    },
  },
  payload: { amount: '10', request_id: 'qa-takeout' },
  answer: { amount: '10.00', gameGold: '460.00', principal: '40.00' },
  submit: {
    say: 'open the savings page (unless it is open), type 10 in Amount to take out and press Take out',
    run: async (ui) => {
      await onSavingsPage(ui, 'Take out')
      await form(ui.page).getByRole('textbox', { name: 'Amount to take out' }).fill('10')
      await form(ui.page).getByRole('button', { name: 'Take out', exact: true }).click()
    },
  },
  refusal: { code: 1283, say: 'the savings are less than the amount' },
  reset: {
    say: 'type another amount (11) in Amount to take out',
    run: async ({ page }) => form(page).getByRole('textbox', { name: 'Amount to take out' }).fill('11'),
  },
  idle: { say: 'the lobby (the Take out form empty, if the savings page is open)', find: (p) => p.getByRole('banner') },
  succeeded: { say: "'10.00 taken out' under the Take out form", find: (p) => form(p).getByRole('status').filter({ hasText: '10.00 taken out' }) },
  failed: { say: "'Your savings are less than this amount.' under the amount", find: (p) => form(p).getByText('Your savings are less than this amount.') },
})
