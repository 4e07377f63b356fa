/**
 * The sign-in bench (`npm run bench -- --only signin`): what the password hash costs and what it
 * does to the hall, over real HTTP with the real cipher (tests/server/support.ts), against one
 * hall on PGlite in a process of its own (tests/bench/hall-instance.ts), the load client in this
 * one, on loopback only:
 *
 *   hash cost      one Argon2id hash at the hall's parameters (median of 15, the queue idle)
 *   CPU            50 sign-ins one after the other: the hall's CPU time per sign-in, its main
 *                  thread (the cipher, store and session work around the hash) apart from its
 *                  other threads (the hash), and the load client's
 *   burst          200 players signing in at the same moment: the time until the last is in, and
 *                  meanwhile 5 signed-in players each calling every 200 ms (the rest of the hall)
 *   steady         10 sign-ins a second for 30 s while 20 signed-in players each call every 200 ms:
 *                  p50/p99 of the sign-ins and of the other players' calls
 *   one account    50 sessions of one account, each calling at the same moment, 10 rounds: p99
 *
 * The hall's CPU time is read from /proc (its process, and its main thread, whose id is the
 * process's). The machine's load average is taken before and after. The figures come back to
 * scripts/bench.ts, which prints them beside their aims. LOBBY_BENCH_HALL_NODE_ARGS passes options
 * to the hall's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` for a profile of its main thread).
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { hashPassword } from '../../server/crypto'
import { callHall, control, player, visitor, type Caller } from '../server/support'
import { quantile } from './hall-load'
import { spawnHall, stopHall } from './hall-process'


const ticksPerSecond = ((): number => {
  const r = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })
  const n = Number(r.stdout?.trim())
  return Number.isInteger(n) && n > 0 ? n : 100
})()

/** CPU time (user + system, ms) of a process, or of one of its threads, from /proc. */
const cpuMsOf = (file: string): number => {
  const stat = readFileSync(file, 'utf8')
  // After the command name in parentheses: state is field 3, utime 14 and stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond
}

/** The hall's CPU time so far (ms): the whole process, its main thread, and this process (the client). */
const cpuNow = (pid: number): { hall: number; main: number; client: number } => {
  const c = process.cpuUsage()
  return { hall: cpuMsOf(`/proc/${pid}/stat`), main: cpuMsOf(`/proc/${pid}/task/${pid}/stat`), client: (c.user + c.system) / 1000 }
}

/** What signinFigures measured (ms unless named). */
export interface SigninFigures {
  readonly cores: number
  /** The machine's 1-minute load average before and after the run. */
  readonly load: { readonly before: number; readonly after: number }
  readonly hashMs: number
  /**
   * CPU time per sign-in (`signIns` one after the other, nothing else calling): the hall's main
   * thread (the work around the hash), the hall's other threads (the hash), the load client.
   */
  readonly cpu: { readonly signIns: number; readonly mainMs: number; readonly otherThreadsMs: number; readonly clientMs: number }
  readonly burst: {
    readonly players: number
    readonly totalMs: number
    readonly refused: number
    /** CPU time during the burst: the hall's main thread, the hall's whole process, the client. */
    readonly mainCpuMs: number
    readonly hallCpuMs: number
    readonly clientCpuMs: number
    /** Other signed-in players' calls during the burst. */
    readonly others: number
    readonly otherP50: number
    readonly otherP99: number
  }
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
const BURST_OTHERS = 5
const CPU_SIGN_INS = 50
const STEADY_PER_SECOND = 10
const STEADY_SECONDS = 30
const OTHERS = 20
const OTHER_EVERY_MS = 200
const SESSIONS = 50
const ROUNDS = 10

const sorted = (xs: ReadonlyArray<number>): number[] => [...xs].sort((a, b) => a - b)

/**
 * Signed-in players each calling /home/prize every OTHER_EVERY_MS (unless its last call is still
 * out), paced by interval timers so a slow answer does not slow the pace; `stop` ends them.
 */
const callingPlayers = (url: string, callers: ReadonlyArray<Caller>) => {
  const ms: number[] = []
  let refused = 0
  const timers = callers.map((caller) => {
    let busy = false
    return setInterval(() => {
      if (busy) return
      busy = true
      const t0 = performance.now()
      void callHall(url, caller, 'POST', '/home/prize', {}).then(
        (a) => {
          ms.push(performance.now() - t0)
          if (a.envelope.code !== 1) refused += 1
          busy = false
        },
        () => {
          refused += 1
          busy = false
        },
      )
    }, OTHER_EVERY_MS)
  })
  return {
    stop: () => {
      for (const t of timers) clearInterval(t)
      return { ms: sorted(ms), refused }
    },
  }
}

export const signinFigures = async (): Promise<SigninFigures> => {
  const loadBefore = loadavg()[0]!
  const hashes: number[] = []
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now()
    await hashPassword(`bench-password-${i}`)
    hashes.push(performance.now() - t0)
  }
  const hashMs = quantile(sorted(hashes), 0.5)

