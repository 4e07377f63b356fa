import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { hallPlayers } from '../server/players'
import { playRound, visitor } from '../server/support'
import { seriousViolations } from './support/axe'
import { useBrowser } from './support/browser'

/**
 * The playing activities on the event centre's detail page at phone and desktop sizes
 * (docs/hall.md "Playing activities"): for each kind the loop from earning the chance to receiving
 * the reward, with the header balance moving at once. Sports guessing: a guess on a match, the
 * operator settles it (control), the record says won and the balance holds the payout. Invest: a
 * subscription, maturity through the control (time passing, no wait), the return received. Lucky
 * bet: a real game round whose bet ends in the lucky digit, its prize received once. Quiz: every
 * answer right, the reward at once and no second try. Each test owns its player and activity.
 */
const kit = useBrowser()
const hallUrl = kit.hallUrl
const outside = hallPlayers(() => hallUrl)

const headerBalance = (page: Page): Promise<string> => page.getByRole('group', { name: 'Balance' }).locator('.balance__amount').innerText()

const openActivity = async (page: Page, template: string, activeId: number, title: string): Promise<void> => {
  await page.evaluate(({ template, activeId }) => window.__lobby!.system.send({ type: 'nav.requested', name: 'eventDetail', params: { template, eventId: String(activeId) } }), { template, activeId })
  await page.getByRole('heading', { name: title, level: 1 }).waitFor({ timeout: 15_000 })
}

/** The rows (desktop) or cards (phone) of a list named `name`. */
const rows = (page: Page, desktop: boolean, name: string): Locator =>
  desktop ? page.getByRole('table', { name }).locator('tbody tr') : page.getByRole('list', { name }).getByRole('listitem')

