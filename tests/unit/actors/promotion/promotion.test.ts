import { describe, expect, it } from 'vitest'
import {
  arrivalKeyOf, demoAddressOf, invitationOf, pixelsOf, pointsRequestOf, promoteGameActor, promoteGameIdOf, promoterInfoOf, promotionActor, selectInvitation,
} from '../../../../actors/promotion'
import { resolveEntry } from '../../../../actors/nav'
import type { LobbyEvent } from '../../../../schemas/events'
import { runActors } from '../../../support/actors'
import { appStarted } from '../../../support/site-fixtures'

const ready: LobbyEvent = { type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'USD', languages: ['en_US'], currencies: ['USD'], systemToken: '', autoVisitorLogin: false, device: 'desktop' }
const arrived = (url: string, reported = false): LobbyEvent => ({ type: 'promotion.arrived', promoterInfo: promoterInfoOf(url), accessUrl: url, visitorDevice: 'fp-1', reported })

describe('promotion rules', () => {
  it('keep only the root keys of spec §2 as promotion values, and the link is id or cid, never both', () => {
    const info = promoterInfoOf('http://x/?id=7&foo=1&gtagId=G-1&cid=')
    expect(info).toEqual({ id: '7', gtagId: 'G-1' })
    expect([arrivalKeyOf(info), pointsRequestOf(info)]).toEqual(['id:7', { idx: '7', idxType: 2 }])
    expect(pointsRequestOf(promoterInfoOf('http://x/?cid=c9'))).toEqual({ idx: 'c9', idxType: 1 })
    expect(arrivalKeyOf(promoterInfoOf('http://x/?id=1&cid=2'))).toBeNull()
    expect(arrivalKeyOf(promoterInfoOf('http://x/?gtagId=G-1'))).toBeNull()
  })

  it('the root address drops unknown keys; another page keeps its own query', () => {
    expect(resolveEntry('http://x/?id=1&utm=2&linkType=4&site=001')).toMatchObject({ location: { name: 'game', query: { id: '1', linkType: '4', site: '001' }, search: '?id=1&linkType=4&site=001' }, changed: true })
    expect(resolveEntry('http://x/home/game?gameCategoryId=3&utm=2')).toMatchObject({ location: { query: { gameCategoryId: '3', utm: '2' } }, changed: false })
  })

  it('load only the configured kinds, the query’s id before the config’s, once per kind and id', () => {
    const info = promoterInfoOf('http://x/?cid=c&gtagId=G-Q&tiktokBaesCode=T-Q&pixel_id=K-Q')
    expect(pixelsOf(info, [
      { category: 1, type: 1, gid: 'G-C' }, { category: 1, type: 2, gid: 'GTM-C' }, { category: 2, type: 1, gid: 'F-C' }, { category: 3, type: 1, gid: 'K-C' }, { category: 2, type: 1, gid: 'F-C' },
    ])).toEqual([{ kind: 'gtag', id: 'G-Q' }, { kind: 'gtm', id: 'GTM-C' }, { kind: 'facebook', id: 'F-C' }, { kind: 'kwai', id: 'K-Q' }])
    expect(pixelsOf(info, [])).toEqual([])
  })

  it('a promote-game address names a positive game id; the demo address carries no key', () => {
    expect([promoteGameIdOf('http://x/promote-game?SelfOperatedGameId=130009'), promoteGameIdOf('http://x/promote-game?SelfOperatedGameId=-1'), promoteGameIdOf('http://x/promote-game')]).toEqual([130009, null, null])
    const url = new URL(demoAddressOf({ base: '/games/play', origin: 'http://h', gameId: 9, lang: 'en_US', username: 'guest1' }))
    expect([url.origin + url.pathname, url.searchParams.get('gameId'), url.searchParams.get('try'), url.searchParams.has('key')]).toEqual(['http://h/games/play', '9', 'guest1', false])
  })
})

