/**
 * The hall's human challenges by kind (issue 24; spec §8 1119 image, 1124 slider, 1125 click,
 * 1126 nine-square): a site asks the kind its 'challenge' document names, with that kind's code;
 * the picture is a PNG and the answer stays in the hall (the control surface reveals it to a test,
 * as a person would read the picture); an answer is checked with a tolerance, once; a wrong one is
 * refused with 2011 (a generic challenge failure, a new challenge is fetched), and the second wrong
 * one in a row with error_12 (1127, the lobby's 60 s restriction).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHall, type RunningHall } from '../../server/hall'
import { GUARD_POLICIES } from '../../server/guard'
import { ChallengeCodes, MISS_WINDOW_MS, solves, SLIDER_TOLERANCE, TRACK_MS } from '../../server/calls/challenge'
import { callHall, control, visitor } from './support'
import type { Caller } from './support'

const DAY = 24 * 60 * 60 * 1000
let clock = Date.now()
let hall: RunningHall
let site: Caller
let n = 0

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', now: () => clock, log: () => undefined })
  site = await visitor(hall.url, '001')
}, 60_000)
afterAll(() => hall.close())

const answer = async (path: string, params: unknown) => (await callHall(hall.url, site, 'POST', path, params, { timestamp: clock })).envelope
const login = (username: string, password: string, extra: Record<string, string> = {}) => answer('/home/login', { username, password, ...extra })
const setKind = (kind: string) => control(hall.url, 'site-document', { siteCode: '001', name: 'challenge', patch: { kind } })

/** A new account that failed its free sign-ins, so the next one needs a challenge. */
const failing = async (): Promise<string> => {
  clock += DAY
  n += 1
  const username = `chk${String(n).padStart(3, '0')}${String(clock % 1000).padStart(3, '0')}`
  // Signed up in another browser: the guesses below come from a device the account never signed
  // in from, so the address's count applies to them (a device it signed in from has its own).
  const signUp = await callHall(hall.url, site, 'POST', '/home/register', { username, password: 'abc12345' }, { timestamp: clock, fingerprint: 'signup-browser' })
  expect(signUp.envelope.code).toBe(1)
  for (let i = 0; i < GUARD_POLICIES.account.challengeAfter; i++) expect((await login(username, 'wrong1234')).code).toBe(1011)
  return username
}

interface Shown {
  readonly key: string
  readonly kind: string
  readonly image: string
  readonly piece?: string
  readonly prompt?: ReadonlyArray<string>
}
const challenge = async (): Promise<Shown> => {
  const e = await answer('/home/captcha', {})
  expect(e.code).toBe(1)
  return e.data as Shown
}
const revealed = async (key: string) => (await control(hall.url, 'challenge-answer', { key }))['answer']

/** A drag's track to x: a few moves over 400 ms. */
const track = (x: number) => [0, 0.3, 0.6, 0.9, 1].map((f, i) => [i * 100, Math.round(x * f)])

