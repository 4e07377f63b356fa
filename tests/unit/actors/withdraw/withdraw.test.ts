import { describe, expect, it } from 'vitest'
import {
  withdrawCashCommand, withdrawInfoActor, withdrawOrderActor, withdrawRecordsActor,
} from '../../../../actors/withdraw'
import type { LobbyEvent } from '../../../../schemas/events'
import { redactEvent } from '../../../../schemas/events/redact'
import { isSecret } from '../../../../schemas/secret'
import { revealAll } from '../../../../src/effects/secret'
import { runActors } from '../../../support/actors'

const login: LobbyEvent = { type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false }
const guest: LobbyEvent = { type: 'session.loggedIn', mode: 'trymode', username: 'g', accountType: 1, real: false, mustChangePassword: false }
/** The calls asked, as the hall runner sends them (the secrets typed read in clear). */
const asked = (a: ReturnType<typeof runActors>) => a.emitted.filter((e) => e.type === 'hall.requested').map((e) => [e.call, revealAll(e.payload)])
const progress = (orderNo: string, status: number): LobbyEvent =>
  ({ type: 'realtime.withdrawOrderProgressed', msgId: 'm1', data: { orderNo, status, amount: '50', currency: 'USD' } })

const account = { id: 7, kind: 'bank', name: 'B', code: 'B', network: '', account_no: '**** 4444', holder: 'A', currency: 'USD', icon: '', is_default: 1 }
const order = (orderNo: string, status: number) => ({
  order_no: orderNo, currency: 'USD', amount: '50', fee: '0.5', arrive_amount: '49.5', account, speed: 2, status, reason: '',
  created_at: '2026-11-25 10:00:00', finished_at: null, steps: [{ status: 0, time: '2026-11-25 10:00:00' }],
})

describe('money out in the lobby', () => {
  it('reads the withdraw page when it opens and hands its balance to the wallet; not for a guest', () => {
    const a = runActors([withdrawInfoActor])
    a.send(guest, { type: 'withdraw.opened' })
    expect(asked(a)).toEqual([])
    a.send(login, { type: 'withdraw.opened' })
    expect(asked(a)).toEqual([['withdrawInfo', {}]])
    const info = {
      currency: 'USD', currency_type: 1, game_gold: '150.00', withdrawable: '100', audit_need: '100', daily_times: 5, daily_left: 5, daily_max_amount: '1000',
      need_sms: 0, has_withdraw_pass: 1, has_phone: 1, channels: [], accounts: [account],
    }
    a.send({ type: 'hall.responded', requestId: 'withdrawinfo-1', call: 'withdrawInfo', data: info })
    expect(a.emitted.filter((e) => e.type === 'wallet.balanceReported')).toEqual([{ type: 'wallet.balanceReported', balance: '150.00', source: 'withdraw' }])
    // The socket's progress of an order reads it again.
    a.send(progress('7000000001', 3))
    expect(asked(a).map(([call]) => call)).toEqual(['withdrawInfo', 'withdrawInfo'])
  })

  it('a withdrawal carries the password as a secret only the hall runner reads, and hands the balance after the hold to the wallet', () => {
    const a = runActors([withdrawCashCommand])
    // The form checked the 6 digits (src/ui/validation.ts): the command cannot read them.
    a.send(login, { type: 'command.submitted', command: 'withdrawCash', payload: { account_id: 7, amount: '50', withdraw_pass: '123456', request_id: 'r1' } })
    const request = a.emitted.find((e) => e.type === 'hall.requested')
    expect(isSecret((request?.payload as { withdraw_pass?: unknown } | undefined)?.withdraw_pass)).toBe(true)
    expect(JSON.stringify(request)).not.toContain('123456')
    expect(asked(a)).toEqual([['withdrawCash', { account_id: 7, amount: '50', withdraw_pass: '123456', request_id: 'r1' }]])
    a.send({ type: 'hall.responded', requestId: 'withdrawCash-1', call: 'withdrawCash', data: { order: order('7000000001', 0), game_gold: '100.00' } })
    expect(a.emitted.filter((e) => e.type === 'wallet.balanceReported')).toEqual([{ type: 'wallet.balanceReported', balance: '100.00', source: 'withdraw' }])
  })

  it('shows a wrong password in the form, not in a modal', () => {
    const a = runActors([withdrawCashCommand])
    a.send(login, { type: 'command.submitted', command: 'withdrawCash', payload: { account_id: 7, amount: '50', withdraw_pass: '654321', request_id: 'r2' } })
    a.send({ type: 'hall.failed', requestId: 'withdrawCash-1', call: 'withdrawCash', error: { _tag: 'ServiceCode', code: 1302, msg: 'wrong withdraw password' } } as unknown as LobbyEvent)
    expect(withdrawCashCommand.view(a.snapshot('withdrawCash')).formError).toBe('errors.wrongPin')
    expect(a.emitted.filter((e) => e.type === 'errors.reported')).toEqual([])
  })

  it("reads an open withdrawal's details again when the socket says that order moved, not another", () => {
    const a = runActors([withdrawOrderActor, withdrawRecordsActor])
    a.send(login, { type: 'withdraw.detailsOpened', orderNo: '7000000001' })
    a.send({ type: 'hall.responded', requestId: 'withdraworder-1', call: 'withdrawOrderInfo', data: order('7000000001', 0) })
    a.send(progress('7000000002', 2))
    a.send(progress('7000000001', 2))
    expect(asked(a)).toEqual([
      ['withdrawOrderInfo', { order_no: '7000000001' }],
      ['withdrawOrderInfo', { order_no: '7000000001' }],
    ])
  })

  it('the withdraw password of a submitted withdrawal never reaches the log', () => {
    const event = { type: 'command.submitted', command: 'withdrawCash', payload: { account_id: 7, amount: '50', withdraw_pass: '123456', request_id: 'r1' } } as const
    const stored = JSON.stringify(redactEvent(event))
    expect(stored).not.toContain('123456')
    expect(stored).toContain('"amount":"50"')
  })
})
