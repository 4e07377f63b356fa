// Lint for schemas/, actors/, src/, tests/, server/ and scripts/, with type information (typescript-eslint's
// type-checked rules on the TypeScript 5.9 compiler); dependency-cruiser (.dependency-cruiser.mjs) checks the import graph.
import { defineConfig } from 'eslint/config'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const TS = ['**/*.ts', '**/*.tsx']

// Actors are pure: time comes from the actor system's clock, randomness and I/O arrive as facts
// on the bus (docs/ARCHITECTURE.md, "Replay and determinism"). Anything that reads the outside
// world directly would make replay diverge.
const impure = 'Actors are pure: this belongs in an effect runner (src/effects), which publishes the result as a fact.'
const actorGlobals = [
  ['setTimeout', 'Use an XState delay (`after`), driven by the actor system clock.'],
  ['setInterval', 'Use an XState delay (`after`), driven by the actor system clock.'],
  ['clearTimeout', 'Use an XState delay (`after`), driven by the actor system clock.'],
  ['clearInterval', 'Use an XState delay (`after`), driven by the actor system clock.'],
  ['requestAnimationFrame', impure],
  ['fetch', impure],
  ['XMLHttpRequest', impure],
  ['WebSocket', impure],
  ['localStorage', impure],
  ['sessionStorage', impure],
  ['indexedDB', impure],
  ['navigator', impure],
  ['window', impure],
  ['document', impure],
  ['crypto', impure],
  ['performance', impure],
].map(([name, message]) => ({ name, message }))

const actorImports = ['ky', 'dexie', 'rxjs', 'react', 'crypto-js'].map((name) => ({
  name,
  message: `Actors import only schemas and xstate: '${name}' belongs in ${name === 'react' ? 'src/views' : 'src/bus, src/effects or src/store'}.`,
}))

const focused = 'Focused, skipped and todo tests are not committed: a test runs every time, or is deleted.'
const testApis = ['describe', 'it', 'test', 'suite', 'bench']

export default defineConfig([
  { ignores: ['node_modules/', 'dist/', 'data/', 'test-results/', '.tmp/', 'coverage/', 'tests/fixtures/'] },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error', reportUnusedInlineConfigs: 'error' },
  },
  {
    files: TS,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      // Type-aware rules read types through the TypeScript 5.9 compiler (`typescript`), with the
      // project's tsconfig.json; the type check itself runs on TypeScript 7 (`npm run typecheck`).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // tsc's noUnusedLocals / noUnusedParameters already report these, with `_` exemptions.
      '@typescript-eslint/no-unused-vars': 'off',
      // `Data.TaggedError('X')<{}>` is Effect's idiom for an error without fields.
      '@typescript-eslint/no-empty-object-type': ['error', { allowObjectTypes: 'always' }],
      // Type-aware: a promise is awaited, returned or handed to something that handles it.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      // A `default` counts: event switches handle a few of the lobby's event types on purpose.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/no-base-to-string': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // An `any` does not spread: what comes in untyped is decoded or narrowed where it enters.
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
      // Off: an `async` function without `await` is how a Promise-returning contract is met here
      // (a hall call's implementation, a socket send), and it turns a throw into a rejection.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Hooks are called the same way on every render, and effects name what they read.
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['actors/**/*.ts', 'actors/**/*.tsx'],
    rules: {
      'no-restricted-globals': ['error', ...actorGlobals],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Read time from the actor system clock, or from the event that carries it.' },
        { object: 'Math', property: 'random', message: 'Randomness arrives as a fact on the bus, so replay sees the same value.' },
        { object: 'performance', property: 'now', message: 'Read time from the actor system clock, or from the event that carries it.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: '`new Date()` reads the wall clock: use the time carried by the event or the actor system clock.',
        },
        {
          selector: "CallExpression[callee.name='Date']",
          message: '`Date()` reads the wall clock: use the time carried by the event or the actor system clock.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: actorImports,
          patterns: [
            {
              group: ['ky/*', 'dexie/*', 'rxjs/*', 'react/*', 'react-dom', 'react-dom/*', 'crypto-js/*'],
              message: 'Actors import only schemas and xstate.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts', 'tests/**/*.tsx'],
    rules: {
      // Tests feed deliberately wrong values to decoders and doubles, and read actors' snapshots
      // through the system's untyped references (`system.actor(id).getSnapshot()` is `any`).
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      'no-restricted-properties': [
        'error',
        ...testApis.flatMap((object) =>
          ['only', 'skip', 'todo', 'skipIf', 'runIf'].map((property) => ({ object, property, message: focused })),
        ),
      ],
      'no-restricted-syntax': [
        'error',
        {
          // describe.concurrent.only(...), it.sequential.skip(...) and friends.
          selector: `MemberExpression[property.name=/^(only|skip|todo|skipIf|runIf)$/][object.type='MemberExpression'][object.object.name=/^(${testApis.join('|')})$/]`,
          message: focused,
        },
        {
          selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout']",
          message: 'No real sleeps in tests: use SimulatedClock, Effect TestClock or fake timers, or wait for the event itself.',
        },
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'No real sleeps in tests: wait for a role, a text or a response instead.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: ['timers/promises', 'node:timers/promises'].map((name) => ({
            name,
            message: 'No real sleeps in tests: use SimulatedClock, Effect TestClock or fake timers.',
          })),
        },
      ],
    },
  },
])