describe('the slider (1124)', () => {
  it('is asked with 1124 on a slider site; its pictures are PNGs that carry no answer; the notch within a few px and a human track sign in', async () => {
    await setKind('slider')
    const username = await failing()
    expect((await login(username, 'abc12345')).code).toBe(ChallengeCodes.slider)
    const c = await challenge()
    expect(Object.keys(c).sort()).toEqual(['image', 'key', 'kind', 'piece'])
    expect(c.kind).toBe('slider')
    expect(c.image).toMatch(/^data:image\/png;base64,/)
    expect(c.piece).toMatch(/^data:image\/png;base64,/)
    const { x } = (await revealed(c.key)) as { x: number }
    expect(x).toBeGreaterThan(0)
    const solved = JSON.stringify({ x: x + SLIDER_TOLERANCE - 1, track: track(x + SLIDER_TOLERANCE - 1) })
    expect((await login(username, 'abc12345', { captchaKey: c.key, captcha: solved })).code).toBe(1)
    // Answered once: the same key again is refused (the first miss since the solved challenge: 2011).
    expect((await login(username, 'abc12345', { captchaKey: c.key, captcha: solved })).code).toBe(ChallengeCodes.missed)
  })

  it('refuses an answer off the notch, a drag without a track and a human-less track: 2011 first, error_12 the second time in a row, then 2011 again', async () => {
    await setKind('slider')
    const username = await failing()
    expect((await login(username, 'abc12345')).code).toBe(ChallengeCodes.slider)
    // Each refusal counts as a failure (the lock comes at 10): the next challenge is fetched at once.
    const refused = async (captcha: (x: number) => string, expected: [number, string]) => {
      const c = await challenge()
      const { x } = (await revealed(c.key)) as { x: number }
      const e = await login(username, 'abc12345', { captchaKey: c.key, captcha: captcha(x) })
      expect([e.code, e.msg]).toEqual(expected)
      return c.key
    }
    const missed: [number, string] = [ChallengeCodes.missed, 'challenge not passed: try the new one']
    await refused((x) => JSON.stringify({ x: x + 20, track: track(x + 20) }), missed)
    await refused((x) => JSON.stringify({ x }), [ChallengeCodes.refused, 'error_12'])
    // The restriction started a new round: the next miss is the generic one again.
    const key = await refused((x) => JSON.stringify({ x, track: [[0, 0], [1, x / 2], [2, x]] }), missed)
    // A refused answer spent its challenge.
    expect((await control(hall.url, 'challenge-answer', { key }))['ok']).toBe(false)
  })
})

describe('the click (1125) and the nine-square (1126)', () => {
  it('asks the click challenge with 1125: the named symbols clicked in order sign in, another order is refused', async () => {
    await setKind('click')
    const username = await failing()
    expect((await login(username, 'abc12345')).code).toBe(ChallengeCodes.click)
    const wrong = await challenge()
    expect(wrong.kind).toBe('click')
    expect(wrong.prompt).toHaveLength(3)
    const pts = ((await revealed(wrong.key)) as { points: Array<{ x: number; y: number }> }).points
    const reversed = JSON.stringify({ points: [...pts].reverse().map((p) => [p.x, p.y]) })
    expect((await login(username, 'abc12345', { captchaKey: wrong.key, captcha: reversed })).code).toBe(ChallengeCodes.missed)
    expect((await login(username, 'abc12345')).code).toBe(ChallengeCodes.click)
    const c = await challenge()
    const points = ((await revealed(c.key)) as { points: Array<{ x: number; y: number }> }).points
    const near = JSON.stringify({ points: points.map((p) => [p.x + 8, p.y - 8]) })
    expect((await login(username, 'abc12345', { captchaKey: c.key, captcha: near })).code).toBe(1)
  })

  it('asks the nine-square challenge with 1126: exactly the matching tiles sign in, one tile short is refused', async () => {
    await setKind('nine')
    const username = await failing()
    expect((await login(username, 'abc12345')).code).toBe(ChallengeCodes.nine)
    const wrong = await challenge()
    expect(wrong.kind).toBe('nine')
    expect(wrong.prompt).toHaveLength(1)
    const tiles = ((await revealed(wrong.key)) as { tiles: number[] }).tiles
    expect(tiles.length).toBeGreaterThanOrEqual(2)
    expect((await login(username, 'abc12345', { captchaKey: wrong.key, captcha: JSON.stringify({ tiles: tiles.slice(1) }) })).code).toBe(ChallengeCodes.missed)
    expect((await login(username, 'abc12345')).code).toBe(ChallengeCodes.nine)
    const c = await challenge()
    const right = ((await revealed(c.key)) as { tiles: number[] }).tiles
    expect((await login(username, 'abc12345', { captchaKey: c.key, captcha: JSON.stringify({ tiles: [...right].reverse() }) })).code).toBe(1)
  })

  it('keeps the image of digits (1119) on a site that names no other kind', async () => {
    await setKind('image')
    const username = await failing()
    expect((await login(username, 'abc12345')).code).toBe(ChallengeCodes.forced)
    const c = await challenge()
    expect(c.kind).toBe('image')
    expect(c.image).toMatch(/^data:image\/svg\+xml;base64,/)
  })
})

