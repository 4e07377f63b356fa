import { defineConfig } from 'vitest/config'

// Unit, model, contract, server and tooling tests: Node, no DOM, no React plugin.
// Browser flows (tests/e2e) have their own config; benchmarks (tests/bench) run with `npm run bench`.
//
// Two projects (docs/testing.md, "Where the time goes"):
// - `unit` (everything but tests/server) runs its files without isolation: a worker evaluates the
//   lobby's modules (the event and call schemas, the actors, Effect, XState) once and keeps them
//   for its next file, instead of once per file (the import phase was most of this stage's CPU).
//   These tests hold no module-level state of their own; a test that needs a fresh module imports
//   it with vi.resetModules.
// - `server` keeps one module graph per file: its files start halls, stores and processes.
export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    // Model tests walk thousands of generated paths; on a busy 2-core machine that can take a minute.
    testTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/bench/**', 'tests/server/**', '**/node_modules/**'],
          isolate: false,
          // Before each file: libraries that read the environment at import see this file's (unit-setup.ts).
          setupFiles: ['./tests/support/unit-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          // Seeds one store for the run; test-mode halls in memory load its dump (server/test-store.ts).
          globalSetup: ['./tests/support/seeded-store.ts'],
        },
      },
    ],
  },
})
