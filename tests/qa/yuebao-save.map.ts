import type { Page } from 'playwright-core'
import { yuebaoSaveActor } from '../../actors/yuebao'
import { savingsIntroSeen, signedIn } from './hall-setup'
import { commandMap, type QaUi } from './map'

const form = (p: Page) => p.getByRole('form', { name: 'Save' })

/** Opens the savings page unless its Save form is on the screen already. */
export const onSavingsPage = async ({ page, open }: QaUi, name: 'Save' | 'Take out'): Promise<void> => {
  if (!(await page.getByRole('form', { name }).isVisible())) await open('yuebao')
  await page.getByRole('form', { name }).waitFor()
}

/**
 * Savings: saving into them (actor yuebaosave, the savings page's Save form). A player types an
 * amount and presses Save; the hall moves it, or refuses (the balance is short: the form says so
 * under the amount); typing another amount after a refusal starts the form over.
 */
export default commandMap({
  name: 'yuebao-save',
  command: yuebaoSaveActor,
  player: { balance: '500.00' },
  prepare: { say: 'the player has seen the savings introduction (its first read made by the hall call)', run: async ({ hallUrl, player }) => savingsIntroSeen(hallUrl, await signedIn(hallUrl, player)) },
  payload: { amount: '10', request_id: 'qa-save' },
  answer: { amount: '10.00', gameGold: '490.00', principal: '10.00' },
  submit: {
    say: 'open the savings page (unless it is open), type 10 in Amount to save and press Save',
    run: async (ui) => {
      await onSavingsPage(ui, 'Save')
      await form(ui.page).getByRole('textbox', { name: 'Amount to save' }).fill('10')
      await form(ui.page).getByRole('button', { name: 'Save', exact: true }).click()
    },
  },
  refusal: { code: 1282, say: 'the balance is less than the amount' },
  reset: {
    say: 'type another amount (11) in Amount to save',
    run: async ({ page }) => form(page).getByRole('textbox', { name: 'Amount to save' }).fill('11'),
  },
  idle: { say: 'the lobby (the Save form empty, if the savings page is open)', find: (p) => p.getByRole('banner') },
  succeeded: { say: "'10.00 saved' under the Save form", find: (p) => form(p).getByRole('status').filter({ hasText: '10.00 saved' }) },
  failed: { say: "'Your balance is less than this amount.' under the amount", find: (p) => form(p).getByText('Your balance is less than this amount.') },
})
