import { describe, expect, it } from 'vitest'
import type { AnyEventObject, EventFromLogic, SnapshotFrom } from 'xstate'
import { navMachine, resolvePath } from '../../actors/nav'
import type { EventOfType } from '../../schemas/events'
import { routeByName } from '../../schemas/routes'
import { appStarted } from '../support/site-fixtures'
import { modelHarness, type StepCheck } from './harness'

type NavSnapshot = SnapshotFrom<typeof navMachine>
type NavEvent = EventFromLogic<typeof navMachine>

// ---------------------------------------------------------------------------------------------
// Sample events. Each entry URL, request and location exists to take one rule of the actor; the
// entry rules that only produce another location (404, the id+cid error page) are unit-tested, so
// the state space (locations × entries × who the player is) stays small enough to run every path.

const started = (path: string) => appStarted({ url: `http://127.0.0.1:8080${path}` })
const STARTS = {
  root: started('/?gtagId=g&x=1'),
  privateEntry: started('/home/vip?click_id=c'),
  testRegister: started('/?linkType=3'),
  event: started('/?linkType=5'),
  errorPage: started('/pages/500'),
  mine: started('/home/game?tabItem=mine'),
} satisfies Record<string, NavEvent>

const READY: EventOfType<'site.ready'> = {
  type: 'site.ready',
  siteCode: '001',
  language: 'en_US',
  currency: 'USD',
  languages: ['en_US'],
  currencies: ['USD'],
  systemToken: '',
  autoVisitorLogin: true,
  device: 'desktop',
}
const BLOCKED = {
  p500: { type: 'site.blocked', page: '/pages/500', reason: 'Network' },
  p503: { type: 'site.blocked', page: '/pages/503', reason: 'siteMaintenanceStatus' },
} satisfies Record<string, NavEvent>
const SESSION = {
  real: { type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false },
  guest: { type: 'session.loggedIn', mode: 'trymode', username: 'g', accountType: 1, real: false, mustChangePassword: false },
  prompt: { type: 'session.authPromptNeeded', mode: 'login' },
  logout: { type: 'session.loggedOut', reason: 'logout' },
  expired: { type: 'session.loggedOut', reason: 'expired' },
} satisfies Record<string, NavEvent>
const REQUESTS: ReadonlyArray<NavEvent> = [
  { type: 'nav.requested', name: 'vip' },
  { type: 'nav.requested', name: 'about' },
  { type: 'nav.requested', name: 'game', query: { tabItem: 'mine' } },
  { type: 'nav.requested', name: 'eventDetail', params: { template: 't', eventId: '9' }, replace: true },
  { type: 'nav.requested', name: 'nope' },
  { type: 'nav.requested', name: '/home/about' },
]
const MOVES: ReadonlyArray<NavEvent> = [
  { type: 'nav.locationChanged', path: '/home/vip', search: '' },
  { type: 'nav.locationChanged', path: '/home/about', search: '' },
  { type: 'nav.locationChanged', path: '/nowhere', search: '' },
  { type: 'nav.locationChanged', path: '/home/game', search: '?tabItem=mine' },
]

/**
 * The sample events, by state, as the system can send them: the site blocks or becomes ready only
 * while initialising (or, ready, after a retry from its error page); the session speaks from the
 * moment the site is ready (one notice while booting checks it is remembered); views navigate once
 * the shell is shown; the browser moves at any time.
 */
const navEvents = (s: NavSnapshot): NavEvent[] => {
  const value = String(s.value)
  if (value === 'idle') return Object.values(STARTS)
  const here: NavEvent[] = s.context.location === null ? [] : [{ type: 'nav.locationChanged', path: s.context.location.path, search: s.context.location.search }]
  switch (value) {
    case 'booting':
      return [READY, ...Object.values(BLOCKED), SESSION.real, SESSION.prompt, SESSION.logout, MOVES[0]!, ...here]
    case 'blocked':
      return [READY]
    default:
      return [...Object.values(SESSION), ...REQUESTS, ...MOVES, ...here]
  }
}

// ---------------------------------------------------------------------------------------------
// What must hold after every step, whatever the path.

