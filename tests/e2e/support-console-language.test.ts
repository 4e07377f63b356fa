import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { migrate, openDb } from '../../server/db'
import { startHall, type RunningHall } from '../../server/hall'
import { seed } from '../../server/seed'
import { addAccount } from '../../server/support/accounts'
import { launch, newContext, VIEWPORTS, watchErrors } from './support/browser'
import { allViolations as axeViolations } from './support/axe'

/**
 * The support console in English and Brazilian Portuguese (docs/timeline.md "Languages"): a finance
 * account on a desktop switches to Português in the header; the navigation, the Withdrawals view's
 * headings and buttons, the second-approval form and its amounts read in Portuguese, axe finds
 * nothing, the choice survives a reload, and switching back brings English. On a phone whose
 * browser is set to Portuguese the sign-in already is in Portuguese; the English chosen there wins
 * over the browser's language after a reload. Its own hall (production mode, its own store) and
 * accounts: nothing shared with other browser tests but the build.
 */

const staticDir = inject('staticDir')

const FIN = { username: 'fin.lingua', password: 'fin-lingua-password-1' }

let browser: Browser
let hall: RunningHall
let dataDir = ''

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lobby-console-language-'))
  const db = await openDb(dataDir)
  try {
    await migrate(db)
    await seed(db, { demoPlayers: false })
    await addAccount(db, { ...FIN, role: 'finance' }, { by: 'command:e2e', now: Date.now() })
  } finally {
    await db.close()
  }
  hall = await startHall({ port: 0, dataDir, mode: 'production', staticDir, log: () => undefined })
  browser = await launch()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await hall?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Signs in with the form's words in `lng`, and waits for the console's navigation. */
const signIn = async (page: Page, lng: 'en' | 'pt'): Promise<void> => {
  const w = lng === 'en' ? { form: 'Sign in', user: 'Username', pass: 'Password', nav: 'Console' } : { form: 'Entrar', user: 'Usuário', pass: 'Senha', nav: 'Console' }
  const form = page.getByRole('form', { name: w.form })
  await form.getByLabel(w.user).fill(FIN.username)
  await form.getByLabel(w.pass).fill(FIN.password)
  await form.getByRole('button', { name: w.form }).click()
  await page.getByRole('navigation', { name: w.nav }).waitFor()
}

const navLinks = (page: Page) => page.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents()
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang)

const PT_NAV = ['Sessões', 'Erros de script', 'Saques', 'Depósitos', 'Jogadores']
const EN_NAV = ['Sessions', 'Script errors', 'Withdrawals', 'Deposits', 'Players']

