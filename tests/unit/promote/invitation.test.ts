import { describe, expect, it } from 'vitest'
import { keepInvitation, keptInvitation } from '../../../src/views/promote/invitation'
import { transferProblem } from '../../../actors/promote'

/** A storage of a map (the browser's localStorage shape the module uses). */
const memory = () => {
  const m = new Map<string, string>()
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) }
}

describe('the invitation kept from the entry link (src/views/promote/invitation.ts)', () => {
  it('keeps the inviter id or the channel of the entry link, and a newer link replaces it', () => {
    const s = memory()
    expect(keptInvitation(s)).toBeNull()
    expect(keepInvitation('?id=123&site=001', s)).toEqual({ inviteCode: '123' })
    expect(keptInvitation(s)).toEqual({ inviteCode: '123' })
    // A link without id or cid keeps what was kept.
    expect(keepInvitation('?site=001', s)).toBeNull()
    expect(keptInvitation(s)).toEqual({ inviteCode: '123' })
    expect(keepInvitation('?cid=1001', s)).toEqual({ channelId: '1001' })
    expect(keptInvitation(s)).toEqual({ channelId: '1001' })
  })

  it('keeps nothing for both id and cid, an unusable value, or no storage', () => {
    const s = memory()
    expect(keepInvitation('?id=1&cid=2', s)).toBeNull()
    expect(keepInvitation('?id=<script>', s)).toBeNull()
    expect(keepInvitation('?id=', s)).toBeNull()
    expect(keptInvitation(s)).toBeNull()
    expect(keepInvitation('?id=7', undefined)).toEqual({ inviteCode: '7' })
    expect(keptInvitation(undefined)).toBeNull()
    const broken = { getItem: () => '{not json', setItem: () => { throw new Error('quota') } }
    expect(keptInvitation(broken)).toBeNull()
    expect(keepInvitation('?id=7', broken)).toEqual({ inviteCode: '7' })
  })
})

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
