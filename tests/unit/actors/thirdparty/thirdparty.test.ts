import { SimulatedClock, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { THIRD_BUTTON_DELAY_MS, selectThirdAttempt, selectThirdButtonReady, thirdpartyMachine } from '../../../../actors/thirdparty'

/** The third-party buttons' timing (screens §4) and the sign-in under way, on a simulated clock. */
const run = () => {
  const clock = new SimulatedClock()
  const a = createActor(thirdpartyMachine, { clock }).start()
  return { a, clock }
}

describe('thirdparty actor', () => {
  it('loads the Google, WeChat and QQ buttons for 2 s each time they come on screen; Facebook at once', () => {
    const { a, clock } = run()
    const ready = (p: 'google' | 'facebook' | 'wechat' | 'qq') => selectThirdButtonReady(p)(a.getSnapshot())
    expect(a.getSnapshot().matches({ buttons: 'hidden' })).toBe(true)
    a.send({ type: 'thirdparty.buttonsShown' })
    expect([ready('google'), ready('wechat'), ready('qq'), ready('facebook')]).toEqual([false, false, false, true])
    clock.increment(THIRD_BUTTON_DELAY_MS - 1)
    expect(ready('google')).toBe(false)
    clock.increment(1)
    expect([ready('google'), ready('wechat'), ready('qq')]).toEqual([true, true, true])
    // Shown again (the security centre opened): loading again.
    a.send({ type: 'thirdparty.buttonsShown' })
    expect(ready('qq')).toBe(false)
    clock.increment(THIRD_BUTTON_DELAY_MS)
    expect(ready('qq')).toBe(true)
  })

  it('keeps the outcome of the sign-in under way only, and forgets it once used or on sign-out', () => {
    const { a } = run()
    a.send({ type: 'thirdparty.requested', provider: 'google', purpose: 'login' })
    expect(selectThirdAttempt(a.getSnapshot())).toMatchObject({ provider: 'google', status: 'waiting' })
    // Another provider's or purpose's outcome is not this one's.
    a.send({ type: 'thirdparty.authorized', provider: 'qq', purpose: 'login', accessToken: 't-qq' })
    a.send({ type: 'thirdparty.authorized', provider: 'google', purpose: 'bind', accessToken: 't-bind' })
    expect(selectThirdAttempt(a.getSnapshot())?.status).toBe('waiting')
    a.send({ type: 'thirdparty.authorized', provider: 'google', purpose: 'login', accessToken: 't-1' })
    expect(selectThirdAttempt(a.getSnapshot())).toMatchObject({ status: 'authorized', accessToken: 't-1' })
    // A late failure does not undo it.
    a.send({ type: 'thirdparty.failed', provider: 'google', purpose: 'login', reason: 'cancelled' })
    expect(selectThirdAttempt(a.getSnapshot())?.status).toBe('authorized')
    a.send({ type: 'thirdparty.used', purpose: 'login' })
    expect(selectThirdAttempt(a.getSnapshot())).toBeNull()
    a.send({ type: 'thirdparty.requested', provider: 'wechat', purpose: 'bind' })
    a.send({ type: 'thirdparty.failed', provider: 'wechat', purpose: 'bind', reason: 'blocked' })
    expect(selectThirdAttempt(a.getSnapshot())).toMatchObject({ status: 'failed', reason: 'blocked' })
    a.send({ type: 'session.loggedOut', reason: 'logout' })
    expect(selectThirdAttempt(a.getSnapshot())).toBeNull()
  })
})
