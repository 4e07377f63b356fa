/**
 * The catalogue calls issue 45 found the lobby not sending, each from its domain's actor: the
 * event that asks, the request it sends, and what it makes of the answer (and of a refusal).
 */
import { createActor, type AnyStateMachine } from 'xstate'
import { describe, expect, it } from 'vitest'
import { phoneActor, questionsActor, verifyEmailCommand, verifyGoogleAuthCodeCommand, verifyPhoneCodeCommand, verifyPhoneCommand } from '../../../../actors/account'
import { emailProofCommand, findByCaptchaCommand, phoneByCaptchaCommand, phoneProofCommand, recoveryChallengeCommand } from '../../../../actors/recovery'
import { walletAppActor } from '../../../../actors/withdraw'
import type { LobbyEvent } from '../../../../schemas/events'

const login = (real: boolean): LobbyEvent => ({ type: 'session.loggedIn', mode: real ? 'normal' : 'trymode', username: 'p1', accountType: real ? 0 : 1, real, mustChangePassword: false })

interface Emitted { readonly type: string; readonly requestId?: string; readonly call?: string; readonly payload?: unknown }

const start = (machine: AnyStateMachine, ...events: LobbyEvent[]) => {
  const actor = createActor(machine)
  const emitted: Emitted[] = []
  actor.on('*', (e) => emitted.push(e as never))
  actor.start()
  for (const e of events) actor.send(e)
  return { actor, emitted, send: (e: LobbyEvent) => actor.send(e) }
}

describe('the wallet app download address (/pay/wallet/downloadUrl)', () => {
  it('is read for device type 1 when a wallet app binding is shown, and keeps the address', () => {
    const a = start(walletAppActor.machine, login(true), { type: 'withdraw.walletAppShown' })
    expect(a.emitted).toEqual([{ type: 'hall.requested', requestId: 'walletapp-1', call: 'walletDownloadUrl', payload: { device_type: 1 } }])
    a.send({ type: 'hall.responded', requestId: 'walletapp-1', call: 'walletDownloadUrl', data: { url: 'https://wallet.example/app' } })
    expect(walletAppActor.view(a.actor.getSnapshot()).data).toBe('https://wallet.example/app')
  })

  it('asks nothing for a guest or before the binding is shown', () => {
    expect(start(walletAppActor.machine, login(true)).emitted).toEqual([])
    expect(start(walletAppActor.machine, login(false), { type: 'withdraw.walletAppShown' }).emitted).toEqual([])
  })
})

describe("the site's secret questions (/user/getquestion)", () => {
  const list = [{ questionId: 1, question: 'First pet?' }, { questionId: 2, question: 'Born where?' }]

  it("are read when the question's form opens, and kept as the list to choose from", () => {
    const a = start(questionsActor.machine, login(true), { type: 'account.opened' })
    expect(a.emitted).toEqual([])
    a.send({ type: 'account.questionFormOpened' })
    expect(a.emitted).toEqual([{ type: 'hall.requested', requestId: 'questions-1', call: 'getQuestion', payload: {} }])
    a.send({ type: 'hall.responded', requestId: 'questions-1', call: 'getQuestion', data: { list } })
    expect(questionsActor.view(a.actor.getSnapshot())).toMatchObject({ status: 'ready', data: list })
  })

  it('a failure shows as failed and the view asks again', () => {
    const a = start(questionsActor.machine, login(true), { type: 'account.questionFormOpened' })
    a.send({ type: 'hall.failed', requestId: 'questions-1', call: 'getQuestion', error: { _tag: 'Network', message: 'offline' } })
    expect(questionsActor.view(a.actor.getSnapshot()).status).toBe('failed')
    a.send({ type: 'query.refreshRequested', query: 'questions' })
    expect(a.emitted.at(-1)).toEqual({ type: 'hall.requested', requestId: 'questions-2', call: 'getQuestion', payload: {} })
  })
})

