import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const overrideConfigFile = path.join(root, 'eslint.config.js')
// The rules by path need no types, and the type-aware parser only knows files that exist: these
// samples are linted as new files (actors/x/x.machine.ts) without type information.
const eslint = new ESLint({ cwd: root, overrideConfigFile, overrideConfig: tseslint.configs.disableTypeChecked })
// The type-aware rules, as `npm run lint` runs them: a sample stands in for the text of a real file.
const typed = new ESLint({ cwd: root, overrideConfigFile })

const ruleIds = (result: ESLint.LintResult | undefined): string[] =>
  (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`)

/** The rule ids ESLint reports for `code` as if it were the file at `filePath`. */
const rulesFor = async (code: string, filePath: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath })
  return ruleIds(result)
}

/** The rule ids of the type-aware lint for `code` in place of the text of `filePath`, a file of the project. */
const typedRulesFor = async (code: string, filePath: string): Promise<string[]> => {
  const [result] = await typed.lintText(code, { filePath })
  return ruleIds(result).map((id) => id.replace('@typescript-eslint/', ''))
}

/** A runner file (src/effects) and a test file stand in for the samples of the type-aware rules. */
const SOURCE = 'src/effects/tabs.ts'
const TEST = 'tests/unit/tooling/test-runner.test.ts'

const typeAware: Record<string, { code: string; rule: string }> = {
  'a floating promise': {
    code: 'const later = async () => 1\nexport const go = (): void => {\n  later()\n}\n',
    rule: 'no-floating-promises',
  },
  'a promise as a condition': {
    code: 'const p = Promise.resolve(true)\nexport const x = p ? 1 : 2\n',
    rule: 'no-misused-promises',
  },
  'an await of a value': { code: 'export const a = async (): Promise<number> => await 1\n', rule: 'await-thenable' },
  'an assertion that changes nothing': {
    code: "const s: string = 'a'\nexport const t = s as string\n",
    rule: 'no-unnecessary-type-assertion',
  },
  'a switch that misses a case': {
    code: "type K = 'a' | 'b'\nexport const f = (k: K): number => {\n  switch (k) {\n    case 'a':\n      return 1\n  }\n  return 0\n}\n",
    rule: 'switch-exhaustiveness-check',
  },
  'an object turned into text': { code: 'export const s = String({ a: 1 })\n', rule: 'no-base-to-string' },
  'an object in a template': {
    code: 'export const t = (o: { a: number } | undefined): string => `${o}`\n',
    rule: 'restrict-template-expressions',
  },
  'an any that spreads': {
    code: "export const v: number = JSON.parse('{}').x\n",
    rule: 'no-unsafe-member-access',
  },
}

const impure: Record<string, { code: string; rule: string }> = {
  'Date.now()': { code: 'export const t = Date.now()\n', rule: 'no-restricted-properties' },
  'Math.random()': { code: 'export const r = Math.random()\n', rule: 'no-restricted-properties' },
  'performance.now()': { code: 'export const p = performance.now()\n', rule: 'no-restricted-properties' },
  setTimeout: { code: 'setTimeout(() => undefined, 10)\n', rule: 'no-restricted-globals' },
  fetch: { code: "export const f = fetch('/x')\n", rule: 'no-restricted-globals' },
  localStorage: { code: "export const l = localStorage.getItem('k')\n", rule: 'no-restricted-globals' },
  WebSocket: { code: "export const w = new WebSocket('ws://x')\n", rule: 'no-restricted-globals' },
  'new Date()': { code: 'export const d = new Date()\n', rule: 'no-restricted-syntax' },
  'import ky': { code: "import ky from 'ky'\nexport const k = ky\n", rule: 'no-restricted-imports' },
  'import rxjs/operators': { code: "import { map } from 'rxjs/operators'\nexport const m = map\n", rule: 'no-restricted-imports' },
}

describe('eslint.config.js', () => {
  for (const [name, { code, rule }] of Object.entries(impure)) {
    it(`reports ${name} in actors/ but not in src/effects/`, async () => {
      expect(await rulesFor(code, 'actors/x/x.machine.ts')).toContain(rule)
      expect(await rulesFor(code, 'src/effects/x.ts')).toEqual([])
    })
  }

  it('allows the pure forms in actors/', async () => {
    const code = [
      "import { setup } from 'xstate'",
      'export const at = (event: { at: number }) => new Date(event.at)',
      'export const m = setup({})',
      '',
    ].join('\n')
    expect(await rulesFor(code, 'actors/x/x.machine.ts')).toEqual([])
  })

  it('reports focused, skipped and todo tests in tests/ only', async () => {
    for (const code of [
      "it.only('a', () => {})\n",
      "describe.skip('a', () => {})\n",
      "test.skip('a', () => {})\n",
      "it.todo('a')\n",
      "describe.concurrent.only('a', () => {})\n",
      "it.skipIf(true)('a', () => {})\n",
    ]) {
      expect(await rulesFor(code, 'tests/unit/x.test.ts'), code).toHaveLength(1)
    }
    expect(await rulesFor("it('a', () => {})\n", 'tests/unit/x.test.ts')).toEqual([])
  })

  it('reports real sleeps in tests/', async () => {
    const code = 'export const wait = () => new Promise((r) => setTimeout(r, 10))\n'
    expect(await rulesFor(code, 'tests/unit/x.test.ts')).toEqual(['no-restricted-syntax'])
    expect(await rulesFor("await page.waitForTimeout(500)\n", 'tests/e2e/x.test.ts')).toEqual(['no-restricted-syntax'])
  })

  for (const [name, { code, rule }] of Object.entries(typeAware)) {
    it(`reports ${name} (${rule}, type-aware)`, async () => {
      expect(await typedRulesFor(code, SOURCE)).toContain(rule)
    })
  }

  it('allows numbers in templates, and an any in tests', async () => {
    expect(await typedRulesFor('const n = 1\nexport const t = `${n} found`\n', SOURCE)).toEqual([])
    expect(await typedRulesFor("export const v: number = JSON.parse('{}').x\n", TEST)).toEqual([])
  })

  it('reports an unused disable directive as an error', async () => {
    const [result] = await eslint.lintText('// eslint-disable-next-line no-console\nexport const a = 1\n', {
      filePath: 'src/effects/x.ts',
    })
    expect(result?.errorCount).toBe(1)
  })
})
