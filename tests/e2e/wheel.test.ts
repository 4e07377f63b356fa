import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { pickWeighted, seededUniform } from '../../server/play/wheel'
import { hallPlayers } from '../server/players'
import { seriousViolations } from './support/axe'
import { useBrowser } from './support/browser'
import { replayLog } from './support/replay'

/**
 * Lucky wheel and word collection at phone and desktop sizes (activity types 2, 20 and 18 on the event
 * centre's detail page): a real deposit earns a spin, the spin's prize is the hall's (its seed known
 * to the test), the wheel stops on that prize (turning on the desktop, standing there at once with
 * reduced motion on the phone) and the header balance moves at once, for both kinds of wheel; the
 * session timeline shows the wheel at the logged prize; a real deposit earns word
 * draws, the words drawn fill the set (the seed chosen so they do), the set exchanges for its
 * reward, once. Each test has its own player and activity.
 */
const kit = useBrowser()
const hallUrl = kit.hallUrl

const headerBalance = async (page: Page): Promise<number> => Number((await page.getByRole('group', { name: 'Balance' }).locator('.balance__amount').innerText()).replace(/,/g, ''))
const outside = hallPlayers(() => hallUrl)
const depositAs = async (username: string, password: string, amount: string): Promise<void> => outside.deposit(await outside.signIn(username, password), amount)
const openDetail = async (page: Page, template: string, activeId: number): Promise<void> => {
  await page.evaluate(({ template, activeId }) => window.__lobby!.system.send({ type: 'nav.requested', name: 'eventDetail', params: { template, eventId: String(activeId) } }), { template, activeId })
}

const WEIGHTS = [5, 3, 2, 4]
const PRIZES = [['Seven', '7', 5], ['Three', '3', 3], ['Twenty', '20', 2], ['Nothing', '0', 4]] as const

// Both kinds of wheel (LuckyWheel 2, LuckyWheelNew 20) at both sizes.
describe.each([['desktop', 2], ['phone', 20], ['phone', 2], ['desktop', 20]] as const)('lucky wheel at %s size, activity type %i', (size, kind) => {
  it('a real deposit earns a spin; the wheel stops on the prize the hall drew and the balance moves at once', async () => {
    const p = await kit.player()
    const template = `wheel-${kind}-${size}-${Date.now() % 100_000}`
    const activeId = (await kit.control('wheel-activity', { type: kind, template, title: `Wheel ${size}`, period: 1, tasks: [[1, '50', 1]], prizes: PRIZES }))['activeId'] as number
    // The seed is searched so the hall's first draw of this activity is a prize that pays (not 'Nothing'), a
    // different one at each size: the test knows the prize before the spin.
    const wanted = size === 'desktop' ? 2 : kind === 2 ? 0 : 1
    let seed = ''
    for (let s = 0; seed === ''; s += 1) if (pickWeighted(WEIGHTS, seededUniform(`s${s}`, activeId, 1)) === wanted) seed = `s${s}`
    expect(await kit.control('wheel-seed', { template, seed })).toMatchObject({ ok: true, activeId })
    const expected = wanted
    const { page, errors, shell } = await kit.openLobby(size, 'home/game?site=001', { as: p })
    if (size === 'phone') await page.emulateMedia({ reducedMotion: 'reduce' })
    await openDetail(page, template, activeId)
    await page.getByRole('heading', { name: `Wheel ${size}` }).waitFor()
    const wheel = page.getByRole('img', { name: 'Lucky wheel with 4 prizes' })
    await wheel.waitFor()
    await page.getByText('Spins left: 0').waitFor()
    expect(await page.getByRole('button', { name: 'Spin', exact: true }).isDisabled()).toBe(true)
    await page.getByText('Deposit 50').waitFor()

    await depositAs(p.username, p.password, '100')
    // The deposit's socket notice reads the wheel again: the deposit task gave a spin.
    await page.getByText('Spins left: 1').waitFor({ timeout: 20_000 })
    const before = await headerBalance(page)
    await page.getByRole('button', { name: 'Spin', exact: true }).click()
    const amount = Number(PRIZES[expected][1])
    expect(amount).toBeGreaterThan(0)
    // The balance moves with the hall's answer, while the wheel may still turn.
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + amount, 2)
    const result = page.locator('.play__result')
    await expect.poll(() => result.innerText(), { timeout: 10_000 }).toBe(`You won ${PRIZES[expected][1]}`)
    // Stopped: the prize under the pointer is the one the hall answered.
    expect(await wheel.getAttribute('data-landed')).toBe(String(expected))
    const answer = (await shell.events<{ type: string; call?: string; data?: { index: number } }>()).filter((e) => e.type === 'hall.responded' && e.call === 'turntableDraw')
    expect(answer.map((e) => e.data?.index)).toEqual([expected])
    await page.getByText('Spins left: 0').waitFor()
    await page.getByRole('heading', { name: 'Latest winners' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])

    // The spin is a fact of the log (the hall's answer): the log replays identically, the same prize in it.
    const log = await shell.exportLog()
    const draws = log.trim().split('\n').slice(1).map((l) => (JSON.parse(l) as { event: { type: string; call?: string; data?: { index: number } } }).event)
      .filter((e) => e.type === 'hall.responded' && e.call === 'turntableDraw')
    expect(draws.map((e) => e.data?.index)).toEqual([expected])
    const same = await replayLog(`wheel-${kind}-${size}`, log)
    expect(same.out).toContain('IDENTICAL')
    expect(same.code).toBe(0)

    // Support's timeline (devtools.html) on that log: at the spin's answer the screen shows the
    // wheel standing at the logged prize, and the result the player read.
    const records = log.trim().split('\n').slice(1).map((l) => JSON.parse(l) as { seq: number; event: { type: string; call?: string } })
    const drawn = records.find((r) => r.event.type === 'hall.responded' && r.event.call === 'turntableDraw')
    expect(drawn).toBeDefined()
    const { page: timeline, errors: timelineErrors } = await kit.open('desktop')
    await timeline.goto(`${hallUrl}/devtools.html`)
    await timeline.getByLabel('Log file').setInputFiles({ name: `wheel-${size}.ndjson`, mimeType: 'application/x-ndjson', buffer: Buffer.from(log) })
    await timeline.getByRole('listbox', { name: 'Records' }).waitFor()
    const jump = async (seq: number) => {
      await timeline.getByLabel('Jump to seq').fill(String(seq))
      await timeline.getByRole('button', { name: 'Jump', exact: true }).click()
    }
    const screen = timeline.frameLocator('iframe[title="Lobby screen"]')
    const shown = screen.getByRole('img', { name: 'Lucky wheel with 4 prizes' })
    // Just before the answer the spin is asked: no prize yet.
    await jump((drawn?.seq ?? 1) - 1)
    await shown.waitFor()
    await expect.poll(() => shown.getAttribute('data-landed')).toBe('')
    expect(await screen.locator('.play__result').innerText()).toBe('')
    await jump(drawn?.seq ?? 0)
    await expect.poll(() => shown.getAttribute('data-landed')).toBe(String(expected))
    await expect.poll(() => screen.locator('.play__result').innerText()).toBe(`You won ${PRIZES[expected][1]}`)
    expect(timelineErrors).toEqual([])
  })
})

