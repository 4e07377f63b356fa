import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startHall } from '../../server/hall'

declare module 'vitest' {
  export interface ProvidedContext {
    hallUrl: string
    hallDataDir: string
    staticDir: string
  }
}

/**
 * Builds the lobby once and starts one reference hall (test mode: control surface on, loopback
 * only) serving it, for every browser test file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = path.resolve(import.meta.dirname, '../..')
  // LOBBY_E2E_OUT_DIR lets several people (or agents) build and test from one tree at once.
  const outDir = path.resolve(root, process.env['LOBBY_E2E_OUT_DIR'] ?? 'dist')
  if (process.env['LOBBY_E2E_SKIP_BUILD'] !== '1') {
    const build = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' })
    if (build.status !== 0) throw new Error('vite build failed')
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lobby-e2e-'))
  const hall = await startHall({ port: 0, dataDir, mode: 'test', staticDir: outDir })
  project.provide('hallUrl', hall.url)
  project.provide('hallDataDir', dataDir)
  project.provide('staticDir', outDir)
  return async () => {
    await hall.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
