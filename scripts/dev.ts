/**
 * npm run dev: the reference hall in dev mode on 8081 (data in ./data) and the Vite dev server
 * on 8080 with hot reload, proxying the hall paths. Ctrl-C stops both.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const hallPort = process.env['LOBBY_HALL_PORT'] ?? '8081'
process.env['LOBBY_HALL_URL'] ??= `http://127.0.0.1:${hallPort}`

const hall = spawn(path.join(root, 'node_modules/.bin/tsx'), ['server/main.ts', '--port', hallPort, '--mode', 'dev', '--data', './data'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
})
const stop = (code: number) => {
  hall.kill('SIGTERM')
  process.exit(code)
}
hall.on('exit', (code) => {
  console.error(`the hall stopped (exit ${code ?? 'signal'})`)
  process.exit(code ?? 1)
})
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))

await new Promise<void>((resolve) => {
  hall.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk)
    if (chunk.toString().includes('listening')) resolve()
  })
})
const vite = await createServer({ root })
await vite.listen()
vite.printUrls()
