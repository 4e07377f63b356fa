import type { Page } from 'playwright-core'
import { deleteAccountCommand } from '../../actors/withdraw'
import { QA_PIN, bindCard, secure, signedIn } from './hall-setup'
import { commandMap } from './map'
import { cardsPanel, onBankCards } from './withdraw-accounts'

const REFUSED = 'The withdraw password is wrong.'
const dialog = (p: Page) => p.getByRole('dialog', { name: 'Delete this account?' })

/**
 * Withdraw: deleting an account (actor deleteAccount, Delete beside a bank card on the withdraw
 * page's Bank cards tab, confirmed with the withdraw password in a dialog). The player has one
 * bank card; the hall deletes it (the dialog closes, the tab says none is bound), or refuses (a
 * wrong password: the dialog says so under it); cancelling the dialog and opening it again starts
 * over.
 */
export default commandMap({
  name: 'withdraw-delete-account',
  command: deleteAccountCommand,
  player: { balance: '500.00' },
  prepare: {
    say: `the player has bound a phone, set the withdraw password ${QA_PIN} and bound a bank card (the hall calls)`,
    run: async ({ hallUrl, player }) => {
      const caller = await signedIn(hallUrl, player)
      await secure(hallUrl, player, caller)
      await bindCard(hallUrl, caller)
    },
  },
  payload: { id: 1, withdraw_pass: QA_PIN },
  answer: {},
  submit: {
    say: `open the withdraw page's Bank cards tab and press Delete beside the card (unless its dialog is open), type ${QA_PIN}, press Delete`,
    run: async (ui) => {
      if (!(await dialog(ui.page).isVisible())) {
        await onBankCards(ui)
        await cardsPanel(ui.page).getByRole('list', { name: 'Bank cards' }).getByRole('button', { name: /^Delete / }).click()
      }
      await dialog(ui.page).getByRole('textbox', { name: 'Withdraw password' }).fill(QA_PIN)
      await dialog(ui.page).getByRole('button', { name: 'Delete', exact: true }).click()
    },
  },
  // The card is gone once deleted: nothing left to delete.
  submitsIn: (value) => value !== 'succeeded',
  refusal: { code: 1302, say: 'the withdraw password is wrong' },
  reset: {
    say: 'press Cancel in the dialog, and Delete beside the card again',
    run: async ({ page }) => {
      await dialog(page).getByRole('button', { name: 'Cancel' }).click()
      await dialog(page).waitFor({ state: 'hidden' })
      await cardsPanel(page).getByRole('list', { name: 'Bank cards' }).getByRole('button', { name: /^Delete / }).click()
    },
  },
  idle: { say: 'the lobby (the card with its Delete, if the tab is open)', find: (p) => p.getByRole('banner') },
  succeeded: { say: "the Bank cards tab without the card ('Nothing bound yet.')", find: (p) => cardsPanel(p).getByText('Nothing bound yet.') },
  failed: { say: `'${REFUSED}' under the password in the dialog`, find: (p) => dialog(p).getByText(REFUSED) },
})
