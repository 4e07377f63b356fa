import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { base32Decode, totp } from '../../server/totp'
import { callHall, player as callerOf, visitor } from '../server/support'
import { useBrowser, type Size } from './support/browser'
import { lastCode, type TestPlayer } from './support/hall'

/**
 * The player's own account at phone and desktop sizes (screens §2 /home/security, /home/personal;
 * calls §7.2): the login password changed (the old one then fails at sign-in), a bound phone
 * changed through a code to the old one and one to the new one, Google authenticator switched off
 * and on with real TOTP codes, a secret question set after the verifyUserPassword popup and used
 * to change it, a CPF bound on a Brazilian site, the avatar and display name changed and shown in
 * the header at once; a form given invalid input shows the rule's message and sends nothing; the
 * exported log holds none of the passwords, codes, PINs, CPF or answers typed.
 */
const kit = useBrowser()
const hallUrl = kit.hallUrl

/** The player's own session from outside the lobby, for what a test prepares through the hall. */
const hallSession = async (p: TestPlayer) => {
  const site = await visitor(hallUrl, p.siteCode)
  const login = await callHall(hallUrl, site, 'POST', '/home/login', { username: p.username, password: p.password })
  expect(login.envelope.code).toBe(1)
  const me = callerOf(p.siteCode, login.envelope.data)
  return async (path: string, params: unknown): Promise<Record<string, unknown>> => {
    const a = await callHall(hallUrl, me, 'POST', path, params)
    expect(a.envelope.code, `${path}: ${a.envelope.msg}`).toBe(1)
    return a.envelope.data as Record<string, unknown>
  }
}

const go = async (page: Page, name: 'security' | 'personal' | 'setting', query: Record<string, string> = {}) => {
  await page.evaluate(([n, q]) => window.__lobby!.system.send({ type: 'nav.requested', name: n, query: q }), [name, query] as const)
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/home/${name}`)
}

const row = (page: Page, item: string) => page.locator(`li[data-item="${item}"]`)

/** The hall calls the lobby asked, in order, from the exported log. */
const calls = async (page: Page): Promise<string[]> =>
  (await page.evaluate(() => window.__lobby!.exportLog()))
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l) as { event: { type: string; call?: string } })
    .filter((r) => r.event.type === 'hall.requested')
    .map((r) => r.event.call ?? '')

/**
 * A short value (a code, a PIN, an answer: 6 characters or fewer) as it would stand on its own in
 * a text, quoted or not: not inside a longer run of letters or digits, nor inside a date, decimal
 * or address (a 4-digit code 2026 is no leak in 2026-11-26, nor 2000 in http://www.w3.org/2000/svg),
 * nor the shown end of a masked phone (******5142).
 */
const standalone = (value: string): RegExp =>
  new RegExp(`(?<![\\p{L}\\p{N}./*-])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}./-])`, 'u')

/** Every text of a log record: its keys and string values, at any depth. */
const textsOf = (value: unknown, out: string[] = []): string[] => {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const v of value) textsOf(v, out)
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      out.push(k)
      textsOf(v, out)
    }
  }
  return out
}

/**
 * The log holds none of these in clear. A longer value is searched anywhere in the exported text;
 * a short one standing alone in any text of any record (keys and string values, parsed), so
 * `"code":"123456"`, `code 123456 sent` and `{"pin":"123456"}` are all found. The values typed are
 * texts (a code, a PIN, an answer are strings in every event and call), so the log's numbers (game
 * ids, sizes, error codes) are not searched: a 6-digit code would meet a game id by chance.
 */
const expectRedacted = async (page: Page, secrets: ReadonlyArray<string>) => {
  const log = await page.evaluate(() => window.__lobby!.exportLog())
  const texts = log.trim().split('\n').flatMap((line) => textsOf(JSON.parse(line)))
  for (const s of secrets) {
    const found = s.length <= 6 ? texts.find((text) => standalone(s).test(text)) : log.includes(s) ? s : undefined
    expect(found, `the log holds ${s}`).toBeUndefined()
  }
}