describe('the promotion actor', () => {
  it('reports an arrival by an invite link once the site is ready, then asks the parent agent’s config and chooses its pixels', () => {
    const a = runActors([promotionActor])
    a.send(arrived('http://x/?id=7&gtagId=G-Q'))
    // Before the site is ready only the invitation is kept.
    expect(a.emitted).toEqual([{ type: 'promotion.invitationKept', invitation: { inviteCode: '7' } }])
    a.send(ready, ready)
    const asked = a.emitted.filter((e) => e.type === 'hall.requested')
    expect(asked.map((e) => e.call)).toEqual(['reportView', 'reportClick', 'promotePointGet'])
    expect(asked[0]?.payload).toEqual({ promoter_info: { id: '7', gtagId: 'G-Q' }, accessUrl: 'http://x/?id=7&gtagId=G-Q', visitor_device: 'fp-1' })
    expect(asked[2]?.payload).toEqual({ idx: '7', idxType: 2 })
    a.send({ type: 'hall.responded', requestId: 'promotion-3', call: 'promotePointGet', data: { list: [{ category: 1, type: 1, gid: 'G-C' }] } })
    expect(a.emitted.at(-1)).toEqual({ type: 'promotion.pixelsChosen', pixels: [{ kind: 'gtag', id: 'G-Q' }] })
  })

  it('does not report an arrival this tab reported, but still loads its pixels; a failed config loads none', () => {
    const a = runActors([promotionActor])
    a.send(ready, arrived('http://x/?cid=c1', true))
    expect(a.emitted.map((e) => e.call ?? e.type)).toEqual(['promotion.invitationKept', 'promotePointGet'])
    a.send({ type: 'hall.failed', requestId: 'promotion-1', call: 'promotePointGet', error: { _tag: 'Network', message: 'down' } })
    expect(a.emitted).toHaveLength(2)
  })

  it('asks the buried config of a real player’s own id after the sign-in (idxType 3), once per player, and loads its pixels', () => {
    const signedIn = (playerId: string | undefined, real = true): LobbyEvent => ({
      type: 'session.loggedIn', mode: 'normal', username: 'p1', accountType: real ? 0 : 1, real, mustChangePassword: false, ...(playerId === undefined ? {} : { playerId }),
    })
    const a = runActors([promotionActor])
    // A guest, or a sign-in without an id, asks nothing.
    a.send(ready, signedIn('10000009', false), signedIn(undefined))
    expect(a.emitted).toEqual([])
    a.send(signedIn('10000007'))
    const asked = a.emitted.filter((e) => e.type === 'hall.requested')
    expect(asked.map((e) => [e.call, e.payload])).toEqual([['promotePointGet', { idx: '10000007', idxType: 3, uid: '10000007' }]])
    // The same player again (the forced password change signs in again) asks nothing more.
    a.send(signedIn('10000007'))
    expect(a.emitted.filter((e) => e.type === 'hall.requested')).toHaveLength(1)
    a.send({ type: 'hall.responded', requestId: asked[0]?.requestId ?? '', call: 'promotePointGet', data: { list: [{ category: 4, type: 1, gid: 'tt-self' }, { category: 1, type: 2, gid: 'GTM-S' }] } })
    expect(a.emitted.at(-1)).toEqual({ type: 'promotion.pixelsChosen', pixels: [{ kind: 'tiktok', id: 'tt-self' }, { kind: 'gtm', id: 'GTM-S' }] })
    // Another player signing in on the same page asks for that player's own.
    a.send(signedIn('10000008'))
    expect(a.emitted.filter((e) => e.type === 'hall.requested').map((e) => (e.payload as { idx: string }).idx)).toEqual(['10000007', '10000008'])
  })

  it('asks nothing for pixel ids without a link', () => {
    const a = runActors([promotionActor])
    a.send(ready, arrived('http://x/?gtagId=G-1'))
    expect(a.emitted).toEqual([])
  })
})

