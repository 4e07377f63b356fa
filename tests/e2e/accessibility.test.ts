import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ROUTES, routeByName, type RouteName } from '../../schemas/routes'
import { hallPlayers } from '../server/players'
import { seriousViolations } from './support/axe'
import { useBrowser, type Size } from './support/browser'
import { seededGameName } from './support/games.model'
import type { TestPlayer } from './support/hall'
import type { ShellPage } from './support/shell.model'

/**
 * axe-core finds no serious or critical violation on any route of the lobby (schemas/routes.ts),
 * at phone and desktop sizes, in the frames the routes show too (the hall's game and chat pages):
 * the public routes as a visitor, the private ones (and the public pages of a player's own lists,
 * and the game) as a signed-in player of the file's own, who has a withdrawal, a turnover audit and
 * the seeded activities to show. One page per size goes from route to route as the lobby navigates
 * (by route name, no reload), and each route is checked once its own content is on screen: its
 * heading, no loading text or busy region, no animation under way, and every hall call the lobby
 * made answered. A failure names the route.
 */
const kit = useBrowser()
const hallUrl = kit.hallUrl
const outside = hallPlayers(() => hallUrl)
const PIN = '123456'

/** A seeded sports game (provider 136): the embedded page shows it in the hall's game frame. */
const GAME = { platformId: '136', gameId: '150007', gameCategoryId: '5', gameName: seededGameName(5, 7) }

/** The ids the player's detail pages show: a withdrawal, a turnover audit, an activity. */
interface Ids {
  readonly orderId: string
  readonly auditId: string
  readonly template: string
  readonly eventId: string
}

/** How a route is visited and what says it has rendered. */
interface Visit {
  /** Its params and query. */
  readonly at?: (ids: Ids) => { readonly params?: Record<string, string>; readonly query?: Record<string, string> }
  /**
   * Who visits it, when not a visitor a public route and a player a private one: 'player' for a
   * public route whose content is the player's own (a visitor's page never asks for it), 'game'
   * for the game page, which the player visits last (a launch right after the sign-in could meet
   * the sign-in's balance still being fetched).
   */
  readonly who?: 'player' | 'game'
  /** What the route opens on arrival, besides its heading. */
  readonly shows?: (page: Page) => Locator
  /** A loading page by design (the promotion link's skeleton while the game is readied). */
  readonly skeleton?: true
}

/** Every route of the table (the first test fails on a route missing here). */
const VISITS: Readonly<Record<RouteName, Visit>> = {
  game: {},
  subgame: { at: () => ({ query: { gameCategoryId: '1' } }) },
  search: {},
  // The game in the hall's frame, for a player (a visitor is asked to sign in or register first).
  embedded: { at: () => ({ query: GAME }), who: 'game', shows: (page) => page.frameLocator('iframe.embedded__frame').getByText(/^Playing for real/) },
  eventIndex: {},
  eventTask: {},
  eventCashback: {},
  eventAward: {},
  eventDetail: { at: (ids) => ({ params: { template: ids.template, eventId: ids.eventId } }) },
  promote: {},
  proxyTransfer: {},
  myTransferRecord: { who: 'player' },
  pickUpRecord: {},
  yuebao: {},
  centerWallet: { who: 'player' },
  // The first agent, in the lobby's frame on arrival (as the side menu's popover opens it).
  service: { at: () => ({ query: { agent: '0' } }), shows: (page) => page.getByRole('dialog', { name: 'Live chat' }) },
  vip: {},
  withdraw: {},
  withdrawDetails: { at: (ids) => ({ params: { orderId: ids.orderId } }) },
  auditDetails: { at: (ids) => ({ params: { id: ids.auditId } }) },
  notice: { who: 'player' },
  records: {},
  receiveRecords: { who: 'player' },
  setting: {},
  personal: {},
  report: {},
  security: {},
  feedback: { who: 'player' },
  about: {},
  update: {},
  sports: {},
  // A visitor arriving here gets the sign-in popup at once.
  auth: { shows: (page) => page.getByRole('dialog', { name: /Log in|Sign up/ }) },
  error: {},
  notFound: {},
  promoteGame: { skeleton: true },
  page403: {},
  page503: {},
  page500: {},
}

