import { describe, expect, it } from 'vitest'
import { CODE_LENGTHS, COUNTDOWN_SECONDS, VERIFY_DELAYS, challengeFieldsOf, codeFits, verifyErrorOf } from '../../../../actors/verify'
import { secret } from '../../../../schemas/secret'

describe('verification rules', () => {
  it('code lengths: SMS 4 digits, email 5, image 4 (spec §5, §9)', () => {
    expect(CODE_LENGTHS).toEqual({ phone: 4, email: 5, image: 4 })
    expect(codeFits('phone', '1234')).toBe(true)
    expect(codeFits('phone', '12345')).toBe(false)
    expect(codeFits('email', '12345')).toBe(true)
    expect(codeFits('email', '1234')).toBe(false)
    expect(codeFits('image', '0000')).toBe(true)
    expect(codeFits('image', '12a4')).toBe(false)
    expect(codeFits('phone', '')).toBe(false)
  })

  it('the delays: a 1.5 s send lock, the countdown 1.5 s after a send, 60 s a second at a time (spec §4, §9)', () => {
    expect([VERIFY_DELAYS.sendLock, VERIFY_DELAYS.countdownStart, VERIFY_DELAYS.tick, COUNTDOWN_SECONDS]).toEqual([1_500, 1_500, 1_000, 60])
  })

  it('a send after a challenge carries its key and the digits read; before any, nothing more', () => {
    expect(challengeFieldsOf(null)).toEqual({})
    const answer = secret('1234')
    expect(challengeFieldsOf({ key: 'k', answer })).toEqual({ captchaKey: 'k', captcha: answer })
  })

  it('a failure as the form shows it: the hall code and message, or the network', () => {
    expect(verifyErrorOf({ _tag: 'ServiceCode', code: 1220, msg: 'not a phone number' })).toEqual({ code: 1220, message: 'not a phone number', reason: 'service' })
    expect(verifyErrorOf({ _tag: 'Timeout', ms: 60_000 })).toEqual({ code: null, message: 'Timeout', reason: 'network' })
  })
})
