import { describe, expect, it } from 'vitest'
import { selectGeetestSecondsLeft } from '../../../../actors/geetest'
import { selectLaunchPhase } from '../../../../actors/games'
import { selectCodeSend } from '../../../../actors/verify'
import type { EventOfType } from '../../../../schemas/events'
import { revealAll } from '../../../../src/effects/secret'
import { lobby, user } from '../session/support'

/**
 * The verification flow with every other actor on the bus, as live: the phone verification a game
 * asks for (3002) on it, its countdown on the bus clock, the human challenge (1119) and the geetest
 * restriction a wrong answer starts (shared with the login).
 */
const PHONE = '5511999990000'

const signedIn = () => {
  const l = lobby()
  l.boot({ userkey: 'uk-1001' })
  l.answer(user())
  // The requests as the hall runner sends them: the secrets typed read in clear.
  const requestsOf = (actor: string) =>
    l.from(actor).filter((e): e is EventOfType<'hall.requested'> => e.type === 'hall.requested').map((r) => ({ ...r, payload: revealAll(r.payload) }))
  const answerLast = (actor: string, data: unknown) => {
    const r = requestsOf(actor).at(-1)!
    l.fact({ type: 'hall.responded', requestId: r.requestId, call: r.call, data })
  }
  const failLast = (actor: string, code: number, msg: string) => {
    const r = requestsOf(actor).at(-1)!
    l.fact({ type: 'hall.failed', requestId: r.requestId, call: r.call, error: { _tag: 'ServiceCode', code, msg } })
  }
  answerLast('launch', { game_gold: '100.00', lastgameinfo: null })
  const phone = () => selectCodeSend('phone')(l.host.actor('verify')!.getSnapshot())
  return { ...l, requestsOf, answerLast, failLast, phone }
}

describe('verification flow', () => {
  it('3002: the popup, a code sent (60 s countdown 1.5 s later), the phone bound with it, the launch retried once the popup closed', () => {
    const l = signedIn()
    l.bus.publish({ type: 'nav.navigated', name: 'embedded', path: '/home/embedded', search: '?gameId=130001&platformId=14&gameCategoryId=3&gameName=G', replace: false }, 'actor', 'nav')
    l.failLast('launch', 3002, 'SMS code game')
    expect(selectLaunchPhase(l.host.actor('launch')!.getSnapshot())).toBe('needsPhone')
    expect(l.from('gamephone')).toContainEqual({ type: 'games.popupRequested', popup: 'verifyBindPhone' })
    l.intent({ type: 'verify.codeSendRequested', channel: 'phone', target: PHONE })
    expect(l.requestsOf('verify').at(-1)).toEqual({ type: 'hall.requested', requestId: 'verify-1', call: 'securityCreateSms', payload: { phone: PHONE } })
    expect(l.phone()).toMatchObject({ canSend: false, sending: true })
    l.answerLast('verify', {})
    l.timers.advance(1_499)
    expect(l.phone()).toMatchObject({ waiting: true, countdown: 0, requested: true })
    l.timers.advance(1)
    expect(l.phone().countdown).toBe(60)
    l.timers.advance(1_000)
    expect(l.phone().countdown).toBe(59)
    l.intent({ type: 'games.phoneSubmitted', phone: PHONE, code: '1234' })
    expect(l.requestsOf('gamephone').at(-1)).toMatchObject({ call: 'securityModifyPhone', payload: { phone: PHONE, code: '1234' } })
    l.answerLast('gamephone', { mobile_phone: PHONE })
    expect(l.from('gamephone')).toContainEqual({ type: 'games.popupDismissed', popup: 'verifyBindPhone' })
    // The popup queue closes it (its close takes a moment); the launch opens the game again.
    l.timers.advance(1_000)
    expect(l.from('gamephone')).toContainEqual({ type: 'games.phoneVerified' })
    expect(l.requestsOf('launch').map((r) => r.call)).toEqual(['prize', 'gameLogin', 'gameLogin'])
    // The countdown runs on: 60 s after it started the button is free again.
    l.timers.advance(58_000)
    expect(l.phone()).toMatchObject({ canSend: true, countdown: 0 })
  })

  it('1119: the image challenge, the send again with its digits; a wrong answer (error_12) restricts sends and logins for 60 s', () => {
    const l = signedIn()
    l.intent({ type: 'verify.codeSendRequested', channel: 'phone', target: PHONE })
    l.failLast('verify', 1119, 'force geetest')
    expect(l.requestsOf('verify').at(-1)).toMatchObject({ call: 'captcha', payload: {} })
    l.answerLast('verify', { key: 'k1', image: 'data:image/svg+xml;base64,AA==' })
    expect(l.phone().challenge).toEqual({ image: 'data:image/svg+xml;base64,AA==', shown: { key: 'k1', image: 'data:image/svg+xml;base64,AA==' } })
    l.intent({ type: 'verify.challengeAnswered', channel: 'phone', answer: '4321' })
    expect(l.requestsOf('verify').at(-1)).toMatchObject({ call: 'securityCreateSms', payload: { phone: PHONE, captchaKey: 'k1', captcha: '4321' } })
    l.failLast('verify', 1127, 'error_12')
    expect(selectGeetestSecondsLeft(l.geetest())).toBe(60)
    l.timers.advance(1_500)
    const before = l.requestsOf('verify').length
    l.intent({ type: 'verify.codeSendRequested', channel: 'phone', target: PHONE })
    expect(l.requestsOf('verify')).toHaveLength(before)
    expect(l.phone()).toMatchObject({ canSend: false, error: { reason: 'restricted' } })
    l.timers.advance(58_500)
    expect([selectGeetestSecondsLeft(l.geetest()), l.phone().canSend, l.phone().error]).toEqual([0, true, null])
    l.intent({ type: 'verify.codeSendRequested', channel: 'phone', target: PHONE })
    expect(l.requestsOf('verify')).toHaveLength(before + 1)
  })
})