/**
 * A player with something on every page of its own: a bound phone, the withdraw password and a bank
 * card (through the hall's own calls), a withdrawal of 10 under review, then 20 credited with a
 * turnover to bet (an audit); and the seeded daily deposit bonus's id.
 */
const preparedPlayer = async (): Promise<{ player: TestPlayer; ids: Ids }> => {
  const player = await kit.player({ balance: '100' })
  const { caller } = await outside.signIn(player.username, player.password)
  const phone = `555${String(Date.now()).slice(-7)}`
  await outside.ok(caller, '/user/security/createsms', { phone })
  const sent = await kit.control('last-code', { username: player.username, siteCode: player.siteCode })
  await outside.ok(caller, '/user/security/modifyphone', { phone, code: sent['code'] })
  await outside.ok(caller, '/user/security/modifywithdrawpass', { newPass: PIN })
  const card = (await outside.ok(caller, '/certify/bindcard', { bank_code: 'CHASE', card_no: '4111222233334444', holder: 'ANA SILVA' })) as { id: number }
  const cash = (await outside.ok(caller, '/certify/cach', { account_id: card.id, amount: '10', withdraw_pass: PIN, request_id: `${player.username}-cash` })) as { order: { order_no: string } }
  await kit.control('credit', { username: player.username, amount: '20', turnover: { multiple: '3', source: 'deposit' } })
  const audits = (await outside.ok(caller, '/certify/auditRecordPageList', { current: 1, size: 1 })) as { records: Array<{ audit_id: string }> }
  const template = 'deposit-daily'
  const activity = (await outside.ok(caller, '/active/getByTemplate', { template })) as { activeId: number }
  return { player, ids: { orderId: String(cash.order.order_no), auditId: String(audits.records[0]!.audit_id), template, eventId: String(activity.activeId) } }
}

/** Counts the hall calls the lobby made and has no answer to yet, from its bus. */
const trackCalls = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const pending = new Set<string>()
    ;(window as { __pendingCalls?: Set<string> }).__pendingCalls = pending
    window.__lobby!.system.bus.records$.subscribe(({ event }) => {
      if (event.type === 'hall.requested') pending.add(event.requestId)
      else if (event.type === 'hall.responded' || event.type === 'hall.failed') pending.delete(event.requestId)
    })
  })

/** What says whether a route is all on screen: its heading, loading words, busy regions, unanswered calls, animations under way. */
const progress = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main')
    const text = main?.innerText ?? ''
    return {
      heading: main?.querySelector('h1')?.textContent?.trim() ?? '',
      loading: /Loading|Opening|Reading/.test(text),
      busy: main?.querySelector('[aria-busy="true"], .boot') != null,
      calls: (window as { __pendingCalls?: Set<string> }).__pendingCalls?.size ?? -1,
      // A dialog fading in is drawn at part of its opacity: its contrast is measured once it has ended.
      moving: document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity),
    }
  })

/** Goes to a route by name, as the lobby's own links do, and waits until its content has rendered. */
const visit = async (page: Page, name: RouteName, ids: Ids): Promise<void> => {
  const { at, shows, skeleton = false } = visitOf(name)
  const { params = {}, query = {} } = at?.(ids) ?? {}
  await page.evaluate((e) => window.__lobby!.system.send({ type: 'nav.requested', ...e }), { name, params, query })
  const route = ROUTES.find((r) => r.name === name)!
  const path = new RegExp(`^${route.path.replace(/:\w+/g, '[^/]+')}$`)
  await expect.poll(() => page.evaluate(() => location.pathname), { message: `the lobby to go to ${name}` }).toMatch(path)
  if (shows !== undefined) await shows(page).waitFor({ timeout: 15_000 })
  await expect
    .poll(() => progress(page), { timeout: 15_000, message: `${name} to render` })
    .toEqual({ heading: expect.stringMatching(/\S/), loading: skeleton, busy: skeleton, calls: 0, moving: false })
}

