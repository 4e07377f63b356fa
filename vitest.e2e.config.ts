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
    // A worker runs its files one after another in one process and one module graph: Playwright,
    // the kit and the hall's modules a file imports are loaded once per worker, not once per file
    // (1.1 to 2.2 s of CPU per file, docs/testing.md "Where the CPU goes"). What a file leaves
    // behind is its pages, players and site settings, which useBrowser puts back; a support module
    // keeps no state from one file to the next (kept-session's site callers are forgotten after
    // each file), and the halls a file starts itself are closed in its afterAll.
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A poll waits for what the lobby does next (a hall round trip, a socket notice, a render);
    // vitest's 1 s default is shorter than one of those on a loaded 2-core CI machine (a formal
    // launch's return asks /home/prize, then RefreshGold, before the header shows the balance).
    // A value that never comes still fails the poll, after 10 s, with the last value it saw.
    expect: { poll: { timeout: 10_000 } },
  },
})
