import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'
import { lastCode, type PlayerOptions } from './support/hall'
import type { ShellPage } from './support/shell.model'
import { base32Decode, totp } from '../../server/totp'

/**
 * The post-login sequence in a real browser (screens §4 after login, bind flow, force pop-up):
 * the forced password change, then the forced binds with codes the hall really sent and checks,
 * then the frames in order; the day frame once a day (the next day driven through the day
 * runner's test hook, window.__lobbyDay); operator HTML shown as text, running nothing. Each test
 * has a player of its own, made with the settings it needs (frames of its own, forced binds).
 */

const kit = useBrowser()
const hallUrl = kit.hallUrl

type SeededFrame = { id: number; frameType: number; title: string; publicity_name: string }
const seeded = async (): Promise<ReadonlyArray<SeededFrame>> => (await kit.control('frames', {}))['frames'] as ReadonlyArray<SeededFrame>
const frameNamed = (frames: ReadonlyArray<SeededFrame>, name: string): SeededFrame => {
  const f = frames.find((x) => x.publicity_name === name)
  if (f === undefined) throw new Error(`no seeded frame ${name}`)
  return f
}

/** A player of its own with these settings, and a desktop page on the lobby (not signed in yet). */
const playerAndPage = async (options: PlayerOptions = {}) => {
  const player = await kit.player({ password: 'abc12345', ...options })
  const { shell, errors } = await kit.openLobby('desktop')
  return { player, shell, errors, username: player.username }
}

/** Closes the frame titled so, after checking it is the one shown. */
const closeFrame = async (shell: ShellPage, title: string) => {
  const frame = shell.dialog(title)
  await frame.waitFor({ state: 'visible' })
  await frame.getByRole('button', { name: 'Close', exact: true }).last().click()
  await frame.waitFor({ state: 'hidden' })
}

/** What the popup queue showed, from the log: the popup ids of popup.shown, without the nulls. */
const shownPopups = async (shell: ShellPage): Promise<string[]> =>
  (await shell.events()).flatMap((e) => (e.type === 'popup.shown' && e.popup != null ? [e.popup] : []))

/** The hall calls asked for since the last real sign-in. */
const callsSinceLastSignIn = async (shell: ShellPage): Promise<string[]> =>
  (await shell.eventsSinceSignIn()).filter((e) => e.type === 'hall.requested').map((e) => e.call ?? '')