/** Every route of a kind, checked in turn: 'route: rule: targets' for each serious or critical violation. */
const sweep = async (shell: ShellPage, names: ReadonlyArray<RouteName>, ids: Ids): Promise<string[]> => {
  const found: string[] = []
  for (const name of names) {
    const shown = await visit(shell.page, name, ids).then(
      () => null,
      async () => `${name}: not rendered: ${JSON.stringify(await progress(shell.page))} ${(await shell.page.locator('main').first().innerText()).slice(0, 300)}`,
    )
    if (shown !== null) {
      found.push(shown)
      await closeAuthPopup(shell)
      continue
    }
    for (const v of await seriousViolations(shell.page, undefined, { frames: true })) found.push(`${name}: ${v}`)
    await closeAuthPopup(shell)
  }
  return found
}

/** The sign-in popup a visitor meets (at boot on desktop, on /auth, at a game) is checked with its page, then closed. */
const closeAuthPopup = async (shell: ShellPage): Promise<void> => {
  if (!(await shell.authDialog.isVisible())) return
  await shell.page.keyboard.press('Escape')
  await shell.authDialog.waitFor({ state: 'hidden' })
}

const visitOf = (name: RouteName): Visit => {
  const v = VISITS[name]
  if (v === undefined) throw new Error(`no visit of the route '${name}' in accessibility.test.ts`)
  return v
}
const names = ROUTES.map((r) => r.name).filter((n) => VISITS[n] !== undefined)
const VISITOR = names.filter((n) => !routeByName(n)!.private && VISITS[n]!.who === undefined)
const PLAYER = [...names.filter((n) => routeByName(n)!.private || VISITS[n]!.who === 'player'), ...names.filter((n) => VISITS[n]!.who === 'game')]

describe('the routes checked', () => {
  it('are every route of the table, each visited once', () => {
    expect(ROUTES.map((r) => r.name).filter((n) => VISITS[n] === undefined)).toEqual([])
    expect([...VISITOR, ...PLAYER].sort()).toEqual(ROUTES.map((r) => r.name).sort())
  })
})

describe.each(['phone', 'desktop'] as const satisfies ReadonlyArray<Size>)('every route at %s size', (size) => {
  it('has no serious or critical axe violation, for a visitor and for a signed-in player', async () => {
    const { player, ids } = await preparedPlayer()
    const { page, errors, shell } = await kit.openLobby(size, 'home/game?site=001')
    await trackCalls(page)
    // A desktop visitor is offered the sign-in at boot.
    if (size === 'desktop') await shell.authDialog.waitFor()
    await closeAuthPopup(shell)

    const found = await sweep(shell, VISITOR, ids)
    await shell.signIn(player)
    found.push(...(await sweep(shell, PLAYER, ids)))
    expect(found).toEqual([])
    expect(errors).toEqual([])
  })
})

describe('the withdrawal password set for the first time, at phone size', () => {
  it('keeps its six boxes inside the dialog, which does not scroll sideways, and has no serious or critical axe violation', async () => {
    const player = await kit.player()
    const { page, errors, shell } = await kit.openLobby('phone', 'home/game?site=001', { as: player })
    await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'security', query: { current: 'withdrawPass' } }))
    await page.getByRole('list', { name: 'Account security' }).locator('li[data-item="withdrawPass"]').getByRole('button', { name: /^Bind/ }).click()
    const dialog = shell.dialog('Set a withdrawal password')
    const pin = dialog.getByRole('group', { name: 'Withdrawal password (6 digits)' })
    await pin.getByLabel('Withdrawal password (6 digits)').focus()
    await expect.poll(() => progress(page).then((p) => p.moving)).toBe(false)
    const fit = await dialog.evaluate((d) => {
      const body = d.querySelector('.modal__body')!
      const pad = Number.parseFloat(getComputedStyle(body).paddingLeft)
      const inner = { left: body.getBoundingClientRect().left + pad, right: body.getBoundingClientRect().right - pad }
      const cells = [...d.querySelectorAll('.pin-input__cell')].map((c) => c.getBoundingClientRect())
      return { scrolled: d.scrollLeft, wider: d.scrollWidth > d.clientWidth, cells: cells.length, outside: cells.filter((c) => c.left < inner.left - 0.5 || c.right > inner.right + 0.5).length }
    })
    expect(fit).toEqual({ scrolled: 0, wider: false, cells: 12, outside: 0 })
    expect(await seriousViolations(page, 'dialog[open]')).toEqual([])
    expect(errors).toEqual([])
  })
})
