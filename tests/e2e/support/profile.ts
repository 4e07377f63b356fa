import { appendFileSync } from 'node:fs'
import path from 'node:path'
import { expect } from 'vitest'

/**
 * Where a browser test's time goes: with LOBBY_E2E_PROFILE=<file>, each phase the kit runs
 * (launching Chromium, opening a context, the lobby's boot, making a player, signing in, the
 * clean-up after a test) appends one line `{ file, phase, ms }` to that file; `npm run
 * test`'s browser stage adds them up and prints the table (docs/testing.md, "Where the time goes"). Without the
 * variable it only runs the phase.
 */
export async function timed<T>(phase: string, run: () => Promise<T>): Promise<T> {
  const out = process.env['LOBBY_E2E_PROFILE']
  if (out === undefined || out === '') return run()
  const t0 = performance.now()
  try {
    return await run()
  } finally {
    record(phase, performance.now() - t0)
  }
}

/** Appends one phase line of `ms` (a phase made of separate steps, added up by the caller). */
export function record(phase: string, ms: number): void {
  const out = process.env['LOBBY_E2E_PROFILE']
  if (out === undefined || out === '') return
  const file = path.basename(expect.getState().testPath ?? '', '.test.ts')
  appendFileSync(out, `${JSON.stringify({ file, phase, ms: Math.round(ms) })}\n`)
}
