import { describe, expect, it } from 'vitest'
import { assign, setup, type AnyEventObject, type SnapshotFrom } from 'xstate'
import { CLOSE_DELAY_MS, popupsMachine, type PopupsEvent } from '../../actors/popups'
import type { EventOfType } from '../../schemas/events'
import type { PopupId } from '../../schemas/events/popup'
import { modelHarness, type DelayEvent, type StepCheck } from './harness'

// ---------------------------------------------------------------------------------------------
// The test model: the queue's rules written out again, independently of actors/popups, over an
// abstract context: the live popups in arrival order (open or waiting), the one in the slot, and
// whether the site is ready. Time is the explicit `delay` event.

const SIGN_IN: ReadonlyArray<PopupId> = ['auth', 'login', 'register']
const rank = (id: PopupId): number =>
  ({ tokenExpired: 0, forceChangePwd: 1, forceBind: 2, forcePopup: 3, rechargePopup: 4, newBenefitsModal: 5 })[id as string] ?? 6
const closable = (id: PopupId): boolean => id !== 'tokenExpired' && id !== 'forceChangePwd' && id !== 'forceBind'
/** The popups of a signed-in session: they go when it ends. */
const SESSION: ReadonlyArray<PopupId> = ['logoutConfirm', 'forceChangePwd', 'forceBind', 'forcePopup', 'rechargePopup', 'newBenefitsModal', 'downloadApp']
/** The live popups in the order they will show: by rank, arrival order among equals. */
const ordered = (live: ReadonlyArray<PopupId>): PopupId[] => [...live].sort((a, b) => rank(a) - rank(b))

interface ModelContext {
  /** Popups open or waiting, in arrival order (a popup sent back keeps its place). */
  readonly live: ReadonlyArray<PopupId>
  /** The open popup (state open) or the one closing (state closing). */
  readonly slot: PopupId | null
  readonly siteReady: boolean
}

type ModelEvent = PopupsEvent | DelayEvent

/** What an event does, as the model sees it: the new live list, and whether the open popup leaves. */
const step = (c: ModelContext, isOpen: boolean, e: ModelEvent): { live: ReadonlyArray<PopupId>; slot: PopupId | null; leaves: boolean } => {
  let live = c.live
  let slot = c.slot
  let leaves = false
  const openNow = () => isOpen && !leaves
  const remove = (ids: ReadonlyArray<PopupId>) => {
    live = live.filter((id) => !ids.includes(id))
    if (openNow() && slot !== null && ids.includes(slot)) leaves = true
  }
  const ask = (id: PopupId) => {
    if (live.includes(id)) return
    const signIn = live.find((x) => SIGN_IN.includes(x))
    if (SIGN_IN.includes(id) && signIn !== undefined) {
      live = live.map((x) => (x === signIn ? id : x))
      if (openNow() && slot === signIn) slot = id
      return
    }
    live = [...live, id]
    if (openNow() && slot !== null && rank(id) < rank(slot)) leaves = true // the open one stays live: it comes back
  }
  switch (e.type) {
    case 'popup.openRequested': ask(e.popup); break
    case 'popup.closeRequested': if (closable(e.popup)) remove([e.popup]); break
    case 'session.authPromptNeeded': ask(e.mode); break
    case 'session.logoutRequested': ask('logoutConfirm'); break
    case 'session.logoutConfirmed':
    case 'session.logoutCancelled': remove(['logoutConfirm']); break
    case 'session.tokenExpired': remove(SESSION); ask('tokenExpired'); break
    case 'session.expiredAcknowledged': remove(['tokenExpired']); break
    case 'session.loggedIn':
      if (e.real) remove(SIGN_IN)
      if (e.mustChangePassword) ask('forceChangePwd')
      else remove(['forceChangePwd'])
      break
    case 'session.loggedOut': remove(SESSION); break
    case 'nav.guardBlocked': ask('login'); break
    case 'postlogin.popupRequested':
    case 'framebox.popupRequested':
    case 'notices.popupRequested':
    case 'games.popupRequested': ask(e.popup); break
    case 'postlogin.popupDismissed':
    case 'framebox.popupDismissed':
    case 'games.popupDismissed': remove([e.popup]); break
    case 'errors.reported': ask('serviceError'); break
    default: break
  }
  return { live, slot, leaves }
}

const QUEUE_EVENTS = [
  'popup.openRequested', 'popup.closeRequested', 'session.authPromptNeeded', 'session.logoutRequested',
  'session.logoutConfirmed', 'session.logoutCancelled', 'session.tokenExpired', 'session.expiredAcknowledged',
  'session.loggedIn', 'session.loggedOut', 'nav.guardBlocked',
  'postlogin.popupRequested', 'postlogin.popupDismissed', 'framebox.popupRequested', 'framebox.popupDismissed',
  'games.popupRequested', 'games.popupDismissed', 'errors.reported', 'notices.popupRequested',
] as const

