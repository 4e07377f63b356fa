import type { Page } from 'playwright-core'
import { withdrawCashCommand } from '../../actors/withdraw'
import { QA_PIN, bindCard, secure, signedIn } from './hall-setup'
import { commandMap, type QaUi } from './map'

const form = (p: Page) => p.getByRole('tabpanel').getByRole('region', { name: 'Withdraw' })

/** Opens the withdraw page's Withdraw tab unless its form is on the screen already. */
const onWithdrawForm = async ({ page, open }: QaUi): Promise<void> => {
  if (!(await form(page).getByRole('textbox', { name: 'Withdraw password' }).isVisible())) await open('withdraw')
  await form(page).getByRole('textbox', { name: 'Withdraw password' }).waitFor()
}

/**
 * Withdraw: a withdrawal (actor withdrawCash, the withdraw page's Withdraw form). The player has a
 * bound phone, the withdraw password and a bank card; a person types an amount and the password and
 * presses Withdraw; the hall holds the money and answers the order, or refuses (a wrong password:
 * the form says so under it); opening the withdraw page again starts the form over.
 */
export default commandMap({
  name: 'withdraw-cash',
  command: withdrawCashCommand,
  player: { balance: '500.00' },
  prepare: {
    say: `the player has bound a phone, set the withdraw password ${QA_PIN} and bound a bank card (the hall calls)`,
    run: async ({ hallUrl, player }) => {
      const caller = await signedIn(hallUrl, player)
      await secure(hallUrl, player, caller)
      await bindCard(hallUrl, caller)
    },
  },
  payload: { account_id: 1, amount: '100', withdraw_pass: QA_PIN, request_id: 'qa-withdraw', speed: 2 },
  answer: {
    order: { order_no: '1', amount: '100.00', fee: '1.00', arrive_amount: '99.00', currency: 'USD', status: 0, speed: 2, reason: '', account: { name: 'JPMorgan Chase', account_no: '**** 4444' }, steps: [] },
    game_gold: '400.00',
  },
  submit: {
    say: `open the withdraw page (unless its form is open), type 100 in Amount and ${QA_PIN} in Withdraw password, press Withdraw`,
    run: async (ui) => {
      await onWithdrawForm(ui)
      await form(ui.page).getByLabel('Amount', { exact: true }).fill('100')
      await form(ui.page).getByRole('textbox', { name: 'Withdraw password' }).fill(QA_PIN)
      await form(ui.page).getByRole('button', { name: 'Withdraw', exact: true }).click()
    },
  },
  refusal: { code: 1302, say: 'the withdraw password is wrong' },
  reset: { say: 'open the withdraw page again', run: async ({ open }) => open('withdraw') },
  idle: { say: 'the lobby (the Withdraw form, if the withdraw page is open)', find: (p) => p.getByRole('banner') },
  succeeded: { say: "'Withdrawal of 100.00 requested; …' with See the withdrawal", find: (p) => form(p).getByRole('status').filter({ hasText: 'Withdrawal of 100.00 requested' }) },
  failed: { say: "'The withdraw password is wrong.' under the password", find: (p) => form(p).getByText('The withdraw password is wrong.') },
})