describe('the phone check (/user/phone, /user/verifyphone)', () => {
  it('reads the bound phone and its country code when the check opens', () => {
    const a = start(phoneActor.machine, login(true), { type: 'account.opened' })
    expect(a.emitted).toEqual([])
    a.send({ type: 'account.phoneCheckOpened' })
    expect(a.emitted).toEqual([{ type: 'hall.requested', requestId: 'phone-1', call: 'userPhone', payload: {} }])
    const data = { mobile_phone: '+55******4321', areaCode: '+55', bound: 1 }
    a.send({ type: 'hall.responded', requestId: 'phone-1', call: 'userPhone', data })
    expect(phoneActor.view(a.actor.getSnapshot())).toMatchObject({ status: 'ready', data })
  })

  it("sends the code for the phone named masked, and the answer's phone is the result; the account's screens read again", () => {
    const a = start(verifyPhoneCommand.machine, login(true), { type: 'command.submitted', command: 'userVerifyPhone', payload: { phone: '+55******4321', code: '1234' } })
    expect(a.emitted).toEqual([{ type: 'hall.requested', requestId: 'userVerifyPhone-1', call: 'userVerifyPhone', payload: { phone: '+55******4321', code: '1234' } }])
    a.send({ type: 'hall.responded', requestId: 'userVerifyPhone-1', call: 'userVerifyPhone', data: { mobile_phone: '+55******4321' } })
    expect(verifyPhoneCommand.view(a.actor.getSnapshot())).toMatchObject({ status: 'succeeded', result: '+55******4321' })
    expect(a.emitted.at(-1)).toEqual({ type: 'account.changed', item: 'phone' })
  })

  it('a wrong code shows in the form', () => {
    const a = start(verifyPhoneCommand.machine, login(true), { type: 'command.submitted', command: 'userVerifyPhone', payload: { phone: '+55******4321', code: '9999' } })
    a.send({ type: 'hall.failed', requestId: 'userVerifyPhone-1', call: 'userVerifyPhone', error: { _tag: 'ServiceCode', code: 1223, msg: 'wrong code' } })
    expect(verifyPhoneCommand.view(a.actor.getSnapshot())).toMatchObject({ status: 'failed', formError: 'error.wrongCode' })
  })
})

describe('a second verification by channel (hall profile secondVerify byChannel)', () => {
  const ticket = { verifyToken: 't-1', expireSeconds: 300 }
  it.each([
    ['the e-mail code, naming the bound e-mail masked', verifyEmailCommand, 'securityVerifyEmail', { email: 'an***@example.com', code: '12345' }],
    ['the phone code', verifyPhoneCodeCommand, 'verifyPhoneCode', { code: '1234' }],
    ["the authenticator's code", verifyGoogleAuthCodeCommand, 'verifyGoogleAuthCode', { code: '123456' }],
  ] as const)('%s is checked by its call and answers the ticket', (_, command, call, payload) => {
    const a = start(command.machine, login(true), { type: 'command.submitted', command: call, payload })
    expect(a.emitted).toEqual([{ type: 'hall.requested', requestId: `${call}-1`, call, payload }])
    a.send({ type: 'hall.responded', requestId: `${call}-1`, call, data: ticket })
    expect(command.view(a.actor.getSnapshot() as never)).toMatchObject({ status: 'succeeded', result: 't-1' })
  })

  it('a wrong e-mail code shows in the form; an e-mail not bound opens the modal', () => {
    const a = start(verifyEmailCommand.machine, login(true), { type: 'command.submitted', command: 'securityVerifyEmail', payload: { email: 'an***@example.com', code: '00000' } })
    a.send({ type: 'hall.failed', requestId: 'securityVerifyEmail-1', call: 'securityVerifyEmail', error: { _tag: 'ServiceCode', code: 1223, msg: 'wrong' } })
    expect(verifyEmailCommand.view(a.actor.getSnapshot())).toMatchObject({ status: 'failed', formError: 'error.wrongCode' })
    a.send({ type: 'command.submitted', command: 'securityVerifyEmail', payload: { email: 'an***@example.com', code: '00001' } })
    a.send({ type: 'hall.failed', requestId: 'securityVerifyEmail-2', call: 'securityVerifyEmail', error: { _tag: 'ServiceCode', code: 1233, msg: 'bind an email first' } })
    expect(verifyEmailCommand.view(a.actor.getSnapshot())).toMatchObject({ status: 'failed', formError: null })
  })
})

