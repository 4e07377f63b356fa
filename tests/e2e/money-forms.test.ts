import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { callHall, control as hallControl, player, visitor } from '../server/support'
import { seriousViolations } from './support/axe'
import { useBrowser } from './support/browser'
import type { ShellPage } from './support/shell.model'
import type { TestPlayer } from './support/hall'

/**
 * What a new player meets in every money form (the pay popup's deposit, the savings page's save
 * and take out, the withdrawal), at phone and desktop sizes: an empty amount, letters (which the
 * money input refuses, so the field stays empty) and an amount ending in a point ('10.') each get
 * a translated message under the field, with its parameters filled in; nothing is asked of the
 * hall for an amount the form refuses (no fee quote of '10.'), and no dialog opens over the form.
 */
const kit = useBrowser()
const hallUrl = kit.hallUrl
const PIN = '123456'

const goTo = (page: Page, name: string, query: Record<string, string> = {}) =>
  page.evaluate(({ name, query }) => window.__lobby!.system.send({ type: 'nav.requested', name, query }), { name, query })

/** A bound phone, the withdraw password 123456 and a bank card, through the hall's own calls. */
const secureWithCard = async (p: TestPlayer): Promise<void> => {
  const site = await visitor(hallUrl, p.siteCode)
  const login = await callHall(hallUrl, site, 'POST', '/home/login', { username: p.username, password: p.password })
  expect(login.envelope.code).toBe(1)
  const caller = player(p.siteCode, login.envelope.data)
  const phone = `555${String(Date.now()).slice(-7)}`
  expect((await callHall(hallUrl, caller, 'POST', '/user/security/createsms', { phone })).envelope.code).toBe(1)
  const sent = await hallControl(hallUrl, 'last-code', { username: p.username, siteCode: p.siteCode })
  expect((await callHall(hallUrl, caller, 'POST', '/user/security/modifyphone', { phone, code: sent['code'] })).envelope.code).toBe(1)
  expect((await callHall(hallUrl, caller, 'POST', '/user/security/modifywithdrawpass', { newPass: PIN })).envelope.code).toBe(1)
  expect((await callHall(hallUrl, caller, 'POST', '/certify/bindcard', { bank_code: 'CHASE', card_no: '4111222233334444', holder: 'ANA SILVA' })).envelope.code).toBe(1)
}

/** The message under a money field (its error, which the field names in aria-describedby). */
const messageOf = async (field: Locator): Promise<string> => {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true')
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ')
  const texts = await field.page().evaluate((list) => list.map((id) => document.getElementById(id)).filter((e) => e?.classList.contains('field__error')).map((e) => e?.textContent ?? ''), ids)
  return texts.join(' ')
}

/** Empty, letters, then '10.': each refused under the field in words, with no dialog and no fee quote. */
const tryBadAmounts = async (shell: ShellPage, field: Locator, submit: () => Promise<void>, dialogsBefore: number) => {
  const { page } = shell
  const seen: string[] = []
  await field.fill('')
  await submit()
  seen.push(await messageOf(field))
  // Letters never get into a money input: the field stays empty and says so.
  await field.pressSequentially('abc')
  expect(await field.inputValue()).toBe('')
  await submit()
  seen.push(await messageOf(field))
  await field.pressSequentially('10.')
  expect(await field.inputValue()).toBe('10.')
  await submit()
  await expect.poll(() => messageOf(field)).toBe('Add the decimals after the point, or leave the point out')
  seen.push(await messageOf(field))
  expect(seen.slice(0, 2)).toEqual(['Enter an amount', 'Enter an amount'])
  for (const text of seen) expect(text).not.toMatch(/\{\{|\}\}|validation\./)
  // No quote of an amount the form refuses, and nothing opened over the form.
  const quotes = (await shell.events<{ type: string; call?: string; payload?: { amount?: string } }>()).filter(
    (e) => e.type === 'hall.requested' && (e.call === 'getWithdrawFee' || e.call === 'getPayOrderFee') && e.payload?.amount === '10.',
  )
  expect(quotes).toEqual([])
  expect(await shell.eventTypes()).not.toContain('errors.reported')
  expect(await page.getByRole('dialog').count()).toBe(dialogsBefore)
  expect(await page.getByRole('alertdialog').count()).toBe(0)
}

describe.each(['desktop', 'phone'] as const)('money forms at %s size', (size) => {
  it('deposit: empty, letters and "10." are refused under the amount, translated, with no dialog', async () => {
    const p = await kit.player({ balance: '0' })
    const { page, errors, shell } = await kit.openLobby(size, 'home/game?site=001', { as: p })
    await page.getByRole('banner').getByRole('button', { name: /^Deposit/ }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Deposit' })
    await dialog.getByRole('group', { name: 'Method' }).waitFor({ timeout: 15_000 })
    const field = dialog.getByRole('textbox', { name: /^Amount/ })
    await tryBadAmounts(shell, field, () => dialog.getByRole('button', { name: 'Deposit', exact: true }).click(), 1)
    expect(await seriousViolations(page, 'dialog[open]')).toEqual([])
    expect(errors).toEqual([])
  })

  it('savings: empty, letters and "10." are refused under the amounts to save and to take out, translated, with no dialog', async () => {
    const p = await kit.player({ balance: '500' })
    const { page, errors, shell } = await kit.openLobby(size, 'home/game?site=001', { as: p })
    await goTo(page, 'yuebao')
    const intro = page.getByRole('dialog', { name: 'Savings' })
    await intro.waitFor({ timeout: 15_000 })
    await intro.getByRole('button', { name: 'Got it' }).click()
    await intro.waitFor({ state: 'hidden' })

    const save = page.getByRole('form', { name: 'Save' })
    const saveField = save.getByRole('textbox', { name: 'Amount to save' })
    await tryBadAmounts(shell, saveField, () => save.getByRole('button', { name: 'Save', exact: true }).click(), 0)
    // Something to take out: 100 saved.
    await saveField.fill('100')
    await save.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(() => page.getByTestId('yuebao-principal').innerText(), { timeout: 15_000 }).toContain('100.00')

    const takeout = page.getByRole('form', { name: 'Take out' })
    const takeoutField = takeout.getByRole('textbox', { name: 'Amount to take out' })
    await expect.poll(() => takeoutField.isEnabled()).toBe(true)
    await tryBadAmounts(shell, takeoutField, () => takeout.getByRole('button', { name: 'Take out', exact: true }).click(), 0)
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])
  })

  it('withdraw: empty, letters and "10." are refused under the amount, translated, with no fee quote and no dialog', async () => {
    const p = await kit.player({ balance: '500' })
    await secureWithCard(p)
    const { page, errors, shell } = await kit.openLobby(size, 'home/game?site=001', { as: p })
    await goTo(page, 'withdraw', { tab: 'withdraw' })
    const panel = page.getByRole('tabpanel')
    const field = panel.getByRole('textbox', { name: 'Amount' })
    await field.waitFor({ timeout: 15_000 })
    await tryBadAmounts(shell, field, () => panel.getByRole('button', { name: 'Withdraw', exact: true }).click(), 0)
    // A whole amount is quoted: the fee shows under the field.
    await field.fill('10')
    await panel.getByText(/^Fee /).waitFor({ timeout: 15_000 })
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])
  })
})
