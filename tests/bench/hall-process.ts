import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))

/**
 * A hall in a child process of its own (tests/bench/hall-instance.ts) on `store` (a PostgreSQL URL,
 * or 'memory' for PGlite), with `nodeArgs` for its Node (a profiler's flags); resolves with its
 * URL once it listens.
 */
export const spawnHall = async (store: string, nodeArgs: readonly string[] = []): Promise<{ url: string; child: ChildProcess; inside: () => Promise<HallInside> }> => {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(here, 'hall-instance.ts'), store], { stdio: ['ignore', 'pipe', 'inherit'] })
  const lines = createInterface({ input: child.stdout })
  const line = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve)
    child.once('exit', (code) => reject(new Error(`hall instance exited (${code})`)))
  })
  const inside = () =>
    new Promise<HallInside>((resolve) => {
      lines.once('line', (l) => resolve(JSON.parse(l) as HallInside))
      child.kill('SIGUSR2')
    })
  return { url: (JSON.parse(line) as { url: string }).url, child, inside }
}

/** What a hall process says of itself (hall-instance.ts, on SIGUSR2): its memory by kind and its event-loop delay since it started, MiB and ms. */
export interface HallInside {
  readonly memory: { readonly rss: number; readonly heapUsed: number; readonly external: number; readonly arrayBuffers: number }
  readonly lag: { readonly p50: number; readonly p99: number; readonly max: number }
}

/** Stops a hall spawnHall started and waits until its process is gone. */
export const stopHall = async (child: ChildProcess): Promise<void> => {
  if (child.exitCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  await exited
}
