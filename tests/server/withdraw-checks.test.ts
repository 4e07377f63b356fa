import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindAlipay, bindCard, ewalletList, uploadPay, verifyWithdrawPass, withdrawCash, withdrawInfo } from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { PIN_MAX_FAILURES, VERIFY_TICKET_SECONDS } from '../../server/calls/withdraw'
import { WithdrawCodes } from '../../server/withdraw'
import { PROOF_MAX_BYTES } from '../../server/calls/withdraw'
import { callHall, control, player, visitor } from './support'
import type { Caller, Hall } from './support'

/**
 * The rest of money out in the hall: the withdraw password's check (verifyWithdrawPass) and its
 * failure count, the e-wallets per currency (ewalletList) and their bindings, and the proof a
 * channel asks for before a withdrawal.
 */
let hall: Hall
let site: Caller
let n = 0

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
  site = await visitor(hall.url, '001')
}, 60_000)
afterAll(async () => {
  await control(hall.url, 'withdraw-settings', { proofKinds: [] })
  await hall.close()
})

const post = (caller: Caller, path: string, params: unknown) => callHall(hall.url, caller, 'POST', path, params)

const ask = async <S extends Schema.Top>(caller: Caller, path: string, schema: S, params: unknown): Promise<S['Type']> => {
  const a = await post(caller, path, params)
  expect(a.envelope.code, a.envelope.msg).toBe(1)
  return Schema.decodeUnknownSync(schema as unknown as Schema.Codec<S['Type']>)(a.envelope.data)
}

const code = async (caller: Caller, path: string, params: unknown): Promise<number> => (await post(caller, path, params)).envelope.code

/** A registered player with a bound phone and the withdraw password 123456. */
const newPlayer = async () => {
  n += 1
  const username = `checks${String(n).padStart(3, '0')}`
  const reg = await post(site, '/home/register', { username, password: 'abc12345' })
  expect(reg.envelope.code).toBe(1)
  const caller = player('001', reg.envelope.data)
  const phone = `55513${String(n).padStart(5, '0')}`
  expect(await code(caller, '/user/security/createsms', { phone })).toBe(1)
  const sent = await control(hall.url, 'last-code', { username })
  expect(await code(caller, '/user/security/modifyphone', { phone, code: sent['code'] })).toBe(1)
  expect(await code(caller, '/user/security/modifywithdrawpass', { newPass: '123456' })).toBe(1)
  return { caller, username }
}