describe('the support console in English and Brazilian Portuguese', () => {
  it('on a desktop: switched to Português, the Withdrawals view and the second-approval form read in Portuguese, the choice survives a reload, and English comes back', async () => {
    const context = await newContext(browser, 'desktop')
    const page = await context.newPage()
    const errors = watchErrors(page)
    await page.goto(`${hall.url}/support/ops/withdrawals`)
    await signIn(page, 'en')
    expect(await navLinks(page)).toEqual(EN_NAV)
    expect(await htmlLang(page)).toBe('en-US')

    await page.getByRole('banner').getByLabel('Language').selectOption({ label: 'Português (Brasil)' })
    await expect.poll(() => navLinks(page)).toEqual(PT_NAV)
    expect(await htmlLang(page)).toBe('pt-BR')
    expect(await page.title()).toBe('Saques · Console de suporte do Lobby')
    await page.getByRole('heading', { level: 1, name: 'Saques' }).waitFor()
    await page.getByRole('status').filter({ hasText: 'Nenhum saque corresponde.' }).waitFor()
    const filter = page.getByRole('search', { name: 'Filtrar saques' })
    expect(await filter.getByLabel('Situação').locator('option').allTextContents()).toContain('Aguardando análise')
    await filter.getByRole('button', { name: 'Filtrar' }).waitFor()
    await page.getByRole('banner').getByRole('button', { name: 'Sair' }).waitFor()

    // The second-approval amount: read and set in Portuguese, the amounts in Brazilian digits.
    const part = page.getByRole('region', { name: 'Valor da segunda aprovação' })
    await part.getByRole('heading', { level: 2, name: 'Valor da segunda aprovação' }).waitFor()
    const read = part.getByRole('form', { name: 'Ver o valor da segunda aprovação de um site' })
    await read.getByLabel('Código do site').fill('001')
    await read.getByRole('button', { name: 'Mostrar valor' }).click()
    await expect.poll(() => part.getByTestId('threshold-now').innerText()).toMatch(/^Site 001: saques acima de 10\.000,00 [A-Z]{3,5} precisam de uma segunda aprovação\.$/)
    const set = part.getByRole('form', { name: 'Alterar o valor da segunda aprovação do site 001' })
    await set.getByLabel(/^Novo valor/).fill('2500.5')
    await set.getByLabel('Motivo').fill('revisão de fim de mês')
    await set.getByRole('button', { name: 'Salvar valor' }).click()
    await expect.poll(() => part.getByRole('status').innerText()).toMatch(/^Site 001: valor da segunda aprovação alterado de 10\.000,00 [A-Z]{3,5} para 2\.500,50 [A-Z]{3,5}\.$/)
    await expect.poll(() => part.getByTestId('threshold-now').innerText()).toMatch(/acima de 2\.500,50 /)
    expect(await axeViolations(page)).toEqual([])

    // The choice is remembered: a reload opens the console in Portuguese.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Saques' }).waitFor()
    expect(await navLinks(page)).toEqual(PT_NAV)
    expect(await htmlLang(page)).toBe('pt-BR')
    expect(await page.getByRole('banner').getByLabel('Idioma').inputValue()).toBe('pt_BR')

    // And back to English.
    await page.getByRole('banner').getByLabel('Idioma').selectOption({ label: 'English' })
    await page.getByRole('heading', { level: 1, name: 'Withdrawals' }).waitFor()
    expect(await navLinks(page)).toEqual(EN_NAV)
    expect(await htmlLang(page)).toBe('en-US')
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Withdrawals' }).waitFor()
    expect(await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).count()).toBe(1)
    await context.close()
    // The console's own sign-in check (401 before signing in) is the only failed request.
    expect(errors.filter((e) => !e.includes('401'))).toEqual([])
  })

  it('on a phone whose browser speaks Portuguese: the sign-in and the deposits view in Portuguese, axe clean; English chosen there wins after a reload', async () => {
    const context: BrowserContext = await browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, deviceScaleFactor: 2, serviceWorkers: 'block', locale: 'pt-BR' })
    const page = await context.newPage()
    const errors = watchErrors(page)
    await page.goto(`${hall.url}/support/ops/deposits`)
    await page.getByRole('heading', { level: 1, name: 'Console de suporte do Lobby' }).waitFor()
    expect(await htmlLang(page)).toBe('pt-BR')
    expect(await page.title()).toBe('Entrar · Console de suporte do Lobby')
    expect(await axeViolations(page)).toEqual([])
    await signIn(page, 'pt')

    expect(await navLinks(page)).toEqual(PT_NAV)
    await page.getByRole('heading', { level: 1, name: 'Depósitos' }).waitFor()
    await page.getByRole('status').filter({ hasText: 'Nenhum depósito aqui.' }).waitFor()
    expect(await page.getByRole('form', { name: 'Quais depósitos' }).getByLabel('Mostrar').locator('option').allTextContents()).toEqual([
      'Aguardando confirmação',
      'Online, nunca confirmados',
      'Decididos aqui',
    ])
    await page.getByRole('button', { name: 'Sair' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width)
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole('banner').getByLabel('Idioma').selectOption({ label: 'English' })
    await page.getByRole('heading', { level: 1, name: 'Deposits' }).waitFor()
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Deposits' }).waitFor()
    expect(await navLinks(page)).toEqual(EN_NAV)
    expect(await htmlLang(page)).toBe('en-US')
    expect(await axeViolations(page)).toEqual([])
    await context.close()
    expect(errors.filter((e) => !e.includes('401'))).toEqual([])
  })
})
