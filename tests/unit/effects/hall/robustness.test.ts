import fc from 'fast-check'
import { Cause, Effect, Exit, Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { HallError } from '../../../../schemas/hall/errors'
import { encrypt } from '../../../../src/effects/hall/cipher'
import { callHall, HallDecode, HallEmptyData, HallNetwork, HallNotJson, HallServiceCode, HallTimeout, toHallError } from '../../../../src/effects/hall/client'
import { ctx, fakeFetch, fixedPorts, getEncrypted, NONCE, postEncrypted, postPlain } from './fake-hall'

const typedErrors = [HallServiceCode, HallNotJson, HallEmptyData, HallTimeout, HallNetwork, HallDecode]

/** Runs one call against a fake fetch that answers `body` with `headers`, and checks the outcome is a value or a typed error. */
const outcomeIsTyped = async (body: BodyInit, headers: Record<string, string>, status: number): Promise<void> => {
  const { fetch } = fakeFetch(() => new Response(body, { status, headers }))
  const calls = [
    callHall(postEncrypted, { username: 'demo', password: 'demo1234' }, ctx, { ports: fixedPorts(fetch) }),
    callHall(postPlain, { accessUrl: 'u' }, ctx, { ports: fixedPorts(fetch) }),
    callHall(getEncrypted, {}, ctx, { ports: fixedPorts(fetch) }),
  ] as const
  for (const call of calls) {
    const exit = await Effect.runPromiseExit(call as Effect.Effect<unknown, never>)
    if (Exit.isFailure(exit)) {
      // Exactly one typed failure: no defect, no interruption.
      expect(Cause.hasDies(exit.cause)).toBe(false)
      expect(Cause.hasInterrupts(exit.cause)).toBe(false)
      const error = Cause.squash(exit.cause)
      expect(typedErrors.some((E) => error instanceof E)).toBe(true)
      expect(Schema.is(HallError)(toHallError(error as never))).toBe(true)
    }
  }
}

const statusArb = fc.constantFrom(200, 200, 200, 400, 401, 404, 500, 502)
const headersArb = fc.record(
  {
    'x-encrypted': fc.constantFrom('1', '0', ''),
    nonce: fc.oneof(fc.constant(NONCE), fc.string({ maxLength: 40 }).filter((s) => /^[\x21-\x7e]*$/.test(s))),
    'x-request-id': fc.stringMatching(/^[a-z0-9-]{1,20}$/),
  },
  { requiredKeys: [] },
)
const envelopeLike = fc.record(
  {
    code: fc.oneof(fc.constantFrom(0, 1, -1, 4001), fc.integer(), fc.string()),
    msg: fc.oneof(fc.string(), fc.integer()),
    data: fc.jsonValue(),
  },
  { requiredKeys: [] },
)

describe('callHall on arbitrary answers', () => {
  it('random bytes end in a value or a typed error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), headersArb, statusArb, (bytes, headers, status) =>
        outcomeIsTyped(bytes, headers, status),
      ),
      { numRuns: 150 },
    )
  })

  it('random strings end in a value or a typed error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), headersArb, statusArb, (text, headers, status) =>
        outcomeIsTyped(text, headers, status),
      ),
      { numRuns: 150 },
    )
  })

  it('random JSON, envelope-shaped or not, plain or encrypted, ends in a value or a typed error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), envelopeLike), fc.boolean(), statusArb, async (value, sealed, status) => {
        const text = JSON.stringify(value) ?? 'null'
        if (sealed) {
          const body = encrypt(ctx.keyMaterial, NONCE, text)
          if (body._tag === 'Failure') throw new Error('encrypt failed')
          await outcomeIsTyped(body.success, { 'x-encrypted': '1', nonce: NONCE }, status)
        } else {
          await outcomeIsTyped(text, {}, status)
        }
      }),
      { numRuns: 150 },
    )
  })
})
