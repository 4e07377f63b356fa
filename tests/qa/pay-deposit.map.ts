import type { Page } from 'playwright-core'
import { depositActor } from '../../actors/pay'
import { commandMap } from './map'

const dialog = (p: Page) => p.getByRole('dialog', { name: 'Deposit' })
const amount = (p: Page) => dialog(p).getByRole('textbox', { name: 'Amount (USD)' })
const REFUSED = 'This deposit method is not available. Choose another.'

/**
 * Pay: a deposit order (actor deposit, the pay popup's Deposit form behind the header's Deposit
 * button). A person types an amount on the popup's first channel (the card channel) and presses
 * Deposit; the hall answers the order (the popup shows it, waiting for payment), or refuses (the
 * channel is unavailable: the form says so); typing another amount after a refusal, or closing the
 * popup after an order, starts the form over.
 */
export default commandMap({
  name: 'pay-deposit',
  command: depositActor,
  payload: { channel_id: 1, amount: '100', request_id: 'qa-deposit', sign: 'qa' },
  answer: { order_no: '1', amount: '100.00', currency: 'USD', status: 0 },
  submit: {
    say: 'press Deposit in the header (unless the deposit popup is open), type 100 in Amount (USD) and press Deposit',
    run: async ({ page }) => {
      if (!(await amount(page).isVisible())) await page.getByRole('banner').getByRole('button', { name: /^Deposit/ }).first().click()
      await amount(page).fill('100')
      await dialog(page).getByRole('button', { name: 'Deposit', exact: true }).click()
    },
  },
  // An order made is shown in the popup, not the form: a person makes another after closing it.
  submitsIn: (value) => value !== 'succeeded',
  refusal: { code: 1353, say: 'the deposit method is not available' },
  resetIn: ['failed', 'succeeded'],
  reset: {
    say: 'type another amount (110) in Amount (USD) after a refusal, or close the deposit popup showing an order',
    run: async ({ page }) => {
      if (await dialog(page).getByText(REFUSED).isVisible()) await amount(page).fill('110')
      else {
        await dialog(page).getByRole('button', { name: 'Close' }).click()
        await dialog(page).waitFor({ state: 'hidden' })
      }
    },
  },
  idle: { say: 'the lobby (the Deposit form, if the popup is open)', find: (p) => p.getByRole('banner') },
  succeeded: { say: "the order in the popup, 'Waiting for payment'", find: (p) => dialog(p).getByRole('status').filter({ hasText: 'Waiting for payment' }) },
  failed: { say: `'${REFUSED}' in the Deposit form`, find: (p) => dialog(p).getByText(REFUSED) },
})
