import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkImports, formatReport, scanImports, type CheckResult } from '../../../scripts/check-imports.ts'

const roots: string[] = []
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true })
})

/** Writes a small project tree into a fresh temp directory and returns its root. */
const tree = (files: Record<string, string>): string => {
  const root = mkdtempSync(path.join(tmpdir(), 'check-imports-'))
  roots.push(root)
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.join(root, path.dirname(file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  return root
}

const forbidden = (r: CheckResult) =>
  r.problems.flatMap((p) => (p.type === 'forbidden' ? [`${p.edge.from} -> ${p.edge.specifier}`] : []))

const clean = {
  'schemas/session.ts': "import { Schema } from 'effect'\nexport const Login = Schema.String\n",
  'schemas/index.ts': "export * from './session'\n",
  'actors/spec.ts': "import type { AnyStateMachine } from 'xstate'\nexport type Spec = AnyStateMachine\n",
  'actors/session/session.machine.ts': "import { setup } from 'xstate'\nimport { Login } from '../../schemas/session.ts'\nexport const m = setup({})\nexport { Login }\n",
  'actors/session/index.ts': "export { m } from './session.machine'\nexport type { Spec } from '../spec'\n",
  'actors/wallet/index.ts': "import { m } from '../session'\nexport const w = m\n",
  'actors/index.ts': "import { m } from './session'\nexport const all = [m]\n",
  'src/bus/bus.ts': "import { Subject } from 'rxjs'\nimport type { Login } from '../../schemas'\nexport const bus = new Subject<typeof Login>()\n",
  'src/effects/hall.ts': "import ky from 'ky'\nimport { bus } from '../bus/bus.js'\nexport const go = () => [ky, bus]\n",
  'src/store/db.ts': "import Dexie from 'dexie'\nimport { all } from '../../actors'\nexport const db = [Dexie, all]\n",
  'src/system.ts': "import { go } from './effects/hall'\nimport { db } from './store/db'\nexport const useSystem = () => [go, db]\n",
  'src/views/home/Home.tsx':
    "import { useSystem } from '../../system'\nimport { w } from '../../../actors/wallet'\nexport const Home = () => <p title=\"it's\">Don't {String(useSystem())} {String(w)}</p>\n",
  'src/ui/badge.tsx': "export const Badge = () => <b>// not a comment, 'not a string</b>\n",
  'server/main.ts': "import { Hono } from 'hono'\nimport { Login } from '../schemas/session'\nimport { seed } from './seed'\nexport const app = [new Hono(), Login, seed]\n",
  'server/seed.ts': "export const seed = 1\n",
}

describe('checkImports', () => {
  it('passes a clean tree and summarises it on one line', () => {
    const result = checkImports(tree(clean))
    expect(result.problems).toEqual([])
    expect(result.files).toHaveLength(Object.keys(clean).length)
    const report = formatReport(result)
    expect(report).toMatch(/^check-imports: ok, 15 files, \d+ edges/)
    expect(report.split('\n')).toHaveLength(1)
  })

  it('handles a tree with empty or missing zones', () => {
    const root = tree({ 'schemas/a.ts': 'export const a = 1\n' })
    mkdirSync(path.join(root, 'actors'))
    const result = checkImports(root)
    expect(result.problems).toEqual([])
    expect(result.files).toEqual(['schemas/a.ts'])
  })

  it('reports each forbidden import with its rule', () => {
    const result = checkImports(
      tree({
        ...clean,
        'schemas/bad.ts': "import ky from 'ky'\nimport type { m } from '../actors/session'\nexport const x = [ky]\nexport type M = typeof m\n",
        'actors/wallet/wallet.machine.ts':
          "import { m } from '../session/session.machine'\nimport { Subject } from 'rxjs'\nexport const x = [m, Subject]\n",
        'src/effects/view-use.ts': "const load = () => import('../views/home/Home')\nexport { load }\n",
        'src/views/home/Bad.tsx': "import { go } from '../../effects/hall'\nimport type { db } from '../../store/db'\nexport const Bad = () => <i>{String(go)}{typeof db}</i>\n",
        'src/ui/hall.ts': "export { app } from '../../server/main'\n",
        'server/bad.ts': "import { bus } from '../src/bus/bus'\nexport const x = bus\n",
      }),
    )
    expect(forbidden(result).sort()).toEqual(
      [
        'actors/wallet/wallet.machine.ts -> ../session/session.machine',
        'actors/wallet/wallet.machine.ts -> rxjs',
        'schemas/bad.ts -> ../actors/session',
        'schemas/bad.ts -> ky',
        'server/bad.ts -> ../src/bus/bus',
        'src/effects/view-use.ts -> ../views/home/Home',
        'src/ui/hall.ts -> ../../server/main',
        'src/views/home/Bad.tsx -> ../../effects/hall',
        'src/views/home/Bad.tsx -> ../../store/db',
      ].sort(),
    )
    const report = formatReport(result)
    expect(report).toContain("forbidden   src/views/home/Bad.tsx:1 imports '../../effects/hall'")
    expect(report).toContain('src/views and src/ui never import src/effects or src/store')
    expect(report).toContain("an actor's internals are private")
  })

  it('reports an import cycle with the files that form it', () => {
    const result = checkImports(
      tree({
        'src/bus/a.ts': "import { b } from './b'\nexport const a = () => b\n",
        'src/bus/b.ts': "import type { C } from './c'\nexport const b: C = 1\n",
        'src/bus/c.ts': "import { a } from './a'\nexport type C = number\nexport const c = a\n",
        'src/bus/d.ts': "import { a } from './a'\nexport const d = a\n",
      }),
    )
    const cycles = result.problems.filter((p) => p.type === 'cycle')
    expect(cycles).toHaveLength(1)
    expect(formatReport(result)).toContain(
      'cycle       src/bus/a.ts:1 -> src/bus/b.ts:1 (type) -> src/bus/c.ts:1 -> src/bus/a.ts',
    )
  })

  it('reports a file that imports itself, and an unresolved relative import', () => {
    const result = checkImports(
      tree({ 'schemas/a.ts': "export * from './a'\nexport * from './missing'\n" }),
    )
    expect(result.problems.map((p) => p.type).sort()).toEqual(['cycle', 'unresolved'])
  })
})

describe('scanImports', () => {
  const specs = (src: string, jsx = false) => scanImports(src, jsx).map((r) => `${r.kind} ${r.specifier}`)

  it('reads every form of import and re-export', () => {
    const src = [
      "import a from 'a'",
      "import b, { c as d, type E } from 'b'",
      "import * as ns from 'ns'",
      "import type { T } from 't'",
      "import type Def from 'def'",
      "import type from 'named-type'",
      "import 'side'",
      'import {',
      '  x,',
      '  y,',
      "} from 'multi'",
      "export * from 'star'",
      "export * as s2 from 'star-as'",
      "export { z } from 'z'",
      "export type { Z } from 'tz'",
      'export { local }',
      "import late from 'late'",
      "const lazy = () => import('dyn')",
      "type L = typeof import('typeof-dyn')",
      "type M = import('type-dyn').M",
      "import fs = require('req')",
      'const m = import.meta.url',
      "export const q = { import: 'not-this' }",
    ].join('\n')
    expect(specs(src)).toEqual([
      'static a',
      'static b',
      'static ns',
      'type t',
      'type def',
      'static named-type',
      'side-effect side',
      'static multi',
      'reexport star',
      'reexport star-as',
      'reexport z',
      'type tz',
      'static late',
      'dynamic dyn',
      'type typeof-dyn',
      'type type-dyn',
      'require req',
    ])
  })

  it('ignores imports inside comments, strings, templates and regular expressions', () => {
    const src = [
      "// import a from 'comment'",
      "/* import b from 'block' */",
      "const s = \"import c from 'string'\"",
      "const t = `import d from 'template' ${import('inside-template')}`",
      "const r = /import e from 'regex'/",
      "const half = 1 / 2; const q = 'x' // import('after-division')",
      "import real from 'real'",
    ].join('\n')
    expect(specs(src)).toEqual(['dynamic inside-template', 'static real'])
  })

  it('reads line numbers', () => {
    expect(scanImports("\n\nimport a from 'a'\n")[0]?.line).toBe(3)
  })

  it('skips JSX text that looks like quotes or comments', () => {
    const src = [
      "import { t } from 'i18next'",
      'export const A = () => (',
      '  <div className="x" data-y={`a`}>',
      "    Don't // stop \"here",
      "    {cond && <span>it's {t('k')}</span>}",
      '    <></>',
      '  </div>',
      ')',
      'type F = <T,>(x: T) => T',
      'const lt = 1 < 2',
      "import later from 'later'",
    ].join('\n')
    expect(specs(src, true)).toEqual(['static i18next', 'static later'])
  })

  it('does not take a generic type for JSX', () => {
    const src = "type G = <T>(x: T) => T\nconst s = \"it's\"\nimport after from 'after'\n"
    expect(specs(src, true)).toEqual(['static after'])
  })
})
