import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { callHall, player as callerOf, visitor } from '../server/support'
import { useBrowser } from './support/browser'
import { lastCode, type TestPlayer } from './support/hall'

/**
 * Catalogue calls the lobby did not send before issue 45, as a player walks through them at
 * desktop size: the secret question's form offers the hall's questions (/user/getquestion); the
 * security centre's phone check reads the bound phone (/user/phone) and proves it with the code
 * sent to it (/user/verifyphone); on site 201, whose hall profile checks second verifications by
 * channel, changing a bound e-mail is verified by the old e-mail's code through
 * /user/security/verifyEmail instead of secondVerify; and its password recovery finds the account
 * behind the image challenge (/user/captcha/getUserInfo) and confirms its phone the same way
 * (/user/captcha/verifyPhone) before the code is sent to it, and proves it by the phone's code
 * through /user/sms/verifyphone. The withdraw page's wallet-app binding links to where the site
 * says the app is (/pay/wallet/downloadUrl).
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

const go = async (page: Page, name: 'security') => {
  await page.evaluate((n) => window.__lobby!.system.send({ type: 'nav.requested', name: n, query: {} }), name)
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

describe('catalogue calls a player walks through', () => {
  it("the secret question's form offers the hall's questions", async () => {
    const p = await kit.player({ password: 'abc12345' })
    const { page, shell, errors } = await kit.openLobby('desktop', 'home/game?site=001', { as: p })
    await go(page, 'security')
    await row(page, 'question').getByRole('button', { name: /^Set/ }).click()
    const confirm = shell.dialog('Confirm your password')
    await confirm.getByLabel('Login password').fill('abc12345')
    await confirm.getByRole('button', { name: 'Confirm' }).click()
    const set = shell.dialog('Secret question')
    const question = set.getByLabel('Question', { exact: true })
    await expect.poll(() => question.locator('option').allInnerTexts()).toEqual([
      'Choose a question',
      'What was the name of your first pet?',
      'In which city were you born?',
      "What is your mother's maiden name?",
      'What was the name of your primary school?',
      'What is your favourite food?',
    ])
    expect(await calls(page)).toContain('getQuestion')
    await question.selectOption({ label: 'What is your favourite food?' })
    await set.getByLabel('Answer', { exact: true }).fill('Feijoada')
    await set.getByRole('button', { name: 'Save' }).click()
    await set.getByRole('status').getByText('Saved').waitFor()
    await set.getByRole('button', { name: 'Close' }).last().click()
    await expect.poll(() => row(page, 'question').innerText()).toContain('What is your favourite food?')
    expect(errors).toEqual([])
  }, 120_000)

  it('the phone check reads the bound phone and proves it with the code sent to it', async () => {
    const p = await kit.player({ password: 'abc12345' })
    const ok = await hallSession(p)
    const phone = `55530${Date.now().toString().slice(-5)}`
    await ok('/user/security/createsms', { phone })
    await ok('/user/security/modifyphone', { phone, code: await lastCode(hallUrl, p, 'phone') })

    const { page, shell, errors } = await kit.openLobby('desktop', 'home/game?site=001', { as: p })
    await go(page, 'security')
    await row(page, 'phone').getByRole('button', { name: 'Verify phone' }).click()
    const dialog = shell.dialog('Verify your phone')
    await dialog.getByTestId('phone-check-target').getByText(`******${phone.slice(-4)}`, { exact: false }).waitFor()
    // A wrong code shows in the form.
    await dialog.getByRole('button', { name: 'Send code' }).click()
    await dialog.getByRole('status').filter({ hasText: 'Code sent' }).waitFor()
    const code = await lastCode(hallUrl, p, 'phone')
    await dialog.getByLabel('Verification code').fill(code === '0000' ? '1111' : '0000')
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click()
    await dialog.getByText('The code is wrong').waitFor()
    await dialog.getByLabel('Verification code').fill(code)
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click()
    await dialog.getByRole('status').getByText(`Your phone`).waitFor()
    expect(await dialog.getByRole('status').innerText()).toContain(`******${phone.slice(-4)} is verified.`)
    const asked = await calls(page)
    expect(asked).toContain('userPhone')
    expect(asked.filter((c) => c === 'userVerifyPhone')).toHaveLength(2)
    await dialog.getByRole('button', { name: 'Close' }).last().click()
    await dialog.waitFor({ state: 'hidden' })
    expect(errors).toEqual([])
  }, 120_000)

  it("on a site whose hall checks by channel, the old e-mail's code is checked by /user/security/verifyEmail", async () => {
    const p = await kit.player({ password: 'abc12345', siteCode: '201' })
    const ok = await hallSession(p)
    const email = `${p.username.toLowerCase()}@example.com`
    await ok('/user/security/createmail', { email })
    await ok('/user/security/bindEmail', { email, code: await lastCode(hallUrl, p, 'email') })

    const { page, shell, errors } = await kit.openLobby('desktop', 'home/game?site=201', { as: p })
    await go(page, 'security')
    await row(page, 'email').getByRole('button', { name: /^Change/ }).click()
    const dialog = shell.dialog('Change email')
    await dialog.getByRole('button', { name: 'Send code' }).click()
    await dialog.getByRole('status').filter({ hasText: 'Code sent to' }).waitFor()
    await dialog.getByLabel('Verification code').fill(await lastCode(hallUrl, p, 'email'))
    await dialog.getByRole('button', { name: 'Next' }).click()
    await dialog.getByLabel('New email address').waitFor()
    const asked = await calls(page)
    expect(asked).toContain('securityVerifyEmail')
    expect(asked).not.toContain('secondVerify')
    expect(errors).toEqual([])
  }, 120_000)

  it('on a site whose hall recovers behind the image challenge, the account and its phone are confirmed by the digits', async () => {
    const p = await kit.player({ password: 'abc12345', siteCode: '201' })
    const phone = `55540${Date.now().toString().slice(-5)}`
    await kit.control('player', { username: p.username, siteCode: p.siteCode, mobile_phone: phone })

    const { page, shell, errors } = await kit.openLobby('desktop', 'home/game?site=201')
    const login = await shell.openLogin()
    await login.getByRole('tab', { name: 'Log in' }).click()
    await login.getByRole('button', { name: 'Forgot password?' }).click()
    const dialog = shell.dialog('Reset your password')
    await dialog.waitFor({ state: 'visible' })
    /** The digits of the challenge the lobby shows now (a new one after each attempt). */
    const digitsShown = async (before: string | null): Promise<string> => {
      await dialog.getByRole('img', { name: 'A picture of 4 digits' }).waitFor()
      await expect.poll(async () => ((await kit.control('last-challenge')) as { key: string }).key).not.toBe(before)
      const { key } = (await kit.control('last-challenge')) as { key: string }
      const { answer } = (await kit.control('challenge-answer', { key })) as { answer: string }
      return String(answer)
    }
    const keyNow = async () => ((await kit.control('last-challenge')) as { key: string }).key
    await dialog.getByLabel('Username').fill(p.username)
    // Wrong digits: refused in the form, a new picture.
    const first = await digitsShown(null)
    const firstKey = await keyNow()
    await dialog.getByLabel('The 4 digits in the picture').fill(first === '0000' ? '1111' : '0000')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByText('The digits did not match: read the new picture.').waitFor()
    await dialog.getByLabel('The 4 digits in the picture').fill(await digitsShown(firstKey))
    const findKey = await keyNow()
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByText(`Prove that ${p.username} is your account.`).waitFor()
    // The phone is confirmed by a new challenge before its code is sent.
    await dialog.getByText(`First confirm that ******${phone.slice(-4)} is the account's phone`, { exact: false }).waitFor()
    await dialog.getByLabel('The 4 digits in the picture').fill(await digitsShown(findKey))
    await dialog.getByRole('button', { name: 'Confirm this phone' }).click()
    await dialog.getByRole('button', { name: 'Send code' }).click()
    await dialog.getByRole('status').filter({ hasText: 'Code sent' }).waitFor()
    await dialog.getByLabel('Verification code').fill(await lastCode(hallUrl, p, 'phone'))
    await dialog.getByRole('button', { name: 'Verify' }).click()
    await dialog.getByLabel('New password', { exact: true }).fill('xyz98765')
    await dialog.getByLabel('Confirm new password').fill('xyz98765')
    await dialog.getByRole('button', { name: 'Set new password' }).click()
    await dialog.getByText('Your password has been changed.', { exact: false }).waitFor()
    const asked = await calls(page)
    expect(asked).toEqual(expect.arrayContaining(['captcha', 'captchaGetUserInfo', 'captchaVerifyPhone', 'shortMsgCreate', 'smsVerifyPhone', 'resetPasswd']))
    expect(asked).not.toContain('notLoginGetAccountVerifyList')
    expect(asked).not.toContain('resetPassVerify')
    expect(errors).toEqual([])
  }, 120_000)

  it("the withdraw page's wallet-app binding links to the wallet app the site names", async () => {
    await kit.patchSite('101', 'download', { walletApp: { '1': 'https://wallet.example/picpay' } })
    const p = await kit.player({ siteCode: '101' })
    const { page, errors } = await kit.openLobby('desktop', 'home/game?site=101', { as: p })
    await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'withdraw', query: { tab: 'ewallet' } }))
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/withdraw')
    const panel = page.getByRole('tabpanel')
    // Site 101 speaks Brazilian Portuguese: 'Carteira digital' is the wallet's field, 'Baixar o app' the link.
    await panel.getByLabel('Carteira digital', { exact: true }).selectOption({ label: 'PicPay' })
    const link = panel.getByRole('link', { name: 'Baixar o app PicPay' })
    await link.waitFor()
    expect(await link.getAttribute('href')).toBe('https://wallet.example/picpay')
    await panel.getByLabel('Carteira digital', { exact: true }).selectOption({ label: 'PIX' })
    await link.waitFor({ state: 'detached' })
    expect(await calls(page)).toContain('walletDownloadUrl')
    expect(errors).toEqual([])
  }, 120_000)
})
