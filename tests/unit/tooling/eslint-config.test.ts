import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') })

/** The rule ids ESLint reports for `code` as if it were the file at `filePath`. */
const rulesFor = async (code: string, filePath: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`)
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

  it('reports an unused disable directive as an error', async () => {
    const [result] = await eslint.lintText('// eslint-disable-next-line no-console\nexport const a = 1\n', {
      filePath: 'src/effects/x.ts',
    })
    expect(result?.errorCount).toBe(1)
  })
})
