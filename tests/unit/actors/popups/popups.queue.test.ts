import { describe, expect, it } from 'vitest'
import { byPriority, rankOf, type PopupEntry } from '../../../../actors/popups'
import { dismiss, idsOf, insert, request, type Slot } from '../../../../actors/popups/popups.queue'

const entry = (id: PopupEntry['id'], seq: number): PopupEntry => ({ id, props: {}, seq })
const empty: Slot = { queue: [], nextSeq: 1, open: null, leaving: null }

describe('popup queue data', () => {
  it('ranks the token-expired modal, then the forced password change, then the rest', () => {
    expect(rankOf('tokenExpired')).toBeLessThan(rankOf('forceChangePwd'))
    expect(rankOf('forceChangePwd')).toBeLessThan(rankOf('login'))
    expect(rankOf('login')).toBe(rankOf('pay'))
  })

  it('orders by rank, then by arrival', () => {
    const list = [entry('pay', 1), entry('tokenExpired', 4), entry('task', 2), entry('forceChangePwd', 3)]
    expect([...list].sort(byPriority).map((e) => e.id)).toEqual(['tokenExpired', 'forceChangePwd', 'pay', 'task'])
  })

  it('inserts at the place the comparator gives, after its equals', () => {
    let q: ReadonlyArray<PopupEntry> = []
    q = insert(q, entry('pay', 1))
    q = insert(q, entry('task', 2))
    q = insert(q, entry('forceChangePwd', 3))
    q = insert(q, entry('tokenExpired', 4))
    q = insert(q, entry('feedback', 5))
    expect(q.map((e) => e.id)).toEqual(['tokenExpired', 'forceChangePwd', 'pay', 'task', 'feedback'])
  })

  it('a preempted popup keeps its arrival number, so it returns at its place', () => {
    const slot: Slot = { ...empty, open: entry('pay', 1), queue: [entry('task', 2)], nextSeq: 3 }
    const next = request(slot, 'tokenExpired', {})
    expect(next.leaving?.id).toBe('pay')
    expect(next.open).toBeNull()
    expect(next.queue.map((e) => [e.id, e.seq])).toEqual([['tokenExpired', 3], ['pay', 1], ['task', 2]])
  })

  it('dismiss removes from the queue and makes the open one leave', () => {
    const slot: Slot = { ...empty, open: entry('pay', 1), queue: [entry('task', 2), entry('feedback', 3)] }
    const next = dismiss(slot, ['pay', 'feedback'])
    expect(next.leaving?.id).toBe('pay')
    expect(idsOf(next)).toEqual(['task'])
  })
})