describe('post-login sequence in a real browser', () => {
  it('change_password 1, must_bind_item 2 and three frames: change-password, the two binds, then the frames in order; the day frame once a day', async () => {
    const frames = await seeded()
    const login = frameNamed(frames, 'login')
    const day = frameNamed(frames, 'day')
    const home = frameNamed(frames, 'home')
    const { player, shell, errors, username } = await playerAndPage({ change_password: 1, must_bind_item: 2, frames: [login.id, day.id, home.id] })
    await shell.login(username, 'abc12345')

    // 1. The forced password change.
    const change = shell.dialog('Change your password')
    await change.waitFor({ state: 'visible' })
    await change.getByLabel('Current password').fill('abc12345')
    await change.getByLabel('New password', { exact: true }).fill('xyz98765')
    await change.getByLabel('Confirm new password').fill('xyz98765')
    await change.getByRole('button', { name: 'Change password' }).click()
    await change.waitFor({ state: 'hidden' })

    // 2. The binds: phone then email, on the security page, with the codes the hall sent.
    const phone = shell.dialog('Bind your phone')
    await phone.waitFor({ state: 'visible' })
    await expect.poll(() => `${new URL(shell.page.url()).pathname}${new URL(shell.page.url()).search}`).toBe('/home/security?current=phone')
    await phone.getByText('0 of 2 required items bound').waitFor()
    await phone.getByLabel('Phone number').fill('5551230000')
    await phone.getByRole('button', { name: 'Send code' }).click()
    await phone.getByRole('status').filter({ hasText: 'Code sent' }).waitFor()
    // The send button stays locked, and the countdown starts 1.5 s after the send.
    await expect.poll(() => phone.getByRole('button', { name: /^Resend in \d+ s$/ }).isDisabled()).toBe(true)
    const phoneCode = await lastCode(hallUrl, player, 'phone')
    // A code of the wrong length is refused by the form (SMS codes have 4 digits); a wrong one by the hall.
    expect(phoneCode).toMatch(/^\d{4}$/)
    await phone.getByLabel('Verification code').fill('12')
    await phone.getByRole('button', { name: 'Confirm' }).click()
    await phone.getByRole('alert').filter({ hasText: 'Enter the 4-digit code' }).waitFor()
    await phone.getByLabel('Verification code').fill(phoneCode === '0000' ? '1111' : '0000')
    await phone.getByRole('button', { name: 'Confirm' }).click()
    await phone.getByRole('alert').filter({ hasText: /the code is wrong/ }).waitFor()
    await phone.getByLabel('Verification code').fill(phoneCode)
    await phone.getByRole('button', { name: 'Confirm' }).click()
    await phone.waitFor({ state: 'hidden' })

    const email = shell.dialog('Bind your email')
    await email.waitFor({ state: 'visible' })
    await email.getByText('1 of 2 required items bound').waitFor()
    await email.getByLabel('Email address').fill(`${username}@example.com`)
    await email.getByRole('button', { name: 'Send code' }).click()
    await email.getByRole('status').filter({ hasText: 'Code sent' }).waitFor()
    const emailCode = await lastCode(hallUrl, player, 'email')
    // An email code has 5 digits.
    expect(emailCode).toMatch(/^\d{5}$/)
    await email.getByLabel('Verification code').fill(emailCode)
    await email.getByRole('button', { name: 'Confirm' }).click()
    await email.waitFor({ state: 'hidden' })

    // 3. The frames, in the hall's order.
    await closeFrame(shell, login.title)
    await closeFrame(shell, day.title)
    await closeFrame(shell, home.title)
    const shown = await shownPopups(shell)
    expect(shown.slice(shown.indexOf('forceChangePwd'))).toEqual(['forceChangePwd', 'forceBind', 'forceBind', 'forcePopup', 'forcePopup', 'forcePopup'])

    // A second login the same day: the login and home frames again, not the day frame.
    await shell.logout(true)
    await shell.login(username, 'xyz98765')
    await closeFrame(shell, login.title)
    await closeFrame(shell, home.title)
    await expect.poll(async () => (await shell.eventTypes()).filter((t) => t === 'framebox.finished').length).toBe(2)
    expect(await shell.dialog(day.title).count()).toBe(0)

    // The next day (the day runner's test hook, as if midnight had passed): the day frame is back.
    await shell.logout(true)
    await shell.page.evaluate(() => (window as unknown as { __lobbyDay: { set(d: string): void } }).__lobbyDay.set('2099-01-02'))
    await shell.login(username, 'xyz98765')
    await closeFrame(shell, login.title)
    await closeFrame(shell, day.title)
    await closeFrame(shell, home.title)
    expect(errors).toEqual([])
  })

  it('a sign-in refetches the red dots, the auth info, the notices, the game categories and the reward-bind data', async () => {
    const { shell, errors, username } = await playerAndPage()
    // On a category's sub-game list, whose platforms are the game categories shown.
    await shell.page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'subgame', query: { gameCategoryId: '3' } }))
    await expect.poll(() => shell.path()).toBe('/home/subgame')
    await shell.login(username, 'abc12345')
    await expect.poll(() => callsSinceLastSignIn(shell)).toEqual(
      expect.arrayContaining(['getRedDot', 'homeIndex', 'actionVerify', 'newcomerBenefitStatus', 'platformCategories']),
    )
    const refresh = (await shell.events()).filter((e) => e.type === 'postlogin.refreshRequested')
    expect(refresh.at(-1)).toMatchObject({ items: ['redDot', 'authInfo', 'notices', 'gameCategories', 'rewardBind'] })
    expect(errors).toEqual([])
  })

  it('a recharged player with a recharge pop-up and new benefits: after the frames the recharge pop-up, then the new benefits, then the download-app popup (guideSetupMode 1)', async () => {
    await kit.patchSite('001', 'sysInfo', { guideSetupMode: 1 })
    const login = frameNamed(await seeded(), 'login')
    const { shell, errors, username } = await playerAndPage({ frames: [login.id], recharge_pop: 1, newcomer_pop: 1, has_recharged: 1 })
    await shell.login(username, 'abc12345')

    await closeFrame(shell, login.title)
    const recharge = shell.dialog('Recharge offers')
    await recharge.waitFor({ state: 'visible' })
    await recharge.getByText('First deposit bonus').waitFor()
    await recharge.getByText('Deposit 100.00 or more and get 10% extra').waitFor()
    await recharge.getByRole('button', { name: "Don't show again" }).click()
    await recharge.waitFor({ state: 'hidden' })

    const benefits = shell.dialog('New player benefits')
    await benefits.waitFor({ state: 'visible' })
    await benefits.getByText('Bind your phone').waitFor()
    await benefits.locator('li').filter({ hasText: 'Make your first deposit' }).waitFor()
    // The player has recharged: the first-deposit reward is ready to receive, and received once.
    await benefits.getByRole('button', { name: 'Receive Make your first deposit' }).click()
    await benefits.getByText('Received').waitFor()
    expect(await benefits.getByRole('button', { name: /^Receive/ }).count()).toBe(0)
    await benefits.getByRole('button', { name: 'Close', exact: true }).last().click()
    await benefits.waitFor({ state: 'hidden' })

    const download = shell.dialog('Get our app')
    await download.waitFor({ state: 'visible' })
    expect(await download.getByTestId('download-app').getAttribute('data-guide-setup-mode')).toBe('1')
    await download.getByRole('button', { name: 'Later' }).click()
    await download.waitFor({ state: 'hidden' })

    const shown = await shownPopups(shell)
    expect(shown.slice(shown.lastIndexOf('forcePopup'))).toEqual(['forcePopup', 'rechargePopup', 'newBenefitsModal', 'downloadApp'])

    // Back on the game page after another page: the pop-recharge list is fetched again (the
    // player asked not to see the pop-up, so the hall answers disablePop 1 and none shows).
    const rechargeCalls = async () => (await shell.events()).filter((e) => e.type === 'hall.requested' && e.call === 'popRechargeListV2').length
    const before = await rechargeCalls()
    await shell.page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'security' }))
    await expect.poll(() => shell.path()).toBe('/home/security')
    // The benefits are offered to this player: binding the phone is worth the seeded 2.00.
    await shell.page.getByRole('list', { name: 'Account security' }).locator('li[data-item="phone"]').getByText('+2.00 bonus').waitFor()
    await shell.page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'game' }))
    await expect.poll(() => shell.path()).toBe('/home/game')
    await expect.poll(rechargeCalls).toBe(before + 1)
    await expect.poll(async () => (await shell.events()).filter((e) => e.type === 'hall.responded' && e.call === 'popRechargeListV2').length).toBe(before + 1)
    expect(await shell.dialog('Recharge offers').count()).toBe(0)
    const events = await shell.events()
    expect(events.find((e) => e.type === 'hall.requested' && e.call === 'disableActivePop')?.payload).toEqual({ popType: 1, popStatus: 1 })

    // Asked not to see it again: the next sign-in has frames and benefits, no recharge pop-up.
    await shell.logout(true)
    await shell.login(username, 'abc12345')
    await closeFrame(shell, login.title)
    await shell.dialog('New player benefits').waitFor({ state: 'visible' })
    const again = await shownPopups(shell)
    expect(again.slice(again.lastIndexOf('forcePopup'))).toEqual(['forcePopup', 'newBenefitsModal'])
    expect(errors).toEqual([])
  })

  it('the security page lists phone, email, Google authenticator and withdraw password with their bound state (then the login password and the secret question), and binds Google authenticator with a real TOTP code', async () => {
    const player = await kit.player({ password: 'abc12345' })
    // A returning player's lobby opened on the security page (a kept session) signs in by fast
    // login and runs the post-login sequence; the page's bind forms open once it is over
    // (postlogin.bindOpened is taken in done or settled).
    const { shell, errors } = await kit.openLobby('desktop', 'home/security', { as: player })
    await expect
      .poll(async () => JSON.stringify((await shell.actorState<{ value: unknown }>('postlogin')).value), { timeout: 30_000, message: 'the post-login sequence after the reload to finish' })
      .toMatch(/"(done|settled)"/)
    const list = shell.page.getByRole('list', { name: 'Account security' })
    await list.waitFor()
    const row = (item: string) => list.locator(`li[data-item="${item}"]`)
    for (const item of ['phone', 'email', 'googleAuth', 'withdrawPass']) await row(item).getByText('Not bound').waitFor()
    expect(await list.locator('li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-item')))).toEqual(['phone', 'email', 'googleAuth', 'withdrawPass', 'loginPass', 'question'])
    // The reward-bind data: the newcomer benefits are not offered to this player (the operator
    // targets none), so no row promises a reward the hall would not pay.
    await expect.poll(async () => (await shell.events()).some((e) => e.type === 'hall.responded' && e.call === 'newcomerBenefitStatus')).toBe(true)
    expect(await list.getByText(/^\+[\d.,]+ bonus$/).count()).toBe(0)

    // A bind form opened from the page can be closed unbound.
    await row('phone').getByRole('button', { name: 'Bind Phone' }).click()
    const phone = shell.dialog('Bind your phone')
    await phone.waitFor({ state: 'visible' })
    expect(await phone.getByText(/required items bound/).count()).toBe(0)
    await phone.getByRole('button', { name: 'Close', exact: true }).first().click()
    await phone.waitFor({ state: 'hidden' })

    await row('googleAuth').getByRole('button', { name: 'Bind Google Authenticator' }).click()
    const ga = shell.dialog('Bind Google Authenticator')
    await ga.waitFor({ state: 'visible' })
    await ga.getByRole('button', { name: 'Get key' }).click()
    const secret = (await ga.getByTestId('ga-secret').textContent()) ?? ''
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await ga.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
    expect(await ga.getByTestId('ga-otpauth').getAttribute('href')).toContain(`secret=${secret}`)
    // What an authenticator app shows for that secret now.
    await ga.getByLabel('Verification code').fill(totp(base32Decode(secret), Date.now()))
    await ga.getByRole('button', { name: 'Confirm' }).click()
    await ga.waitFor({ state: 'hidden' })
    // Bound and on: the account page's switch turns it off (tests/e2e/account.test.ts).
    await row('googleAuth').getByText('On', { exact: true }).waitFor()
    // Bound: it can be turned off, or changed for another authenticator (with the current one's code).
    expect(await row('googleAuth').getByRole('button').count()).toBe(2)
    await row('googleAuth').getByRole('button', { name: 'Turn off Google Authenticator', exact: true }).waitFor()
    await row('googleAuth').getByRole('button', { name: 'Change authenticator', exact: true }).waitFor()
    await row('phone').getByText('Not bound').waitFor()
    expect(errors).toEqual([])
  })

  it('an HTML frame carrying a script and an event-handler attribute shows its text and runs nothing', async () => {
    const html = frameNamed(await seeded(), 'html')
    const { shell, errors, username } = await playerAndPage({ frames: [html.id] })
    await shell.login(username, 'abc12345')
    const frame = shell.dialog(html.title)
    await frame.waitFor({ state: 'visible' })
    await frame.getByText('Safe text stays.').waitFor()
    const content = frame.getByTestId('frame-content')
    expect(await content.locator('script').count()).toBe(0)
    expect(await content.locator('[onerror]').count()).toBe(0)
    expect(await content.locator('a[href^="javascript"]').count()).toBe(0)
    // The image that would have fired onerror is there (its error came and went): nothing ran.
    await expect.poll(() => content.locator('img').evaluate((img: HTMLImageElement) => img.complete)).toBe(true)
    expect(await shell.page.evaluate(() => (window as unknown as { __frameScriptRan?: boolean }).__frameScriptRan)).toBeUndefined()
    await closeFrame(shell, html.title)
    // The only error is the image's own failed load (src "x"): the attribute that would have run on it is gone.
    expect(errors.filter((e) => !/^Failed to load resource: the server responded with a status of 404 \(Not Found\): http:\/\/127\.0\.0\.1:\d+\/home\/x$/.test(e))).toEqual([])
  })
})