describe('two wrong answers in a row', () => {
  const wrongDigits = async (): Promise<{ key: string; captcha: string }> => {
    const c = await challenge()
    const digits = (await revealed(c.key)) as string
    return { key: c.key, captcha: digits === '0000' ? '0001' : '0000' }
  }
  const solved = async (): Promise<{ key: string; captcha: string }> => {
    const c = await challenge()
    return { key: c.key, captcha: (await revealed(c.key)) as string }
  }

  it('refuses the first with 2011 and the second with error_12; a solved challenge between them starts the count again', async () => {
    await setKind('image')
    const username = await failing()
    const miss = async () => {
      const { key, captcha } = await wrongDigits()
      return (await login(username, 'wrong1234', { captchaKey: key, captcha })).code
    }
    expect(await miss()).toBe(ChallengeCodes.missed)
    // Solved (the password is still wrong): the misses are forgotten.
    const right = await solved()
    expect((await login(username, 'wrong1234', { captchaKey: right.key, captcha: right.captcha })).code).toBe(1011)
    expect(await miss()).toBe(ChallengeCodes.missed)
    expect(await miss()).toBe(ChallengeCodes.refused)
  })

  it("counts an address's misses over its accounts, and forgets misses older than the window", async () => {
    await setKind('image')
    const first = await failing()
    const second = await failing()
    const miss = async (username: string) => {
      const { key, captcha } = await wrongDigits()
      return (await login(username, 'abc12345', { captchaKey: key, captcha })).code
    }
    expect(await miss(first)).toBe(ChallengeCodes.missed)
    // The same address misses again, for another account: the second in a row.
    expect(await miss(second)).toBe(ChallengeCodes.refused)
    // The restriction forgot the misses of that attempt's keys (the address, the second account);
    // the first account's own miss still stands, so its next one is its second in a row.
    expect(await miss(first)).toBe(ChallengeCodes.refused)
    expect(await miss(second)).toBe(ChallengeCodes.missed)
    clock += MISS_WINDOW_MS + 1
    expect(await miss(first)).toBe(ChallengeCodes.missed)
  })
})

describe('solves', () => {
  const stored = JSON.stringify({ x: 120 })
  it('wants the slider within the tolerance, with a track that took time, moved and ended at the answer', () => {
    expect(solves('slider', stored, JSON.stringify({ x: 124, track: track(124) }))).toBe(true)
    expect(solves('slider', stored, JSON.stringify({ x: 126, track: track(126) }))).toBe(false)
    expect(solves('slider', stored, JSON.stringify({ x: 120, track: [[0, 0], [10, 60], [20, 90], [TRACK_MS - 30, 120]] }))).toBe(false)
    expect(solves('slider', stored, JSON.stringify({ x: 120, track: [[0, 120], [100, 120], [200, 120], [300, 120]] }))).toBe(false)
    expect(solves('slider', stored, JSON.stringify({ x: 120, track: track(60) }))).toBe(false)
    expect(solves('slider', stored, 'x=120')).toBe(false)
    expect(solves('slider', stored, undefined)).toBe(false)
  })
  it('wants the nine-square tiles exactly, in any order', () => {
    const tiles = JSON.stringify({ tiles: [1, 4, 8] })
    expect(solves('nine', tiles, JSON.stringify({ tiles: [8, 1, 4] }))).toBe(true)
    expect(solves('nine', tiles, JSON.stringify({ tiles: [1, 4, 8, 2] }))).toBe(false)
    expect(solves('nine', tiles, JSON.stringify({ tiles: ['1', 4, 8] }))).toBe(false)
  })
})
