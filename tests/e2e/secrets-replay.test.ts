import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { callHall, visitor } from '../server/support'
import { useBrowser } from './support/browser'
import { seededGameName, visitGames } from './support/games.model'
import { lastCode } from './support/hall'
import { replayLog } from './support/replay'

/**
 * Sessions in which a player types secrets replay IDENTICAL from their redacted log (docs/replay.md,
 * "How the rule is enforced"): actors get each password, code, PIN and challenge answer as an
 * opaque Secret, so the log's "[redacted]" drives them as the typed text did. Two sessions, each
 * with right and wrong secrets the hall judges:
 *
 * - the account: a phone bound in the post-login popup with the code the hall sent (a wrong one
 *   first), the withdrawal password set (typed twice) and changed after the login password, a bank
 *   card bound, a withdrawal refused for a wrong password and made with the right one, the login
 *   password changed, and a sign-in by SMS code to the bound phone;
 * - the game's phone prompt: a sign-in past the free failures that asks the digits in the image,
 *   then a game refused with 3002, whose phone verification first asks the human challenge, then
 *   binds the phone with the code the hall sent (a wrong one first), and the game opens.
 *
 * Each log replays IDENTICAL in Node in every run, and holds none of the secrets typed; with
 * LOBBY_RECORD_GOLDEN=1 they become tests/replay/secrets-account.ndjson and
 * tests/replay/secrets-game-phone.ndjson.
 */
const kit = useBrowser()
const hallUrl = kit.hallUrl
const LAUNCH_PATH = '/gameapi/login'

/** A Brazilian mobile number of the test's own, without the country's +55 (unique enough for one hall). */
const newPhone = (lead: string): string => `11${lead}${Date.now().toString().slice(-8)}`

/** A code of the same form that is not the hall's. */
const wrong = (code: string): string => (code.startsWith('0') ? '1' : '0').repeat(code.length)

/** Every text of a value (keys and string values, at any depth). */
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
 * The log holds none of these in clear: a password (8 characters or more) nowhere in its text; a
 * code, a PIN or a challenge answer in no text of what carries typed values, the intents and the
 * calls the lobby asked (a 4-digit code may well be a game's id or a picture's name in an answer).
 */
const expectNoSecret = (log: string, secrets: ReadonlyArray<string>): void => {
  const records = log.trim().split('\n').slice(1).map((l) => JSON.parse(l) as { kind: string; event: { type: string } })
  const typed = records.filter((r) => r.kind === 'intent' || r.event.type === 'hall.requested').flatMap((r) => textsOf(r.event))
  for (const s of secrets) {
    if (s.length >= 8) expect(log.includes(s), `the log holds ${s}`).toBe(false)
    else expect(typed.filter((t) => new RegExp(`(?<!\\d)${s}(?!\\d)`).test(t)), `the log holds ${s}`).toEqual([])
  }
  expect(log).toContain('[redacted]')
}

/** Replays the log in Node (scripts/replay.ts) and expects IDENTICAL. */
const expectIdentical = async (name: string, log: string): Promise<void> => {
  const same = await replayLog(name, log, name)
  expect(same.out).toContain('IDENTICAL')
  expect(same.code).toBe(0)
}

