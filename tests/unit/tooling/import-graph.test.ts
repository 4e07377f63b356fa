import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'
import { describe, expect, it } from 'vitest'

// The import graph rules (.dependency-cruiser.mjs) on fixture trees: a clean one that passes, and
// one that breaks every rule, in every form an import can take (static, `import type`, dynamic,
// `typeof import()`, `import x = require()`, re-export). A cycle is reported once, from one of its files.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const fixtures = path.join(root, 'tests/fixtures/import-graph')
const SCANNED = ['schemas', 'actors', 'src', 'server']

/** Cruises the tree at `base` with the project's rules, as `npm run check:imports` does. */
const check = async (base: string): Promise<ICruiseResult> => {
  const tsConfigFile = path.join(root, 'tsconfig.json')
  const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.mjs'))
  const { output } = await cruise(
    SCANNED,
    { ...options, baseDir: base, tsConfig: { fileName: tsConfigFile } },
    {},
    { tsConfig: extractTSConfig(tsConfigFile) },
  )
  if (typeof output === 'string') throw new Error('cruise answered a formatted report')
  return output
}

const described = (v: IViolation): string => `${v.rule.name}: ${v.from} -> ${v.to}`

describe('the import graph rules', () => {
  it('pass the project itself', async () => {
    const result = await check(root)
    expect(result.summary.violations.map(described)).toEqual([])
    expect(result.summary.totalCruised).toBeGreaterThan(100)
  })

  it('pass a clean tree, with packages, node built-ins and actors through their index', async () => {
    const result = await check(path.join(fixtures, 'clean'))
    expect(result.summary.violations.map(described)).toEqual([])
    const seen = result.modules.filter((m) => !m.coreModule && !/node_modules/.test(m.source)).map((m) => m.source)
    expect(seen).toHaveLength(17)
  })

  it('report every broken rule of the broken tree, and nothing else', async () => {
    const result = await check(path.join(fixtures, 'broken'))
    const found = result.summary.violations
      .filter((v) => v.rule.name !== 'no-cycles' && v.rule.name !== 'resolvable')
      .map((v) => `${v.rule.name}: ${v.from} -> ${v.to.replace(/^.*node_modules\/(@[^/]+\/[^/]+|[^/]+)\/.*$/, '$1')}`)
    expect(found.sort()).toEqual(
      [
        // schemas import only schemas and effect (a package, a built-in, an import type).
        'schemas-import-only-effect: schemas/bad.ts -> ky',
        'schemas-import-only-effect: schemas/bad.ts -> fs',
        'schemas-import-only-effect: schemas/bad.ts -> actors/session/index.ts',
        // an actor's internals are private, to another actor and to the list of actors.
        'actor-internals-private-between-actors: actors/wallet/wallet.machine.ts -> actors/session/session.machine.ts',
        'actors-import-schemas-and-xstate: actors/wallet/wallet.machine.ts -> actors/session/session.machine.ts',
        'actors-import-schemas-and-xstate: actors/wallet/wallet.machine.ts -> rxjs',
        'actor-internals-private: actors/index.ts -> actors/session/session.machine.ts',
        'actor-list-imports-schemas-and-xstate: actors/index.ts -> actors/session/session.machine.ts',
        // the core never imports views, not even lazily.
        'core-never-imports-views: src/effects/view-use.ts -> src/views/home/Panel.tsx',
        // views never import effects or store, not even types.
        'views-never-import-effects-or-store: src/views/home/Panel.tsx -> src/effects/hall.ts',
        'views-never-import-effects-or-store: src/views/home/Panel.tsx -> src/store/db.ts',
        // only the server imports the server; the server shares only schemas.
        'server-only-from-server: src/ui/hall.ts -> server/main.ts',
        'server-shares-only-schemas: server/bad.ts -> src/bus/bus.ts',
        'server-shares-only-schemas: server/bad.ts -> src/effects/hall.ts',
        'server-shares-only-schemas: server/bad.ts -> src/store/db.ts',
        'server-shares-only-schemas: server/bad.ts -> actors/session/index.ts',
        // the player's page never reaches the devtools.
        'devtools-not-in-player-bundle: src/main.tsx -> src/devtools/timeline.tsx',
      ].sort(),
    )
  })

  it('report an import that names no file', async () => {
    const result = await check(path.join(fixtures, 'broken'))
    const unresolved = result.summary.violations.filter((v) => v.rule.name === 'resolvable').map(described)
    expect(unresolved).toEqual(['resolvable: schemas/missing.ts -> ./nowhere'])
  })

  it('report an import cycle through an import type once, and a file that imports itself', async () => {
    const result = await check(path.join(fixtures, 'broken'))
    const cycles = result.summary.violations.filter((v) => v.rule.name === 'no-cycles')
    const chains = cycles.map((v) => [v.from, ...(v.cycle ?? []).map((c) => c.name)].join(' -> '))
    expect(chains.sort()).toEqual(
      [
        'schemas/self.ts -> schemas/self.ts',
        'src/bus/a.ts -> src/bus/b.ts -> src/bus/c.ts -> src/bus/a.ts',
      ].sort(),
    )
  })
})
