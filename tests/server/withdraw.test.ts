import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  accountDetails, auditDetail, auditRecordPageList, bindCard, bindCrypto, withdrawCash, withdrawInfo, withdrawOrderInfo, withdrawRecord, walletQuery,
} from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { WithdrawCodes } from '../../server/withdraw'
import { callHall, control, playRound, player, visitor } from './support'
import type { Caller, Hall } from './support'

let hall: Hall
let site: Caller
let n = 0

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
  site = await visitor(hall.url, '001')
}, 60_000)
afterAll(() => hall.close())

const post = (caller: Caller, path: string, params: unknown) => callHall(hall.url, caller, 'POST', path, params)

const ask = async <S extends Schema.Top>(caller: Caller, path: string, schema: S, params: unknown): Promise<S['Type']> => {
  const a = await post(caller, path, params)
  expect(a.envelope.code, a.envelope.msg).toBe(1)
  return Schema.decodeUnknownSync(schema as unknown as Schema.Codec<S['Type']>)(a.envelope.data)
}

const code = async (caller: Caller, path: string, params: unknown): Promise<number> => (await post(caller, path, params)).envelope.code

/** A registered player; with `secured`, a bound phone and the withdraw password 123456. */
const newPlayer = async (secured = true) => {
  n += 1
  const username = `payee${String(n).padStart(3, '0')}`
  const reg = await post(site, '/home/register', { username, password: 'abc12345' })
  expect(reg.envelope.code).toBe(1)
  const caller = player('001', reg.envelope.data)
  const phone = `55512${String(n).padStart(5, '0')}`
  if (secured) {
    expect(await code(caller, '/user/security/createsms', { phone })).toBe(1)
    const sent = await control(hall.url, 'last-code', { username })
    expect(await code(caller, '/user/security/modifyphone', { phone, code: sent['code'] })).toBe(1)
    expect(await code(caller, '/user/security/modifywithdrawpass', { newPass: '123456' })).toBe(1)
  }
  return { caller, username, phone, data: reg.envelope.data as { session_key: string; userkey: string } }
}

const card = (caller: Caller, cardNo = '4111222233334444') =>
  ask(caller, '/certify/bindcard', bindCard.response, { bank_code: 'CHASE', card_no: cardNo, holder: 'ANA SILVA' })

let requests = 0
const cash = (caller: Caller, accountId: number, amount: string, extra: object = {}) => {
  requests += 1
  return post(caller, '/certify/cach', { account_id: accountId, amount, withdraw_pass: '123456', request_id: `r-${requests}`, ...extra })
}
const info = (caller: Caller) => ask(caller, '/certify/withdrawInfo', withdrawInfo.response, {})

describe('withdraw accounts', () => {
  it('binds a bank card (masked, the first is the default) and a crypto address; refuses bad input', async () => {
    const { caller } = await newPlayer()
    const bank = await card(caller)
    expect(bank).toMatchObject({ kind: 'bank', name: 'JPMorgan Chase', account_no: '**** 4444', holder: 'ANA SILVA', is_default: 1 })
    const address = 'TXYZa1b2c3d4e5f6g7h8i9j1k2m3n4p5q6'
    const crypto = await ask(caller, '/certify/bindCrypto', bindCrypto.response, { currency: 'USDT', network: 'TRC20', address })
    expect(crypto).toMatchObject({ kind: 'crypto', network: 'TRC20', account_no: address, is_default: 0 })
    // The same card twice, a bad address, a bad CPF, an empty or too long name are refused.
    expect(await code(caller, '/certify/bindcard', { bank_code: 'CHASE', card_no: '4111 2222 3333 4444', holder: 'ANA SILVA' })).toBe(WithdrawCodes.accountTaken)
    expect(await code(caller, '/certify/bindCrypto', { currency: 'USDT', network: 'TRC20', address: '0xabc' })).toBe(WithdrawCodes.badAddress)
    expect(await code(caller, '/certify/bindcard', { bank_code: 'CHASE', card_no: '5500000000000004', holder: 'ANA', cpf: '123456789012' })).toBe(WithdrawCodes.badCpf)
    expect(await code(caller, '/certify/bindcard', { bank_code: 'CHASE', card_no: '5500000000000004', holder: ' ' })).toBe(WithdrawCodes.badName)
    expect(await code(caller, '/certify/bindcard', { bank_code: 'CHASE', card_no: '5500000000000004', holder: 'A'.repeat(76) })).toBe(WithdrawCodes.badName)
    // Default and delete (the password confirms a delete; the default moves on).
    const set = (await post(caller, '/certify/setdefault', { id: crypto.id })).envelope.data as { list: Array<{ id: number; is_default: number }> }
    expect(set.list.map((a) => [a.id, a.is_default])).toEqual([[crypto.id, 1], [bank.id, 0]])
    expect(await code(caller, '/certify/deleteAccount', { id: crypto.id, withdraw_pass: '654321' })).toBe(WithdrawCodes.wrongPin)
    expect(await code(caller, '/certify/deleteAccount', { id: crypto.id, withdraw_pass: '123456' })).toBe(1)
    expect((await info(caller)).accounts.map((a) => [a.id, a.is_default])).toEqual([[bank.id, 1]])
  })

  it('needs a bound phone and a withdraw password to bind', async () => {
    const { caller } = await newPlayer(false)
    expect(await code(caller, '/certify/bindcard', { bank_code: 'CHASE', card_no: '4111222233334444', holder: 'ANA' })).toBe(WithdrawCodes.needPhone)
  })
})

