import { describe, expect, it } from 'vitest'
import { SimulatedClock, createActor } from 'xstate'
import { launchMachine, selectLaunchPhase, userTypeOf, type LaunchEmitted, type LaunchEvent } from '../../../../actors/games'

const ready: LaunchEvent = { type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'CNY', languages: ['en_US'], currencies: ['CNY'], systemToken: '', autoVisitorLogin: true, device: 'desktop' }
const login = (real = true): LaunchEvent => ({ type: 'session.loggedIn', mode: 'normal', username: 'demo', accountType: real ? 0 : 1, real, mustChangePassword: false })
const embedded = (gameId: number, platformId: number, cat = 3): LaunchEvent => ({ type: 'nav.navigated', name: 'embedded', path: '/home/embedded', search: `?gameId=${gameId}&platformId=${platformId}&gameCategoryId=${cat}&gameName=G`, replace: false })
const home: LaunchEvent = { type: 'nav.navigated', name: 'game', path: '/home/game', search: '', replace: false }

const start = () => {
  const clock = new SimulatedClock()
  const actor = createActor(launchMachine, { clock })
  const emitted: LaunchEmitted[] = []
  actor.on('*', (e) => void emitted.push(e))
  actor.start()
  actor.send(ready)
  const lastRequest = () => [...emitted].reverse().find((e) => e.type === 'hall.requested') as Extract<LaunchEmitted, { type: 'hall.requested' }>
  return { actor, clock, emitted, lastRequest }
}

