import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseNdjson } from '../../src/bus/ndjson'
import { useBrowser } from './support/browser'
import { runTsx } from './support/tsx'

/**
 * The QA runner (npm run qa, docs/model-testing.md "Model paths through the UI") on the wallet's
 * map against this file's hall: the model's paths played through the header's balance reach every
 * state a player sees and print the coverage beside the machine's own; with the Refresh balance
 * button wired to the wrong event (--miswire), the runner finds it, prints the steps in a person's
 * words and writes the session log, which names the wrong event.
 */

const kit = useBrowser()

const qa = (args: ReadonlyArray<string>) => runTsx('scripts/qa.ts', ['--actor', 'wallet', '--hall', kit.hallUrl, ...args])

describe('model paths through the UI', () => {
  it('drives the wallet through the screen, and finds a button wired to the wrong event', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'lobby-qa-test-'))
    const good = await qa(['--max-paths', '2', '--out', out])
    expect(good.code, good.out).toBe(0)
    expect(good.out).toMatch(/^qa wallet \(wallet, desktop\): through the UI states 4\/5, transitions \d+\/\d+ \(paths 2: 2 passed, 0 failed;/m)
    expect(good.out).toMatch(/^machine's own: model wallet: states \d+\/5, transitions \d+\/\d+/m)
    expect(good.out).toContain('unreachable through the UI: player.sports.loading: the sports wallet is read by the sports page only')

    const wrong = await qa(['--max-paths', '2', '--out', out, '--miswire', 'wallet.refreshRequested=wallet.sportsRequested'])
    expect(wrong.code, wrong.out).toBe(1)
    expect(wrong.out).toContain('  3. press Refresh balance in the header')
    // What the page sent after the press (the wrong event, and whatever else the page asked meanwhile).
    expect(wrong.out).toMatch(/✗ step 'press Refresh balance in the header' sent (\S+, )*wallet\.sportsRequested(, \S+)*, not wallet\.refreshRequested: the control is wired to another event/)
    const logPath = /session log: (\S+\.ndjson)/.exec(wrong.out)?.[1]
    expect(logPath).toBeDefined()
    const log = parseNdjson(readFileSync(logPath!, 'utf8'))
    expect(log.ok).toBe(true)
    if (log.ok) expect(log.file.records.some((r) => r.kind === 'intent' && r.event.type === 'wallet.sportsRequested')).toBe(true)
  })
})
