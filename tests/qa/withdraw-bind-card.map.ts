import type { Page } from 'playwright-core'
import { bindCardCommand } from '../../actors/withdraw'
import { QA_PIN, secure, signedIn } from './hall-setup'
import { commandMap } from './map'
import { cardsPanel, onBankCards } from './withdraw-accounts'

const REFUSED = 'This account is already bound.'
const bindForm = (p: Page) => cardsPanel(p).locator('form')

/**
 * Withdraw: binding a bank card (actor bindCard, the withdraw page's Bank cards tab). The player has
 * a bound phone and the withdraw password; a person types a card number and the holder's name and
 * presses Bind card; the hall binds it (the form says Bound.), or refuses (the card is bound
 * already: the form says so).
 */
export default commandMap({
  name: 'withdraw-bind-card',
  command: bindCardCommand,
  player: { balance: '500.00' },
  prepare: {
    say: `the player has bound a phone and set the withdraw password ${QA_PIN} (the hall calls)`,
    run: async ({ hallUrl, player }) => secure(hallUrl, player, await signedIn(hallUrl, player)),
  },
  payload: { bank_code: 'CHASE', card_no: '4111222233334444', holder: 'ANA SILVA' },
  answer: { id: 1, kind: 'bank', name: 'JPMorgan Chase', code: 'CHASE', network: '', account_no: '**** 4444', holder: 'ANA SILVA', currency: 'USD', icon: '', is_default: 1 },
  submit: {
    say: "open the withdraw page's Bank cards tab (unless it is open), type a new card number and ANA SILVA as the holder's real name, press Bind card",
    run: async (ui) => {
      await onBankCards(ui)
      // Every submission binds another card: four digits of the clock make it one the player has not bound.
      await bindForm(ui.page).getByLabel('Card number').fill(`4111 2222 3333 ${String(Date.now()).slice(-4)}`)
      await bindForm(ui.page).getByLabel("Holder's real name").fill('ANA SILVA')
      await bindForm(ui.page).getByRole('button', { name: 'Bind card' }).click()
    },
  },
  refusal: { code: 1318, say: 'the card is bound already' },
  reset: { cannot: "the bank card form has no start-over: its last answer (Bound., or the refusal) stays until the next Bind card, and the view never sends command.reset for bindCard" },
  idle: { say: 'the lobby (the bank card form, if the tab is open)', find: (p) => p.getByRole('banner') },
  succeeded: { say: "'Bound.' under the bank card form", find: (p) => bindForm(p).getByRole('status').filter({ hasText: 'Bound.' }) },
  failed: { say: `'${REFUSED}' in the bank card form`, find: (p) => bindForm(p).getByRole('alert').filter({ hasText: REFUSED }) },
})
