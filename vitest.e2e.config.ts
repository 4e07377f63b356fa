import { defineConfig } from 'vitest/config'

// Browser flows: tests/e2e drives the built lobby against the reference hall in Chromium.
// The global setup builds the lobby, starts the hall and provides its URL (`inject('hallUrl')`).
// Files run one after another: they share one hall and one browser install.
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
