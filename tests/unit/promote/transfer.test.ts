import { describe, expect, it } from 'vitest'
import { transferProblem } from '../../../actors/promote'

describe('the proxy transfer form check (actors/promote transferProblem)', () => {
  it('asks for an invitee and a positive amount of at most 2 decimals, not above the balance', () => {
    expect(transferProblem({ username: '', amount: '1' })).toBe('error.chooseInvitee')
    expect(transferProblem({ username: 'bob', amount: ' ' })).toBe('error.amountRequired')
    for (const amount of ['0', '0.00', '-1', '1.234', 'abc', '1e3']) expect(transferProblem({ username: 'bob', amount })).toBe('error.amount')
    expect(transferProblem({ username: 'bob', amount: '10.5' }, '10.49')).toBe('error.insufficient')
    expect(transferProblem({ username: 'bob', amount: '10.49' }, '10.49')).toBeNull()
    expect(transferProblem({ username: 'bob', amount: '0.01' })).toBeNull()
  })
})