describe.each(['desktop', 'phone'] as const)('playing activities at %s size', (size) => {
  const desktop = size === 'desktop'
  const unique = () => `${size}-${Date.now() % 1_000_000}`

  it('sports guessing: a guess on a match, settled by the operator, pays its odds at once; the record says won', async () => {
    const template = `guess-${unique()}`
    const a = await kit.control('play-activity', {
      kind: 'guess', template, title: `Derby predictor ${size}`, minAmount: '1', maxAmount: '50',
      matches: [{ home: 'Red Foxes', away: 'Blue Hawks', odds: { home: '2.15', draw: '3.3', away: '3.05' } }],
    })
    const match = (a['matches'] as Array<{ matchId: number }>)[0]!
    const player = await kit.player({ balance: '100' })
    const { page, errors } = await kit.openLobby(size, 'home/game?site=001', { as: player })
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe('100.00')
    await openActivity(page, template, a['activeId'] as number, `Derby predictor ${size}`)

    const options = page.getByRole('group', { name: 'Results of Red Foxes vs Blue Hawks' })
    await options.getByRole('button', { name: 'Home win 2.15' }).click()
    const form = page.getByRole('form', { name: 'Your guess' })
    await form.getByText('Red Foxes vs Blue Hawks: Home win at 2.15').waitFor()
    await form.getByRole('textbox', { name: 'Stake' }).fill('60')
    await form.getByRole('button', { name: 'Place guess' }).click()
    await form.getByText('The amount must be at most').waitFor()
    await form.getByRole('textbox', { name: 'Stake' }).fill('10')
    await form.getByRole('button', { name: 'Place guess' }).click()
    await form.getByRole('status').filter({ hasText: /^Guess placed$/ }).waitFor()
    await expect.poll(() => headerBalance(page)).toBe('90.00')
    await expect.poll(() => rows(page, desktop, 'My guesses').allInnerTexts()).toEqual([expect.stringContaining('Pending')])
    expect(await seriousViolations(page)).toEqual([])

    // The operator settles the match: the socket tells the lobby, the balance and the record follow without a reload.
    expect(await kit.control('guess-settle', { matchId: match.matchId, result: 'home' })).toMatchObject({ settled: true, won: 1, paid: '21.5' })
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe('111.50')
    await expect.poll(() => rows(page, desktop, 'My guesses').allInnerTexts()).toEqual([expect.stringMatching(/21\.50[\s\S]*Won/)])
    await options.getByRole('button', { name: 'Home win 2.15' }).and(page.locator('[disabled]')).waitFor()
    // Settling again pays nothing.
    expect(await kit.control('guess-settle', { matchId: match.matchId, result: 'home' })).toMatchObject({ settled: false, paid: '0' })
    expect(await headerBalance(page)).toBe('111.50')
    expect(errors).toEqual([])
  })

  it('invest: a subscription leaves the balance, matures through the control, and its return is received once', async () => {
    const template = `invest-${unique()}`
    const a = await kit.control('play-activity', { kind: 'invest', template, title: `Week deposit ${size}`, terms: [{ days: 7, rate: '2.5', minAmount: '10', maxAmount: '1000' }] })
    const player = await kit.player({ balance: '100' })
    const { page, errors } = await kit.openLobby(size, 'home/game?site=001', { as: player })
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe('100.00')
    await openActivity(page, template, a['activeId'] as number, `Week deposit ${size}`)

    const form = page.getByRole('form', { name: 'Invest' })
    await form.getByRole('radio', { name: '7 days · 2.5% return' }).check()
    await form.getByRole('textbox', { name: 'Amount to invest' }).fill('80')
    await form.getByRole('button', { name: 'Subscribe' }).click()
    await form.getByRole('status').filter({ hasText: /^Subscribed$/ }).waitFor()
    await expect.poll(() => headerBalance(page)).toBe('20.00')
    const mine = page.getByRole('list', { name: 'My subscriptions' })
    await mine.getByText('Holding').waitFor()
    expect(await mine.getByRole('button', { name: /^Receive/ }).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])

    // Seven days pass at the hall: the socket tells the lobby, the return can be received.
    expect(await kit.control('invest-mature', { username: player.username, activeId: a['activeId'] })).toMatchObject({ matured: 1 })
    const receive = mine.getByRole('button', { name: 'Receive 80 of 7 days with its return' })
    await receive.click({ timeout: 15_000 })
    await form.getByRole('status').filter({ hasText: /^Received, with a return of 2$/ }).waitFor()
    await expect.poll(() => headerBalance(page)).toBe('102.00')
    await mine.getByText('Received').waitFor()
    expect(await mine.getByRole('button', { name: /^Receive/ }).count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('lucky bet: a real round whose bet ends in the lucky digit wins its prize, received once', async () => {
    const template = `lucky-${unique()}`
    const a = await kit.control('play-activity', { kind: 'lucky', template, title: `Lucky eights ${size}`, suffix: '8', minBet: '1', rate: '50', maxPrize: '100', start: new Date(Date.now() - 60_000).toISOString() })
    const player = await kit.player({ balance: '100' })
    const { page, errors } = await kit.openLobby(size, 'home/game?site=001', { as: player })
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe('100.00')
    // The chance is earned by playing: two real rounds at the hall's game, one lucky (18) and one not (5), both lost.
    const hp = await outside.signIn(player.username, player.password)
    const site = await visitor(hallUrl)
    await playRound(hallUrl, site, hp.caller, hp.data, '18', 'lose')
    await playRound(hallUrl, site, hp.caller, hp.data, '5', 'lose')
    await openActivity(page, template, a['activeId'] as number, `Lucky eights ${size}`)

    const list = rows(page, desktop, 'Qualifying bets')
    await expect.poll(() => list.count(), { timeout: 15_000 }).toBe(2)
    expect(await list.nth(0).innerText()).toContain('No prize')
    const receive = page.getByRole('button', { name: /^Receive 9 for the bet of 18 on / })
    await receive.click()
    await page.getByRole('status').filter({ hasText: /^Received 9$/ }).waitFor()
    // The answer's balance: 100 - 18 - 5 + 9.
    await expect.poll(() => headerBalance(page)).toBe('86.00')
    await expect.poll(() => list.nth(1).innerText()).toContain('Received')
    expect(await page.getByRole('button', { name: /^Receive 9 for the bet/ }).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])
  })

  it('quiz: every answer right pays the reward at once, and there is no second try', async () => {
    const template = `quiz-${unique()}`
    const a = await kit.control('play-activity', {
      kind: 'quiz', template, title: `Rules quiz ${size}`, reward: '7.5',
      questions: [{ question: 'How many players does a team field?', choices: ['9', '11'], answer: 1 }, { question: 'How long is a half?', choices: ['45 minutes', '60 minutes'], answer: 0 }],
    })
    const player = await kit.player({ balance: '10' })
    const { page, errors } = await kit.openLobby(size, 'home/game?site=001', { as: player })
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe('10.00')
    await openActivity(page, template, a['activeId'] as number, `Rules quiz ${size}`)

    const form = page.getByRole('form', { name: 'Questions' })
    await form.getByRole('group', { name: '1. How many players does a team field?' }).getByRole('radio', { name: '11' }).check()
    await form.getByRole('button', { name: 'Send answers' }).click()
    await form.getByText('Answer every question.').waitFor()
    await form.getByRole('group', { name: '2. How long is a half?' }).getByRole('radio', { name: '45 minutes' }).check()
    expect(await seriousViolations(page)).toEqual([])
    await form.getByRole('button', { name: 'Send answers' }).click()
    await page.getByRole('status').filter({ hasText: /^All right! 7\.5 was added to your balance\.$/ }).waitFor()
    await expect.poll(() => headerBalance(page)).toBe('17.50')
    expect(await page.getByRole('form', { name: 'Questions' }).count()).toBe(0)
    expect(errors).toEqual([])
  })
})
