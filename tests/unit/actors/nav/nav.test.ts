import { describe, expect, it } from 'vitest'
import { createActor, type AnyEventObject } from 'xstate'
import {
  locationOf,
  navMachine,
  resolveEntry,
  resolvePath,
  selectCurrentTab,
  selectNavPhase,
  selectParams,
  selectPath,
  selectQuery,
  selectRouteName,
  selectShowsTabBar,
} from '../../../../actors/nav'
import type { LobbyEvent } from '../../../../schemas/events'
import { appStarted } from '../../../support/site-fixtures'

const ready: LobbyEvent = {
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
const real: LobbyEvent = { type: 'session.loggedIn', mode: 'normal', username: 'player1', accountType: 0, real: true, mustChangePassword: false }
const guest: LobbyEvent = { type: 'session.loggedIn', mode: 'trymode', username: 'guest1', accountType: 1, real: false, mustChangePassword: false }
const prompt: LobbyEvent = { type: 'session.authPromptNeeded', mode: 'login' }
const started = (path: string) => appStarted({ url: `http://127.0.0.1:8080${path}` })
const go = (name: string, more: Partial<Extract<LobbyEvent, { type: 'nav.requested' }>> = {}): LobbyEvent => ({ type: 'nav.requested', name, ...more })
const moved = (path: string, search = ''): LobbyEvent => ({ type: 'nav.locationChanged', path, search })

/** Runs events against a fresh nav actor; returns the actor and what it emitted. */
const run = (...events: LobbyEvent[]) => {
  const actor = createActor(navMachine)
  const emitted: AnyEventObject[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  for (const e of events) actor.send(e as never)
  return { actor, snap: actor.getSnapshot(), emitted }
}
const navs = (emitted: AnyEventObject[]) => emitted.filter((e) => e.type === 'nav.navigated')

describe('location rules', () => {
  it('redirects / and /home to the game page and /home/event to the event index, keeping the query', () => {
    expect(resolvePath('/', '?id=7')).toMatchObject({ location: { name: 'game', path: '/home/game', search: '?id=7' }, changed: true })
    expect(resolvePath('/home', '').location.name).toBe('game')
    expect(resolvePath('/home/event', '').location).toMatchObject({ name: 'eventIndex', path: '/home/event/index' })
  })

  it('sends unknown paths to /404 and parses route params', () => {
    expect(resolvePath('/nowhere', '?a=1')).toMatchObject({ location: { name: 'notFound', path: '/404', search: '' }, changed: true })
    expect(resolvePath('/home/event/detail/t1/42', '').location).toMatchObject({ name: 'eventDetail', params: { template: 't1', eventId: '42' } })
    expect(resolvePath('/home/game', '').changed).toBe(false)
  })

  it('applies link types and the id+cid rule at entry', () => {
    expect(resolveEntry('http://x/?linkType=3&aid=1').location).toMatchObject({ name: 'game', query: { linkType: '3', aid: '1', gameCategoryId: '113' } })
    expect(resolveEntry('http://x/?linkType=5').location.name).toBe('eventIndex')
    expect(resolveEntry('http://x/home/vip?id=1&cid=2').location).toMatchObject({ name: 'error', path: '/error', search: '' })
    expect(resolveEntry('http://x/?id=1&cid=').location.name).toBe('game')
    expect(resolveEntry('http://x/home/game?linkType=2')).toMatchObject({ location: { name: 'game' }, changed: false })
  })

  it('refuses unknown names, path-looking names and missing params', () => {
    expect(locationOf('nope')).toBeUndefined()
    expect(locationOf('/home/vip')).toBeUndefined()
    expect(locationOf('eventDetail', { template: 'a' })).toBeUndefined()
    expect(locationOf('eventDetail', { template: 'a', eventId: 'b c' })?.path).toBe('/home/event/detail/a/b%20c')
  })
})

describe('nav actor', () => {
  it('takes the entry URL at start and replaces it when a redirect applies', () => {
    const { snap, emitted } = run(started('/?gtagId=g'))
    expect(selectRouteName(snap)).toBe('game')
    expect(selectPath(snap)).toBe('/home/game')
    expect(selectQuery(snap)).toEqual({ gtagId: 'g' })
    expect(navs(emitted)).toEqual([{ type: 'nav.navigated', name: 'game', path: '/home/game', search: '?gtagId=g', replace: true }])
    expect(selectNavPhase(snap)).toBe('booting')
  })

  it('ignores the history runner reporting the location it already has', () => {
    const { emitted, snap } = run(started('/home/game'), moved('/home/game'))
    expect(emitted).toEqual([])
    expect(snap.value).toBe('booting')
  })

  it('navigates by name, ignores a duplicate, and refuses a path or an unknown name', () => {
    const { snap, emitted } = run(started('/home/game'), ready, real, go('vip'), go('vip'), go('/home/about'), go('nowhere'))
    expect(navs(emitted)).toEqual([{ type: 'nav.navigated', name: 'vip', path: '/home/vip', search: '', replace: false }])
    expect(selectRouteName(snap)).toBe('vip')
  })

  it('builds params and query into the path', () => {
    const { snap, emitted } = run(started('/home/game'), ready, real, go('eventDetail', { params: { template: 't', eventId: '9' }, query: { x: '1' }, replace: true }))
    expect(navs(emitted)).toEqual([{ type: 'nav.navigated', name: 'eventDetail', path: '/home/event/detail/t/9', search: '?x=1', replace: true }])
    expect(selectParams(snap)).toEqual({ template: 't', eventId: '9' })
  })

  it('a private entry route without a real login goes to root once the first load settles', () => {
    const { snap, emitted } = run(started('/home/vip?click_id=c&foo=1'), ready)
    expect(selectNavPhase(snap)).toBe('pending')
    const after = run(started('/home/vip?click_id=c&foo=1'), ready, guest)
    expect(selectNavPhase(after.snap)).toBe('ready')
    expect(navs(after.emitted).at(-1)).toEqual({ type: 'nav.navigated', name: 'game', path: '/home/game', search: '?click_id=c', replace: true })
    expect(navs(emitted)).toEqual([])
  })

  it('a private entry route stays for a real login', () => {
    const { snap, emitted } = run(started('/home/vip'), ready, real)
    expect(selectRouteName(snap)).toBe('vip')
    expect(emitted).toEqual([])
  })

  it('after the first load a refused private route stays and announces nav.guardBlocked', () => {
    const { snap, emitted } = run(started('/home/game'), ready, prompt, go('withdraw'))
    expect(selectRouteName(snap)).toBe('game')
    expect(emitted).toEqual([{ type: 'nav.guardBlocked', name: 'withdraw' }])
  })

  it('back to a private route without a login restores the address bar', () => {
    const { snap, emitted } = run(started('/home/game'), ready, guest, moved('/home/vip'))
    expect(selectRouteName(snap)).toBe('game')
    expect(emitted).toEqual([
      { type: 'nav.guardBlocked', name: 'vip' },
      { type: 'nav.navigated', name: 'game', path: '/home/game', search: '', replace: true },
    ])
  })

  it('follows back and forward without announcing a move the browser already made', () => {
    const { snap, emitted } = run(started('/home/game'), ready, prompt, moved('/home/about'), moved('/home/event'))
    expect(selectRouteName(snap)).toBe('eventIndex')
    expect(navs(emitted)).toEqual([{ type: 'nav.navigated', name: 'eventIndex', path: '/home/event/index', search: '', replace: true }])
  })

  it('logout and token expiry go to root keeping only the kept query keys', () => {
    for (const reason of ['logout', 'expired'] as const) {
      const { snap, emitted } = run(started('/home/report?current=1&pixel_id=p'), ready, real, { type: 'session.loggedOut', reason })
      expect(selectPath(snap)).toBe('/home/game')
      expect(navs(emitted)).toEqual([{ type: 'nav.navigated', name: 'game', path: '/home/game', search: '?pixel_id=p', replace: false }])
    }
  })

  it('the Mine tab: a guest is sent to the game page with the home tab', () => {
    const entry = run(started('/home/game?tabItem=mine&platformId=3'), ready, guest)
    expect(selectQuery(entry.snap)).toEqual({ platformId: '3' })
    expect(selectCurrentTab(entry.snap)).toBe('home')
    const asked = run(started('/home/sports'), ready, guest, go('game', { query: { tabItem: 'mine' } }))
    expect(navs(asked.emitted)).toEqual([{ type: 'nav.navigated', name: 'game', path: '/home/game', search: '', replace: false }])
    const realMine = run(started('/home/sports'), ready, real, go('game', { query: { tabItem: 'mine' } }))
    expect(selectCurrentTab(realMine.snap)).toBe('mine')
    const lost = run(started('/home/sports'), ready, real, go('game', { query: { tabItem: 'mine' } }), guest)
    expect(selectCurrentTab(lost.snap)).toBe('home')
  })

  it('site.blocked shows its error page; a successful retry returns to the entry', () => {
    const blocked = run(started('/home/about'), { type: 'site.blocked', page: '/pages/503', reason: 'siteMaintenanceStatus' })
    expect(selectRouteName(blocked.snap)).toBe('page503')
    expect(selectNavPhase(blocked.snap)).toBe('blocked')
    expect(navs(blocked.emitted)).toEqual([{ type: 'nav.navigated', name: 'page503', path: '/pages/503', search: '', replace: true }])
    const back = run(started('/home/about'), { type: 'site.blocked', page: '/pages/500', reason: 'Network' }, ready)
    expect(selectRouteName(back.snap)).toBe('about')
  })

  it('an error page as entry goes to root once the site is ready', () => {
    const { snap } = run(started('/pages/500'), ready)
    expect(selectRouteName(snap)).toBe('game')
  })

  it('says where the tab bar shows and which tab is current', () => {
    expect(selectShowsTabBar(run(started('/home/sports')).snap)).toBe(true)
    expect(selectShowsTabBar(run(started('/home/vip')).snap)).toBe(false)
    expect(selectCurrentTab(run(started('/home/sports')).snap)).toBe('sport')
    expect(selectCurrentTab(run(started('/home/service')).snap)).toBe('service')
    expect(selectCurrentTab(run(started('/home/about')).snap)).toBeNull()
  })
})
