import { once } from 'node:events'
import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHall, type RunningHall } from '../../server/hall'

/**
 * A PGlite hall keeps taking new connections while its store is busy (issue 46, docs/hall.md
 * "Under load"). libuv takes one connection from the listen queue per turn of the event loop, and
 * the store queue used to hand the store from one turn to the next in the same run of microtasks,
 * so a loop turn lasted as long as the queue: under load a burst of new connections waited in the
 * kernel's accept queue a loop turn each, 30 to 64 s, while the hall served the connections it
 * had. Now the store is handed on in a later loop turn (server/store-queue.ts).
 *
 * Here the store is held busy by requests on connections the hall already has (32 kept open, 20
 * requests pipelined on each: a game's exit, one statement at the store and little else), and a
 * burst of new connections
 * arrives at once: each is answered (an answer of any kind: busy is an answer) while the kept
 * connections' requests are still being served, not after them. A hall that stopped accepting
 * would answer the burst only once the store's queue ran dry (and past the client's 60 s timeout,
 * the test's, on a busy machine).
 */

let hall: RunningHall

beforeAll(async () => {
  // Every request comes from 127.0.0.1: the per-address rate limit raised, as the load bench does.
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', edge: { rateLimit: { perSecond: 1_000_000, burst: 1_000_000 } }, log: () => undefined })
})

afterAll(async () => {
  await hall.close()
})

/** One GET on a connection of its own; resolves with its status once the whole answer arrived. */
const getAlone = (path: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const req = http.get(`${hall.url}${path}`, { agent: false, headers: { accept: 'application/json' } }, (res) => {
      res.resume()
      res.once('end', () => resolve(res.statusCode ?? 0))
      res.once('error', reject)
    })
    req.once('error', reject)
  })

/** A connection kept open; `send` writes requests on it at once (pipelined), `statuses` are its answers' so far. */
const keptConnection = async () => {
  const socket = net.connect(hall.port, '127.0.0.1')
  await once(socket, 'connect')
  let text = ''
  const statuses: number[] = []
  const waiters: Array<{ n: number; go: () => void }> = []
  socket.setEncoding('latin1')
  socket.on('data', (chunk: string) => {
    text += chunk
    // A status line starts each answer (the answers here have no body, or a short text one).
    const line = /HTTP\/1\.1 (\d{3}) /g
    let consumed = 0
    for (let m = line.exec(text); m !== null; m = line.exec(text)) {
      statuses.push(Number(m[1]))
      consumed = line.lastIndex
    }
    text = text.slice(consumed)
    for (const w of waiters.filter((x) => statuses.length >= x.n)) w.go()
  })
  const request = (path: string, accept: string) => `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1:${hall.port}\r\naccept: ${accept}\r\n\r\n`
  return {
    statuses,
    send: (path: string, accept: string, times: number) => socket.write(request(path, accept).repeat(times)),
    /** Resolves once n answers arrived in all. */
    answered: (n: number) => new Promise<void>((go) => (statuses.length >= n ? go() : waiters.push({ n, go }))),
    close: () => socket.destroy(),
  }
}

describe('a busy PGlite hall', () => {
  it('answers a burst of new connections while its store serves the connections it has', { timeout: 60_000 }, async () => {
    // The kept connections, opened (and taken by the hall) while it is idle.
    const kept = await Promise.all(Array.from({ length: 32 }, () => keptConnection()))
    try {
      for (const k of kept) k.send('/hall/op.json', 'application/json', 1)
      await Promise.all(kept.map((k) => k.answered(1)))
      expect(new Set(kept.flatMap((k) => k.statuses))).toEqual(new Set([200]))
      // 20 exits from a game (one statement at the store each) pipelined on each: 640 requests the
      // hall reads at once, so 640 turns wait at the store.
      const perConnection = 20
      const exits = kept.length * perConnection
      const served = () => kept.reduce((n, k) => n + k.statuses.length, 0) - kept.length
      for (const k of kept) k.send(`/games/exit?ticket=${'0'.repeat(32)}&route=%2F`, 'text/html', perConnection)
      // A burst of 32 new connections at once, each a request of its own.
      const servedWhenAnswered: number[] = []
      const burst = await Promise.all(
        Array.from({ length: 32 }, () =>
          getAlone('/hall/op.json').then((status) => {
            servedWhenAnswered.push(served())
            return status
          }),
        ),
      )
      await Promise.all(kept.map((k) => k.answered(1 + perConnection)))
      // Every exit answered (to the lobby), or refused busy at the store's deadline (503, Retry-After).
      expect(kept.flatMap((k) => k.statuses.slice(1)).filter((s) => s !== 303 && s !== 503)).toEqual([])
      expect(burst.filter((s) => s !== 200)).toEqual([])
      // Every new connection was answered while the exits were still being served.
      expect(Math.max(...servedWhenAnswered), `exits served when each new connection was answered: ${servedWhenAnswered.join(' ')}`).toBeLessThan(exits)
    } finally {
      for (const k of kept) k.close()
    }
  })
})
