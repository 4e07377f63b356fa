import { describe, expect, it } from 'vitest'
import { createAdmission } from '../../server/admission'
import { startHall } from '../../server/hall'
import { callHall, visitor } from './support'

/**
 * The hall under overload (issue 46, server/admission.ts): at most `concurrency` protocol calls
 * run at once, the rest wait in order, and a call that would wait, or did wait, longer than
 * `maxWaitMs` is answered busy (2012, the seconds to wait) instead of queueing for a minute.
 */

/** A call that answers when the test says so. */
const held = () => {
  let release!: () => void
  const done = new Promise<void>((resolve) => (release = resolve))
  let started = false
  const call = async () => {
    started = true
    await done
    return new Response('{"code":1,"msg":"ok","data":null}')
  }
  return { call, release, started: () => started }
}
const codeOf = async (r: Response) => ((await r.json()) as { code: number; data: { seconds?: number } | null })

describe('admission of calls', () => {
  it('runs up to `concurrency` at once, the next in order of arrival as one ends', async () => {
    const gate = createAdmission({ concurrency: 2, maxWaitMs: 60_000 }, () => 0)
    const [a, b, c, d] = [held(), held(), held(), held()]
    const answers = [a, b, c, d].map((h) => gate.run(h.call))
    expect([a, b, c, d].map((h) => h.started())).toEqual([true, true, false, false])
    expect(gate.load).toMatchObject({ running: 2, waiting: 2 })
    b.release()
    await answers[1]
    expect([c, d].map((h) => h.started())).toEqual([true, false])
    a.release()
    c.release()
    await Promise.all([answers[0], answers[2]])
    expect(d.started()).toBe(true)
    d.release()
    for (const r of await Promise.all(answers)) expect((await codeOf(r)).code).toBe(1)
    expect(gate.load).toEqual({ running: 0, waiting: 0, refused: 0 })
  })

  it('refuses at its turn a call that waited longer than maxWaitMs, and at once one that would', async () => {
    let clock = 0
    const gate = createAdmission({ concurrency: 1, maxWaitMs: 1_000 }, () => clock)
    const slow = held()
    const first = gate.run(slow.call)
    const waiting = held()
    const second = gate.run(waiting.call)
    // The running call takes 3 s of the clock: the waiting one's turn comes too late.
    clock = 3_000
    slow.release()
    expect((await codeOf(await first)).code).toBe(1)
    const refused = await second
    expect(waiting.started()).toBe(false)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    const body = await codeOf(refused)
    expect(body.code).toBe(2012)
    expect(body.data?.seconds).toBeGreaterThanOrEqual(1)

    // Calls now take about 3 s on average (a mean of what ran): with one running, a second would
    // wait past 1 s, so it is answered busy at once, without waiting.
    for (let i = 0; i < 20; i++) {
      const h = held()
      const r = gate.run(h.call)
      clock += 3_000
      h.release()
      await r
    }
    const busy = held()
    const running = gate.run(busy.call)
    const now = await gate.run(held().call)
    expect((await codeOf(now)).code).toBe(2012)
    expect(gate.load.waiting).toBe(0)
    busy.release()
    await running
    expect(gate.load.refused).toBe(2)
  })

  it('a hall answers a busy refusal the lobby reads: a clear envelope with code 2012 and the seconds, the control surface unaffected', async () => {
    // No call admitted at all: every protocol call is refused, at once.
    const hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', admission: { concurrency: 0, maxWaitMs: 0 } })
    try {
      const site = await visitor(hall.url, '001')
      const answer = await callHall(hall.url, site, 'GET', '/home/getsysinfo', {})
      expect(answer.status).toBe(200)
      expect(answer.envelope.code).toBe(2012)
      expect(answer.envelope.msg).toMatch(/^the hall is busy: try again in \d+ s$/)
      expect(answer.envelope.data).toMatchObject({ seconds: expect.any(Number) })
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/)
    } finally {
      await hall.close()
    }
  }, 60_000)
})