describe('the recovery behind the image challenge (hall profile recovery captcha)', () => {
  const account = { username: 'p1', verifyTypes: [3, 2], mobile_phone: '******4321', email: 'p1***@example.com' }

  it("a visitor asks the challenge, then finds the account with its key and digits (/user/captcha/getUserInfo)", () => {
    const challenge = start(recoveryChallengeCommand.machine, { type: 'command.submitted', command: 'recoveryChallenge', payload: {} })
    expect(challenge.emitted).toEqual([{ type: 'hall.requested', requestId: 'recoveryChallenge-1', call: 'captcha', payload: {} }])
    const find = start(findByCaptchaCommand.machine, { type: 'command.submitted', command: 'captchaGetUserInfo', payload: { username: 'p1', captchaKey: 'k1', captcha: '1234' } })
    expect(find.emitted).toEqual([{ type: 'hall.requested', requestId: 'captchaGetUserInfo-1', call: 'captchaGetUserInfo', payload: { username: 'p1', captchaKey: 'k1', captcha: '1234' } }])
    find.send({ type: 'hall.responded', requestId: 'captchaGetUserInfo-1', call: 'captchaGetUserInfo', data: account })
    expect(findByCaptchaCommand.view(find.actor.getSnapshot())).toMatchObject({ status: 'succeeded', result: account })
  })

  it('a missed challenge and an unknown account show in the form', () => {
    const find = start(findByCaptchaCommand.machine, { type: 'command.submitted', command: 'captchaGetUserInfo', payload: { username: 'p1', captchaKey: 'k1', captcha: '0000' } })
    find.send({ type: 'hall.failed', requestId: 'captchaGetUserInfo-1', call: 'captchaGetUserInfo', error: { _tag: 'ServiceCode', code: 2011, msg: 'missed' } })
    expect(findByCaptchaCommand.view(find.actor.getSnapshot())).toMatchObject({ status: 'failed', formError: 'recovery.error.challenge' })
    find.send({ type: 'command.submitted', command: 'captchaGetUserInfo', payload: { username: 'nobody', captchaKey: 'k2', captcha: '1234' } })
    find.send({ type: 'hall.failed', requestId: 'captchaGetUserInfo-2', call: 'captchaGetUserInfo', error: { _tag: 'ServiceCode', code: 2000, msg: 'no account' } })
    expect(findByCaptchaCommand.view(find.actor.getSnapshot())).toMatchObject({ status: 'failed', formError: 'recovery.error.noAccount' })
  })

  it("confirms the account's phone, named masked, before a code goes to it (/user/captcha/verifyPhone)", () => {
    const payload = { username: 'p1', phone: '******4321', captchaKey: 'k3', captcha: '5678' }
    const a = start(phoneByCaptchaCommand.machine, { type: 'command.submitted', command: 'captchaVerifyPhone', payload })
    expect(a.emitted).toEqual([{ type: 'hall.requested', requestId: 'captchaVerifyPhone-1', call: 'captchaVerifyPhone', payload }])
    a.send({ type: 'hall.responded', requestId: 'captchaVerifyPhone-1', call: 'captchaVerifyPhone', data: {} })
    expect(phoneByCaptchaCommand.view(a.actor.getSnapshot())).toMatchObject({ status: 'succeeded', result: true })
  })
})

describe('the recovery proof by channel (hall profile recoveryProof byChannel)', () => {
  it.each([
    ["the phone's code (/user/sms/verifyphone)", phoneProofCommand, 'smsVerifyPhone', { username: 'p1', phone: '******4321', code: '1234' }],
    ["the e-mail's code (/user/notlogin/verifyEmail)", emailProofCommand, 'notLoginVerifyEmail', { username: 'p1', email: 'p1***@example.com', code: '12345' }],
  ] as const)('%s answers the reset ticket', (_, command, call, payload) => {
    const a = start(command.machine, { type: 'command.submitted', command: call, payload })
    expect(a.emitted).toEqual([{ type: 'hall.requested', requestId: `${call}-1`, call, payload }])
    a.send({ type: 'hall.responded', requestId: `${call}-1`, call, data: { resetToken: 'r-1', expireSeconds: 300 } })
    expect(command.view(a.actor.getSnapshot() as never)).toMatchObject({ status: 'succeeded', result: 'r-1' })
  })

  it('a wrong code shows in the form', () => {
    const a = start(phoneProofCommand.machine, { type: 'command.submitted', command: 'smsVerifyPhone', payload: { username: 'p1', phone: '******4321', code: '0000' } })
    a.send({ type: 'hall.failed', requestId: 'smsVerifyPhone-1', call: 'smsVerifyPhone', error: { _tag: 'ServiceCode', code: 1223, msg: 'wrong' } })
    expect(phoneProofCommand.view(a.actor.getSnapshot())).toMatchObject({ status: 'failed', formError: 'recovery.error.wrongCode' })
  })
})
