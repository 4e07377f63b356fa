import { execFile } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../../..')

/**
 * Runs one of the project's scripts with tsx as a child process and answers its exit code and
 * output, without blocking the test's event loop. A synchronous spawn held the loop for the whole
 * run: the hall closed the kit's idle keep-alive connection meanwhile (its keep-alive timeout), the
 * client could not notice, and the next control call went out on the closed socket ("other side
 * closed"). Browser tests run scripts through this, never spawnSync.
 */
export const runTsx = (script: string, args: ReadonlyArray<string>, env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> =>
  new Promise((resolve) => {
    execFile(
      path.join(root, 'node_modules/.bin/tsx'),
      [script, ...args],
      { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...env } },
      (error, stdout, stderr) => resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, out: `${stdout}${stderr}` }),
    )
  })
