import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { cruise, type ICruiseResult } from 'dependency-cruiser'
import { describe, expect, it } from 'vitest'
import { FIRST_ROUTE_NAMESPACES } from '../../../src/i18n'
import { NAMESPACES } from '../../../src/i18n/locale-table'

/**
 * Locale namespaces per route (src/i18n): the English bundled with the first route is exactly the
 * namespaces its modules use. A module reached from src/main.tsx by static imports that used a
 * namespace not bundled would suspend the first screen on a fetch; a bundled namespace no such
 * module uses is weight the first route does not need. Lazy screens (dynamic imports) fetch theirs.
 */

const root = path.resolve(import.meta.dirname, '../../..')

/**
 * The domains' screens modules, which the screens registry imports with an eager glob
 * (src/views/routing/registry.ts): Vite makes those static imports of the first route, which
 * dependency-cruiser does not see, so the walk follows them from the registry.
 */
const REGISTRY = 'src/views/routing/registry.ts'
const screensModules = (): string[] =>
  readdirSync(path.join(root, 'src/views'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => `src/views/${d.name}/screens.tsx`)
    .filter((f) => existsSync(path.join(root, f)))

/** The source files of the first route: reached from the entry by static, non-type imports. */
const firstRouteModules = async (): Promise<string[]> => {
  const { output } = await cruise(['src/main.tsx', ...screensModules()], { baseDir: root, doNotFollow: { path: 'node_modules' }, tsPreCompilationDeps: true, exclude: { path: 'node_modules' } })
  const modules = new Map((output as ICruiseResult).modules.map((m) => [m.source, m]))
  const seen = new Set<string>()
  const stack = ['src/main.tsx']
  while (stack.length > 0) {
    const file = stack.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    if (file === REGISTRY) stack.push(...screensModules())
    for (const d of modules.get(file)?.dependencies ?? []) {
      if (d.dynamic || d.dependencyTypes.includes('type-only') || d.coreModule || d.couldNotResolve) continue
      if (modules.has(d.resolved)) stack.push(d.resolved)
    }
  }
  return [...seen].filter((f) => /\.(ts|tsx)$/.test(f))
}

/** The namespaces a source file uses: useTranslation('ns'), useTranslation() (the default, shell) and t(key, { ns: 'ns' }). */
export const namespacesUsed = (source: string): string[] => [
  ...new Set([
    ...[...source.matchAll(/useTranslation\(\s*'([a-z]+)'\s*\)/g)].map((m) => m[1]!),
    ...(/useTranslation\(\s*\)/.test(source) ? ['shell'] : []),
    ...[...source.matchAll(/\bt\([^,()]+,\s*\{[^}]*\bns:\s*'([a-z]+)'/g)].map((m) => m[1]!),
  ]),
]

describe('locale namespaces per route', () => {
  it('sees every use of a namespace: src names namespaces only in the forms it reads', async () => {
    expect(namespacesUsed("const { t } = useTranslation('withdraw'); t('x', { ns: 'signin' }); useTranslation()").sort()).toEqual(['shell', 'signin', 'withdraw'])
    // A t(key, { ns }) does not make a screen wait for that namespace: it must be bundled already.
    const named = new Set<string>()
    const other: string[] = []
    for (const entry of readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })) {
      // src/i18n is the setup itself, not a use; the support console (src/devtools/support) has an
      // i18next instance and words of its own, not the lobby's namespaces.
      const dir = path.relative(root, entry.parentPath)
      if (!entry.isFile() || !/\.(ts|tsx)$/.test(entry.name) || dir.startsWith(path.join('src', 'i18n')) || dir.startsWith(path.join('src', 'devtools', 'support'))) continue
      const source = readFileSync(path.join(entry.parentPath, entry.name), 'utf8')
      for (const m of source.matchAll(/useTranslation\(([^)]*)\)|\bt\([^,()]+,\s*\{[^}]*\bns:\s*([^,}\s]+)/g)) {
        const arg = m[1] ?? m[2]!
        if (!/^(\s*'[a-z]+'\s*|\s*)$/.test(arg)) other.push(`${entry.name}: ${m[0]}`)
        if (m[2] !== undefined) named.add(m[2].replace(/'/g, ''))
      }
    }
    expect(other).toEqual([])
    expect([...named].filter((ns) => !FIRST_ROUTE_NAMESPACES.includes(ns))).toEqual([])
    expect((await firstRouteModules()).length).toBeGreaterThan(100)
  })

  it('bundles exactly the namespaces the first route’s modules use', async () => {
    const used = new Set<string>()
    for (const file of await firstRouteModules()) for (const ns of namespacesUsed(readFileSync(path.join(root, file), 'utf8'))) used.add(ns)
    expect([...used].sort()).toEqual([...FIRST_ROUTE_NAMESPACES])
    // And leaves some out: the screens behind the first route bring their own words.
    expect(NAMESPACES.filter((ns) => !used.has(ns)).length).toBeGreaterThan(10)
  })

  it('keeps the loaders of the files not bundled in a chunk of their own, excluding exactly the bundled files', async () => {
    const lists = (file: string) => [...readFileSync(path.join(root, file), 'utf8').matchAll(/'!?\.\/locales\/en_US\/\{([a-z,]+)\}\.json'/g)].map((m) => m[1]!.split(',').sort())
    // src/i18n/index.ts bundles its list; src/i18n/locale-table.ts leaves the same list out of its loaders.
    expect(lists('src/i18n/index.ts')).toEqual([[...FIRST_ROUTE_NAMESPACES]])
    expect(lists('src/i18n/locale-table.ts')).toEqual([[...FIRST_ROUTE_NAMESPACES]])
    expect((await firstRouteModules()).filter((f) => f === 'src/i18n/locale-table.ts')).toEqual([])
    const { loaders } = await import('../../../src/i18n/locale-table')
    expect(loaders.has('en_US/shell')).toBe(false)
    expect(loaders.has('pt_BR/shell')).toBe(true)
  })
})
