import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { useBrowser } from './support/browser'

/**
 * A Brazilian site speaks Brazilian Portuguese (issue 45; src/i18n/locales/pt_BR): site 101 opens
 * in pt_BR (the page's lang pt-BR), and its screens use the Brazilian words a reviewer looks for
 * where European Portuguese had its own: celular (telemóvel), saque (levantamento), tela (ecrã).
 */
const kit = useBrowser()

/** The Brazilian word, the European one it replaces, and where the player reads it. */
const WORDS = [
  { brazilian: 'tela', european: 'ecrã', where: 'the install tip: "Adicione … à tela inicial"' },
  { brazilian: 'celular', european: 'telemóvel', where: 'the security page: the phone row' },
  { brazilian: 'saque', european: 'levantamento', where: 'the security page: the withdraw password row' },
] as const

const textOf = (page: Page): Promise<string> => page.locator('#root').innerText()

it('opens site 101 in Brazilian Portuguese: tela, celular, saque, and none of the European words', async () => {
  const p = await kit.player({ password: 'abc12345', siteCode: '101' })
  const { page, shell, errors } = await kit.openLobby('phone', 'home/game?site=101')
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('pt-BR')
  // The install tip of a phone, in its turn: one invitation at a time, the download banner first.
  await page.locator('#root').getByRole('complementary', { name: 'Baixar o aplicativo' }).getByRole('button', { name: 'Fechar o banner' }).click()
  await page.locator('#root').getByRole('complementary', { name: 'Adicionar à tela inicial' }).waitFor()
  const seen = [await textOf(page)]

  await expect.poll(async () => (await shell.eventTypes()).some((t) => t === 'session.authPromptNeeded' || t === 'session.loggedIn'), { timeout: 30_000 }).toBe(true)
  await page.evaluate(([u, pw]) => window.__lobby!.system.send({ type: 'session.loginSubmitted', username: u, password: pw }), [p.username, p.password] as const)
  await shell.settle(p.username)
  await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'security', query: {} }))
  await expect.poll(() => new URL(page.url()).pathname).toBe('/home/security')
  await expect.poll(() => page.locator('li[data-item="phone"] .security__name').innerText()).toBe('Celular')
  await expect.poll(() => page.locator('li[data-item="withdrawPass"] .security__name').innerText()).toBe('Senha de saque')
  seen.push(await textOf(page))

  const all = seen.join('\n').toLowerCase()
  for (const w of WORDS) {
    expect(all, `${w.brazilian} (${w.where})`).toContain(w.brazilian)
    expect(all, `no ${w.european}`).not.toContain(w.european)
  }
  expect(errors).toEqual([])
})