describe('launch actor', () => {
  it('chooses demo for self-operated games of visitors or the demo category, formal otherwise', () => {
    expect(userTypeOf({ gameId: 1, platformId: 13, categoryId: 3, gameName: '' }, false)).toBe('demo')
    expect(userTypeOf({ gameId: 1, platformId: 13, categoryId: 113, gameName: '' }, true)).toBe('demo')
    expect(userTypeOf({ gameId: 1, platformId: 13, categoryId: 3, gameName: '' }, true)).toBe('formal')
    expect(userTypeOf({ gameId: 1, platformId: 14, categoryId: 3, gameName: '' }, false)).toBe('formal')
  })

  it('launches a demo game as a visitor, builds the address and tells the wallet it is playing', () => {
    const { actor, emitted, lastRequest } = start()
    actor.send(embedded(130009, 13))
    const req = lastRequest()
    expect(req.call).toBe('gameLogin')
    expect(req.payload).toMatchObject({ gameid: 130009, platfromid: 13, user_type: 'demo' })
    actor.send({ type: 'hall.responded', requestId: req.requestId, call: 'gameLogin', data: { socket_url: [{ url: '/games/play', gameid: 130009 }] } })
    expect(emitted.at(-1)).toEqual({ type: 'games.addressRequested', launchId: 1, base: '/games/play', gameId: 130009, route: '/home/game?gameCategoryId=3', lang: 'en_US', try: 'demo', demo: true })
    actor.send({ type: 'games.addressBuilt', launchId: 1, url: 'http://h/games/play?gameId=130009' })
    expect(selectLaunchPhase(actor.getSnapshot())).toBe('playing')
    expect(emitted.filter((e) => e.type === 'games.playStateChanged')).toEqual([
      { type: 'games.playStateChanged', state: 'opening' },
      { type: 'games.playStateChanged', state: 'playing' },
    ])
  })

  it('refuses with lobby.game.fetchingPrize while the prize balance is fetched, then retries', () => {
    const { actor, emitted, lastRequest } = start()
    actor.send(login())
    const prize = lastRequest()
    expect(prize.call).toBe('prize')
    actor.send(embedded(130009, 13))
    expect(selectLaunchPhase(actor.getSnapshot())).toBe('refused')
    expect(emitted).toContainEqual({ type: 'games.warned', message: 'lobby.game.fetchingPrize' })
    actor.send({ type: 'hall.responded', requestId: prize.requestId, call: 'prize', data: { game_gold: '100.00', lastgameinfo: null } })
    actor.send({ type: 'games.launchRetried' })
    expect(lastRequest().payload).toMatchObject({ user_type: 'formal' })
  })

  it('asks for registration on 3004 and retries after a real sign-in; back in the lobby the wallet hears it', () => {
    const { actor, emitted, lastRequest } = start()
    actor.send(login(false))
    actor.send({ type: 'hall.responded', requestId: lastRequest().requestId, call: 'prize', data: { game_gold: '0.00', lastgameinfo: null } })
    actor.send(embedded(130001, 14))
    actor.send({ type: 'hall.failed', requestId: lastRequest().requestId, call: 'gameLogin', error: { _tag: 'ServiceCode', code: 3004, msg: 'register' } })
    expect(selectLaunchPhase(actor.getSnapshot())).toBe('needsRegistration')
    expect(emitted).toContainEqual({ type: 'games.popupRequested', popup: 'register' })
    actor.send(login(true))
    const prize = lastRequest()
    actor.send({ type: 'hall.responded', requestId: prize.requestId, call: 'prize', data: { game_gold: '50.00', lastgameinfo: null } })
    // The prize's balance is the wallet's.
    expect(emitted).toContainEqual({ type: 'wallet.balanceReported', balance: '50.00', source: 'prize' })
    const retry = lastRequest()
    expect(retry.call).toBe('gameLogin')
    actor.send({ type: 'hall.responded', requestId: retry.requestId, call: 'gameLogin', data: { socket_url: [{ url: '/games/play', gameid: 130001 }] } })
    actor.send({ type: 'games.addressBuilt', launchId: 1, url: 'u' })
    actor.send(home)
    expect(emitted.at(-1)).toEqual({ type: 'games.playStateChanged', state: 'lobby' })
    // The launch asks for no balance itself.
    expect(emitted.filter((e) => e.type === 'hall.requested').map((e) => e.call)).toEqual(['prize', 'gameLogin', 'prize', 'gameLogin'])
  })

  it('asks for phone verification on 3002 and retries once the phone is verified; 3003 shows needBindBankCard', () => {
    const { actor, emitted, lastRequest } = start()
    actor.send(embedded(130001, 14))
    const first = lastRequest()
    actor.send({ type: 'hall.failed', requestId: first.requestId, call: 'gameLogin', error: { _tag: 'ServiceCode', code: 3002, msg: 'sms' } })
    expect(emitted.at(-1)).toEqual({ type: 'games.phoneNeeded' })
    expect(selectLaunchPhase(actor.getSnapshot())).toBe('needsPhone')
    actor.send({ type: 'games.phoneVerified' })
    const retry = lastRequest()
    expect(retry.call).toBe('gameLogin')
    expect(emitted.filter((e) => e.type === 'games.phoneAbandoned')).toEqual([])
    actor.send({ type: 'hall.failed', requestId: retry.requestId, call: 'gameLogin', error: { _tag: 'ServiceCode', code: 3003, msg: 'bind' } })
    expect(selectLaunchPhase(actor.getSnapshot())).toBe('failed')
    expect(actor.getSnapshot().context.error).toEqual({ code: 3003, message: 'needBindBankCard' })
  })

  it('a direct link: the entry location, kept until the site is ready, opens a formal game once the stored session has signed in; back leaves it', () => {
    const clock = new SimulatedClock()
    const actor = createActor(launchMachine, { clock })
    const emitted: LaunchEmitted[] = []
    actor.on('*', (e) => void emitted.push(e))
    actor.start()
    actor.send({ type: 'nav.locationChanged', path: '/home/embedded', search: '?gameId=150007&platformId=136&gameCategoryId=5&gameName=G' })
    expect(emitted).toEqual([])
    actor.send(ready)
    const requests = () => emitted.filter((e): e is Extract<LaunchEmitted, { type: 'hall.requested' }> => e.type === 'hall.requested')
    // No session yet: a formal game waits for the sign-in rather than asking the hall without one.
    expect(requests()).toEqual([])
    expect(selectLaunchPhase(actor.getSnapshot())).toBe('needsSignIn')
    actor.send(login())
    actor.send({ type: 'hall.responded', requestId: requests()[0]!.requestId, call: 'prize', data: { game_gold: '5.00', lastgameinfo: null } })
    expect(requests().map((r) => r.call)).toEqual(['prize', 'gameLogin'])
    expect(requests()[1]!.payload).toMatchObject({ gameid: 150007, platfromid: 136, user_type: 'formal' })
    // A prize answer naming a last game (the debounce starts) opens the game all the same.
    actor.send(login())
    actor.send({ type: 'hall.responded', requestId: requests()[2]!.requestId, call: 'prize', data: { game_gold: '5.00', lastgameinfo: { gameName: 'G', gameId: '150007', platfromId: 136, categoryId: 5 } } })
    expect(requests().map((r) => r.call)).toEqual(['prize', 'gameLogin', 'prize', 'gameLogin'])
    actor.send({ type: 'nav.locationChanged', path: '/home/game', search: '' })
    expect(selectLaunchPhase(actor.getSnapshot())).toBe('lobby')
  })

  it('a direct link to a demo game opens at once; a sign-in while it is in flight opens it again for the player', () => {
    const clock = new SimulatedClock()
    const actor = createActor(launchMachine, { clock })
    const emitted: LaunchEmitted[] = []
    actor.on('*', (e) => void emitted.push(e))
    actor.start()
    actor.send({ type: 'nav.locationChanged', path: '/home/embedded', search: '?gameId=130009&platformId=13&gameCategoryId=3&gameName=G' })
    actor.send(ready)
    const requests = () => emitted.filter((e): e is Extract<LaunchEmitted, { type: 'hall.requested' }> => e.type === 'hall.requested')
    expect(requests().map((r) => [r.call, r.payload])).toEqual([['gameLogin', expect.objectContaining({ user_type: 'demo' })]])
    actor.send(login())
    actor.send({ type: 'hall.responded', requestId: requests()[0]!.requestId, call: 'gameLogin', data: { socket_url: [{ url: '/games/play', gameid: 130009 }] } })
    expect(selectLaunchPhase(actor.getSnapshot())).toBe('opening')
    actor.send({ type: 'hall.responded', requestId: requests()[1]!.requestId, call: 'prize', data: { game_gold: '5.00', lastgameinfo: null } })
    expect(requests().map((r) => r.call)).toEqual(['gameLogin', 'prize', 'gameLogin'])
    expect(requests()[2]!.payload).toMatchObject({ gameid: 130009, user_type: 'formal' })
  })

  it('leaving the game page before the phone is verified abandons the phone verification', () => {
    const { actor, emitted, lastRequest } = start()
    actor.send(login())
    actor.send({ type: 'hall.responded', requestId: lastRequest().requestId, call: 'prize', data: { game_gold: '10.00', lastgameinfo: null } })
    actor.send(embedded(130001, 14))
    actor.send({ type: 'hall.failed', requestId: lastRequest().requestId, call: 'gameLogin', error: { _tag: 'ServiceCode', code: 3002, msg: 'phone' } })
    actor.send(home)
    expect(emitted.filter((e) => e.type === 'games.phoneAbandoned')).toEqual([{ type: 'games.phoneAbandoned' }])
    expect(selectLaunchPhase(actor.getSnapshot())).toBe('lobby')
  })

  it("reports the sign-in's prize balance to the wallet, even the in-game marker (the wallet reads it)", () => {
    const { actor, emitted, lastRequest } = start()
    actor.send(login())
    actor.send({ type: 'hall.responded', requestId: lastRequest().requestId, call: 'prize', data: { game_gold: '-1', lastgameinfo: null } })
    expect(emitted.filter((e) => e.type === 'wallet.balanceReported')).toEqual([{ type: 'wallet.balanceReported', balance: '-1', source: 'prize' }])
    expect(emitted.filter((e) => e.type === 'hall.requested').map((e) => e.call)).toEqual(['prize'])
  })

  it("hands a real player's last game to the continue-last-game actor; a guest's is not offered", () => {
    const { actor, emitted, lastRequest } = start()
    const last = { gameName: 'A', gameId: '1', platfromId: 13, categoryId: 3 }
    actor.send(login(false))
    actor.send({ type: 'hall.responded', requestId: lastRequest().requestId, call: 'prize', data: { game_gold: '1.00', lastgameinfo: last } })
    expect(emitted.filter((e) => e.type === 'games.lastGameFound')).toEqual([])
    actor.send(login())
    actor.send({ type: 'hall.responded', requestId: lastRequest().requestId, call: 'prize', data: { game_gold: '1.00', lastgameinfo: last } })
    expect(emitted.filter((e) => e.type === 'games.lastGameFound')).toEqual([{ type: 'games.lastGameFound', lastGame: last }])
  })

  it('offers no last game that the player opened on this page since signing in; a new sign-in offers it again', () => {
    const { actor, emitted, lastRequest } = start()
    const last = { gameName: 'G', gameId: '130001', platfromId: 14, categoryId: 3 }
    const found = () => emitted.filter((e) => e.type === 'games.lastGameFound')
    actor.send(ready)
    actor.send(login())
    actor.send({ type: 'hall.responded', requestId: lastRequest().requestId, call: 'prize', data: { game_gold: '10.00', lastgameinfo: null } })
    actor.send(embedded(130001, 14))
    actor.send({ type: 'hall.responded', requestId: lastRequest().requestId, call: 'gameLogin', data: { socket_url: [{ url: '/games/play', gameid: 130001 }] } })
    // Signed in again on the same page (an account refresh): its prize answer names the game just opened.
    actor.send(login())
    actor.send({ type: 'hall.responded', requestId: lastRequest().requestId, call: 'prize', data: { game_gold: '-1', lastgameinfo: last } })
    expect(found()).toEqual([])
    actor.send({ type: 'session.loggedOut', reason: 'logout' })
    actor.send(login())
    actor.send({ type: 'hall.responded', requestId: lastRequest().requestId, call: 'prize', data: { game_gold: '10.00', lastgameinfo: last } })
    expect(found()).toEqual([{ type: 'games.lastGameFound', lastGame: last }])
  })
})
