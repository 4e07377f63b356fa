#!/usr/bin/env node
// Makes the machine ready to run the lobby's commands: `node scripts/ensure.mjs [--browser]`.
//
// Plain Node, no dependencies: it runs before `npm ci`, on a fresh clone with no node_modules.
// - node_modules missing, or installed from an older package-lock.json: runs `npm ci`.
// - with --browser, Chromium missing (CHROMIUM_PATH, else /usr/bin/chromium): installs Debian's
//   chromium package with apt-get (needs root).
// When everything is there it only reads a few file dates, so it is cheap to put in front of
// `npm test` and `npm start`.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const unknown = args.filter((a) => a !== '--browser')
if (unknown.length > 0) {
  fail(`unknown argument ${unknown.join(' ')}; usage: node scripts/ensure.mjs [--browser]`, 2)
}

ensureDependencies()
if (args.includes('--browser')) ensureChromium()

function fail(message, code = 1) {
  console.error(`ensure: ${message}`)
  process.exit(code)
}

function run(command, commandArgs, env = process.env) {
  console.log(`ensure: ${command} ${commandArgs.join(' ')}`)
  const r = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env })
  if (r.error) fail(`could not run ${command}: ${r.error.message}`)
  if (r.status !== 0) fail(`${command} ${commandArgs.join(' ')} failed (${r.signal ?? `exit ${r.status}`})`, r.status || 1)
}

/**
 * npm writes node_modules/.package-lock.json on every install. It is stale when it is older
 * than package-lock.json, unless it lists the same packages (an `npm install` in this tree can
 * write package-lock.json a moment after it): wiping node_modules for nothing is slow, and
 * disturbs whoever else is using the tree.
 */
function dependenciesStale() {
  const lock = path.join(root, 'package-lock.json')
  const hidden = path.join(root, 'node_modules', '.package-lock.json')
  if (!existsSync(path.join(root, 'node_modules'))) return 'node_modules is missing'
  if (!existsSync(hidden)) return 'node_modules/.package-lock.json is missing'
  if (!existsSync(lock)) return undefined // nothing to compare with; npm ci would refuse anyway
  if (statSync(hidden).mtimeMs >= statSync(lock).mtimeMs) return undefined
  try {
    const want = installed(JSON.parse(readFileSync(lock, 'utf8')))
    const have = installed(JSON.parse(readFileSync(hidden, 'utf8')))
    if (want === have) return undefined
  } catch {
    // unreadable lock file: let npm ci decide
  }
  return 'package-lock.json is newer than node_modules'
}

/**
 * The packages a lock file describes, as one comparable string. Optional packages are left out:
 * the hidden lock file lists only those this platform installed.
 */
function installed(lock) {
  return Object.entries(lock.packages ?? {})
    .filter(([where, p]) => where !== '' && !p.link && !p.optional && !p.devOptional)
    .map(([where, p]) => `${where}@${p.version}`)
    .sort()
    .join('\n')
}

function ensureDependencies() {
  const why = dependenciesStale()
  if (why === undefined) return
  console.log(`ensure: ${why}`)
  run('npm', ['ci'])
}

function ensureChromium() {
  const custom = process.env.CHROMIUM_PATH
  if (custom) {
    if (existsSync(custom)) return
    fail(`CHROMIUM_PATH=${custom} does not exist; point it at a Chromium binary, or unset it to use /usr/bin/chromium`)
  }
  const chromium = '/usr/bin/chromium'
  if (existsSync(chromium)) return
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (!isRoot) {
    fail(
      `${chromium} is missing and installing it needs root. Run as root:\n` +
        '  apt-get update && apt-get install -y chromium\n' +
        'or set CHROMIUM_PATH to an existing Chromium binary.',
    )
  }
  if (!existsSync('/usr/bin/apt-get')) {
    fail(`${chromium} is missing and apt-get is not available: install Chromium and set CHROMIUM_PATH.`)
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  run('apt-get', ['update'], env)
  run('apt-get', ['install', '-y', 'chromium'], env)
  if (!existsSync(chromium)) fail(`apt-get installed chromium but ${chromium} is still missing`)
}