const popupsModel = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  guards: {
    canOpen: ({ context }) => context.siteReady && context.live.length > 0,
    leaves: ({ context, event }) => step(context, true, event).leaves,
    closeDue: ({ event }) => event.type === 'delay' && event.ms >= CLOSE_DELAY_MS,
  },
  actions: {
    ready: assign({ siteReady: true }),
    apply: assign(({ context, event }, p: { isOpen: boolean }) => {
      const r = step(context, p.isOpen, event)
      return { live: r.live, slot: p.isOpen ? r.slot : context.slot }
    }),
    take: assign(({ context }) => {
      const next = ordered(context.live)[0] ?? null
      return { slot: next, live: context.live }
    }),
    clear: assign({ slot: null }),
  },
}).createMachine({
  id: 'popupsModel',
  context: { live: [], slot: null, siteReady: false },
  initial: 'waiting',
  on: {
    'site.ready': { actions: 'ready' },
    ...Object.fromEntries(QUEUE_EVENTS.map((t) => [t, { actions: { type: 'apply', params: { isOpen: false } } }])),
  },
  states: {
    waiting: { always: { guard: 'canOpen', target: 'open' } },
    open: {
      entry: 'take',
      on: Object.fromEntries(
        QUEUE_EVENTS.map((t) => [
          t,
          [
            { guard: 'leaves', target: 'closing', actions: { type: 'apply', params: { isOpen: true } } },
            { actions: { type: 'apply', params: { isOpen: true } } },
          ],
        ]),
      ),
    },
    closing: {
      on: { delay: { guard: 'closeDue', target: 'waiting', actions: 'clear' } },
    },
  },
})

type ModelSnapshot = SnapshotFrom<typeof popupsModel>

// ---------------------------------------------------------------------------------------------
// Sample events: a few popups of each kind, every session notice, and time.

const siteReady = (device: 'mobile' | 'desktop'): EventOfType<'site.ready'> => ({
  type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'USD', languages: ['en_US'], currencies: ['USD'],
  systemToken: '', autoVisitorLogin: false, device,
})
const loggedIn = (real: boolean, mustChangePassword: boolean): ModelEvent => ({
  type: 'session.loggedIn', mode: 'normal', username: 'player1', accountType: real ? 0 : 1, real, mustChangePassword,
})
const SAMPLES: ReadonlyArray<ModelEvent> = [
  siteReady('desktop'),
  { type: 'popup.openRequested', popup: 'login' },
  { type: 'popup.openRequested', popup: 'register' },
  // A view asking for an urgent popup directly: it steps in front like the session's would.
  { type: 'popup.openRequested', popup: 'forceChangePwd' },
  { type: 'popup.closeRequested', popup: 'login' },
  { type: 'popup.closeRequested', popup: 'tokenExpired' },
  { type: 'popup.closeRequested', popup: 'forceChangePwd' },
  { type: 'session.authPromptNeeded', mode: 'register' },
  { type: 'session.logoutRequested' },
  { type: 'session.logoutConfirmed' },
  { type: 'session.logoutCancelled' },
  { type: 'session.tokenExpired' },
  { type: 'session.expiredAcknowledged' },
  loggedIn(true, false),
  loggedIn(true, true),
  loggedIn(false, false),
  { type: 'session.loggedOut', reason: 'logout' },
  { type: 'nav.guardBlocked', name: 'vip' },
  // The post-login sequence and the frame box ask for their popups and close them.
  { type: 'postlogin.popupRequested', popup: 'forceBind', props: { item: 'phone' } },
  { type: 'postlogin.popupDismissed', popup: 'forceBind' },
  { type: 'framebox.popupRequested', popup: 'forcePopup', props: { frame: 1 } },
  { type: 'framebox.popupDismissed', popup: 'forcePopup' },
  // The game launch asks for registration (3004) and closes a popup it asked for (the phone
  // verification once bound; an unranked, closable popup like registration, so no new id is needed).
  { type: 'games.popupRequested', popup: 'register' },
  { type: 'games.popupDismissed', popup: 'register' },
  // The maintenance rule and the first receive ask for their unranked, closable popups (an id the
  // model already has, so the state space stays the same).
  { type: 'notices.popupRequested', popup: 'register', props: {} },
  // A call's failure: the error modal, one at a time.
  { type: 'errors.reported', message: 'refused', translate: false, code: 5000 },
  { type: 'popup.closeRequested', popup: 'serviceError' },
  { type: 'delay', ms: CLOSE_DELAY_MS - 1 },
  { type: 'delay', ms: CLOSE_DELAY_MS },
]