describe.each(['desktop', 'phone'] as const)('word collection at %s size', (size) => {
  it('a real deposit earns draws; the drawn words fill the set, which exchanges once for its reward and the balance moves at once', async () => {
    const p = await kit.player()
    const template = `words-${size}-${Date.now() % 100_000}`
    // Two words at equal odds and 6 draws: the seed is searched so the 6 draws hold both words.
    let seed = ''
    let activeId = 0
    activeId = (await kit.control('wheel-activity', { type: 18, template, title: `Words ${size}`, period: 1, tasks: [[1, '50', 6]], words: [['O', 1], ['K', 1]], set: ['OK', '15'] }))['activeId'] as number
    for (let s = 0; seed === ''; s += 1) {
      const drawn = [1, 2, 3, 4, 5, 6].map((n) => pickWeighted([1, 1], seededUniform(`w${s}`, activeId, n)))
      if (drawn.includes(0) && drawn.includes(1) && drawn.filter((x) => x === 0).length === 3) seed = `w${s}`
    }
    expect(await kit.control('wheel-seed', { template, seed })).toMatchObject({ ok: true, activeId })
    const { page, errors } = await kit.openLobby(size, 'home/game?site=001', { as: p })
    await openDetail(page, template, activeId)
    await page.getByRole('heading', { name: `Words ${size}` }).waitFor()
    await page.getByText('Draws left: 0').waitFor()
    expect(await page.getByRole('button', { name: 'Exchange OK' }).isDisabled()).toBe(true)

    await depositAs(p.username, p.password, '100')
    await page.getByText('Draws left: 6').waitFor({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Draw', exact: true }).click()
    await page.getByText('Draws left: 5').waitFor()
    await page.getByRole('button', { name: 'Draw all' }).click()
    await page.getByText('Draws left: 0').waitFor()
    const words = page.getByRole('list', { name: 'Your words' })
    await words.getByRole('listitem', { name: 'O: 3 held' }).waitFor()
    await words.getByRole('listitem', { name: 'K: 3 held' }).waitFor()
    const before = await headerBalance(page)
    await page.getByRole('button', { name: 'Exchange OK' }).click()
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + 15, 2)
    await page.locator('.play__result').filter({ hasText: /^Exchanged for 15$/ }).waitFor()
    await words.getByRole('listitem', { name: 'O: 2 held' }).waitFor()
    await words.getByRole('listitem', { name: 'K: 2 held' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])
  })
})
