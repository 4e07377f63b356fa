import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { runTsx } from './tsx'

const root = path.resolve(import.meta.dirname, '../../..')
let dir: string | undefined

/**
 * Replays a log recorded in the browser with scripts/replay.ts, as the replay stage does; with
 * LOBBY_RECORD_GOLDEN=1 and a `golden` name it also becomes tests/replay/<golden>.ndjson.
 */
export const replayLog = (name: string, log: string, golden?: string): Promise<{ code: number | null; out: string }> => {
  dir ??= mkdtempSync(path.join(tmpdir(), 'lobby-replay-'))
  const file = path.join(dir, `${name}.ndjson`)
  writeFileSync(file, log)
  if (golden !== undefined && process.env['LOBBY_RECORD_GOLDEN'] === '1') writeFileSync(path.join(root, 'tests/replay', `${golden}.ndjson`), log)
  return runTsx('scripts/replay.ts', [file])
}
