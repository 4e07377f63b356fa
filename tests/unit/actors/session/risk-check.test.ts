/**
 * The sign-in's risk check (login validation mode sms 7, issue 45): a login answered with
 * loginValidType 7 signs in only once the code texted to the bound phone passed
 * (/user/risk/verifyPhone), or, for an account without a phone, once a phone is bound by its code
 * (/user/risk/bindPhone). Until then the answer's token signs the check's calls and nobody is
 * signed in; giving up signs the calls as before.
 */
import { describe, expect, it } from 'vitest'
import { selectIsLoggedIn, selectIsVisitor, selectRiskCheck } from '../../../../actors/session'
import { lobby, serviceError, user } from './support'

const risky = (over = {}) => ({ ...user({ mobile_phone: '+55******4321', ...over }), loginValidType: 7 })

describe('the risk check of a sign-in', () => {
  it('asks the bound phone code, and signs in once it passed', () => {
    const l = lobby()
    l.boot()
    l.intent({ type: 'session.loginSubmitted', username: 'player01', password: 'secret123' })
    l.answer(risky())
    expect(selectRiskCheck(l.session())).toEqual({ phone: '+55******4321', binds: false, sent: null, error: null })
    expect(l.ofType('session.loggedIn')).toEqual([])
    // The answer's token signs the check's calls.
    expect(l.ofType('session.credentialsChanged').at(-1)).toMatchObject({ token: 'tk-1001', keyMaterial: 'sk-1001' })
    l.intent({ type: 'session.riskCodeRequested' })
    expect(l.lastRequest()).toMatchObject({ call: 'securityCreateSms', payload: { phone: '+55******4321' } })
    l.answer({ target: '+55******4321', expireSeconds: 600 })
    expect(selectRiskCheck(l.session())?.sent).toBe('+55******4321')
    l.intent({ type: 'session.riskCodeSubmitted', code: '0000' })
    expect(l.lastRequest()).toMatchObject({ call: 'riskVerifyPhone', payload: { code: '0000' } })
    l.fail(serviceError(1223, 'the code is wrong'))
    expect(selectRiskCheck(l.session())?.error).toEqual({ code: 1223, msg: 'the code is wrong', messageKey: null })
    expect(selectIsLoggedIn(l.session())).toBe(false)
    l.intent({ type: 'session.riskCodeSubmitted', code: '4321' })
    l.answer({})
    expect(selectRiskCheck(l.session())).toBeNull()
    expect(selectIsLoggedIn(l.session())).toBe(true)
    expect(l.ofType('session.loggedIn').at(-1)).toMatchObject({ username: 'player01', mode: 'normal', real: true })
    expect(l.ofType('wallet.balanceReported').at(-1)).toMatchObject({ balance: '100.00', source: 'login' })
  })

  it("an account without a phone binds one by its code; the bound phone is the user's", () => {
    const l = lobby()
    l.boot()
    l.intent({ type: 'session.loginSubmitted', username: 'player01', password: 'secret123' })
    l.answer(risky({ mobile_phone: '' }))
    expect(selectRiskCheck(l.session())).toMatchObject({ binds: true, phone: '' })
    l.intent({ type: 'session.riskCodeRequested', phone: '11987654321', areaCode: '+55' })
    expect(l.lastRequest()).toMatchObject({ call: 'securityCreateSms', payload: { phone: '11987654321', areaCode: '+55' } })
    l.answer({ target: '+55******4321', expireSeconds: 600 })
    l.intent({ type: 'session.riskCodeSubmitted', code: '1234', phone: '11987654321', areaCode: '+55' })
    expect(l.lastRequest()).toMatchObject({ call: 'riskBindPhone', payload: { phone: '11987654321', areaCode: '+55', code: '1234' } })
    l.answer({ mobile_phone: '+55******4321' })
    expect(l.ofType('session.loggedIn').at(-1)).toMatchObject({ bind: { bound: ['phone'] } })
  })

  it("giving the check up signs in nobody, and a visitor's calls are signed as before", () => {
    const l = lobby()
    l.boot()
    l.intent({ type: 'session.loginSubmitted', username: 'player01', password: 'secret123' })
    l.answer(risky())
    l.intent({ type: 'session.riskCancelled' })
    expect(selectRiskCheck(l.session())).toBeNull()
    expect(selectIsVisitor(l.session())).toBe(true)
    expect(l.ofType('session.credentialsChanged').at(-1)).toMatchObject({ token: 'sys-token' })
    expect(l.ofType('session.loggedIn')).toEqual([])
  })

  it('an answer without the check (or with mode 1) signs in at once', () => {
    const l = lobby()
    l.boot()
    l.intent({ type: 'session.loginSubmitted', username: 'player01', password: 'secret123' })
    l.answer({ ...user(), loginValidType: 1 })
    expect(selectIsLoggedIn(l.session())).toBe(true)
  })
})
