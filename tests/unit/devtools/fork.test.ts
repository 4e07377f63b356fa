import { filter, firstValueFrom, timeout } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { parseNdjson } from '../../../src/bus/ndjson'
import { ReplayCursor } from '../../../src/devtools/cursor'
import { toPlain } from '../../../src/devtools/diff'
import { forkAt } from '../../../src/devtools/fork'
import { syntheticLog } from '../../bench/replay-log'

// Port 9 (discard) on loopback: nothing listens, so a live call fails at once with Network.
const site = { siteCode: '001', configApiBaseUrl: 'http://127.0.0.1:9/hall', siteKey: 'live-key', languageCode: 'en_US', healthy: true }

describe('fork', () => {
  it('starts from the replayed state with the runners muted, then goes live', async () => {
    const log = syntheticLog(300)
    const at = log.records[200]!.seq
    const fork = forkAt(log, at, { site })
    const cursor = new ReplayCursor(log)
    const replayed = cursor.seek(at)
    // The actors reached the state the replay has at the fork point (its whole drain).
    for (const [i, id] of cursor.actorIds.entries()) {
      const s = cursor.actor(id)!.getSnapshot() as { value: unknown; context: unknown }
      expect(toPlain((fork.system.actor(id).getSnapshot() as { value: unknown }).value), id).toEqual(toPlain(s.value))
      expect(replayed.after[i]).toBeDefined()
    }
    // The prefix of the fork's own log is the logged session up to the fork point: nothing was
    // performed against a hall while muted (no fact the log does not have).
    const prefix = parseNdjson(await fork.exportLog())
    if (!prefix.ok) throw new Error(prefix.error.message)
    const drainEnd = prefix.file.records.length
    expect(prefix.file.records.map((r) => r.event.type)).toEqual(log.records.slice(0, drainEnd).map((r) => r.event.type))

    // Live: an intent makes the site actor call the hall, and the runner performs it for real.
    const answered = firstValueFrom(fork.system.bus.records$.pipe(filter((r) => r.event.type === 'hall.failed' || r.event.type === 'hall.responded'), timeout(10_000)))
    fork.system.send({ type: 'app.retryRequested' })
    const fact = await answered
    expect(fact.event).toMatchObject({ type: 'hall.failed', error: { _tag: 'Network' } })
    fork.stop()
  })
})
