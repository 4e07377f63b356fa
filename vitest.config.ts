import { defineConfig } from 'vitest/config'

// Unit, model, contract, server and tooling tests: Node, no DOM, no React plugin.
// Browser flows (tests/e2e) have their own config; benchmarks (tests/bench) run with `npm run bench`.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'tests/bench/**', '**/node_modules/**'],
    pool: 'forks',
    maxWorkers: 2,
    // Model tests walk thousands of generated paths; on a busy 2-core machine that can take a minute.
    testTimeout: 120_000,
  },
})
