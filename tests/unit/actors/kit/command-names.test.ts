import { describe, expect, it } from 'vitest'
import { commandActor } from '../../../../actors/kit'
import { actorSpecs } from '../../../../actors'
import { allCalls } from '../../../../schemas/hall/calls'
import { useDiscountCode } from '../../../../schemas/hall/calls/active'
import { mayHoldSecretIn } from '../../../../schemas/sensitive'
import { redactEvent } from '../../../../schemas/events/redact'

/**
 * A command's submitted payload is redacted with the request schema of the call named like the
 * command (schemas/events/redact.ts). The kit refuses a command that would submit a secret under
 * another name (the discount code and the savings' withdraw PIN once reached the log in clear), and
 * every command of the lobby whose call may carry one is named after it.
 */
describe('command names', () => {
  it('the kit refuses a command whose call may hold a secret under another name', () => {
    expect(() => commandActor({ id: 'redeem', call: useDiscountCode, audience: 'real', select: (d) => d })).toThrow(/name the command 'useDiscountCode'/)
    expect(() => commandActor({ id: 'useDiscountCode', call: useDiscountCode, audience: 'real', select: (d) => d })).not.toThrow()
  })

  it('every command submitting a secret-bearing request is redacted in the log', () => {
    const callNames = new Set(allCalls.filter((c) => mayHoldSecretIn(c.request)).map((c) => c.name))
    const commands = actorSpecs.filter((s) => s.consumes.includes('command.submitted') && callNames.has(s.id))
    expect(commands.map((s) => s.id)).toEqual(expect.arrayContaining(['useDiscountCode', 'yuebaoTakeoutGold']))
    const stored = redactEvent({ type: 'command.submitted', command: 'useDiscountCode', payload: { code: 'SECRET-CODE-1' } })
    expect(JSON.stringify(stored)).not.toContain('SECRET-CODE-1')
    const pin = redactEvent({ type: 'command.submitted', command: 'yuebaoTakeoutGold', payload: { amount: '5', request_id: 'r', withdraw_pass: '123456' } })
    expect(JSON.stringify(pin)).not.toContain('123456')
  })
})