describe('the invitation a registration names (the promotion actor)', () => {
  const loaded = (invitation: { inviteCode?: string; channelId?: string } | null): LobbyEvent => ({ type: 'promotion.invitationLoaded', invitation })
  const invitation = (a: ReturnType<typeof runActors>) => selectInvitation(a.snapshot('promotion'))

  it('is the arrival’s link, kept on the device; what the device kept before does not replace it, whatever comes first', () => {
    const a = runActors([promotionActor])
    a.send(arrived('http://x/?cid=chan-9'), loaded({ inviteCode: 'old1' }))
    expect(invitation(a)).toEqual({ channelId: 'chan-9' })
    expect(a.emitted).toEqual([{ type: 'promotion.invitationKept', invitation: { channelId: 'chan-9' } }])
    const b = runActors([promotionActor])
    b.send(loaded({ inviteCode: 'old1' }), arrived('http://x/?id=new_2'))
    expect(invitation(b)).toEqual({ inviteCode: 'new_2' })
    expect(b.emitted).toEqual([{ type: 'promotion.invitationKept', invitation: { inviteCode: 'new_2' } }])
  })

  it('without a link on this page, is what the device kept (only well-formed values), and nothing is kept again', () => {
    const a = runActors([promotionActor])
    expect(invitation(a)).toBeNull()
    a.send(arrived('http://x/?gtagId=G-1'), loaded({ inviteCode: '123' }))
    expect(invitation(a)).toEqual({ inviteCode: '123' })
    expect(a.emitted).toEqual([])
    const b = runActors([promotionActor])
    b.send(loaded({ inviteCode: '<script>', channelId: 'c 1' }))
    expect(invitation(b)).toBeNull()
    b.send(loaded(null))
    expect(invitation(b)).toBeNull()
  })

  it('keeps nothing for a link with both id and cid, or a value the hall never issues', () => {
    for (const url of ['http://x/?id=1&cid=2', 'http://x/?id=%3Cscript%3E', `http://x/?id=${'a'.repeat(41)}`]) {
      const a = runActors([promotionActor])
      a.send(arrived(url), loaded({ channelId: 'kept' }))
      expect([url, invitation(a), a.emitted.filter((e) => e.type === 'promotion.invitationKept')]).toEqual([url, { channelId: 'kept' }, []])
    }
    expect([invitationOf(promoterInfoOf('http://x/?id=7')), invitationOf(promoterInfoOf('http://x/?cid=c'))]).toEqual([{ inviteCode: '7' }, { channelId: 'c' }])
  })
})

describe('the promote-game actor', () => {
  const login = (real: boolean): LobbyEvent => ({ type: 'session.loggedIn', mode: 'trymode', username: 'guest1', accountType: real ? 0 : 1, real, mustChangePassword: false })
  const status = (a: ReturnType<typeof runActors>) => (a.snapshot('promoteGame').context as { status: string }).status

  it('stays off on every other page, whatever happens', () => {
    const a = runActors([promoteGameActor])
    a.send(appStarted({ url: 'http://h/home/game?SelfOperatedGameId=9' }), ready, login(false))
    expect([status(a), a.emitted]).toEqual(['off', []])
  })

  it('a visitor asks for a guest, the guest launches the demo and the page is replaced with the game address', () => {
    const a = runActors([promoteGameActor])
    a.send(appStarted({ url: 'http://h/promote-game?SelfOperatedGameId=130009' }), ready, { type: 'session.authPromptNeeded', mode: 'login' })
    expect(status(a)).toBe('needsGuest')
    a.send(login(false))
    expect(a.emitted.map((e) => [e.call, e.payload])).toEqual([['gameLogin', { gameid: 130009, platfromid: 13, user_type: 'demo', os_type: 3, gameMode: 0, promoteInfo: '{}' }]])
    a.send({ type: 'hall.responded', requestId: 'promoteGame-1', call: 'gameLogin', data: { socket_url: [{ url: '/games/play', gameid: 130009 }] } })
    expect(status(a)).toBe('opened')
    const opened = a.emitted.at(-1) as { type: string; url: string }
    expect([opened.type, new URL(opened.url).pathname, new URL(opened.url).searchParams.get('try')]).toEqual(['promotion.gameOpened', '/games/play', 'guest1'])
  })

  it('goes to root without a game, after a failed launch, or for a real player', () => {
    const none = runActors([promoteGameActor])
    none.send(appStarted({ url: 'http://h/promote-game' }))
    expect(status(none)).toBe('toRoot')
    const failed = runActors([promoteGameActor])
    failed.send(appStarted({ url: 'http://h/promote-game?SelfOperatedGameId=5' }), ready, login(false))
    failed.send({ type: 'hall.failed', requestId: 'promoteGame-1', call: 'gameLogin', error: { _tag: 'ServiceCode', code: 41020, msg: 'demo game disabled' } })
    expect(status(failed)).toBe('toRoot')
    const real = runActors([promoteGameActor])
    real.send(appStarted({ url: 'http://h/promote-game?SelfOperatedGameId=5' }), ready, login(true))
    expect([status(real), real.emitted]).toEqual(['toRoot', []])
  })
})
