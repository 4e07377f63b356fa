import { describe, expect, it } from 'vitest'
import type { Db, Queryable, Results } from '../../server/db'
import { queueStore, StoreBusy, storeTurns } from '../../server/store-queue'

/**
 * The PGlite store's one queue with a deadline (server/store-queue.ts): turns one at a time in
 * order of arrival; a request's first turn refused busy when it would wait, or waited, past the
 * deadline; its later turns and work outside a request never refused. A stand-in store whose
 * statements finish when the test says, and a clock the test moves.
 */
const standIn = () => {
  const ran: string[] = []
  const pending: Array<() => void> = []
  const answer = (): Results<never> => ({ rows: [], fields: [] })
  const run = (sql: string) =>
    new Promise<Results<never>>((resolve) => {
      ran.push(sql)
      pending.push(() => resolve(answer()))
    })
  const db = {
    query: (sql: string) => run(sql),
    exec: async (sql: string) => [await run(sql)],
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>) => fn({ query: (sql: string) => run(sql), exec: async (sql: string) => [await run(sql)] } as Queryable),
    close: async () => undefined,
  } as unknown as Db
  /** Lets the statement running now finish. */
  const finish = async () => {
    while (pending.length === 0) await new Promise((r) => setImmediate(r))
    pending.shift()!()
  }
  return { db, ran, finish }
}

describe('the store queue', () => {
  it('runs turns one at a time in order; a request first waiting past the deadline is refused, a later turn and work outside a request are not', async () => {
    let clock = 0
    const s = standIn()
    const db = queueStore(s.db, { deadlineMs: 1_000 }, () => clock)
    const first = db.query('a')
    const second = storeTurns(() => db.query('b'))
    // A request that has run a turn already: its later turn waits past the deadline and still runs.
    let later: Promise<unknown> = Promise.resolve()
    const started = storeTurns(async () => {
      await db.query('c')
      later = db.query('d')
      await later
    })
    const outside = db.query('e')
    // The first turn of this request waits past the deadline: refused when its turn comes.
    const refused = storeTurns(() => db.query('f')).then(
      () => 'ran',
      (e: unknown) => e,
    )
    await s.finish() // a
    await s.finish() // b
    await s.finish() // c
    clock = 5_000
    await s.finish() // e
    await s.finish() // d
    expect(await refused).toBeInstanceOf(StoreBusy)
    await Promise.all([first, second, started, outside])
    expect(s.ran).toEqual(['a', 'b', 'c', 'e', 'd'])
    expect(db.queueLoad.refused).toBe(1)
  })

  it('refuses at once a first turn the queue says would wait past the deadline, before it runs', async () => {
    let clock = 0
    const s = standIn()
    const db = queueStore(s.db, { deadlineMs: 1_000 }, () => clock)
    // Turns of 600 ms each make the mean long: two waiting already are more than the deadline.
    for (let i = 0; i < 40; i++) {
      const t = db.query(`warm ${i}`)
      clock += 600
      await s.finish()
      await t
    }
    const held = [db.query('x'), db.query('y'), db.query('z')]
    const e = await storeTurns(() => db.query('w')).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(StoreBusy)
    expect((e as StoreBusy).seconds).toBeGreaterThanOrEqual(1)
    expect(s.ran).not.toContain('w')
    for (let i = 0; i < 3; i++) await s.finish()
    await Promise.all(held)
  })
})
