import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { CryptoNetwork, WithdrawAccount, WithdrawChannel, WithdrawInfo } from '../../../schemas/hall/calls/withdraw'
import type { EWallet } from '../../../schemas/hall/calls/withdraw-own'
import {
  auditHolds, checkAddress, checkCard, checkWallet, checkWithdraw, feeKey, formErrorAt, lesserMoney, quickAmounts, withdrawRequest, withdrawRoute, withdrawTabOf,
} from '../../../src/models/withdraw'
import { connectWalletBind, walletBindFlow, type WalletBindEmitted } from '../../../src/models/wallet-bind.flow'

const account = (id: number, kind: WithdrawAccount['kind'], is_default: 0 | 1 = 0): WithdrawAccount => ({
  id, kind, name: 'Bank', code: 'B', network: '', account_no: '**** 1234', holder: 'Ana', currency: 'BRL', icon: '', is_default,
})
const channel = (kind: WithdrawChannel['kind'], over: Partial<WithdrawChannel> = {}): WithdrawChannel => ({
  kind, name: kind, currency: 'BRL', min_amount: '10', max_amount: '5000', fee_rate: '1', speed: 2, closed: 0, need_proof: 0, ...over,
})
const info = (over: Partial<WithdrawInfo> = {}): WithdrawInfo => ({
  currency: 'BRL', currency_type: 1, game_gold: '1000', withdrawable: '900.5', audit_need: '0', daily_times: 5, daily_left: 5, daily_max_amount: '10000',
  need_sms: 0, has_withdraw_pass: 1, has_phone: 1, channels: [channel('bank'), channel('crypto', { max_amount: '100', need_proof: 1 })],
  accounts: [account(1, 'bank'), account(2, 'crypto', 1)], ...over,
})

describe('the withdraw model', () => {
  it('opens the tab the query names, else the withdrawal', () => {
    expect(withdrawTabOf('audit')).toBe('audit')
    expect(withdrawTabOf(undefined)).toBe('withdraw')
    expect(withdrawTabOf('nope')).toBe('withdraw')
  })

  it('goes through the chosen account, else the default, else the first, with its kind\'s channel', () => {
    expect(withdrawRoute(info(), false, 1).account?.id).toBe(1)
    expect(withdrawRoute(info(), false, null).account?.id).toBe(2)
    expect(withdrawRoute(info(), false, 99).channel?.kind).toBe('crypto')
    expect(withdrawRoute(info({ accounts: [account(3, 'bank'), account(4, 'bank')] }), false, null).account?.id).toBe(3)
    expect(withdrawRoute(info({ accounts: [] }), false, null)).toMatchObject({ account: null, channel: null, max: undefined })
  })

  it('bounds the amount by the channel and what can be withdrawn, compared as decimals', () => {
    expect(withdrawRoute(info(), false, 1).max).toBe('900.5')
    expect(withdrawRoute(info(), false, 2).max).toBe('100')
    expect(lesserMoney('10.10', '10.09')).toBe('10.09')
    expect(lesserMoney('99999999999999999999.01', '99999999999999999999.02')).toBe('99999999999999999999.01')
    expect(quickAmounts(withdrawRoute(info(), false, 1))).toEqual(['900.5'])
    expect(quickAmounts(withdrawRoute(info({ withdrawable: '0.00' }), false, 1))).toEqual([])
  })

  it('is closed when the site or the channel is, and asks a proof when the channel does', () => {
    expect(withdrawRoute(info(), true, 1).closed).toBe(true)
    expect(withdrawRoute(info({ channels: [channel('bank', { closed: 1 })] }), false, 1).closed).toBe(true)
    expect(withdrawRoute(info(), false, 1).closed).toBe(false)
    expect(withdrawRoute(info(), false, 2).needProof).toBe(true)
  })

  it('asks the fee only for a valid amount, once per account, amount and speed', () => {
    const r = withdrawRoute(info(), false, 1)
    expect(feeKey(r, '', 2)).toBeNull()
    expect(feeKey(r, '5', 2)).toBeNull()
    expect(feeKey(r, '901', 2)).toBeNull()
    expect(feeKey(r, '50', 2)).toBe('1|50|2')
    expect(feeKey(r, '50', 1)).toBe('1|50|1')
  })

  it('says when the audits hold money back', () => {
    expect(auditHolds(info({ audit_need: '0.00' }))).toBe(false)
    expect(auditHolds(info({ audit_need: '0.01' }))).toBe(true)
  })

  it('shows the hall\'s answer at its field', () => {
    expect(formErrorAt('errors.wrongPin', 'pin')).toBe(true)
    expect(formErrorAt('errors.wrongPin', 'amount')).toBe(false)
    expect(formErrorAt('errors.wrongCode', 'sms')).toBe(true)
    expect(formErrorAt('errors.wrongCode', 'amount')).toBe(false)
    expect(formErrorAt('errors.badProof', 'proof')).toBe(true)
    expect(formErrorAt('errors.badProof', 'amount')).toBe(true)
    expect(formErrorAt('errors.dailyLimit', 'amount')).toBe(true)
    expect(formErrorAt('errors.dailyLimit', 'pin')).toBe(false)
    expect(formErrorAt(null, 'amount')).toBe(false)
  })

  it('checks the amount and the proof before the hall, and builds the request with its id', () => {
    const r = withdrawRoute(info(), false, 2)
    const input = { amount: '101', speed: 2 as const, pin: '123456', smsCode: '', proofUrl: null }
    expect(checkWithdraw(r, input)).toEqual({ amount: 'validation.moneyMax', proofMissing: true })
    expect(checkWithdraw(r, { ...input, amount: '50', proofUrl: '/p.png' })).toEqual({ amount: null, proofMissing: false })
    expect(withdrawRequest(info({ need_sms: 1 }), r, { ...input, amount: '50', smsCode: '1234', proofUrl: '/p.png' }, 'id-1')).toEqual({
      account_id: 2, amount: '50', withdraw_pass: '123456', request_id: 'id-1', speed: 2, sms_code: '1234', proof_url: '/p.png',
    })
    expect(withdrawRequest(info(), withdrawRoute(info({ accounts: [] }), false, null), input, 'id')).toBeNull()
  })

  it('checks a bank card: digits, the holder, the CPF in Brazil', () => {
    const card = { bank: '', firstBank: 'ITAU', cardNo: '1234 5678', holder: ' Ana ', cpf: '', brazil: true }
    expect(checkCard(card)).toEqual({ request: { bank_code: 'ITAU', card_no: '12345678', holder: 'Ana' } })
    expect(checkCard({ ...card, firstBank: '' })).toBeNull()
    expect(checkCard({ ...card, cardNo: '123' })).toEqual({ problem: { ns: 'withdraw', key: 'errors.badCard' } })
    expect(checkCard({ ...card, holder: ' ' })).toEqual({ problem: { ns: 'auth', key: 'validation.required', item: 'holder' } })
    expect(checkCard({ ...card, holder: 'x'.repeat(76) })).toEqual({ problem: { ns: 'auth', key: 'validation.realNameLength' } })
    expect(checkCard({ ...card, cpf: '123456789012' })).toEqual({ problem: { ns: 'auth', key: 'validation.cpf' } })
    expect(checkCard({ ...card, bank: 'BB', cpf: '123' })).toEqual({ request: { bank_code: 'BB', card_no: '12345678', holder: 'Ana', cpf: '123' } })
    expect(checkCard({ ...card, brazil: false, cpf: '123' })).toEqual({ request: { bank_code: 'ITAU', card_no: '12345678', holder: 'Ana' } })
  })

  it('checks a crypto address and an e-wallet against their patterns', () => {
    const net: CryptoNetwork = { currency: 'USDT', network: 'TRC20', address_pattern: '^T[0-9A-Za-z]{33}$' } as CryptoNetwork
    expect(checkAddress(net, ' T' + 'a'.repeat(33) + ' ')).toEqual({ request: { currency: 'USDT', network: 'TRC20', address: 'T' + 'a'.repeat(33) } })
    expect(checkAddress(net, '0xabc')).toEqual({ problem: { ns: 'withdraw', key: 'errors.badAddress' } })
    const wallet = { code: 'PIX', kind: 'ewallet', name: 'Pix', account_pattern: '^\\d{11}$', account_example: '12345678901' } as EWallet
    expect(checkWallet(wallet, ' 12345678901 ', ' Ana ')).toEqual({ binding: { kind: 'ewallet', wallet_code: 'PIX', account_no: '12345678901', holder: 'Ana' } })
    expect(checkWallet(wallet, '123', 'Ana')).toEqual({ problem: { ns: 'withdraw', key: 'errors.badEwallet' } })
    expect(checkWallet(wallet, '12345678901', '')).toEqual({ problem: { ns: 'auth', key: 'validation.required', item: 'holder' } })
  })
})