  // Every simulated player calls from 127.0.0.1: the hall's per-address rate limit is raised (hall-instance.ts).
  const { url, child } = await spawnHall('memory', (process.env['LOBBY_BENCH_HALL_NODE_ARGS'] ?? '').split(' ').filter((a) => a !== ''))
  const pid = child.pid!
  try {
    const site = await visitor(url, '001')
    const newPlayers = async (prefix: string, count: number): Promise<Array<{ username: string; password: string }>> => {
      const made: Array<{ username: string; password: string }> = []
      for (let i = 0; i < count; i += 20) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(20, count - i) }, async (_, k) => {
            const r = await control(url, 'new-player', { username: `${prefix}${String(i + k).padStart(4, '0')}`, balance: '10' })
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
      const a = await callHall(url, site, 'POST', '/home/login', { username: p.username, password: p.password }, { fingerprint })
      return { ms: performance.now() - t0, code: a.envelope.code, data: a.envelope.data }
    }
    const signedIn = async (prefix: string, count: number): Promise<Caller[]> =>
      Promise.all(
        (await newPlayers(prefix, count)).map(async (p, i) => {
          const s = await signIn(p, `${prefix}-device-${i}`)
          if (s.code !== 1) throw new Error(`${p.username} could not sign in: ${s.code}`)
          return player('001', s.data)
        }),
      )

    // The players calling during the burst sign in first, which also warms the hall up.
    const duringCallers = await signedIn('during', BURST_OTHERS)
    // The CPU time of a sign-in: 50 first sign-ins from new devices, one after the other, nothing
    // else calling (a first sign-in from a device remembers its place, as in the burst).
    const cpuPlayers = await newPlayers('cpu', CPU_SIGN_INS)
    const c0 = cpuNow(pid)
    for (const [i, p] of cpuPlayers.entries()) {
      const s = await signIn(p, `cpu-device-${i}`)
      if (s.code !== 1) throw new Error(`${p.username} could not sign in: ${s.code}`)
    }
    const c1 = cpuNow(pid)

    // 200 at once, while a few signed-in players go on calling.
    const burstPlayers = await newPlayers('burst', BURST)
    const burstOthers = callingPlayers(url, duringCallers)
    const b0 = performance.now()
    const cb0 = cpuNow(pid)
    const burst = await Promise.all(burstPlayers.map((p, i) => signIn(p, `burst-device-${i}`)))
    const burstMs = performance.now() - b0
    const cb1 = cpuNow(pid)
    const during = burstOthers.stop()

    // 10 a second for 30 s, while other players call.
    const steadyPlayers = await newPlayers('steady', 50)
    const others = callingPlayers(url, await signedIn('other', OTHERS))
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
    const otherCalls = others.stop()

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
          const a = await callHall(url, caller, 'POST', i % 2 === 0 ? '/home/prize' : '/home/heartbeat', {})
          oneMs.push(performance.now() - t0)
          if (a.envelope.code !== 1) oneRefused += 1
        }),
      )
    }

    const steadySorted = sorted(steady.map((s) => s.ms))
    const oneSorted = sorted(oneMs)
    return {
      cores: availableParallelism(),
      load: { before: loadBefore, after: loadavg()[0]! },
      hashMs,
      cpu: {
        signIns: CPU_SIGN_INS,
        mainMs: (c1.main - c0.main) / CPU_SIGN_INS,
        otherThreadsMs: (c1.hall - c0.hall - (c1.main - c0.main)) / CPU_SIGN_INS,
        clientMs: (c1.client - c0.client) / CPU_SIGN_INS,
      },
      burst: {
        players: BURST,
        totalMs: burstMs,
        refused: burst.filter((s) => s.code !== 1).length,
        mainCpuMs: cb1.main - cb0.main,
        hallCpuMs: cb1.hall - cb0.hall,
        clientCpuMs: cb1.client - cb0.client,
        others: during.ms.length,
        otherP50: quantile(during.ms, 0.5),
        otherP99: quantile(during.ms, 0.99),
      },
      steady: {
        perSecond: STEADY_PER_SECOND,
        seconds: STEADY_SECONDS,
        signIns: steady.length,
        signInP50: quantile(steadySorted, 0.5),
        signInP99: quantile(steadySorted, 0.99),
        others: otherCalls.ms.length,
        otherP50: quantile(otherCalls.ms, 0.5),
        otherP99: quantile(otherCalls.ms, 0.99),
        refused: steady.filter((s) => s.code !== 1).length + otherCalls.refused,
      },
      oneAccount: { sessions: SESSIONS, calls: oneMs.length, p50: quantile(oneSorted, 0.5), p99: quantile(oneSorted, 0.99), refused: oneRefused },
    }
  } finally {
    await stopHall(child)
  }
}
