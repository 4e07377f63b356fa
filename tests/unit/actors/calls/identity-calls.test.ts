/**
 * The identity and security calls of the catalogue the lobby sends on some site profiles (issue
 * 45): each from its domain's actor, the submission that asks, the request it sends, and what it
 * makes of the answer and of a refusal.
 */
import { createActor, type AnyStateMachine } from 'xstate'
import { describe, expect, it } from 'vitest'
import { questionAndPinProofCommand, smsLoginValidateCommand } from '../../../../actors/recovery'
import { verifyEmailCodeCommand } from '../../../../actors/security'
import type { LobbyEvent } from '../../../../schemas/events'
import { methodsOf } from '../../../../src/views/auth/ForgotPasswordModal'

const login: LobbyEvent = { type: 'session.loggedIn', mode: 'normal', username: 'p1', accountType: 0, real: true, mustChangePassword: false }

interface Emitted { readonly type: string; readonly requestId?: string; readonly call?: string; readonly payload?: unknown }

const start = (machine: AnyStateMachine, ...events: LobbyEvent[]) => {
  const actor = createActor(machine)
  const emitted: Emitted[] = []
  actor.on('*', (e) => emitted.push(e as never))
  actor.start()
  for (const e of events) actor.send(e)
  return { actor, emitted, send: (e: LobbyEvent) => actor.send(e) }
}

describe("the e-mail's second verification by code (/user/security/verifyEmailCode, secondVerify byCode)", () => {
  it("sends the code alone and keeps the ticket it answers", () => {
    const a = start(verifyEmailCodeCommand.machine, login, { type: 'command.submitted', command: 'verifyEmailCode', payload: { code: '123456' } })
    expect(a.emitted).toEqual([{ type: 'hall.requested', requestId: 'verifyEmailCode-1', call: 'verifyEmailCode', payload: { code: '123456' } }])
    a.send({ type: 'hall.responded', requestId: 'verifyEmailCode-1', call: 'verifyEmailCode', data: { verifyToken: 't-1' } })
    expect(verifyEmailCodeCommand.view(a.actor.getSnapshot())).toMatchObject({ status: 'succeeded', result: 't-1' })
  })

  it('a wrong code shows in the form; a visitor sends nothing', () => {
    const a = start(verifyEmailCodeCommand.machine, login, { type: 'command.submitted', command: 'verifyEmailCode', payload: { code: '000000' } })
    a.send({ type: 'hall.failed', requestId: 'verifyEmailCode-1', call: 'verifyEmailCode', error: { _tag: 'ServiceCode', code: 1223, msg: 'wrong' } })
    expect(verifyEmailCodeCommand.view(a.actor.getSnapshot())).toMatchObject({ status: 'failed', formError: 'error.wrongCode' })
    expect(start(verifyEmailCodeCommand.machine, { type: 'command.submitted', command: 'verifyEmailCode', payload: { code: '1' } }).emitted).toEqual([])
  })
})

describe('the SMS login checked first (/shortmsg/validate, smsLogin validate)', () => {
  it("sends the phone and the code with the scene 'login', and passes", () => {
    const payload = { captcha: '1234', phone_number: '+5511987654321', scene: 'login' }
    const a = start(smsLoginValidateCommand.machine, { type: 'command.submitted', command: 'shortMsgValidate', payload })
    expect(a.emitted).toEqual([{ type: 'hall.requested', requestId: 'shortMsgValidate-1', call: 'shortMsgValidate', payload }])
    a.send({ type: 'hall.responded', requestId: 'shortMsgValidate-1', call: 'shortMsgValidate', data: {} })
    expect(smsLoginValidateCommand.view(a.actor.getSnapshot())).toMatchObject({ status: 'succeeded', result: true })
  })

  it('a wrong code (1101) and an unknown phone (2005) show in the form, no modal', () => {
    const payload = { captcha: '0000', phone_number: '+5511987654321', scene: 'login' }
    const a = start(smsLoginValidateCommand.machine, { type: 'command.submitted', command: 'shortMsgValidate', payload })
    a.send({ type: 'hall.failed', requestId: 'shortMsgValidate-1', call: 'shortMsgValidate', error: { _tag: 'ServiceCode', code: 1101, msg: 'phone code error' } })
    expect(smsLoginValidateCommand.view(a.actor.getSnapshot())).toMatchObject({ status: 'failed', formError: 'sms.wrongCode' })
    a.send({ type: 'command.submitted', command: 'shortMsgValidate', payload })
    a.send({ type: 'hall.failed', requestId: 'shortMsgValidate-2', call: 'shortMsgValidate', error: { _tag: 'ServiceCode', code: 2005, msg: 'no account' } })
    expect(smsLoginValidateCommand.view(a.actor.getSnapshot())).toMatchObject({ status: 'failed', formError: 'sms.noAccount' })
    expect(a.emitted.filter((e) => e.type === 'errors.reported')).toEqual([])
  })
})

describe('the recovery by question and withdraw password (/user/notlogin/verificquestionandwithdrawpasswd, recoveryProof questionAndPin)', () => {
  it('sends the question named, its answer and the PIN, and keeps the reset ticket', () => {
    const payload = { username: 'p1', questionId: 2, answer: 'Lisbon', withdrawPass: '135790' }
    const a = start(questionAndPinProofCommand.machine, { type: 'command.submitted', command: 'notLoginVerifyQuestionAndWithdrawPass', payload })
    expect(a.emitted).toEqual([{ type: 'hall.requested', requestId: 'notLoginVerifyQuestionAndWithdrawPass-1', call: 'notLoginVerifyQuestionAndWithdrawPass', payload }])
    a.send({ type: 'hall.responded', requestId: 'notLoginVerifyQuestionAndWithdrawPass-1', call: 'notLoginVerifyQuestionAndWithdrawPass', data: { resetToken: 'r-1' } })
    expect(questionAndPinProofCommand.view(a.actor.getSnapshot())).toMatchObject({ status: 'succeeded', result: 'r-1' })
  })

  it('a wrong answer or PIN shows in the form', () => {
    const payload = { username: 'p1', questionId: 2, answer: 'Porto', withdrawPass: '135790' }
    const a = start(questionAndPinProofCommand.machine, { type: 'command.submitted', command: 'notLoginVerifyQuestionAndWithdrawPass', payload })
    a.send({ type: 'hall.failed', requestId: 'notLoginVerifyQuestionAndWithdrawPass-1', call: 'notLoginVerifyQuestionAndWithdrawPass', error: { _tag: 'ServiceCode', code: 2002, msg: 'not that question' } })
    expect(questionAndPinProofCommand.view(a.actor.getSnapshot())).toMatchObject({ status: 'failed', formError: 'recovery.error.notOffered' })
  })

  it('offers the two at once in place of each only on such a site and for an account that set both', () => {
    expect(methodsOf([2, 3, 4, 5], true)).toEqual([3, 2, 45])
    expect(methodsOf([2, 3, 4, 5], false)).toEqual([3, 2, 4, 5])
    expect(methodsOf([4], true)).toEqual([4])
    expect(methodsOf([5, 3], true)).toEqual([3, 5])
  })
})
