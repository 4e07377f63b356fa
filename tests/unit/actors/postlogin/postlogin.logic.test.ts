import { describe, expect, it } from 'vitest'
import { BIND_ORDER, askBind, bindStateOf, nextBindItem } from '../../../../actors/postlogin'
import { authenticatorOf, benefitsListOf, rechargeListOf } from '../../../../actors/postlogin/postlogin.logic'
import { signInFactsOf } from '../../../../actors/session/session.logic'
import type { UserInfo } from '../../../../schemas/hall/calls/auth'
import { localDay, msToMidnight, startFrameboxRunner } from '../../../../src/effects/framebox'
import { createTestSystem } from '../../../../src/system'
import { appStarted } from '../../../support/site-fixtures'
import { secret } from '../../../../schemas/secret'
import { revealAll } from '../../../../src/effects/secret'

const loggedIn = (facts: object = {}) => ({ type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false, ...facts }) as const

describe('pop-up answers', () => {
  it('reads the recharge actives, none when the player disabled the pop-up or the answer has none', () => {
    expect(rechargeListOf({ actives: [{ id: 7001 }], disablePop: 0 })).toEqual([{ id: 7001 }])
    expect(rechargeListOf({ actives: [{ id: 7001 }], disablePop: 1 })).toEqual([])
    expect(rechargeListOf({ list: [{ id: 7001 }] })).toEqual([])
    expect(rechargeListOf(null)).toEqual([])
  })

  it('reads the benefits and the authenticator secret', () => {
    expect(benefitsListOf({ pop: 1, list: [{ id: 8001 }] })).toEqual([{ id: 8001 }])
    expect(benefitsListOf({ pop: 0 })).toEqual([])
    expect(authenticatorOf({ secret: 'ABC', otpauth: 'otpauth://totp/x' })).toEqual({ secret: 'ABC', otpauth: 'otpauth://totp/x' })
    expect(authenticatorOf({})).toEqual({ secret: null, otpauth: null })
  })
})

describe('bind flow rules', () => {
  it('asks for the unbound items in the order phone, email, google auth, withdraw password until must_bind_item are bound', () => {
    expect(BIND_ORDER).toEqual(['phone', 'email', 'googleAuth', 'withdrawPass'])
    expect(nextBindItem({ mustBindItem: 2, bound: [] })).toBe('phone')
    expect(nextBindItem({ mustBindItem: 2, bound: ['phone'] })).toBe('email')
    expect(nextBindItem({ mustBindItem: 2, bound: ['email'] })).toBe('phone')
    expect(nextBindItem({ mustBindItem: 2, bound: ['phone', 'googleAuth'] })).toBeNull()
    expect(nextBindItem({ mustBindItem: 4, bound: ['phone', 'email', 'googleAuth'] })).toBe('withdrawPass')
    expect(nextBindItem(null)).toBeNull()
  })

  it('reads the bind state the sign-in carries, made by the session from the user info', () => {
    const user = { must_bind_item: 3, mobile_phone: '555', email: '', is_open_google_auth: 1, userOptResult: [1, 0, 1, 0, 0], has_recharged: 1 } as unknown as UserInfo
    const facts = signInFactsOf(user)
    expect(facts).toEqual({ bind: { mustBindItem: 3, bound: ['phone', 'googleAuth', 'withdrawPass'] }, hasRecharged: true })
    expect(bindStateOf(loggedIn(facts))).toEqual({ mustBindItem: 3, bound: ['phone', 'googleAuth', 'withdrawPass'] })
    expect(bindStateOf(loggedIn())).toEqual({ mustBindItem: 0, bound: [] })
  })

  it('binds each item with its call, as the form\'s submission', () => {
    const bind = (item: Parameters<typeof askBind>[1], target: string, code: string) => {
      const asked = askBind({ count: 4, awaiting: { step: 'postlogin-3' } }, item, target, secret(code))
      expect(asked.requests).toEqual({ count: 5, awaiting: { step: 'postlogin-3', submit: 'postlogin-5' } })
      expect(asked.notice.requestId).toBe('postlogin-5')
      // As the hall runner sends it: the code typed, read in clear only there.
      return { call: asked.notice.call, payload: revealAll(asked.notice.payload) }
    }
    expect(bind('phone', '555', '123456')).toEqual({ call: 'securityModifyPhone', payload: { phone: '555', code: '123456' } })
    expect(bind('email', 'a@b.c', '1')).toEqual({ call: 'bindEmail', payload: { email: 'a@b.c', code: '1' } })
    expect(bind('googleAuth', '', '2')).toEqual({ call: 'bindGoogleAuth', payload: { code: '2' } })
    expect(bind('withdrawPass', '', '123456')).toEqual({ call: 'modifyWithdrawPass', payload: { newPass: '123456' } })
  })
})

describe('frame-box runner', () => {
  it('tells the local day and the time to midnight', () => {
    const t = new Date(2030, 0, 1, 23, 59, 0).getTime()
    expect(localDay(t)).toBe('2030-01-01')
    expect(msToMidnight(t)).toBe(60_000)
  })

  it('publishes the day and the kept flags at start, the day again at midnight and through the test hook, and writes the flags back', async () => {
    const system = createTestSystem({ actors: [] })
    const saved: unknown[] = []
    const timers: Array<() => void> = []
    const kept = [{ username: 'p', day: '2030-01-01', shownToday: [2], notToday: [], once: [] }]
    const runner = startFrameboxRunner(system.bus, {
      load: async () => kept,
      save: async (h) => void saved.push(h),
      now: () => new Date(2030, 0, 1, 12).getTime(),
      setTimer: (fn) => {
        timers.push(fn)
        return () => undefined
      },
    })
    const days: string[] = []
    const histories: unknown[] = []
    system.bus.records$.subscribe((r) => {
      if (r.event.type === 'framebox.dayChanged') days.push(r.event.day)
      if (r.event.type === 'framebox.historyLoaded') histories.push(r.event.history)
    })
    system.bus.publish(appStarted(), 'runner', 'page')
    await new Promise<void>((r) => queueMicrotask(r))
    await Promise.resolve()
    expect(days).toEqual(['2030-01-01'])
    expect(histories).toEqual([kept])
    timers[0]?.()
    runner.day.set('2030-01-05')
    expect(days).toEqual(['2030-01-01', '2030-01-01', '2030-01-05'])
    system.bus.publish({ type: 'framebox.historyChanged', history: kept }, 'actor', 'framebox')
    await new Promise<void>((r) => queueMicrotask(r))
    await Promise.resolve()
    expect(saved).toEqual([kept])
    runner.stop()
    system.stop()
  })
})