describe('the wallet binding flow', () => {
  const binding = { kind: 'wallet' as const, wallet_code: 'GC', account_no: '0917', holder: 'Ana' }
  const start = () => {
    const actor = createActor(walletBindFlow).start()
    const asked: WalletBindEmitted[] = []
    actor.on('verifyPin', (e) => asked.push(e))
    actor.on('bind', (e) => asked.push(e))
    const props = () => connectWalletBind(actor.getSnapshot(), (e) => actor.send(e))
    return { actor, asked, props }
  }

  it('verifies the withdraw password, then binds with its ticket', () => {
    const { asked, props, actor } = start()
    props().submit(binding, '123456')
    expect(asked).toEqual([{ type: 'verifyPin', withdrawPass: '123456' }])
    expect(props().busy).toBe(true)
    actor.send({ type: 'VERIFIED', ticket: 't-1' })
    expect(asked[1]).toEqual({ type: 'bind', kind: 'wallet', payload: { wallet_code: 'GC', account_no: '0917', holder: 'Ana', verifyToken: 't-1' } })
    expect(props().busy).toBe(true)
    actor.send({ type: 'BOUND' })
    expect(props()).toMatchObject({ busy: false, bound: true })
  })

  it('asks the verification of a malformed password but does not wait for it (its own check refuses it)', () => {
    const { asked, props } = start()
    props().submit(binding, '12')
    expect(asked).toEqual([{ type: 'verifyPin', withdrawPass: '12' }])
    expect(props().busy).toBe(false)
  })

  it('goes back to the form when the password or the binding is refused, and binds nothing stale', () => {
    const { asked, props, actor } = start()
    props().submit(binding, '123456')
    actor.send({ type: 'VERIFY_FAILED' })
    expect(props().busy).toBe(false)
    actor.send({ type: 'VERIFIED', ticket: 'late' })
    expect(asked).toHaveLength(1)
    props().submit(binding, '123456')
    actor.send({ type: 'VERIFIED', ticket: 't-2' })
    actor.send({ type: 'BIND_FAILED' })
    expect(props()).toMatchObject({ busy: false, bound: false })
  })

  it('binds another after one went through', () => {
    const { props, actor } = start()
    props().submit(binding, '123456')
    actor.send({ type: 'VERIFIED', ticket: 't' })
    actor.send({ type: 'BOUND' })
    props().submit({ ...binding, kind: 'ewallet' }, '123456')
    expect(props()).toMatchObject({ busy: true, bound: false })
  })
})
