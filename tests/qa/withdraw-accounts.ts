import type { Page } from 'playwright-core'
import type { QaUi } from './map'

/** The withdraw page's Bank cards tab (its panel). */
export const cardsPanel = (p: Page) => p.getByRole('tabpanel').getByRole('region', { name: 'Bank cards' })

/** Opens the withdraw page's Bank cards tab unless it is on the screen already. */
export const onBankCards = async ({ page, open }: QaUi): Promise<void> => {
  if (await cardsPanel(page).isVisible()) return
  await open('withdraw')
  await page.getByRole('tab', { name: 'Bank cards' }).click()
  await cardsPanel(page).waitFor()
}
