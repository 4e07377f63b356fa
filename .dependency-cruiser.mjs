// The import graph rule of docs/architecture.md ("Who may import whom"), checked by
// dependency-cruiser in `npm run check:imports` and the `imports` stage of `npm test`:
//
//   depcruise --config .dependency-cruiser.mjs schemas actors src server
//
// Paths are relative to the directory cruised from. Packages are matched by `node_modules/<name>/`
// anywhere in the resolved path, so a symlinked node_modules (a work tree sharing its install)
// and the fixture trees of tests/unit/tooling/ resolve the same way as the project itself.
// tests/unit/tooling/import-graph.test.ts breaks each rule in a fixture tree under
// tests/fixtures/import-graph/ and checks that it is reported.

/** A package by name, wherever its node_modules is. */
const pkg = (name) => `(^|/)node_modules/${name}/`
const anyPackage = '(^|/)node_modules/'
const schemas = '^schemas/'
/**
 * An actor's public surface: its folder's index file and its domain module (`domain.ts`, what the
 * boot list `actors/domains.ts` registers), or a shared file at the root of actors/ (`actors/index.ts`,
 * `actors/domains.ts`, `actors/domain.ts` and `actors/spec.ts`, which belong to no one actor).
 */
const actorPublic = ['^actors/[^/]+/(index|domain)\\.tsx?$', '^actors/[^/]+\\.tsx?$']
const core = '^src/(bus|effects|store)/'

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No import cycles, `import type` included.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'resolvable',
      severity: 'error',
      comment: 'Every import names a file or an installed package.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'server-only-from-server',
      severity: 'error',
      comment: 'Only server/** (and tests) may import server/**.',
      from: { pathNot: '^server/' },
      to: { path: '^server/' },
    },
    {
      name: 'actor-internals-private',
      severity: 'error',
      comment: "An actor's internals are private: import actors/<name>/index.ts instead.",
      from: { pathNot: '^actors/[^/]+/' },
      to: { path: '^actors/[^/]+/', pathNot: actorPublic },
    },
    {
      name: 'actor-internals-private-between-actors',
      severity: 'error',
      comment: "An actor's internals are private to its folder: import actors/<name>/index.ts instead.",
      from: { path: '^actors/([^/]+)/' },
      to: { path: '^actors/[^/]+/', pathNot: ['^actors/$1/', ...actorPublic] },
    },
    {
      name: 'schemas-import-only-effect',
      severity: 'error',
      comment: 'schemas/** may import only schemas/** and effect.',
      from: { path: schemas },
      to: { couldNotResolve: false, pathNot: [schemas, pkg('effect')] },
    },
    {
      name: 'actors-import-schemas-and-xstate',
      severity: 'error',
      comment:
        'actors/** may import only schemas/**, xstate, files of its own folder, and other actors through actors/<name>/index.ts.',
      from: { path: '^actors/([^/]+)/' },
      to: { couldNotResolve: false, pathNot: [schemas, '^actors/$1/', ...actorPublic, pkg('xstate')] },
    },
    {
      name: 'actor-list-imports-schemas-and-xstate',
      severity: 'error',
      comment: 'The shared files at the root of actors/ import only schemas/**, xstate and actors through actors/<name>/index.ts.',
      from: { path: '^actors/[^/]+\\.tsx?$' },
      to: { couldNotResolve: false, pathNot: [schemas, ...actorPublic, pkg('xstate')] },
    },
    {
      name: 'core-never-imports-views',
      severity: 'error',
      comment:
        'src/bus, src/effects and src/store may import only schemas/**, actors/<name>/index.ts, each other and npm packages (never src/views, src/ui, src/devtools).',
      from: { path: core },
      to: {
        couldNotResolve: false,
        dependencyTypesNot: ['core'],
        pathNot: [schemas, ...actorPublic, core, anyPackage],
      },
    },
    {
      name: 'views-never-import-effects-or-store',
      severity: 'error',
      comment: 'src/views and src/ui never import src/effects or src/store: go through src/system hooks and actors.',
      from: { path: '^src/(views|ui)/' },
      to: { path: '^src/(effects|store)/' },
    },
    {
      name: 'server-shares-only-schemas',
      severity: 'error',
      comment: 'server/** may import only server/**, schemas/** and npm packages.',
      from: { path: '^server/' },
      to: { couldNotResolve: false, dependencyTypesNot: ['core'], pathNot: ['^server/', schemas, anyPackage] },
    },
    {
      name: 'devtools-not-in-player-bundle',
      severity: 'error',
      comment:
        "The devtools and the support console (src/devtools/**) have pages of their own: nothing the player's page (src/main.tsx) loads reaches them.",
      from: { path: '^src/main\\.tsx$' },
      to: { path: '^src/devtools/', reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: anyPackage },
    // `import type` and type-only re-exports are edges too: a cycle through types is a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
