/**
 * Global setup of the server tests (vitest.config.ts, project `server`): seeds one store for the
 * run and names its dump in LOBBY_TEST_SEEDED_STORE, so each test-mode hall on 'memory' loads it
 * instead of seeding (server/test-store.ts; docs/testing.md, "Where the time goes"). The dump is
 * deleted when the run ends. LOBBY_TEST_SEEDED_STORE=off runs without it (each hall seeds), to
 * compare.
 */
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SEEDED_STORE_ENV, writeSeededStore } from '../../server/test-store'

export default async function setup(): Promise<() => void> {
  if (process.env[SEEDED_STORE_ENV] === 'off') {
    delete process.env[SEEDED_STORE_ENV]
    return () => undefined
  }
  const file = join(tmpdir(), `lobby-test-seeded-${process.pid}-${Date.now()}.tar`)
  await writeSeededStore(file)
  process.env[SEEDED_STORE_ENV] = file
  return () => {
    rmSync(file, { force: true })
  }
}
