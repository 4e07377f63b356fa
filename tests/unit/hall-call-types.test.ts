import { describe, expect, expectTypeOf, it } from 'vitest'
import type { HallCall, RequestOf, ResponseOf } from '../../schemas/hall/call'
import * as calls from '../../schemas/hall/calls'
import type { SensitiveMark } from '../../schemas/sensitive'

/*
 * Type-level checks, enforced by `npm run typecheck` (tests are part of the project): an actor
 * that asks a call writes its payload as RequestOf<call> and reads the answer as
 * ResponseOf<call>, so both must be the call's own types, never `unknown` or an open record.
 */

type Module = typeof calls
/** Every call exported by the catalogue, by name. */
type Calls = { [K in keyof Module as Module[K] extends HallCall ? K : never]: Module[K] }

/** Calls whose answer type is `unknown` (an undescribed response). */
type UnknownAnswers = { [K in keyof Calls]: unknown extends ResponseOf<Calls[K]> ? K : never }[keyof Calls]
/** Calls whose request type accepts any key (an open record). */
type OpenRequests = { [K in keyof Calls]: string extends keyof RequestOf<Calls[K]> ? K : never }[keyof Calls]

describe('RequestOf and ResponseOf', () => {
  it('give every call a described request and answer type', () => {
    expectTypeOf<UnknownAnswers>().toEqualTypeOf<never>()
    expectTypeOf<OpenRequests>().toEqualTypeOf<never>()
    // The mapped type above really sees the calls (not an empty object).
    expectTypeOf<keyof Calls>().toExtend<string>()
    expectTypeOf<'withdrawCash'>().toExtend<keyof Calls>()
    expect(Object.keys(calls).filter((k) => (calls.allCalls as ReadonlyArray<unknown>).includes((calls as Record<string, unknown>)[k])).length).toBe(calls.allCalls.length)
  })

  it('type requests field by field, optional where the spec says so', () => {
    // A sensitive text is a string marked so: the hall reads it in clear, an actor gets a Secret (schemas/secret.ts).
    expectTypeOf<RequestOf<typeof calls.withdrawCash>>().toHaveProperty('withdraw_pass').toEqualTypeOf<string & SensitiveMark>()
    expectTypeOf<RequestOf<typeof calls.withdrawCash>['amount']>().toEqualTypeOf<string>()
    expectTypeOf<RequestOf<typeof calls.payListV4>>().toEqualTypeOf<{ readonly payCurrency?: string | undefined }>()
    expectTypeOf<RequestOf<typeof calls.activeReceive>['requestDeviceType']>().toEqualTypeOf<1 | 2 | 3 | 4>()
    expectTypeOf<RequestOf<typeof calls.payOrderListV3>['dateType']>().toEqualTypeOf<0 | 1 | 7 | 15 | 30 | 31 | 32 | 33 | -2 | -3 | -1 | -4 | undefined>()
    expectTypeOf<RequestOf<typeof calls.yuebaoIndex>>().toEqualTypeOf<{ readonly page?: 0 | 1 | undefined }>()
    expectTypeOf<RequestOf<typeof calls.yuebaoProfitCount>>().toEqualTypeOf<{}>()
    // @ts-expect-error a withdrawal names its account, its amount, the password and a request id
    const missing: RequestOf<typeof calls.withdrawCash> = { amount: '10.00' }
    // @ts-expect-error money is a decimal string, not a number
    const number: RequestOf<typeof calls.yuebaoSaveGold> = { amount: 10, request_id: 'r-1' }
    expect([missing, number]).toHaveLength(2)
  })

  it('type answers: shared shapes, pages, literals and nullable fields', () => {
    type Deposit = ResponseOf<typeof calls.payOrderInfo>
    expectTypeOf<Deposit['order_no']>().toEqualTypeOf<string>()
    expectTypeOf<Deposit['status']>().toEqualTypeOf<0 | 1 | 2 | 3 | 4 | 5>()
    expectTypeOf<Deposit['transfer']>().toEqualTypeOf<calls.TransferTarget | null>()
    expectTypeOf<ResponseOf<typeof calls.payTypeV4>['list'][number]['kind']>().toEqualTypeOf<'fiat' | 'crypto' | 'offline'>()
    type Page = ResponseOf<typeof calls.withdrawRecord>
    expectTypeOf<Page['records'][number]>().toEqualTypeOf<calls.WithdrawOrder>()
    expectTypeOf<Page['total']>().toEqualTypeOf<number>()
    expectTypeOf<ResponseOf<typeof calls.activeReceive>>().toEqualTypeOf<calls.Received>()
    expectTypeOf<ResponseOf<typeof calls.yuebaoIndex>['switchStatus']>().toEqualTypeOf<'open' | 'close'>()
    expectTypeOf<ResponseOf<typeof calls.thirdPartyLogin>>().toEqualTypeOf<calls.ThirdPartyNotRegistered | calls.UserInfo>()
    expectTypeOf<ResponseOf<typeof calls.pwaStatistic>>().toEqualTypeOf<null>()
  })
})