describe('withdrawals', () => {
  it('holds the amount at once, pays on approval with its ledger entries, returns it on rejection, and refuses bad input changing nothing', async () => {
    const { caller, username } = await newPlayer()
    // No account yet: 3003, the lobby opens the bank-card tab.
    await control(hall.url, 'credit', { username, amount: '500' })
    expect(await code(caller, '/certify/cach', { account_id: 1, amount: '50', withdraw_pass: '123456', request_id: 'none' })).toBe(3003)
    const bank = await card(caller)
    const other = await newPlayer()
    const theirs = await card(other.caller, '4000000000000002')
    const refusals: Array<[string, object, number]> = [
      ['600', {}, WithdrawCodes.aboveWithdrawable],
      ['50', { withdraw_pass: '654321' }, WithdrawCodes.wrongPin],
      ['50', { withdraw_pass: '12345' }, WithdrawCodes.badPin],
      ['5', {}, WithdrawCodes.belowMin],
      ['50.123', {}, WithdrawCodes.badAmount],
      ['50', { account_id: theirs.id }, WithdrawCodes.noAccount],
    ]
    for (const [amount, extra, expected] of refusals) expect(await code(caller, '/certify/cach', { account_id: bank.id, amount, withdraw_pass: '123456', request_id: `bad-${amount}-${expected}`, ...extra })).toBe(expected)
    expect((await info(caller)).game_gold).toBe('500.00')

    const asked = await cash(caller, bank.id, '200')
    expect(asked.envelope.code, asked.envelope.msg).toBe(1)
    const { order, game_gold } = Schema.decodeUnknownSync(withdrawCash.response)(asked.envelope.data)
    // Held at once: the balance is 300; the fee (1% of a normal-speed bank transfer) comes off what arrives.
    expect([game_gold, order.status, order.amount, order.fee, order.arrive_amount, order.account.account_no]).toEqual(['300.00', 0, '200', '2', '198', '**** 4444'])
    const wallets = await ask(caller, '/certify/walletQuery', walletQuery.response, {})
    expect(wallets.list[0]).toMatchObject({ currency: 'USD', balance: '300.00', frozen: '200', withdrawable: '300' })

    expect(await control(hall.url, 'withdraw-order', { orderNo: order.order_no, action: 'approve' })).toMatchObject({ ok: true, status: 1 })
    expect(await control(hall.url, 'withdraw-order', { orderNo: order.order_no, action: 'pay' })).toMatchObject({ ok: true, status: 2, balance: '300.00' })
    // Paid once: a second payout or a rejection of a paid order is refused and moves nothing.
    expect(await control(hall.url, 'withdraw-order', { orderNo: order.order_no, action: 'pay' })).toMatchObject({ ok: false })
    expect(await control(hall.url, 'withdraw-order', { orderNo: order.order_no, action: 'reject' })).toMatchObject({ ok: false })
    const paid = await ask(caller, '/certify/orderInfo', withdrawOrderInfo.response, { order_no: order.order_no })
    expect([paid.status, paid.steps.map((s) => s.status), paid.finished_at === null]).toEqual([2, [0, 1, 2], false])
    expect((await info(caller)).game_gold).toBe('300.00')
    // Another player cannot read it.
    expect(await code(other.caller, '/certify/orderInfo', { order_no: order.order_no })).toBe(WithdrawCodes.noOrder)

    // A rejection gives the money back.
    const second = Schema.decodeUnknownSync(withdrawCash.response)((await cash(caller, bank.id, '100')).envelope.data)
    expect(second.game_gold).toBe('200.00')
    expect(await control(hall.url, 'withdraw-order', { orderNo: second.order.order_no, action: 'reject', reason: 'name mismatch' })).toMatchObject({ ok: true, status: 3, balance: '300.00' })
    const record = await ask(caller, '/certify/withdrawRecord', withdrawRecord.response, { current: 1, size: 10, dateType: -1 })
    expect(record.records.map((r) => [r.status, r.amount, r.reason])).toEqual([[3, '100', 'name mismatch'], [2, '200', '']])
    const done = await ask(caller, '/certify/withdrawRecord', withdrawRecord.response, { current: 1, size: 10, state: 10001 })
    expect(done.total).toBe(0)
    // The account details list the hold, the payout and the release as withdraw movements.
    const ledger = await ask(caller, '/record/accountDetails', accountDetails.response, { current: 1, size: 20, kind: 'withdraw' })
    expect(ledger.records.map((r) => r.amount)).toEqual(['100', '-100', '0', '-200'])
    // A deleted account takes no more withdrawals.
    expect(await code(caller, '/certify/deleteAccount', { id: bank.id, withdraw_pass: '123456' })).toBe(1)
    expect(await code(caller, '/certify/cach', { account_id: bank.id, amount: '50', withdraw_pass: '123456', request_id: 'deleted' })).toBe(3003)
    await card(caller, '4000000000000010')
    expect(await code(caller, '/certify/cach', { account_id: bank.id, amount: '50', withdraw_pass: '123456', request_id: 'deleted' })).toBe(WithdrawCodes.noAccount)
    expect((await info(caller)).game_gold).toBe('300.00')
  })

  it('holds once when the same withdrawal is submitted twice at once', async () => {
    const { caller, username } = await newPlayer()
    await control(hall.url, 'credit', { username, amount: '100' })
    const bank = await card(caller)
    const body = { account_id: bank.id, amount: '80', withdraw_pass: '123456', request_id: 'twice' }
    const [a, b] = await Promise.all([post(caller, '/certify/cach', body), post(caller, '/certify/cach', body)])
    expect([a.envelope.code, b.envelope.code]).toEqual([1, 1])
    const orders = [a, b].map((x) => Schema.decodeUnknownSync(withdrawCash.response)(x.envelope.data).order.order_no)
    expect(orders[0]).toBe(orders[1])
    expect((await info(caller)).game_gold).toBe('20.00')
    // Two different withdrawals at once for more than the balance together: one is refused.
    await control(hall.url, 'credit', { username, amount: '80' })
    const [c, d] = await Promise.all([cash(caller, bank.id, '60'), cash(caller, bank.id, '60')])
    expect([c.envelope.code, d.envelope.code].sort()).toEqual([1, WithdrawCodes.aboveWithdrawable])
    expect((await info(caller)).game_gold).toBe('40.00')
  })

  it('keeps a turnover requirement\'s amount until real bets meet it, and shows what remains', async () => {
    const { caller, username, data } = await newPlayer()
    await control(hall.url, 'credit', { username, amount: '100' })
    await control(hall.url, 'credit', { username, amount: '50', turnover: { multiple: '2', source: 'deposit', title: 'Deposit' } })
    const before = await info(caller)
    expect([before.game_gold, before.withdrawable, before.audit_need]).toEqual(['150.00', '100', '100'])
    const bank = await card(caller)
    expect(await code(caller, '/certify/cach', { account_id: bank.id, amount: '120', withdraw_pass: '123456', request_id: 'early' })).toBe(WithdrawCodes.aboveWithdrawable)
    await playRound(hall.url, site, caller, data, '30')
    const audits = await ask(caller, '/certify/auditRecordPageList', auditRecordPageList.response, { current: 1, size: 10 })
    expect(audits.records.map((a) => [a.source, a.amount, a.need_bet, a.done_bet, a.status])).toEqual([['deposit', '50', '100', '30', 0]])
    const detail = await ask(caller, '/certify/auditDetail', auditDetail.response, { auditId: audits.records[0]?.audit_id })
    expect(detail.bets.map((b) => [b.bet, b.valid_bet])).toEqual([['30', '30']])
    expect((await info(caller)).audit_need).toBe('70')
    for (const bet of ['40', '40']) {
      const gold = Number((await info(caller)).game_gold)
      if (gold >= Number(bet)) await playRound(hall.url, site, caller, data, bet)
      else await control(hall.url, 'credit', { username, amount: bet }).then(() => playRound(hall.url, site, caller, data, bet))
    }
    const after = await ask(caller, '/certify/auditRecordPageList', auditRecordPageList.response, { current: 1, size: 10, state: 10003 })
    expect(after.records.map((a) => [a.done_bet, a.status, a.finished_at !== null])).toEqual([['100', 1, true]])
    const last = await info(caller)
    expect([last.audit_need, last.withdrawable]).toEqual(['0', String(Number(last.game_gold))])
  })

  it('a closed channel is reported before anything is typed and refuses withdrawals', async () => {
    const { caller, username } = await newPlayer()
    await control(hall.url, 'credit', { username, amount: '100' })
    const bank = await card(caller)
    expect(await control(hall.url, 'withdraw-settings', { siteCode: '001', closed: true, message: 'Withdrawals reopen at 10:00' })).toMatchObject({ ok: true })
    try {
      expect((await post(caller, '/certify/withdrawalChannelClosedQuery', { siteCode: '001' })).envelope.data).toEqual({ closed: 1, kinds: [], message: 'Withdrawals reopen at 10:00' })
      expect((await info(caller)).channels.every((c) => c.closed === 1)).toBe(true)
      expect(await code(caller, '/certify/cach', { account_id: bank.id, amount: '50', withdraw_pass: '123456', request_id: 'closed' })).toBe(WithdrawCodes.closed)
      expect((await info(caller)).game_gold).toBe('100.00')
    } finally {
      await control(hall.url, 'withdraw-settings', { siteCode: '001', closed: false, message: '' })
    }
    expect((await post(caller, '/certify/withdrawalChannelClosedQuery', { siteCode: '001' })).envelope.data).toMatchObject({ closed: 0 })
  })

  it('asks the SMS code sent to the bound phone where the site wants it, and spends it once', async () => {
    const { caller, username, phone } = await newPlayer()
    await control(hall.url, 'credit', { username, amount: '100' })
    const bank = await card(caller)
    await control(hall.url, 'withdraw-settings', { siteCode: '001', needSms: true })
    try {
      expect((await info(caller)).need_sms).toBe(1)
      const body = { account_id: bank.id, amount: '20', withdraw_pass: '123456' }
      expect(await code(caller, '/certify/cach', { ...body, request_id: 'sms-0' })).toBe(WithdrawCodes.needSms)
      // A code sent to another phone does not count.
      expect(await code(caller, '/user/security/createsms', { phone: '5559999999' })).toBe(1)
      const other = (await control(hall.url, 'last-code', { username }))['code'] as string
      expect(await code(caller, '/certify/cach', { ...body, request_id: 'sms-x', sms_code: other })).toBe(1223)
      expect(await code(caller, '/user/security/createsms', { phone })).toBe(1)
      const sent = (await control(hall.url, 'last-code', { username }))['code'] as string
      const wrong = sent === '0000' ? '1111' : '0000'
      expect(await code(caller, '/certify/cach', { ...body, request_id: 'sms-1', sms_code: wrong })).toBe(1223)
      expect(await code(caller, '/certify/cach', { ...body, request_id: 'sms-2', sms_code: sent })).toBe(1)
      expect(await code(caller, '/certify/cach', { ...body, request_id: 'sms-3', sms_code: sent })).toBe(1222)
      expect((await info(caller)).game_gold).toBe('80.00')
    } finally {
      await control(hall.url, 'withdraw-settings', { siteCode: '001', needSms: false })
    }
  })

  it('answers the fee before a withdrawal; fast speed costs a point more', async () => {
    const { caller, username } = await newPlayer()
    const bank = await card(caller)
    // The quote is for an amount the withdrawal would take: within what can be withdrawn.
    expect(await control(hall.url, 'credit', { username, amount: '100' })).toMatchObject({ ok: true })
    expect((await post(caller, '/certify/getWithdrawFee', { account_id: bank.id, amount: '100' })).envelope.data).toEqual({ amount: '100', fee: '1', fee_rate: '1', arrive_amount: '99' })
    expect((await post(caller, '/certify/getWithdrawFee', { account_id: bank.id, amount: '100', speed: 1 })).envelope.data).toEqual({ amount: '100', fee: '2', fee_rate: '2', arrive_amount: '98' })
  })
})
