import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseNdjson } from '../../src/bus/ndjson'
import { useBrowser } from './support/browser'
import { runTsx } from './support/tsx'

/**
 * From a player's report to a fixed bug (docs/replay.md, "A test from a session"): a player's
 * balance refresh meets a hall that answers the balance with the wrong type (a number where the
 * protocol has a decimal string, forced by the test hall's control); the player sends diagnostics;
 * `npm run golden` fetches that upload by its reference with support credentials (the download is
 * in the audit trail), cuts the log at the failed answer and writes a test that says what should
 * have happened there: the balance kept and marked stale. Replayed with a wallet whose handling of
 * a failed read is faulty (tests/replay/faults, the switch of the fault), the test fails and names
 * the record and actor; on this build's wallet it passes.
 *
 * With LOBBY_RECORD_GOLDEN=1 the test is written to tests/replay/wallet-wrong-balance-type.*.
 */

const kit = useBrowser()
const root = path.resolve(import.meta.dirname, '../..')
const NAME = 'wallet-wrong-balance-type'
const FAULT = 'tests/replay/faults/wallet-failure-not-stale.ts'

const tsx = runTsx

describe('a player session becomes a regression test', () => {
  it('uploads a session with a wrong balance type, makes a golden test of it by its reference, which fails with the fault and passes without', async () => {
    const player = await kit.player({ balance: '250.00' })
    const { page, shell: lobby, errors } = await kit.openLobby('desktop', '', { as: player })
    const refresh = lobby.header.getByRole('button', { name: 'Refresh balance' })
    await expect.poll(() => lobby.header.getByRole('group', { name: 'Balance' }).textContent()).toContain('250.00')

    // The fault: the hall answers the balance read with a number for game_gold (the protocol's is a string).
    await kit.control('force', { path: '/home/prize', data: { game_gold: 312.5, lastgameinfo: null }, times: 0 })
    await refresh.click()
    await page.locator('button[data-stale]').waitFor()
    await kit.control('clear-force', { path: '/home/prize' })
    const recorded = parseNdjson(await lobby.exportLog())
    if (!recorded.ok) throw new Error(recorded.error.message)
    const refreshSeq = recorded.file.records.find((r) => r.event.type === 'wallet.refreshRequested')!.seq
    const failed = recorded.file.records.find((r) => r.seq > refreshSeq && r.event.type === 'hall.failed' && String(r.event['requestId']).startsWith('wallet-'))!
    expect(failed).toBeDefined()

    // The player sends diagnostics from the feedback page and reads the reference.
    await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'feedback' }))
    await page.getByRole('button', { name: 'Send diagnostics' }).click()
    const shown = page.getByText(/LB-[0-9A-Z]{4}-[0-9A-Z]{4}/).first()
    await shown.waitFor({ timeout: 30_000 })
    const reference = /LB-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec((await shown.textContent()) ?? '')![0]

    // The developer: the reference, the record where it went wrong, and what should hold there.
    const recording = process.env['LOBBY_RECORD_GOLDEN'] === '1'
    const out = recording ? path.join(root, 'tests/replay') : mkdtempSync(path.join(tmpdir(), 'lobby-golden-'))
    const support = { LOBBY_SUPPORT_URL: kit.hallUrl, LOBBY_SUPPORT_USERNAME: 'support', LOBBY_SUPPORT_PASSWORD: 'support-dev' }
    const expectations = ['--context', 'wallet.stale=true', '--context', 'wallet.balance="250.00"', '--in', 'wallet=player.balance.idle']
    const made = await tsx(
      'scripts/golden.ts',
      [reference, '--name', NAME, '--out', out, '--from', String(refreshSeq), '--until', String(failed.seq), ...expectations, '--actors', FAULT, ...(recording ? ['--force'] : [])],
      support,
    )
    // On the build with the fault the new test fails, naming the expectation, the actual value and the record where the wallet changed.
    expect(made.code, made.out).toBe(1)
    expect(made.out).toContain(`golden   `)
    expect(made.out).toMatch(new RegExp(`FAIL {5}wallet\\.context\\.stale = true; actual false \\(last changed at seq ${failed.seq}\\)`))
    expect(made.out).toContain('pass     wallet.context.balance = "250.00"')
    expect(made.out).toContain('result   NOT AS EXPECTED')

    // The files: the log from its start to the failed answer, self-contained; the expectations.
    const log = parseNdjson(readFileSync(path.join(out, `${NAME}.ndjson`), 'utf8'))
    if (!log.ok) throw new Error(log.error.message)
    expect(log.file.records[0]!.seq).toBe(recorded.file.records[0]!.seq)
    expect(log.file.records.at(-1)!.seq).toBeGreaterThanOrEqual(failed.seq)
    expect(log.file.records.some((r) => r.event.type.startsWith('diagnostics.'))).toBe(false)
    const spec = JSON.parse(readFileSync(path.join(out, `${NAME}.expect.json`), 'utf8')) as { from: number; until: number; expect: unknown[]; source: string }
    expect(spec).toMatchObject({ from: refreshSeq, until: failed.seq })
    expect(spec.expect).toEqual([
      { actor: 'wallet', context: 'stale', equals: true },
      { actor: 'wallet', context: 'balance', equals: '250.00' },
      { actor: 'wallet', in: 'player.balance.idle' },
    ])
    expect(spec.source).toContain(reference)

    // The same test on this build's wallet (the fault switched off): it passes, as the golden stage runs it.
    const fixed = await tsx('scripts/replay.ts', [path.join(out, `${NAME}.ndjson`)])
    expect(fixed.code, fixed.out).toBe(0)
    expect(fixed.out).toContain('pass     wallet.context.stale = true')
    expect(fixed.out).toContain('result   EXPECTED')
    // And the fault, switched on again in the replay alone, fails it again.
    expect((await tsx('scripts/replay.ts', [path.join(out, `${NAME}.ndjson`), '--actors', FAULT])).code).toBe(1)

    // The download is in the audit trail under the support account, for that reference.
    const login = await page.request.post(`${kit.hallUrl}/support/api/login`, { data: { username: 'support', password: 'support-dev' } })
    const { token } = (await login.json()) as { token: string }
    const audit = await page.request.get(`${kit.hallUrl}/support/api/audit?account=support&pageSize=50`, { headers: { authorization: `Bearer ${token}` } })
    const { entries } = (await audit.json()) as { entries: Array<Record<string, unknown>> }
    expect(entries.some((e) => e['action'] === 'log.downloaded' && JSON.stringify(e).includes(reference))).toBe(true)
    expect(errors).toEqual([])
  })
})
