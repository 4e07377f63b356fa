/**
 * The sign-in bench (`npm run bench -- --only signin`): what the password hash costs and what it
 * does to the hall, over real HTTP with the real cipher (tests/server/support.ts), against one
 * hall on PGlite in this process, on loopback only:
 *
 *   hash cost      one Argon2id hash at the hall's parameters (median of 15, the queue idle)
 *   burst          200 players signing in at the same moment: the time until the last is in
 *   steady         10 sign-ins a second for 30 s while 20 signed-in players each call every 200 ms:
 *                  p50/p99 of the sign-ins and of the other players' calls
 *   one account    50 sessions of one account, each calling at the same moment, 10 rounds: p99
 *
 * The figures come back to scripts/bench.ts, which prints them beside their aims.
 */
import { availableParallelism } from 'node:os'
import { hashPassword } from '../../server/crypto'
import { startHall } from '../../server/hall'
import { callHall, control, player, visitor, type Caller } from '../server/support'
import { quantile } from './hall-load'

/** What signinFigures measured (ms unless named). */
export interface SigninFigures {
  readonly cores: number
  readonly hashMs: number
  readonly burst: { readonly players: number; readonly totalMs: number; readonly refused: number }
  readonly steady: {
    readonly perSecond: number
    readonly seconds: number
    readonly signIns: number
    readonly signInP50: number
    readonly signInP99: number
    readonly others: number
    readonly otherP50: number
    readonly otherP99: number
    readonly refused: number
  }
  readonly oneAccount: { readonly sessions: number; readonly calls: number; readonly p50: number; readonly p99: number; readonly refused: number }
}

const BURST = 200
const STEADY_PER_SECOND = 10
const STEADY_SECONDS = 30
const OTHERS = 20
const OTHER_EVERY_MS = 200
const SESSIONS = 50
const ROUNDS = 10

const sorted = (xs: ReadonlyArray<number>): number[] => [...xs].sort((a, b) => a - b)

export const signinFigures = async (): Promise<SigninFigures> => {
  const hashes: number[] = []
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now()
    await hashPassword(`bench-password-${i}`)
    hashes.push(performance.now() - t0)
  }
  const hashMs = quantile(sorted(hashes), 0.5)

  // Every simulated player calls from 127.0.0.1: the per-address rate limit is raised, as in the halls bench.
  const hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', edge: { rateLimit: { perSecond: 1_000_000, burst: 1_000_000 } }, log: () => undefined })
  try {
    const site = await visitor(hall.url, '001')
    const newPlayers = async (prefix: string, count: number): Promise<Array<{ username: string; password: string }>> => {
      const made: Array<{ username: string; password: string }> = []
      for (let i = 0; i < count; i += 20) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(20, count - i) }, async (_, k) => {
            const r = await control(hall.url, 'new-player', { username: `${prefix}${String(i + k).padStart(4, '0')}`, balance: '10' })
            if (r['ok'] !== true) throw new Error(`no player: ${JSON.stringify(r)}`)
            return { username: r['username'] as string, password: r['password'] as string }
          }),
        )
        made.push(...batch)
      }
      return made
    }
    /** One sign-in: its time and code. */
    const signIn = async (p: { username: string; password: string }, fingerprint: string) => {
      const t0 = performance.now()
      const a = await callHall(hall.url, site, 'POST', '/home/login', { username: p.username, password: p.password }, { fingerprint })
      return { ms: performance.now() - t0, code: a.envelope.code, data: a.envelope.data }
    }

    // 200 at once.
    const burstPlayers = await newPlayers('burst', BURST)
    const b0 = performance.now()
    const burst = await Promise.all(burstPlayers.map((p, i) => signIn(p, `burst-device-${i}`)))
    const burstMs = performance.now() - b0

    // 10 a second for 30 s, while other players call.
    const steadyPlayers = await newPlayers('steady', 50)
    const others = await Promise.all(
      (await newPlayers('other', OTHERS)).map(async (p, i) => {
        const s = await signIn(p, `other-device-${i}`)
        if (s.code !== 1) throw new Error(`${p.username} could not sign in: ${s.code}`)
        return player('001', s.data)
      }),
    )
    const otherMs: number[] = []
    let otherRefused = 0
    // Each other player calls every OTHER_EVERY_MS, unless its last call is still out; the pace is
    // kept by interval timers, so a slow answer does not slow the pace down.
    const calling = others.map((caller: Caller) => {
      let busy = false
      return setInterval(() => {
        if (busy) return
        busy = true
        const t0 = performance.now()
        void callHall(hall.url, caller, 'POST', '/home/prize', {}).then(
          (a) => {
            otherMs.push(performance.now() - t0)
            if (a.envelope.code !== 1) otherRefused += 1
            busy = false
          },
          () => {
            otherRefused += 1
            busy = false
          },
        )
      }, OTHER_EVERY_MS)
    })
    const steady = await new Promise<Array<{ ms: number; code: number }>>((resolve, reject) => {
      const runs: Array<Promise<{ ms: number; code: number }>> = []
      const timer = setInterval(() => {
        const i = runs.length
        runs.push(signIn(steadyPlayers[i % steadyPlayers.length]!, `steady-device-${i % steadyPlayers.length}`))
        if (runs.length === STEADY_PER_SECOND * STEADY_SECONDS) {
          clearInterval(timer)
          Promise.all(runs).then(resolve, reject)
        }
      }, 1000 / STEADY_PER_SECOND)
    })
    for (const timer of calling) clearInterval(timer)

    // 50 sessions of one account, all calling at once.
    const [one] = await newPlayers('oneacct', 1)
    const sessions: Caller[] = []
    for (let i = 0; i < SESSIONS; i++) {
      const s = await signIn(one!, `one-account-device-${i}`)
      if (s.code !== 1) throw new Error(`session ${i} of one account refused: ${s.code}`)
      sessions.push(player('001', s.data))
    }
    const oneMs: number[] = []
    let oneRefused = 0
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(
        sessions.map(async (caller, i) => {
          const t0 = performance.now()
          const a = await callHall(hall.url, caller, 'POST', i % 2 === 0 ? '/home/prize' : '/home/heartbeat', {})
          oneMs.push(performance.now() - t0)
          if (a.envelope.code !== 1) oneRefused += 1
        }),
      )
    }

    const steadySorted = sorted(steady.map((s) => s.ms))
    const otherSorted = sorted(otherMs)
    const oneSorted = sorted(oneMs)
    return {
      cores: availableParallelism(),
      hashMs,
      burst: { players: BURST, totalMs: burstMs, refused: burst.filter((s) => s.code !== 1).length },
      steady: {
        perSecond: STEADY_PER_SECOND,
        seconds: STEADY_SECONDS,
        signIns: steady.length,
        signInP50: quantile(steadySorted, 0.5),
        signInP99: quantile(steadySorted, 0.99),
        others: otherMs.length,
        otherP50: quantile(otherSorted, 0.5),
        otherP99: quantile(otherSorted, 0.99),
        refused: steady.filter((s) => s.code !== 1).length + otherRefused,
      },
      oneAccount: { sessions: SESSIONS, calls: oneMs.length, p50: quantile(oneSorted, 0.5), p99: quantile(oneSorted, 0.99), refused: oneRefused },
    }
  } finally {
    await hall.close()
  }
}