describe.each(['desktop', 'phone'] as const)('account at %s size', (size: Size) => {
  it('changes the login password (an invalid one shows the rule and sends nothing); the old one then fails at sign-in', async () => {
    const p = await kit.player({ password: 'abc12345' })
    const { page, shell, errors } = await kit.openLobby(size, 'home/game?site=001', { as: p })
    await go(page, 'security')
    await row(page, 'loginPass').getByRole('button').click()
    const dialog = shell.dialog('Change login password')
    await dialog.getByLabel('Current password').fill('abc12345')
    await dialog.getByLabel('New password', { exact: true }).fill('abcdefgh')
    await dialog.getByLabel('Confirm new password').fill('abcdefgh')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.getByText('Mix at least two of: letters, digits, symbols').waitFor()
    expect(await calls(page)).not.toContain('changePass')
    await dialog.getByLabel('New password', { exact: true }).fill('xyz98765')
    await dialog.getByLabel('Confirm new password').fill('xyz98765')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.getByRole('status').getByText('Saved').waitFor()
    await dialog.getByRole('button', { name: 'Close' }).last().click()
    await expectRedacted(page, ['abc12345', 'xyz98765'])

    await shell.logout(size === 'desktop')
    await expect.poll(() => shell.eventTypes()).toContain('session.loggedOut')
    const login = await shell.openLogin()
    await login.getByRole('tab', { name: 'Log in' }).click()
    await login.getByLabel('Username').fill(p.username)
    await login.getByLabel('Password', { exact: true }).fill('abc12345')
    await shell.submit(login, 'Log in')
    await login.getByRole('alert').getByText('Wrong username or password.').waitFor()
    await login.getByLabel('Password', { exact: true }).fill('xyz98765')
    await shell.submit(login, 'Log in')
    await login.waitFor({ state: 'hidden' })
    await expect.poll(async () => (await shell.loggedInEvents()).at(-1)).toMatchObject({ username: p.username, real: true })
    expect(errors).toEqual([])
  })

  it('changes a bound phone through a code to the old one and one to the new one, and switches Google authenticator off and on', async () => {
    const p = await kit.player({ password: 'abc12345' })
    const ok = await hallSession(p)
    const suffix = size === 'phone' ? '1' : '2'
    const oldPhone = `55510${Date.now().toString().slice(-4)}${suffix}`
    const newPhone = `55520${Date.now().toString().slice(-4)}${suffix}`
    await ok('/user/security/createsms', { phone: oldPhone })
    await ok('/user/security/modifyphone', { phone: oldPhone, code: await lastCode(hallUrl, p, 'phone') })
    const { secret } = (await ok('/user/security/bindgoogleauth', {})) as { secret: string }
    await ok('/user/security/bindgoogleauth', { code: totp(base32Decode(secret), Date.now()) })

    const { page, shell, errors } = await kit.openLobby(size, 'home/game?site=001', { as: p })
    // The query's index names the item (0 phone) and, from the bind modal, opens its form.
    await go(page, 'security', { current: '0', from: 'bindModal' })
    const dialog = shell.dialog('Change phone')
    await dialog.waitFor({ state: 'visible' })
    expect(await row(page, 'phone').getAttribute('aria-current')).toBe('true')
    await dialog.getByText(`we text a code to ******${oldPhone.slice(-4)}`).waitFor()
    await dialog.getByRole('button', { name: 'Send code' }).click()
    await dialog.getByRole('status').filter({ hasText: 'Code sent to' }).waitFor()
    const oldCode = await lastCode(hallUrl, p, 'phone')
    await dialog.getByLabel('Verification code').fill(oldCode)
    await dialog.getByRole('button', { name: 'Next' }).click()
    await dialog.getByLabel('New phone number').fill(newPhone)
    await dialog.getByRole('button', { name: 'Send code' }).click()
    await dialog.getByRole('status').filter({ hasText: 'Code sent' }).waitFor()
    await expect.poll(async () => (await kit.control('last-code', { username: p.username, purpose: 'phone' }))['target']).toBe(newPhone)
    const newCode = await lastCode(hallUrl, p, 'phone')
    await dialog.getByLabel('Verification code').fill(newCode)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.getByRole('status').getByText('Saved').waitFor()
    await dialog.getByRole('button', { name: 'Close' }).last().click()
    await expect.poll(() => row(page, 'phone').innerText()).toContain(`******${newPhone.slice(-4)}`)

    // Google authenticator: off, then on, each with the code the app shows now.
    const typed: string[] = []
    const codeOf = (key: string) => {
      const code = totp(base32Decode(key), Date.now())
      typed.push(code)
      return code
    }
    for (const [action, state] of [['Turn off', 'Off'], ['Turn on', 'On']] as const) {
      await row(page, 'googleAuth').getByRole('button', { name: new RegExp(`^${action}`) }).click()
      const ga = shell.dialog(`${action} Google Authenticator`)
      await ga.getByLabel('Authenticator code').fill(codeOf(secret))
      await ga.locator('form').getByRole('button', { name: action }).click()
      await ga.getByRole('status').getByText('Saved').waitFor()
      await ga.getByRole('button', { name: 'Close' }).last().click()
      await expect.poll(() => row(page, 'googleAuth').locator('.security__state').innerText()).toBe(state)
    }

    // A new authenticator: the current one's code first, then the code of the new key.
    await row(page, 'googleAuth').getByRole('button', { name: 'Change authenticator' }).click()
    const change = shell.dialog('Change Google Authenticator')
    await change.getByText('Enter the code Google Authenticator shows now.').waitFor()
    await change.getByLabel('Verification code').fill(codeOf(secret))
    await change.getByRole('button', { name: 'Next' }).click()
    await change.getByRole('button', { name: 'Get key' }).click()
    const newSecret = await change.getByTestId('ga-secret').innerText()
    expect(newSecret).not.toBe(secret)
    await change.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
    await change.getByLabel('Authenticator code').fill(codeOf(newSecret))
    await change.getByRole('button', { name: 'Save' }).click()
    await change.getByRole('status').getByText('Saved').waitFor()
    await change.getByRole('button', { name: 'Close' }).last().click()
    // The hall checks the new key's codes now.
    await ok('/user/security/secondVerify', { verifyType: 1, code: totp(base32Decode(newSecret), Date.now()) })
    await expectRedacted(page, [oldCode, newCode, ...typed, secret, newSecret])
    expect(errors).toEqual([])
  })

  it('sets a secret question after the verifyUserPassword popup and changes it with its answer', async () => {
    const p = await kit.player({ password: 'abc12345' })
    const { page, shell, errors } = await kit.openLobby(size, 'home/game?site=001', { as: p })
    await go(page, 'security')
    await row(page, 'question').getByRole('button', { name: /^Set/ }).click()
    const confirm = shell.dialog('Confirm your password')
    await confirm.getByLabel('Login password').fill('wrong999')
    await confirm.getByRole('button', { name: 'Confirm' }).click()
    await confirm.getByRole('alert').getByText('That is not right').waitFor()
    await confirm.getByLabel('Login password').fill('abc12345')
    await confirm.getByRole('button', { name: 'Confirm' }).click()
    const set = shell.dialog('Secret question')
    await set.getByLabel('Question', { exact: true }).selectOption({ label: 'In which city were you born?' })
    await set.getByLabel('Answer', { exact: true }).fill('Lisbon')
    await set.getByRole('button', { name: 'Save' }).click()
    await set.getByRole('status').getByText('Saved').waitFor()
    await set.getByRole('button', { name: 'Close' }).last().click()
    await expect.poll(() => row(page, 'question').innerText()).toContain('In which city were you born?')

    // The answer is what changes it.
    await row(page, 'question').getByRole('button', { name: /^Change/ }).click()
    const edit = shell.dialog('Secret question')
    await edit.getByLabel('Current answer').fill('Porto')
    await edit.getByLabel('Question', { exact: true }).selectOption({ label: 'What is your favourite food?' })
    await edit.getByLabel('Answer', { exact: true }).fill('Bacalhau')
    await edit.getByRole('button', { name: 'Save' }).click()
    await edit.getByRole('alert').getByText('The current answer is wrong').waitFor()
    await edit.getByLabel('Current answer').fill('lisbon')
    await edit.getByRole('button', { name: 'Save' }).click()
    await edit.getByRole('status').getByText('Saved').waitFor()
    await edit.getByRole('button', { name: 'Close' }).last().click()
    await expect.poll(() => row(page, 'question').innerText()).toContain('What is your favourite food?')
    await expectRedacted(page, ['abc12345', 'wrong999', 'Lisbon', 'lisbon', 'Porto', 'Bacalhau'])
    expect(errors).toEqual([])
  })

  it('changes a set withdraw password after the login password, and the new one is the one the hall checks', async () => {
    const p = await kit.player({ password: 'abc12345' })
    const ok = await hallSession(p)
    await ok('/user/security/modifywithdrawpass', { newPass: '135790' })
    const { page, shell, errors } = await kit.openLobby(size, 'home/game?site=001', { as: p })
    await go(page, 'security', { current: '3' })
    expect(await row(page, 'withdrawPass').getAttribute('aria-current')).toBe('true')
    await row(page, 'withdrawPass').getByRole('button', { name: /^Change/ }).click()
    const confirm = shell.dialog('Confirm your password')
    await confirm.getByLabel('Login password').fill('abc12345')
    await confirm.getByRole('button', { name: 'Confirm' }).click()
    const change = shell.dialog('Change withdrawal password')
    await change.getByRole('textbox', { name: 'New withdrawal password', exact: true }).fill('246801')
    await change.getByRole('textbox', { name: 'New withdrawal password again' }).fill('246809')
    await change.getByRole('button', { name: 'Save' }).click()
    await change.getByRole('alert').getByText('The passwords do not match').waitFor()
    expect(await calls(page)).not.toContain('modifyWithdrawPass')
    await change.getByRole('textbox', { name: 'New withdrawal password again' }).fill('246801')
    await change.getByRole('button', { name: 'Save' }).click()
    await change.getByRole('status').getByText('Saved').waitFor()
    await ok('/user/security/secondVerify', { verifyType: 5, code: '246801' })
    await expectRedacted(page, ['abc12345', '135790', '246801', '246809'])
    expect(errors).toEqual([])
  })

  it('binds a CPF on a Brazilian site, and a new avatar and display name show in the header at once, in Portuguese', async () => {
    const p = await kit.player({ password: 'abc12345', siteCode: '101' })
    // The Brazilian site opens in Portuguese, the player signed in (a kept session).
    const { page, errors } = await kit.openLobby(size, 'home/game?site=101', { as: p })
    await go(page, 'personal')
    const chip = page.getByRole('banner').getByTestId('profile-chip')
    await expect.poll(() => chip.getAttribute('aria-label')).toBe(`Perfil de ${p.username}`)

    await page.getByRole('radio', { name: 'Imagem 5' }).click()
    await expect.poll(() => chip.locator('img').getAttribute('data-avatar')).toBe('5')
    await expect.poll(() => page.getByRole('radio', { name: 'Imagem 5' }).getAttribute('aria-checked')).toBe('true')

    // Invalid input: the rule's message in the player's language, and nothing sent.
    await page.getByLabel('Nome apresentado').fill('x')
    await page.getByRole('button', { name: 'Salvar alterações' }).click()
    await page.getByText('Entre 2 e 16 caracteres').waitFor()
    expect(await calls(page)).not.toContain('modifyInfo')
    // Real names are in capitals on this site.
    await page.getByLabel('Nome apresentado').fill('Lucky Ana')
    await page.getByLabel('Nome verdadeiro').fill('Ana Silva')
    await page.getByRole('button', { name: 'Salvar alterações' }).click()
    await page.getByText('Use letras maiúsculas').waitFor()
    expect(await calls(page)).not.toContain('modifyInfo')
    await page.getByLabel('Nome verdadeiro').fill('ANA SILVA')
    await page.getByRole('button', { name: 'Salvar alterações' }).click()
    await expect.poll(() => chip.getAttribute('aria-label')).toBe('Perfil de Lucky Ana')
    if (size === 'desktop') await expect.poll(() => chip.innerText()).toBe('Lucky Ana')

    await page.getByLabel('Número de CPF').fill('12345678901')
    await page.getByRole('button', { name: 'Associar CPF' }).click()
    await expect.poll(() => page.getByTestId('cpf-bound').innerText()).toContain('*********01')
    await expectRedacted(page, ['12345678901', 'abc12345'])

    // The settings: language, the account's currency with the amounts' format of the language,
    // music and sound, and the diagnostics to send.
    await go(page, 'setting')
    await page.getByText('Idioma da interface', { exact: true }).waitFor()
    await page.getByText('Música e som').waitFor()
    await expect.poll(() => page.getByTestId('setting-currency').innerText()).toMatch(/^BRL · 1\.?234,50$/)
    await page.getByText('A moeda da sua conta.', { exact: false }).waitFor()

    // The email on the personal page, masked as the hall gives it (none here), leads to its form in the security centre.
    await go(page, 'personal')
    const email = page.getByTestId('personal-email')
    await expect.poll(() => email.innerText()).toContain('Não associado')
    await email.getByRole('button', { name: 'Associar email' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/security')
    await expect.poll(() => row(page, 'email').getAttribute('aria-current')).toBe('true')
    expect(errors).toEqual([])
  })
})
