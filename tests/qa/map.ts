import type { Locator, Page } from 'playwright-core'
import type { AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate'
import type { LobbyEvent } from '../../schemas/events'
import type { PlayerOptions, TestPlayer } from '../e2e/support/hall'

/**
 * A QA map: how a person drives one actor through the lobby's screens (docs/model-testing.md,
 * "Model paths through the UI"). `npm run qa -- --actor NAME` (scripts/qa.ts) takes the paths the
 * model harness generates from the map's sample events and plays each in Chromium against a test
 * hall: a model event a person causes is a step on the screen (`does`), an answer the hall gives is
 * arranged on the test hall before the step that asks it (`hall`) or simply awaited (`auto`), and
 * after each step the screen must show what the map says the actor's state shows (`shows`).
 * Everything is named by roles and accessible names, as a person reads the screen.
 */

/** What a step can use: the page, the test hall's control surface, the path's own player. */
export interface QaUi {
  readonly page: Page
  readonly hallUrl: string
  readonly player: TestPlayer
  readonly desktop: boolean
  readonly control: (name: string, body?: unknown) => Promise<unknown>
  /** Opens a screen by its route name, as the lobby's links and menus do (nav.requested). */
  readonly open: (route: string) => Promise<void>
}

export interface QaStep<E> {
  /** The step in a person's words: 'press Refresh balance in the header'. */
  readonly say: string
  readonly run: (ui: QaUi, event: E) => Promise<void>
}

export interface QaScreen {
  /** What the screen shows, in a person's words: 'the balance with its refresh button'. */
  readonly say: string
  readonly find: (page: Page) => Locator
  /** A state the actor passes through while a call runs: counted when reached, its screen not awaited. */
  readonly passing?: boolean
}

export interface QaMap<M extends AnyStateMachine = AnyStateMachine> {
  /** The name `npm run qa -- --actor` takes (this file is tests/qa/<name>.map.ts). */
  readonly name: string
  /** The lobby actor whose states count (its id in actors/). */
  readonly actor: string
  /** Its machine, as actors/ exports it: the model the paths are generated from. */
  readonly machine: M
  /** The model events the paths are made of (as in the actor's model test). */
  readonly events: (state: SnapshotFrom<M>) => ReadonlyArray<EventFromLogic<M>>
  /** The path's player (kit.player options). */
  readonly player?: PlayerOptions
  /**
   * What the player has set up before the path, through the hall's own calls and controls (a bound
   * phone, a withdraw password, an account): run once the path's player exists, before the lobby
   * opens. `say` names it in the steps printed for a failed path.
   */
  readonly prepare?: { readonly say: string; readonly run: (ui: Pick<QaUi, 'hallUrl' | 'player' | 'control'>) => Promise<void> }
  /** Model events a person causes, by type. */
  readonly does: Readonly<Record<string, QaStep<EventFromLogic<M>>>>
  /** Model events the test hall is told to give before the step that asks for them (a refused call). */
  readonly hall?: Readonly<Record<string, QaStep<EventFromLogic<M>>>>
  /** Model events that follow a step by themselves (the hall's ordinary answer). */
  readonly auto?: ReadonlyArray<string>
  /**
   * Model events the lobby's opening causes by itself, before a person can do anything (the boot's
   * start, stored session and site): a path may begin with them; they are not driven, the actor
   * must settle where they leave it once the lobby shows.
   */
  readonly opening?: ReadonlyArray<string>
  /** What the screen shows in each leaf state (a dotted path: 'player.balance.idle'). */
  readonly shows: Readonly<Record<string, QaScreen>>
  /** Leaf states a person cannot reach through the screens, and why. */
  readonly unreachable?: Readonly<Record<string, string>>
  /**
   * Leaf states a person can reach that this map does not drive yet, and what it would take: printed
   * as such, and counted as not reached (the run exits 1), unlike `unreachable`.
   */
  readonly notMapped?: Readonly<Record<string, string>>
  /** Model events no screen offers a person, and why (their paths are not driven). */
  readonly cannot?: Readonly<Record<string, string>>
}

export const defineMap = <M extends AnyStateMachine>(map: QaMap<M>): QaMap<M> => map

/** A sign-in as the lobby reports it, for a model's sample events. */
export const loggedIn: LobbyEvent = { type: 'session.loggedIn', mode: 'normal', username: 'player', accountType: 0, real: true, mustChangePassword: false }
export const loggedOut: LobbyEvent = { type: 'session.loggedOut', reason: 'logout' }

/** Signs the path's player in through the header's login form. */
export const signIn: QaStep<unknown> = {
  say: 'sign in with the header login form',
  run: async ({ page, player }) => {
    const dialog = page.getByRole('dialog', { name: /Log in|Sign up/ })
    // A visitor may be asked to log in as the lobby opens: the form is then already there, or opens
    // while the header's button is being pressed (the press is then refused by the popup over it).
    while (!(await dialog.isVisible())) await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click({ timeout: 2_000 }).catch(() => undefined)
    await dialog.getByRole('tab', { name: 'Log in' }).click()
    await dialog.getByLabel('Username').fill(player.username)
    await dialog.getByLabel('Password', { exact: true }).fill(player.password)
    // The step is over when the post-login sequence is (postlogin.finished on the bus), so no pop-up
    // of that sequence opens over the next step's control.
    await page.evaluate(() => {
      const w = window as Window & { __qaPostlogin?: boolean }
      w.__qaPostlogin = false
      const sub = window.__lobby!.system.bus.records$.subscribe((r: { event: { type: string } }) => {
        if (r.event.type !== 'postlogin.finished') return
        w.__qaPostlogin = true
        sub.unsubscribe()
      })
    })
    await dialog.locator('form').getByRole('button', { name: 'Log in', exact: true }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.waitForFunction(() => (window as Window & { __qaPostlogin?: boolean }).__qaPostlogin === true, undefined, { timeout: 20_000 })
  },
}

/** Logs out: the phone header's button, or the desktop personal-centre menu; then the confirmation. */
export const signOut: QaStep<unknown> = {
  say: 'log out and confirm',
  run: async ({ page, desktop }) => {
    const header = page.getByRole('banner')
    if (desktop) {
      await header.getByRole('button', { name: /^My account/ }).click()
      await page.getByRole('button', { name: 'Log out', exact: true }).click()
    } else await header.getByRole('button', { name: 'Log out', exact: true }).click()
    const confirm = page.getByRole('dialog', { name: 'Log out?' })
    await confirm.getByRole('button', { name: 'Log out', exact: true }).click()
    await confirm.waitFor({ state: 'hidden' })
  },
}

/**
 * The map of a query actor (actors/kit query: idle, loading, ready, failed) whose screen opens with
 * an intent: the page's read, its refusal arranged on the test hall (forced code), the view's
 * "Try again".
 */
export const queryMap = <M extends AnyStateMachine>(o: {
  readonly name: string
  readonly actor: string
  readonly machine: M
  readonly opened: LobbyEvent
  readonly call: string
  readonly path: string
  readonly openSay: string
  readonly openRoute?: string
  readonly open?: (ui: QaUi) => Promise<void>
  readonly ready: QaScreen
  readonly failed: QaScreen
  readonly idle: QaScreen
  readonly player?: PlayerOptions
  readonly prepare?: QaMap<M>['prepare']
  readonly answer: unknown
  /** Whether paths include the sign-in (default true; false for what anyone reads). */
  readonly signIn?: boolean
  /** How a person asks again after a failure (default: press Try again), or why the screen offers no way. */
  readonly retry?: QaStep<unknown> | { readonly cannot: string }
  /** Leaf states a person cannot reach through the screens, and why. */
  readonly unreachable?: Readonly<Record<string, string>>
}): QaMap<M> => {
  type E = EventFromLogic<M>
  return defineMap<M>({
    name: o.name,
    actor: o.actor,
    machine: o.machine,
    ...(o.player === undefined ? {} : { player: o.player }),
    ...(o.prepare === undefined ? {} : { prepare: o.prepare }),
    events: (s) => {
      const c = (s as { context: { pendingId: string | null; requestCount: number; real: boolean } }).context
      const out: LobbyEvent[] = []
      if (!c.real && o.signIn !== false) out.push(loggedIn)
      if (c.requestCount < 3) out.push(o.opened)
      if (c.pendingId !== null) {
        out.push({ type: 'hall.responded', requestId: c.pendingId, call: o.call, data: o.answer })
        out.push({ type: 'hall.failed', requestId: c.pendingId, call: o.call, error: { _tag: 'ServiceCode', code: 5000, msg: 'refused' } })
      }
      if ((c.real || o.signIn === false) && c.requestCount < 3 && (s as { value: unknown }).value === 'failed') out.push({ type: 'query.refreshRequested', query: o.actor })
      return out as unknown as ReadonlyArray<E>
    },
    does: {
      'session.loggedIn': signIn,
      [o.opened.type]: { say: o.openSay, run: async (ui) => (o.open === undefined ? ui.open(o.openRoute!) : o.open(ui)) },
      ...(o.retry !== undefined && 'cannot' in o.retry ? {} : { 'query.refreshRequested': (o.retry ?? { say: 'press Try again', run: async ({ page }) => page.getByRole('button', { name: 'Try again' }).first().click() }) }),
    },
    hall: {
      'hall.failed': {
        say: `the hall refuses ${o.path} (code 5000)`,
        run: async ({ control }) => {
          await control('force', { path: o.path, code: 5000, msg: 'refused by QA', times: 1 })
        },
      },
    },
    auto: ['hall.responded'],
    ...(o.unreachable === undefined ? {} : { unreachable: o.unreachable }),
    ...(o.retry !== undefined && 'cannot' in o.retry ? { cannot: { 'query.refreshRequested': o.retry.cannot } } : {}),
    shows: { idle: o.idle, loading: { say: 'the page busy', find: (p) => p.locator('[aria-busy="true"]').first(), passing: true }, ready: o.ready, failed: o.failed },
  })
}

/**
 * The map of a command actor (actors/kit command: idle, submitting, succeeded, failed) whose form a
 * player fills and submits: the submission (`submit`: the form opened, filled and sent as a person
 * does), the hall's ordinary answer, a refusal the test hall is told to give (`refusal`: the call's
 * path and a service code the form shows), what the form shows after each, and how a person starts
 * over after a refusal (`reset`: the view's command.reset, e.g. typing a new amount), or why the
 * screen offers no way. A player signs in first and may log out (a logout forgets the form).
 */
export const commandMap = <M extends AnyStateMachine>(o: {
  readonly name: string
  /** The command actor: its id and machine (actors/<domain> exports it). */
  readonly command: { readonly id: string; readonly machine: M; readonly call: { readonly name: string; readonly path: string } }
  /** The submission's payload as the model sends it (its content decides nothing but the request's shape). */
  readonly payload: Readonly<Record<string, unknown>>
  /** The hall's answer as the model has it. */
  readonly answer: unknown
  readonly submit: QaStep<unknown>
  readonly refusal: { readonly code: number; readonly say: string }
  readonly idle: QaScreen
  readonly succeeded: QaScreen
  readonly failed: QaScreen
  readonly submitting?: QaScreen
  readonly reset?: QaStep<unknown> | { readonly cannot: string }
  /** Whether a person can submit again in this state (default: yes); a path has two submissions at most. */
  readonly submitsIn?: (value: 'idle' | 'succeeded' | 'failed') => boolean
  /** The states a person can start the form over from (default: failed). */
  readonly resetIn?: ReadonlyArray<'succeeded' | 'failed'>
  readonly player?: PlayerOptions
  readonly prepare?: QaMap<M>['prepare']
  readonly unreachable?: Readonly<Record<string, string>>
}): QaMap<M> => {
  type E = EventFromLogic<M>
  const call = o.command.call.name
  const cannotReset = o.reset !== undefined && 'cannot' in o.reset
  return defineMap<M>({
    name: o.name,
    actor: o.command.id,
    machine: o.command.machine,
    ...(o.player === undefined ? {} : { player: o.player }),
    ...(o.prepare === undefined ? {} : { prepare: o.prepare }),
    events: (s) => {
      const c = (s as { context: { pendingId: string | null; requestCount: number; real: boolean } }).context
      const value = (s as { value: unknown }).value as 'idle' | 'submitting' | 'succeeded' | 'failed'
      const out: LobbyEvent[] = [c.real ? loggedOut : loggedIn]
      if (c.real && value !== 'submitting' && c.requestCount < 2 && (o.submitsIn?.(value) ?? true)) {
        out.push({ type: 'command.submitted', command: o.command.id, call, payload: o.payload })
      }
      if (c.pendingId !== null) {
        out.push({ type: 'hall.responded', requestId: c.pendingId, call, data: o.answer })
        out.push({ type: 'hall.failed', requestId: c.pendingId, call, error: { _tag: 'ServiceCode', code: o.refusal.code, msg: 'refused' } })
      }
      if (c.real && (o.resetIn ?? ['failed']).includes(value as 'failed')) out.push({ type: 'command.reset', command: o.command.id })
      return out as unknown as ReadonlyArray<E>
    },
    does: {
      'session.loggedIn': signIn,
      'session.loggedOut': signOut,
      'command.submitted': o.submit,
      ...(o.reset === undefined || cannotReset ? {} : { 'command.reset': o.reset }),
    },
    hall: {
      'hall.failed': {
        say: `the hall refuses ${o.command.call.path} (${o.refusal.say}, code ${o.refusal.code})`,
        run: async ({ control }) => {
          await control('force', { path: o.command.call.path, code: o.refusal.code, msg: 'refused by QA', times: 1 })
        },
      },
    },
    auto: ['hall.responded'],
    ...(o.unreachable === undefined ? {} : { unreachable: o.unreachable }),
    ...(o.reset === undefined ? { cannot: { 'command.reset': 'the map gives no way to start the form over' } } : cannotReset ? { cannot: { 'command.reset': (o.reset as { cannot: string }).cannot } } : {}),
    shows: {
      idle: o.idle,
      submitting: o.submitting ?? { say: 'the submit button busy', find: (p) => p.locator('button[aria-busy="true"]').first(), passing: true },
      succeeded: o.succeeded,
      failed: o.failed,
    },
  })
}