const ofType = (events: ReadonlyArray<AnyEventObject>, type: string) => events.filter((e) => e.type === type)
const isPrivateName = (name: string | undefined) => name !== undefined && routeByName(name)?.private === true

const navInvariants = () => {
  let before: NavSnapshot | null = null
  return ({ real, event, emitted, step }: StepCheck<typeof navMachine, typeof navMachine>) => {
    if (step === 0) before = null
    const value = String(real.value)
    const l = real.context.location

    if (value !== 'idle') {
      expect(l).not.toBeNull()
      // The location is canonical: resolving its own URL gives it back unchanged.
      const again = resolvePath(l!.path, l!.search)
      expect(again.changed).toBe(false)
      expect(again.location).toEqual(l)
    }

    // Every move announced is the location the actor now holds (the last one wins).
    const moves = ofType(emitted, 'nav.navigated')
    expect(moves.length).toBeLessThanOrEqual(1)
    if (moves.length === 1) expect(moves[0]).toMatchObject({ name: l!.name, path: l!.path, search: l!.search })

    // After the first page load, a private route or the Mine tab is only ever shown to a real login.
    if (value === 'running' && real.context.auth !== 'real') {
      expect(isPrivateName(l?.name)).toBe(false)
      expect(l?.query['tabItem']).not.toBe('mine')
    }
    // A blocked site shows one of its error pages.
    if (value === 'blocked') expect(['page500', 'page503', 'page403']).toContain(l?.name)

    if (before !== null && event !== null) {
      const unchanged = JSON.stringify(before.context.location) === JSON.stringify(l)
      // Nothing changed on screen: nothing is announced, except the address bar put back after a refused back/forward.
      if (unchanged && event.type !== 'nav.locationChanged') expect(moves).toEqual([])
      // A refused request or location names a private route, and the screen stays.
      for (const blocked of ofType(emitted, 'nav.guardBlocked')) {
        expect(isPrivateName(blocked['name'] as string)).toBe(true)
        expect(unchanged).toBe(true)
      }
      // A request by path or by an unknown name changes nothing.
      if (event.type === 'nav.requested' && routeByName(event.name) === undefined) {
        expect(emitted).toEqual([])
        expect(unchanged).toBe(true)
      }
    }
    before = real
  }
}

const nav = modelHarness({
  name: 'nav',
  machine: navMachine,
  events: navEvents,
  check: navInvariants(),
})

// ---------------------------------------------------------------------------------------------

describe('nav actor model', () => {
  it('follows the model on every generated path and covers every state and transition', () => {
    const report = nav.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
    expect(report.droppedPaths).toBe(0)
    // About 3 000 paths: generous time on a busy machine.
  }, 90_000)

  it('entry with test-register, then a guest: the demo category stays, no guard involved', () => {
    const { real, emitted } = nav.runEvents([STARTS.testRegister, READY, SESSION.guest])
    expect(real.context.location).toMatchObject({ name: 'game', query: { linkType: '3', gameCategoryId: '113' } })
    expect(emitted).toEqual([{ type: 'nav.navigated', name: 'game', path: '/home/game', search: '?linkType=3&gameCategoryId=113', replace: true }])
  })

  it('a private entry, a visitor: root with the kept query, then a refused request announces the guard', () => {
    const { real, emitted } = nav.runEvents([STARTS.privateEntry, READY, SESSION.prompt, { type: 'nav.requested', name: 'vip' }])
    expect(real.value).toBe('running')
    expect(emitted).toEqual([
      { type: 'nav.navigated', name: 'game', path: '/home/game', search: '?click_id=c', replace: true },
      { type: 'nav.guardBlocked', name: 'vip' },
    ])
  })

  it('blocked, retried, ready: back on the entry location', () => {
    const { real, emitted } = nav.runEvents([STARTS.event, BLOCKED.p503, READY])
    expect(real.context.location?.name).toBe('eventIndex')
    expect(emitted.map((e) => e['path'])).toEqual(['/home/event/index', '/pages/503', '/home/event/index'])
  })
})