/** The smallest png: its signature and an IHDR chunk's start. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000d49484452', 'hex')]).toString('base64')

describe('verifyWithdrawPass', () => {
  it('answers a ticket for the right password and refuses a wrong or short one', async () => {
    const { caller } = await newPlayer()
    const ticket = await ask(caller, '/user/security/verifyWithdrawPass', verifyWithdrawPass.response, { withdrawPass: '123456' })
    expect(ticket.verifyToken).toMatch(/^[0-9a-f]{48}$/)
    expect(ticket.expireSeconds).toBe(VERIFY_TICKET_SECONDS)
    expect(await code(caller, '/user/security/verifyWithdrawPass', { withdrawPass: '654321' })).toBe(WithdrawCodes.wrongPin)
    expect(await code(caller, '/user/security/verifyWithdrawPass', { withdrawPass: '12345' })).toBe(WithdrawCodes.badPin)
    const fresh = await newPlayer()
    expect(await code(site, '/user/security/verifyWithdrawPass', { withdrawPass: '123456' })).not.toBe(1)
    // A player without a withdraw password has nothing to check.
    n += 1
    const reg = await post(site, '/home/register', { username: `checks${String(n).padStart(3, '0')}`, password: 'abc12345' })
    expect(await code(player('001', reg.envelope.data), '/user/security/verifyWithdrawPass', { withdrawPass: '123456' })).toBe(WithdrawCodes.noPin)
    expect(await code(fresh.caller, '/user/security/verifyWithdrawPass', { withdrawPass: '123456' })).toBe(1)
  })

  it('counts wrong passwords over every check; the fifth in a row locks them all, a right one before clears the count', async () => {
    const { caller } = await newPlayer()
    const account = await ask(caller, '/certify/bindcard', bindCard.response, { bank_code: 'CHASE', card_no: '4111222233334444', holder: 'ANA SILVA' })
    for (let i = 0; i < PIN_MAX_FAILURES - 1; i++) expect(await code(caller, '/user/security/verifyWithdrawPass', { withdrawPass: '000000' })).toBe(WithdrawCodes.wrongPin)
    // The right one clears the count: four more wrong ones do not lock.
    expect(await code(caller, '/user/security/verifyWithdrawPass', { withdrawPass: '123456' })).toBe(1)
    for (let i = 0; i < PIN_MAX_FAILURES - 2; i++) expect(await code(caller, '/user/security/verifyWithdrawPass', { withdrawPass: '000000' })).toBe(WithdrawCodes.wrongPin)
    // A withdrawal and a delete with the wrong password count too; the fifth locks.
    expect(await code(caller, '/certify/deleteAccount', { id: account.id, withdraw_pass: '000000' })).toBe(WithdrawCodes.wrongPin)
    expect(await code(caller, '/certify/cach', { account_id: account.id, amount: '10', withdraw_pass: '000000', request_id: 'lock-1' })).toBe(WithdrawCodes.pinLocked)
    // Locked: even the right password is refused, and nothing changed.
    expect(await code(caller, '/user/security/verifyWithdrawPass', { withdrawPass: '123456' })).toBe(WithdrawCodes.pinLocked)
    expect(await code(caller, '/certify/deleteAccount', { id: account.id, withdraw_pass: '123456' })).toBe(WithdrawCodes.pinLocked)
    const after = await ask(caller, '/certify/withdrawInfo', withdrawInfo.response, {})
    expect(after.accounts.map((a) => a.id)).toEqual([account.id])
    // Another player's checks are their own.
    const other = await newPlayer()
    expect(await code(other.caller, '/user/security/verifyWithdrawPass', { withdrawPass: '123456' })).toBe(1)
  })
})

describe('e-wallets', () => {
  it('lists the e-wallets of a currency with their account pattern, binds one and refuses an account that does not match', async () => {
    const { caller } = await newPlayer()
    const usd = await ask(caller, '/certify/ewalletList', ewalletList.response, {})
    expect(usd.list.map((w) => w.code)).toEqual(['paypal', 'skrill', 'alipay'])
    expect(usd.list.every((w) => w.currency === 'USD' && new RegExp(w.account_pattern).test(w.account_example))).toBe(true)
    const brl = await ask(caller, '/certify/ewalletList', ewalletList.response, { currency: 'BRL' })
    expect(brl.list.map((w) => [w.code, w.kind])).toEqual([['pix', 'ewallet'], ['picpay', 'wallet']])
    expect(brl.list.every((w) => new RegExp(w.account_pattern).test(w.account_example))).toBe(true)

    const bound = await ask(caller, '/certify/bindalipay', bindAlipay.response, { wallet_code: 'paypal', account_no: 'ana.silva@example.com', holder: 'ANA SILVA' })
    expect(bound).toMatchObject({ kind: 'ewallet', code: 'paypal', name: 'PayPal', account_no: '**** .com', holder: 'ANA SILVA', is_default: 1, currency: 'USD' })
    expect(await code(caller, '/certify/bindalipay', { wallet_code: 'paypal', account_no: 'not-an-email', holder: 'ANA SILVA' })).toBe(WithdrawCodes.badCard)
    expect(await code(caller, '/certify/bindalipay', { wallet_code: 'gcash', account_no: '09171234567', holder: 'ANA SILVA' })).toBe(WithdrawCodes.badCard)
    expect(await code(caller, '/certify/bindalipay', { wallet_code: 'paypal', account_no: 'ana.silva@example.com', holder: 'ANA SILVA' })).toBe(WithdrawCodes.accountTaken)
    // A binding may carry a ticket of verifyWithdrawPass: spent once, another player's or a made-up one refused.
    const ticket = await ask(caller, '/user/security/verifyWithdrawPass', verifyWithdrawPass.response, { withdrawPass: '123456' })
    const other = await newPlayer()
    expect(await code(other.caller, '/certify/bindalipay', { wallet_code: 'skrill', account_no: 'ana@example.net', holder: 'ANA SILVA', verifyToken: ticket.verifyToken })).toBe(WithdrawCodes.badTicket)
    expect(await code(caller, '/certify/bindalipay', { wallet_code: 'skrill', account_no: 'ana@example.net', holder: 'ANA SILVA', verifyToken: 'f'.repeat(48) })).toBe(WithdrawCodes.badTicket)
    const skrill = await ask(caller, '/certify/bindalipay', bindAlipay.response, { wallet_code: 'skrill', account_no: 'ana@example.net', holder: 'ANA SILVA', verifyToken: ticket.verifyToken })
    expect(skrill).toMatchObject({ code: 'skrill', is_default: 0 })
    expect(await code(caller, '/certify/bindalipay', { wallet_code: 'skrill', account_no: 'ana2@example.net', holder: 'ANA SILVA', verifyToken: ticket.verifyToken })).toBe(WithdrawCodes.badTicket)
    // The USD list has no wallet app.
    expect(await code(caller, '/certify/bindUserWallet', { wallet_code: 'paypal', account_no: 'ana.silva@example.com' })).toBe(WithdrawCodes.badCard)
    const info = await ask(caller, '/certify/withdrawInfo', withdrawInfo.response, {})
    expect(info.accounts.map((a) => a.id)).toEqual([bound.id, skrill.id])
  })
})

describe('proof of a withdrawal', () => {
  it('a channel that asks a proof says so, refuses a withdrawal without one, and takes one upload with one order only', async () => {
    const { caller, username } = await newPlayer()
    await control(hall.url, 'credit', { username, amount: '300' })
    const account = await ask(caller, '/certify/bindcard', bindCard.response, { bank_code: 'CHASE', card_no: '4111222233334444', holder: 'ANA SILVA' })
    await control(hall.url, 'withdraw-settings', { proofKinds: ['bank'] })
    try {
      const info = await ask(caller, '/certify/withdrawInfo', withdrawInfo.response, {})
      expect(info.channels.map((c) => [c.kind, c.need_proof])).toEqual([['bank', 1], ['ewallet', 0], ['crypto', 0], ['wallet', 0]])
      const cash = (requestId: string, extra: object = {}) =>
        post(caller, '/certify/cach', { account_id: account.id, amount: '50', withdraw_pass: '123456', request_id: requestId, ...extra })
      expect((await cash('p-1')).envelope.code).toBe(WithdrawCodes.needProof)
      // Not an image, or another player's upload, is no proof.
      expect(await code(caller, '/certify/uploadpay', { file_name: 'a.png', content_type: 'image/png', data: Buffer.from('hello').toString('base64') })).toBe(WithdrawCodes.badProof)
      const other = await newPlayer()
      const theirs = await ask(other.caller, '/certify/uploadpay', uploadPay.response, { file_name: 'a.png', content_type: 'image/png', data: PNG })
      expect((await cash('p-2', { proof_url: theirs.url })).envelope.code).toBe(WithdrawCodes.badProof)
      expect((await cash('p-3', { proof_url: '/elsewhere/1' })).envelope.code).toBe(WithdrawCodes.badProof)
      expect((await ask(caller, '/certify/withdrawInfo', withdrawInfo.response, {})).game_gold).toBe('300.00')

      // The largest proof the hall takes gets through the edge's body limit; one byte more is refused as a proof, not at the edge.
      const largest = (n: number) => Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(n - Buffer.from(PNG, 'base64').length, 7)]).toString('base64')
      expect(await code(caller, '/certify/uploadpay', { file_name: 'big.png', content_type: 'image/png', data: largest(PROOF_MAX_BYTES) })).toBe(1)
      expect(await code(caller, '/certify/uploadpay', { file_name: 'big.png', content_type: 'image/png', data: largest(PROOF_MAX_BYTES + 1) })).toBe(WithdrawCodes.badProof)
      const mine = await ask(caller, '/certify/uploadpay', uploadPay.response, { file_name: 'receipt.png', content_type: 'image/png', data: PNG })
      expect(mine.url).toMatch(/^\/proofs\/\d+$/)
      const done = await cash('p-4', { proof_url: mine.url })
      expect(done.envelope.code, done.envelope.msg).toBe(1)
      const answer = Schema.decodeUnknownSync(withdrawCash.response)(done.envelope.data)
      expect(answer.game_gold).toBe('250.00')
      // The same request again answers the same order; the proof cannot go with a second one.
      const again = Schema.decodeUnknownSync(withdrawCash.response)((await cash('p-4', { proof_url: mine.url })).envelope.data)
      expect(again.order.order_no).toBe(answer.order.order_no)
      expect((await cash('p-5', { proof_url: mine.url })).envelope.code).toBe(WithdrawCodes.badProof)
      expect((await ask(caller, '/certify/withdrawInfo', withdrawInfo.response, {})).game_gold).toBe('250.00')
    } finally {
      await control(hall.url, 'withdraw-settings', { proofKinds: [] })
    }
  })
})
