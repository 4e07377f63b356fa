/**
 * The challenge by the site's hall profile (issue 45, HallProfile `geetest`): by default a code
 * send demanded a challenge is retried with the challenge's key and answer; on a `v4` site the
 * answer goes to the Geetest v4 validation first (/user/geetest/validate/v4 for the player's own
 * send, /geetest/validate/v4 before sign-in), and the send carries the pass it answered as its
 * `geetest` result. A missed validation asks a new challenge; error_12 starts the restriction.
 */
import { createActor, type AnyEventObject } from 'xstate'
import { describe, expect, it } from 'vitest'
import { verifyMachine } from '../../../../actors/verify'
import type { LobbyEvent } from '../../../../schemas/events'
import { secret } from '../../../../schemas/secret'
import { revealAll } from '../../../../src/effects/secret'
import { appStarted, responded, siteConfig } from '../../../support/site-fixtures'

const CHALLENGE = { key: 'k-1', kind: 'image', image: 'data:image/svg+xml;base64,' }

const started = (geetest?: 'captcha' | 'v4') => {
  const actor = createActor(verifyMachine)
  const out: AnyEventObject[] = []
  actor.on('*', (e) => out.push(e))
  actor.start()
  actor.send(appStarted({ site: siteConfig({ siteCode: '401', ...(geetest === undefined ? {} : { hallProfile: { geetest } }) }) }))
  const requests = () => out.filter((e) => e.type === 'hall.requested').map((e) => ({ id: e['requestId'] as string, call: e['call'] as string, payload: revealAll(e['payload']) as Record<string, unknown> }))
  const last = () => requests().at(-1)!
  const send = (e: LobbyEvent) => actor.send(e as never)
  const fail = (code: number, msg: string) => send({ type: 'hall.failed', requestId: last().id, call: last().call, error: { _tag: 'ServiceCode', code, msg } })
  // A send that the hall refuses with 1119, and the challenge it then shows.
  const challenged = (scene?: 'login') => {
    send({ type: 'verify.codeSendRequested', channel: 'phone', target: '5551234567', ...(scene === undefined ? {} : { scene }) })
    fail(1119, 'force geetest')
    expect(last().call).toBe('captcha')
    send(responded(last().id, 'captcha', CHALLENGE))
    send({ type: 'verify.challengeAnswered', channel: 'phone', answer: secret('4821') })
  }
  return { actor, out, requests, last, send, fail, challenged }
}

describe('the challenge by the hall profile', () => {
  it('by default the send is retried with the challenge key and answer', () => {
    const v = started()
    v.challenged()
    expect(v.last()).toMatchObject({ call: 'securityCreateSms', payload: { phone: '5551234567', captchaKey: 'k-1', captcha: '4821' } })
    expect(v.requests().map((r) => r.call)).not.toContain('userGeetestValidate')
  })

  it('on a v4 site the player\'s send is validated by /user/geetest/validate/v4 first and carries its pass', () => {
    const v = started('v4')
    v.challenged()
    expect(v.last()).toMatchObject({ call: 'userGeetestValidate', payload: { captcha_id: '401', lot_number: 'k-1', captcha_output: '4821' } })
    v.send(responded(v.last().id, 'userGeetestValidate', { pass_token: secret('p-1'), gen_time: '1790000000' }))
    expect(v.last()).toEqual({
      id: v.last().id,
      call: 'securityCreateSms',
      payload: { phone: '5551234567', geetest: { captcha_id: '401', lot_number: 'k-1', captcha_output: '4821', pass_token: 'p-1', gen_time: '1790000000' } },
    })
    v.send(responded(v.last().id, 'securityCreateSms', { target: '555***4567', expireSeconds: 600 }))
    expect(v.actor.getSnapshot().context.phone.requested).toBe(true)
  })

  it('before sign-in the validation is /geetest/validate/v4 with the scene', () => {
    const v = started('v4')
    v.challenged('login')
    expect(v.last()).toMatchObject({ call: 'geetestValidate', payload: { lot_number: 'k-1', scene: 'login' } })
    v.send(responded(v.last().id, 'geetestValidate', { pass_token: 'p-2', gen_time: '1790000000' }))
    expect(v.last()).toMatchObject({ call: 'shortMsgCreate', payload: { phone_number: '5551234567', scene: 'login', geetest: { lot_number: 'k-1', pass_token: 'p-2' } } })
  })

  it('a missed validation asks a new challenge; error_12 starts the restriction', () => {
    const v = started('v4')
    v.challenged()
    v.fail(2011, 'challenge not passed')
    expect(v.last().call).toBe('captcha')
    expect(v.actor.getSnapshot().matches({ phone: { challenge: 'loading' } })).toBe(true)
    v.send(responded(v.last().id, 'captcha', { ...CHALLENGE, key: 'k-2' }))
    v.send({ type: 'verify.challengeAnswered', channel: 'phone', answer: secret('0000') })
    expect(v.last()).toMatchObject({ call: 'userGeetestValidate', payload: { lot_number: 'k-2' } })
    v.fail(1127, 'error_12')
    expect(v.out).toContainEqual({ type: 'geetest.challengeFailed', attempt: 'codeSend' })
    expect(v.actor.getSnapshot().matches({ phone: 'idle' })).toBe(true)
  })
})
