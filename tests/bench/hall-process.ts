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
export const spawnHall = async (store: string, nodeArgs: readonly string[] = []): Promise<{ url: string; child: ChildProcess }> => {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(here, 'hall-instance.ts'), store], { stdio: ['ignore', 'pipe', 'inherit'] })
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`hall instance exited (${code})`)))
  })
  return { url: (JSON.parse(line) as { url: string }).url, child }
}

/** Stops a hall spawnHall started and waits until its process is gone. */
export const stopHall = async (child: ChildProcess): Promise<void> => {
  if (child.exitCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  await exited
}