/** Before the site is ready only a few requests are offered, so the space stays small. */
const samples = (s: ModelSnapshot): ReadonlyArray<ModelEvent> =>
  s.context.siteReady
    ? // The error modal is one more unranked popup: it joins a short queue, and while it is live only
      // closes, delays and a sign-out are offered, so the space stays small.
      s.context.live.includes('serviceError')
      ? SAMPLES.filter((e) => e.type === 'popup.closeRequested' || e.type === 'delay' || e.type === 'session.loggedOut')
      : SAMPLES.filter((e) => (e.type !== 'errors.reported' || s.context.live.length <= 1) && (e.type !== 'notices.popupRequested' || s.context.live.length <= 1))
    : SAMPLES.filter((e) => e.type === 'site.ready' || e.type === 'session.tokenExpired' || (e.type === 'popup.openRequested' && e.popup === 'login') || e.type === 'session.authPromptNeeded')

// ---------------------------------------------------------------------------------------------
// What must hold after every step.

const ofType = (events: ReadonlyArray<AnyEventObject>, type: string) => events.filter((e) => e.type === type)

/** The notices one step must emit, from the model before and after it. */
const expectedNotices = (before: ModelSnapshot, after: ModelSnapshot): AnyEventObject[] => {
  const was = String(before.value)
  const is = String(after.value)
  const out: AnyEventObject[] = []
  if (was === 'closing' && is !== 'closing') out.push({ type: 'popup.closed', popup: before.context.slot })
  if (was === 'open' && is === 'open' && before.context.slot !== after.context.slot) out.push({ type: 'popup.shown', popup: after.context.slot })
  if (was === 'open' && is === 'closing') out.push({ type: 'popup.shown', popup: null })
  if (was !== 'open' && is === 'open') out.push({ type: 'popup.shown', popup: after.context.slot })
  return out
}

const popupsInvariants = () => {
  let before: ModelSnapshot | null = null
  return ({ real, model, emitted, step: n }: StepCheck<typeof popupsMachine, typeof popupsModel>) => {
    if (n === 0) before = null
    const state = String(model.value)
    // The slot and the queue are the ones the model predicts.
    expect(real.context.current?.id ?? null).toBe(model.context.slot)
    const waiting = state === 'open' ? model.context.live.filter((id) => id !== model.context.slot) : model.context.live
    expect(real.context.queue.map((e) => e.id)).toEqual(ordered(waiting))
    // The token-expired modal is never open or queued twice.
    const openId = state === 'open' ? [real.context.current?.id] : []
    expect([...openId, ...real.context.queue.map((e) => e.id)].filter((id) => id === 'tokenExpired').length).toBeLessThanOrEqual(1)
    // Exactly the notices the phase changes call for.
    const notices = [...ofType(emitted, 'popup.shown'), ...ofType(emitted, 'popup.closed')]
    if (before !== null) expect(emitted).toEqual(expectedNotices(before, model))
    else expect(notices).toEqual([])
    before = model
  }
}

const popups = modelHarness({
  name: 'popups',
  machine: popupsMachine,
  model: popupsModel,
  events: samples,
  check: popupsInvariants(),
  // Only the order the live popups will show in matters (arrival order among equal ranks), not
  // when an urgent one arrived relative to the rest.
  serializeState: (s) => JSON.stringify({ value: s.value, live: ordered(s.context.live), slot: s.context.slot, ready: s.context.siteReady }),
  limits: { traversal: 200_000, paths: 30_000 },
})

// ---------------------------------------------------------------------------------------------

describe('popups actor model', () => {
  it('follows the model on every generated path and covers every state and transition', () => {
    const report = popups.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
    expect(report.droppedPaths).toBe(0)
  })

  it('after a login that must change the password: login closes, the forced change opens, the rest waits', () => {
    const { real, emitted } = popups.runEvents([
      siteReady('desktop'),
      { type: 'popup.openRequested', popup: 'login' },
      { type: 'popup.openRequested', popup: 'pay' },
      loggedIn(true, true),
      { type: 'delay', ms: CLOSE_DELAY_MS },
    ])
    expect(emitted).toEqual([
      { type: 'popup.shown', popup: 'login' },
      { type: 'popup.shown', popup: null },
      { type: 'popup.closed', popup: 'login' },
      { type: 'popup.shown', popup: 'forceChangePwd' },
    ])
    expect(real.context.queue.map((e) => e.id)).toEqual(['pay'])
  })

  it('a storm of token-expired notices shows one modal', () => {
    const { emitted } = popups.runEvents([
      { type: 'session.tokenExpired' },
      siteReady('mobile'),
      { type: 'session.tokenExpired' },
      { type: 'session.tokenExpired' },
    ])
    expect(ofType(emitted, 'popup.shown')).toEqual([{ type: 'popup.shown', popup: 'tokenExpired' }])
  })
})
