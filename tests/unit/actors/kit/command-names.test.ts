import { describe, expect, it } from 'vitest'
import { commandActor } from '../../../../actors/kit'
import { actorSpecs } from '../../../../actors'
import { allCalls } from '../../../../schemas/hall/calls'
import { useDiscountCode } from '../../../../schemas/hall/calls/active'
import { yuebaoTakeoutGold } from '../../../../schemas/hall/calls/yuebao'
import { mayHoldSecretIn } from '../../../../schemas/sensitive'
import { concealEvent, redactEvent } from '../../../../schemas/events/redact'
import { isSecret } from '../../../../schemas/secret'

/**
 * A command's submitted payload is redacted with the request schema of the call the submission
 * names (schemas/events/redact.ts), so a command's id is free: the discount code and the savings'
 * withdraw PIN stay out of the log whatever their commands are called. A log recorded before
 * submissions named their call is redacted by the call the command was named after.
 */
describe('command names', () => {
  it('a command may carry any id, whatever its call may hold', () => {
    expect(() => commandActor({ id: 'redeem', call: useDiscountCode, audience: 'real', select: (d) => d })).not.toThrow()
  })

  it('a submission is redacted and concealed by the call it names, whatever the command is called', () => {
    const stored = redactEvent({ type: 'command.submitted', command: 'redeem', call: useDiscountCode.name, payload: { code: 'SECRET-CODE-1' } })
    expect(JSON.stringify(stored)).not.toContain('SECRET-CODE-1')
    const save = { type: 'command.submitted', command: 'savingsOut', call: yuebaoTakeoutGold.name, payload: { amount: '5', request_id: 'r', withdraw_pass: '123456' } } as const
    expect(JSON.stringify(redactEvent(save))).not.toContain('123456')
    expect(isSecret((concealEvent(save).payload as Record<string, unknown>)['withdraw_pass'])).toBe(true)
  })

  it("a recorded submission without its call is redacted by the call named like the command", () => {
    const pin = redactEvent({ type: 'command.submitted', command: 'yuebaoTakeoutGold', payload: { amount: '5', request_id: 'r', withdraw_pass: '123456' } })
    expect(JSON.stringify(pin)).not.toContain('123456')
  })

  it('every command of the lobby names a call of the catalogue, and the secret-bearing ones are among them', () => {
    const names = new Set(allCalls.map((c) => c.name))
    const commands = actorSpecs.filter((s) => s.consumes.includes('command.submitted') && 'call' in s) as unknown as ReadonlyArray<{ id: string; call: { name: string; request: never } }>
    for (const c of commands) expect(names.has(c.call.name), c.id).toBe(true)
    expect(commands.filter((c) => mayHoldSecretIn(c.call.request)).map((c) => c.call.name)).toEqual(expect.arrayContaining(['useDiscountCode', 'yuebaoTakeoutGold']))
  })
})
