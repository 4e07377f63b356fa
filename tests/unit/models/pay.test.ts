import MD5 from 'crypto-js/md5'
import { describe, expect, it } from 'vitest'
import { SimulatedClock, createActor } from 'xstate'
import type { DepositOrder, PayChannel, PayOrderFee, PayPlatform } from '../../../schemas/hall/calls/pay'
import { depositRequest, freshest, payChosen, payCurrencies, positive, quoteFlow, quoteFor, rateFor, QUOTE_PAUSE } from '../../../src/models/pay'

const channel = (id: number, over: Partial<PayChannel> = {}): PayChannel => ({
  id, type: 1, name: `C${id}`, icon: '', kind: 'fiat', currency: 'BRL', min_amount: '10', max_amount: '1000', fixed_amounts: [], fee_rate: '0', bonus_rate: '0',
  network: '', need_real_name: 0, choose_bank: 0, sort: 0, ...over,
})
const platform = (type: number, currency: string, channels: ReadonlyArray<PayChannel>): PayPlatform => ({ type, currency, channels, name: `M${type}`, icon: '', bonus_rate: '0', sort: 0 }) as unknown as PayPlatform
const platforms = [platform(1, 'BRL', [channel(11), channel(12)]), platform(2, 'BRL', [channel(21)]), platform(3, 'USDT', [channel(31, { kind: 'crypto', currency: 'USDT' })])]
const fee = (amount: string): PayOrderFee => ({ amount, fee: '1', fee_rate: '1', bonus: '0', bonus_rate: '0', pay_amount: amount, arrive_amount: amount })
const order = (status: number, order_no = 'D1'): DepositOrder => ({ order_no, status }) as unknown as DepositOrder

describe('the pay model', () => {
  it('offers each currency once and picks the chosen method and channel, else the first', () => {
    expect(payCurrencies(platforms)).toEqual(['BRL', 'USDT'])
    expect(payChosen(platforms, { currency: 'BRL', methodType: null, channelId: null }).channel?.id).toBe(11)
    expect(payChosen(platforms, { currency: 'BRL', methodType: 1, channelId: 12 }).channel?.id).toBe(12)
    expect(payChosen(platforms, { currency: 'BRL', methodType: 2, channelId: 12 }).channel?.id).toBe(21)
    expect(payChosen(platforms, { currency: 'USDT', methodType: 1, channelId: null }).method?.type).toBe(3)
    expect(payChosen(platforms, { currency: 'EUR', methodType: null, channelId: null }).channel).toBeUndefined()
  })

  it('shows a quote only for the amount typed, when it is valid, compared as decimals', () => {
    const c = channel(11)
    expect(quoteFor(fee('100.00'), '100', c)).not.toBeNull()
    expect(quoteFor(fee('100'), '101', c)).toBeNull()
    expect(quoteFor(fee('5'), '5', c)).toBeNull()
    expect(quoteFor(null, '100', c)).toBeNull()
    expect(quoteFor(fee('100'), '100', undefined)).toBeNull()
  })

  it('shows an exchange rate only for a channel in another currency than the wallet\'s', () => {
    const rates = [{ currency: 'USDT', target: 'BRL', rate: '5.1', updated_at: '' }] as never
    expect(rateFor(channel(31, { currency: 'USDT' }), 'BRL', rates)).toMatchObject({ rate: '5.1' })
    expect(rateFor(channel(11), 'BRL', rates)).toBeUndefined()
    expect(positive('0.00')).toBe(false)
    expect(positive('0.01')).toBe(true)
  })

  it('signs the deposit with the site\'s key and sends the bank only where the channel lets one be chosen', () => {
    const r = depositRequest(channel(11), '50', 'req-1', 'ITAU', 'k3y')
    expect(r).toEqual({ channel_id: 11, amount: '50', request_id: 'req-1', currency: 'BRL', sign: MD5('amount=50&channel_id=11&request_id=req-1&key=k3y').toString() })
    expect(depositRequest(channel(11, { choose_bank: 1 }), '50', 'req-1', 'ITAU', 'k3y')).toMatchObject({ bank_code: 'ITAU' })
    expect(depositRequest(channel(11, { choose_bank: 1 }), '50', 'req-1', '', 'k3y')).not.toHaveProperty('bank_code')
  })

  it('never shows an earlier state of an order than one already known', () => {
    expect(freshest(order(0), [order(1), null]).status).toBe(1)
    expect(freshest(order(1), [order(0)]).status).toBe(1)
    expect(freshest(order(0), [order(5), order(2)]).status).toBe(2)
    expect(freshest(order(0), [order(1, 'D2')]).status).toBe(0)
  })
})

describe('the fee quote\'s pause', () => {
  const start = () => {
    const clock = new SimulatedClock()
    const actor = createActor(quoteFlow, { clock }).start()
    const asked: Array<{ channelId: number; amount: string }> = []
    actor.on('quote', (e) => asked.push({ channelId: e.channelId, amount: e.amount }))
    return { clock, actor, asked }
  }

  it('asks once for the last amount typed before a pause', () => {
    const { clock, actor, asked } = start()
    actor.send({ type: 'TYPED', channelId: 11, amount: '1' })
    clock.increment(QUOTE_PAUSE - 1)
    actor.send({ type: 'TYPED', channelId: 11, amount: '15' })
    clock.increment(QUOTE_PAUSE - 1)
    expect(asked).toEqual([])
    clock.increment(1)
    expect(asked).toEqual([{ channelId: 11, amount: '15' }])
    clock.increment(QUOTE_PAUSE * 3)
    expect(asked).toHaveLength(1)
  })

  it('asks nothing when the amount stopped being valid before the pause', () => {
    const { clock, actor, asked } = start()
    actor.send({ type: 'TYPED', channelId: 11, amount: '15' })
    actor.send({ type: 'CLEARED' })
    clock.increment(QUOTE_PAUSE * 2)
    expect(asked).toEqual([])
  })

  it('asks again for another channel', () => {
    const { clock, actor, asked } = start()
    actor.send({ type: 'TYPED', channelId: 11, amount: '15' })
    clock.increment(QUOTE_PAUSE)
    actor.send({ type: 'TYPED', channelId: 12, amount: '15' })
    clock.increment(QUOTE_PAUSE)
    expect(asked).toEqual([{ channelId: 11, amount: '15' }, { channelId: 12, amount: '15' }])
  })
})