const go = async (page: Page, name: string, query: Record<string, string> = {}): Promise<void> => {
  await page.evaluate(({ name, query }) => window.__lobby!.system.send({ type: 'nav.requested', name, query }), { name, query })
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/home/${name}`)
}

const row = (page: Page, item: string): Locator => page.getByRole('list', { name: 'Account security' }).locator(`li[data-item="${item}"]`)
const panel = (page: Page): Locator => page.getByRole('tabpanel')
const summaryValue = (page: Page, term: string): Locator =>
  panel(page).locator('.withdraw__summary div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd')

describe('sessions with secrets replay identically from their redacted log', () => {
  it('the account: a post-login phone bind, the withdrawal password set and changed, a card, a withdrawal, the login password changed, an SMS sign-in', async () => {
    const PASSWORD = 'abc12345'
    const NEW_PASSWORD = 'xyz98765'
    const PIN = '246813'
    const NEW_PIN = '135792'
    const player = await kit.player({ password: PASSWORD, balance: '500', must_bind_item: 1 })
    const phone = newPhone('9')
    const { page, shell, errors } = await kit.openLobby('desktop', 'home/game?site=001')

    // The post-login sequence asks for the phone: a wrong code is refused by the hall, the right one binds it.
    await shell.login(player.username, PASSWORD)
    const bind = shell.dialog('Bind your phone')
    await bind.waitFor({ state: 'visible' })
    // Bound with the country's digits, as the SMS sign-in asks for it (+55 chosen, then the number).
    await bind.getByLabel('Phone number').fill(`55${phone}`)
    await bind.getByRole('button', { name: 'Send code' }).click()
    await bind.getByRole('status').filter({ hasText: 'Code sent' }).waitFor()
    const bindCode = await lastCode(hallUrl, player, 'phone')
    await bind.getByLabel('Verification code').fill(wrong(bindCode))
    await bind.getByRole('button', { name: 'Confirm' }).click()
    await bind.getByRole('alert').filter({ hasText: /the code is wrong/ }).waitFor()
    await bind.getByLabel('Verification code').fill(bindCode)
    await bind.getByRole('button', { name: 'Confirm' }).click()
    await bind.waitFor({ state: 'hidden' })
    await shell.settle(player.username)

    // The withdrawal password: set (typed twice), then changed after the login password.
    await go(page, 'security', { current: '3' })
    await row(page, 'withdrawPass').getByRole('button', { name: /^Bind/ }).click()
    const set = shell.dialog('Set a withdrawal password')
    await set.getByRole('group', { name: 'Withdrawal password (6 digits)' }).getByLabel('Withdrawal password (6 digits)').fill(PIN)
    await set.getByRole('group', { name: 'Withdrawal password again' }).getByLabel('Withdrawal password again').fill(PIN)
    await set.getByRole('button', { name: 'Confirm' }).click()
    await set.waitFor({ state: 'hidden' })
    await row(page, 'withdrawPass').getByText('Bound', { exact: true }).waitFor()
    await row(page, 'withdrawPass').getByRole('button', { name: /^Change/ }).click()
    const confirm = shell.dialog('Confirm your password')
    await confirm.getByLabel('Login password').fill(PASSWORD)
    await confirm.getByRole('button', { name: 'Confirm' }).click()
    const change = shell.dialog('Change withdrawal password')
    await change.getByRole('textbox', { name: 'New withdrawal password', exact: true }).fill(NEW_PIN)
    await change.getByRole('textbox', { name: 'New withdrawal password again' }).fill(NEW_PIN)
    await change.getByRole('button', { name: 'Save' }).click()
    await change.getByRole('status').getByText('Saved').waitFor()
    await page.keyboard.press('Escape')
    await change.waitFor({ state: 'hidden' })

    // A bank card, then a withdrawal: the old password is refused by the hall, the new one holds the money.
    await go(page, 'withdraw', { tab: 'bankCard' })
    await expect.poll(() => panel(page).getByLabel('Bank', { exact: true }).inputValue(), { timeout: 15_000 }).toBe('CHASE')
    await panel(page).getByLabel('Card number').fill('4111 2222 3333 4444')
    await panel(page).getByLabel("Holder's real name").fill('ANA SILVA')
    await panel(page).getByRole('button', { name: 'Bind card' }).click()
    await expect.poll(() => panel(page).innerText(), { timeout: 15_000 }).toContain('**** 4444')
    await page.getByRole('tab', { name: 'Withdraw', exact: true }).click()
    await expect.poll(() => summaryValue(page, 'Balance').innerText(), { timeout: 15_000 }).toContain('500.00')
    await panel(page).getByLabel('Payout account').selectOption({ label: 'JPMorgan Chase · **** 4444' })
    await panel(page).getByLabel('Amount', { exact: true }).fill('100')
    await expect.poll(() => panel(page).innerText(), { timeout: 15_000 }).toContain('you receive 99')
    await panel(page).getByRole('textbox', { name: 'Withdraw password' }).fill(PIN)
    await panel(page).getByRole('button', { name: 'Withdraw', exact: true }).click()
    await expect.poll(() => panel(page).innerText(), { timeout: 15_000 }).toContain('The withdraw password is wrong.')
    await panel(page).getByRole('textbox', { name: 'Withdraw password' }).fill(NEW_PIN)
    await panel(page).getByRole('button', { name: 'Withdraw', exact: true }).click()
    await expect.poll(() => summaryValue(page, 'Balance').innerText(), { timeout: 15_000 }).toContain('400.00')

    // The login password changed.
    await go(page, 'security')
    await row(page, 'loginPass').getByRole('button').click()
    const pass = shell.dialog('Change login password')
    await pass.getByLabel('Current password').fill(PASSWORD)
    await pass.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await pass.getByLabel('Confirm new password').fill(NEW_PASSWORD)
    await pass.getByRole('button', { name: 'Save' }).click()
    await pass.getByRole('status').getByText('Saved').waitFor()
    await pass.getByRole('button', { name: 'Close' }).last().click()
    await pass.waitFor({ state: 'hidden' })

    // Signed out, then in again by an SMS code to the phone bound above (a wrong code first).
    await shell.logout(true)
    const login = await shell.openLogin()
    await login.getByRole('tab', { name: 'Log in' }).click()
    await login.getByRole('button', { name: 'Log in with SMS code' }).click()
    const country = login.getByLabel('Country or region')
    await expect.poll(() => country.locator('option').count()).toBeGreaterThan(1)
    await country.selectOption('+55')
    await login.getByLabel('Phone number').fill(phone)
    await login.getByRole('button', { name: 'Send code' }).click()
    await login.getByRole('status').getByText('Code sent').waitFor()
    const smsCode = await lastCode(hallUrl, player, 'phone')
    await login.getByLabel('SMS code').fill(wrong(smsCode))
    await shell.submit(login, 'Log in')
    await login.getByRole('alert').getByText('The SMS code is wrong or has expired.').waitFor()
    await login.getByLabel('SMS code').fill(smsCode)
    await shell.submit(login, 'Log in')
    await login.waitFor({ state: 'hidden' })
    await shell.settle(player.username)
    expect((await shell.loggedInEvents()).filter((e) => e.real).map((e) => e.username)).toEqual([player.username, player.username])

    const log = await shell.exportLog()
    expect(errors).toEqual([])
    const types = new Set(log.trim().split('\n').slice(1).map((l) => (JSON.parse(l) as { event: { type: string } }).event.type))
    expect([...types]).toEqual(expect.arrayContaining(['session.loggedIn', 'session.loggedOut', 'postlogin.finished']))
    expectNoSecret(log, [PASSWORD, NEW_PASSWORD, PIN, NEW_PIN, bindCode, wrong(bindCode), smsCode, wrong(smsCode)])
    await expectIdentical('secrets-account', log)
  })

  it("the game's phone prompt: a sign-in past the free failures answers the image, a game refused with 3002 asks the challenge, then binds the phone by code", async () => {
    const PASSWORD = 'abc12345'
    const game = seededGameName(3, 1)
    const player = await kit.player({ password: PASSWORD })
    // Someone guesses the player's password from outside: 6 failures, past the 5 free ones.
    const site = await visitor(hallUrl, player.siteCode)
    for (let i = 0; i < 6; i++) await callHall(hallUrl, site, 'POST', '/home/login', { username: player.username, password: 'wrong9876' })
    const { games, errors } = await visitGames(kit, 'desktop', { prompt: 'keep' })

    // The sign-in asks the digits in the image; with them, the password signs in.
    const login = await games.openLogin()
    await login.getByRole('tab', { name: 'Log in' }).click()
    await login.getByLabel('Username').fill(player.username)
    await login.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await games.submit(login, 'Log in')
    await login.getByRole('alert').getByText('Too many failed attempts. Type the digits in the image to continue.').waitFor()
    await login.getByRole('img', { name: 'Digits in the image' }).waitFor()
    const signInAnswer = String((await kit.control('last-challenge'))['answer'])
    await login.getByRole('textbox', { name: 'Digits in the image' }).fill(signInAnswer)
    await games.submit(login, 'Log in')
    await login.waitFor({ state: 'hidden' })
    await games.settle(player.username)

    // The game is refused with 3002: the phone verification opens.
    await games.chooseCategory('Slots')
    await games.tile(game).waitFor()
    await kit.control('force', { path: LAUNCH_PATH, code: 3002, msg: 'sms code game' })
    await games.tile(game).click()
    const verify = games.dialog('Verify your phone number')
    await verify.waitFor()
    await verify.getByLabel('Phone number').fill(`55${newPhone('8')}`)
    // The hall first demands the human challenge (1119): the image's digits, then the code is sent.
    await kit.control('force', { path: '/user/security/createsms', code: 1119, msg: 'force geetest' })
    await verify.getByRole('button', { name: 'Send code' }).click()
    const challenge = verify.getByRole('group', { name: 'Security check' })
    await challenge.getByRole('img', { name: 'Security check image' }).waitFor()
    const sendAnswer = String((await kit.control('last-challenge'))['answer'])
    await challenge.getByLabel('Digits in the image').fill(sendAnswer)
    await challenge.getByRole('button', { name: 'Continue' }).click()
    await verify.getByRole('status').filter({ hasText: 'Code sent' }).waitFor()
    await challenge.waitFor({ state: 'detached' })
    const code = await lastCode(hallUrl, player, 'phone')
    await verify.getByLabel('Verification code').fill(wrong(code))
    await verify.getByRole('button', { name: 'Verify', exact: true }).click()
    await verify.getByRole('alert').getByText(/the code is wrong/).waitFor()
    await verify.getByLabel('Verification code').fill(code)
    await verify.getByRole('button', { name: 'Verify', exact: true }).click()
    await verify.waitFor({ state: 'hidden' })
    await games.gameFrame(game).getByText('Playing for real').waitFor()

    const log = await games.exportLog()
    expect(errors).toEqual([])
    expectNoSecret(log, [PASSWORD, signInAnswer, sendAnswer, code, wrong(code)])
    await expectIdentical('secrets-game-phone', log)
  })
})
