import { defineConfig } from 'vitest/config'

// Browser flows: tests/e2e drives the built lobby against the reference hall in Chromium.
// The global setup builds the lobby, starts the hall and provides its URL (`inject('hallUrl')`).
// Files run one after another: they share one hall, whose site settings and in-memory overrides
// some tests change for a while (put back by useBrowser, tests/e2e/support/browser.ts). Players are
// each file's own (docs/testing.md, "Browser test files"), so no file depends on another's leftovers.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: 'tests/e2e/global-setup.ts',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
})
