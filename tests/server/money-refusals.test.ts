/**
 * Refusals around money that tell nothing and break nothing: a savings take-out of nothing is a
 * service code (not a database error), the withdrawal fee is quoted only for an amount the
 * withdrawal takes, the provider's callback answers an unknown order as it answers another's, and
 * order numbers do not count up.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { depositSignText } from '../../schemas/hall/calls/pay'
import { YuebaoCodes } from '../../server/calls/yuebao'
import { WithdrawCodes } from '../../server/withdraw'
import { startHall, type RunningHall } from '../../server/hall'
import { callHall, control, player, visitor } from './support'
import type { Caller } from './support'

const md5 = (s: string): string => createHash('md5').update(s, 'utf8').digest('hex')

let hall: RunningHall
let site: Caller
let n = 0

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', log: () => undefined })
  site = await visitor(hall.url, '001')
}, 60_000)
afterAll(() => hall.close())

const post = (caller: Caller, path: string, params: unknown) => callHall(hall.url, caller, 'POST', path, params)

/** A registered player of site 001 with `balance` credited. */
const newPlayer = async (balance = '0') => {
  n += 1
  const username = `refuse${String(n).padStart(3, '0')}`
  const reg = await post(site, '/home/register', { username, password: 'abc12345' })
  expect(reg.envelope.code, reg.envelope.msg).toBe(1)
  if (balance !== '0') expect(await control(hall.url, 'credit', { username, amount: balance })).toMatchObject({ ok: true })
  return { username, caller: player('001', reg.envelope.data) }
}

describe('savings', () => {
  it('answers a take-out of 0 from empty savings with 1281, not an error', async () => {
    const { caller } = await newPlayer()
    for (const amount of ['0', '0.00']) {
      const a = await post(caller, '/yuebao/takeoutGold', { amount, request_id: `zero-${amount}` })
      expect([a.status, a.envelope.code]).toEqual([200, YuebaoCodes.belowMinimum])
    }
  })
})

describe('the withdrawal fee', () => {
  it('is quoted only for an amount the withdrawal takes: 0, three decimals, 400 digits and above the balance are refused', async () => {
    const { username, caller } = await newPlayer('100')
    const phone = `55519${String(n).padStart(5, '0')}`
    expect((await post(caller, '/user/security/createsms', { phone })).envelope.code).toBe(1)
    const sent = await control(hall.url, 'last-code', { username })
    expect((await post(caller, '/user/security/modifyphone', { phone, code: sent['code'] })).envelope.code).toBe(1)
    expect((await post(caller, '/user/security/modifywithdrawpass', { newPass: '123456' })).envelope.code).toBe(1)
    const bound = await post(caller, '/certify/bindcard', { bank_code: 'CHASE', card_no: '4111222233334445', holder: 'ANA SILVA' })
    expect(bound.envelope.code, bound.envelope.msg).toBe(1)
    const account_id = (bound.envelope.data as { id: number }).id
    const quote = async (amount: string) => (await post(caller, '/certify/getWithdrawFee', { account_id, amount })).envelope
    expect((await quote('50')).code).toBe(1)
    const asked: ReadonlyArray<[string, number]> = [
      ['0', WithdrawCodes.badAmount],
      ['10.005', WithdrawCodes.badAmount],
      ['9'.repeat(400), WithdrawCodes.aboveMax],
      ['150', WithdrawCodes.aboveWithdrawable],
    ]
    for (const [amount, code] of asked) {
      expect((await quote(amount)).code, amount.slice(0, 12)).toBe(code)
      // The withdrawal refuses it with the same code.
      const cash = await post(caller, '/certify/cach', { account_id, amount, withdraw_pass: '123456', request_id: `fee-${amount.slice(0, 12)}` })
      expect(cash.envelope.code, amount.slice(0, 12)).toBe(code)
    }
  })
})

describe('deposit orders', () => {
  const placed = async (caller: Caller, depositKey: string, i: number): Promise<string> => {
    const request_id = `numbered-${n}-${i}`
    const a = await post(caller, '/pay/offlineOrderV3', { channel_id: 101, amount: '100', request_id, sign: md5(depositSignText({ channel_id: 101, amount: '100', request_id }, depositKey)) })
    expect(a.envelope.code, a.envelope.msg).toBe(1)
    return (a.envelope.data as { order_no: string }).order_no
  }

  it("answers the provider's callback for an unknown order as for another's order: one status, one message", async () => {
    const { caller } = await newPlayer()
    const { depositKey } = (await control(hall.url, 'site-config', { siteCode: '001' }))['config'] as { depositKey: string }
    const orderNo = await placed(caller, depositKey, 0)
    const notify = async (order_no: string) => {
      const res = await fetch(`${hall.url}/provider/notify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_no, status: 'paid', amount: '100', sign: md5(`order_no=${order_no}&status=paid&amount=100&key=not-the-key`) }),
      })
      return { status: res.status, body: (await res.json()) as unknown }
    }
    const unknown = orderNo === '999999999999999' ? '100000000000000' : '999999999999999'
    expect(await notify(unknown)).toEqual(await notify(orderNo))
    expect((await notify(orderNo)).status).toBe(403)
  })

  it('numbers orders at random, 15 digits each, not one after another', async () => {
    const { caller } = await newPlayer()
    const { depositKey } = (await control(hall.url, 'site-config', { siteCode: '001' }))['config'] as { depositKey: string }
    const numbers: string[] = []
    for (let i = 1; i <= 5; i++) numbers.push(await placed(caller, depositKey, i))
    for (const no of numbers) expect(no).toMatch(/^[1-9]\d{14}$/)
    const steps = numbers.slice(1).map((no, i) => BigInt(no) - BigInt(numbers[i]!))
    // Consecutive orders a step of 1 apart (or any one step repeated) would let them be counted.
    expect(steps.filter((d) => d === 1n)).toEqual([])
    expect(new Set(steps).size).toBe(steps.length)
  })
})
