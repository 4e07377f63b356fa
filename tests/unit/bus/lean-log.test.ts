import 'fake-indexeddb/auto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Dexie from 'dexie'
import { describe, expect, it } from 'vitest'
import { BLOB_MIN_CHARS, LOG_FORMAT_VERSION, type LogHeader, type LogRecord } from '../../../schemas/log'
import { blobHash, sha256Hex } from '../../../src/bus/blobs'
import { parseNdjson, toNdjson } from '../../../src/bus/ndjson'
import { Recorder, type Timers } from '../../../src/bus/recorder'
import { replayLog } from '../../../src/bus/replayer'
import { LobbyDb } from '../../../src/store/db'
import { DexieLogSink } from '../../../src/store/log-sink'
import { summarizeLog } from '../../../server/support/store'

/** Log format 2: large answer bodies stored once by content hash, in the file and in IndexedDB. */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const golden = (name: string) => readFileSync(path.join(root, 'tests/replay', name), 'utf8')

const header = (session = 's1', startedAt = 1): LogHeader => ({
  format: 'lobby-log',
  formatVersion: LOG_FORMAT_VERSION,
  appVersion: '0.1.0',
  session,
  siteCode: '001',
  language: 'en_US',
  viewport: { width: 390, height: 844 },
  startedAt,
})

/** A game list of `n` games: well over the blob threshold. */
const games = (tag: string, n = 12) => ({ records: Array.from({ length: n }, (_, i) => ({ gameId: 1000 + i, gameName: `${tag} game ${i}`, gameCategoryId: 1 })), total: n })

const answer = (seq: number, data: unknown, session = 's1'): LogRecord => ({
  seq,
  at: 1000 + seq,
  session,
  kind: 'fact',
  event: { type: 'hall.responded', requestId: `games-${seq}`, call: 'hotList', data },
  source: 'hall',
})

const noTimers: Timers = { set: () => 0, clear: () => undefined }

const lines = (text: string) => text.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)

const parsedOrThrow = (text: string) => {
  const parsed = parseNdjson(text)
  if (!parsed.ok) throw new Error(`line ${parsed.error.line}: ${parsed.error.message}`)
  return parsed.file
}

describe('log format 2: the file', () => {
  it('names a blob by the SHA-256 of its JSON text', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    const body = games('a')
    expect(blobHash(JSON.stringify(body))).toBe(sha256Hex(JSON.stringify(body)))
  })

  it('round trip: a golden log written in format 2 reads back as the same records and replays identically', () => {
    const v1 = parsedOrThrow(golden('session-flow.ndjson'))
    const text = toNdjson(v1.header, v1.records)
    const written = lines(text)
    expect(written[0]!['formatVersion']).toBe(2)
    expect(written.some((l) => l['def'] !== undefined)).toBe(true)
    expect(written.some((l) => l['ref'] !== undefined)).toBe(true)
    const v2 = parsedOrThrow(text)
    expect(v2.header).toEqual({ ...v1.header, formatVersion: 2 })
    expect(v2.records).toEqual(v1.records)
    expect(JSON.stringify(v2.records)).toBe(JSON.stringify(v1.records))
    expect(replayLog(v2).identical).toBe(true)
    // Every line is still a record: a seq and an event type on each.
    for (const l of written.slice(1)) expect([typeof l['seq'], typeof (l['event'] as { type?: unknown }).type]).toEqual(['number', 'string'])
    expect(text.length).toBeLessThan(golden('session-flow.ndjson').length * 0.8)
  })

  it('a version-1 log still opens: its records as they were, nothing to resolve', () => {
    const text = golden('boot-default-site.ndjson')
    expect(lines(text)[0]!['formatVersion']).toBe(1)
    const file = parsedOrThrow(text)
    expect(file.header.formatVersion).toBe(2)
    expect(file.records).toEqual(lines(text).slice(1))
  })

  it('two identical answers: the body is written once, the second record refers to it', () => {
    const body = games('same')
    const text = toNdjson(header(), [answer(1, body), answer(2, structuredClone(body)), answer(3, games('other'))])
    const [, first, second, third] = lines(text)
    const hash = sha256Hex(JSON.stringify(body))
    expect(first!['def']).toEqual({ data: hash })
    expect(second!['ref']).toEqual(['data'])
    expect((second!['event'] as { data: unknown }).data).toBe(hash)
    expect(third!['def']).toEqual({ data: sha256Hex(JSON.stringify(games('other'))) })
    expect(text.split('same game 0').length - 1).toBe(1)
    expect(parsedOrThrow(text).records.map((r) => r.event['data'])).toEqual([body, body, games('other')])
  })

  it('a small answer, a string or a number stays in its record', () => {
    const small = { list: [] }
    const long = 'x'.repeat(BLOB_MIN_CHARS * 2)
    const records: LogRecord[] = [answer(1, small), answer(2, small), { ...answer(3, null), event: { type: 'hall.failed', requestId: 'r', call: 'hotList', error: { _tag: 'Network', message: long } } }]
    const text = toNdjson(header(), [...records, { ...records[2]!, seq: 4 }])
    const written = lines(text)
    expect(written.slice(1, 3).map((l) => [l['def'], l['ref']])).toEqual([[undefined, undefined], [undefined, undefined]])
    // The error object is large: the second copy is a reference, and the support console still reads its tag.
    expect(written[4]!['ref']).toEqual(['error'])
    expect(summarizeLog(text).errorCodes).toEqual(['Network'])
    expect(summarizeLog(text).records).toBe(4)
    expect(parsedOrThrow(text).records).toEqual([...records, { ...records[2]!, seq: 4 }])
  })

  it('a reference to a blob no earlier line defines is a typed failure naming the line', () => {
    const text = toNdjson(header(), [answer(1, games('a')), answer(2, games('a'))])
    const [head, , second] = text.trim().split('\n')
    const parsed = parseNdjson(`${head}\n${second}\n`)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) {
      expect(parsed.error.line).toBe(2)
      expect(parsed.error.message).toMatch(/field 'data' refers to blob [0-9a-f]{64}, which is not there: no earlier line or stored blob defines it/)
    }
  })

  it('a corrupt blob reference or definition is a typed failure naming the line, never a throw', () => {
    const text = toNdjson(header(), [answer(1, games('a')), answer(2, games('a'))])
    const [head, first, second] = text.trim().split('\n') as [string, string, string]
    const edit = (line: string, f: (o: Record<string, unknown>) => void) => {
      const o = JSON.parse(line) as Record<string, unknown>
      f(o)
      return JSON.stringify(o)
    }
    const cases: Array<[string, number, RegExp]> = [
      [`${head}\n${first}\n${edit(second, (o) => (o['ref'] = 'data'))}\n`, 3, /"ref" is not a list/],
      [`${head}\n${first}\n${edit(second, (o) => (o['ref'] = ['requestId']))}\n`, 3, /refers to blob games-2/],
      [`${head}\n${first}\n${edit(second, (o) => ((o['event'] as Record<string, unknown>)['data'] = 7))}\n`, 3, /holds no blob hash/],
      [`${head}\n${edit(first, (o) => (o['def'] = { data: 5 }))}\n${second}\n`, 2, /names no hash/],
      [`${head}\n${edit(first, (o) => (o['def'] = { payload: 'abc' }))}\n${second}\n`, 2, /holds no body/],
      [`${head}\n${edit(first, (o) => (o['def'] = ['data']))}\n${second}\n`, 2, /"def" is not an object/],
    ]
    for (const [bad, line, message] of cases) {
      const parsed = parseNdjson(bad)
      expect(parsed.ok).toBe(false)
      if (!parsed.ok) {
        expect(parsed.error.line).toBe(line)
        expect(parsed.error.message).toMatch(message)
      }
    }
  })
})

describe('log format 2: IndexedDB', () => {
  it('stores a repeated answer once, refers to it by hash, and reads whole records back', async () => {
    const db = new LobbyDb(`t-${Math.random()}`)
    const sink = new DexieLogSink(db)
    const body = games('same')
    const records = [answer(1, body), answer(2, body), answer(3, games('other')), answer(4, body)]
    await sink.begin(header())
    await sink.append(records.slice(0, 2))
    await sink.append(records.slice(2))
    expect((await db.logBlobs.toArray()).map((b) => b.hash).sort()).toEqual([sha256Hex(JSON.stringify(body)), sha256Hex(JSON.stringify(games('other')))].sort())
    const chunks = await db.logChunks.toArray()
    expect(JSON.stringify(chunks).split('same game 0').length - 1).toBe(0)
    expect(chunks.map((c) => c.blobs?.length)).toEqual([1, 2])
    // A chunk's lines are one JSON text (rows of earlier versions hold the array; both read back).
    expect(chunks.map((c) => typeof c.records)).toEqual(['string', 'string'])
    expect(await sink.read('s1')).toEqual(records)
    db.close()
  })

  it('a blob holds only redacted values: redaction runs before the body is hashed and stored', async () => {
    const db = new LobbyDb(`t-${Math.random()}`)
    const rec = new Recorder({ header: header(), sink: new DexieLogSink(db), batchSize: 10, timers: noTimers })
    const secret = 'SESSIONKEYSECRET42'
    const data = { userIdx: '10000013', userkey: secret, session_key: secret, token: secret, username: 'player1', notes: games('login') }
    for (const seq of [1, 2]) rec.accept({ seq, at: seq, kind: 'fact', source: 'hall', event: { type: 'hall.responded', requestId: `session-${seq}`, call: 'login', data } as never })
    await rec.flush()
    const blobs = await db.logBlobs.toArray()
    expect(blobs).toHaveLength(1)
    expect(JSON.stringify(blobs)).not.toContain(secret)
    expect(JSON.stringify(blobs)).toContain('"session_key":"[redacted]"')
    expect(JSON.stringify(await db.logChunks.toArray())).not.toContain(secret)
    const exported = await rec.exportNdjson()
    expect(exported).not.toContain(secret)
    expect(parsedOrThrow(exported).records.map((r) => (r.event['data'] as { session_key: string }).session_key)).toEqual(['[redacted]', '[redacted]'])
    db.close()
  })

  it('retention drops the blobs no record refers to any more, and keeps shared ones', async () => {
    const db = new LobbyDb(`t-${Math.random()}`)
    const shared = games('shared')
    const hash = (b: unknown) => sha256Hex(JSON.stringify(b))
    for (const [id, at] of [['old', 1], ['new', 2]] as const) {
      const sink = new DexieLogSink(db)
      await sink.begin(header(id, at))
      await sink.append([answer(1, shared, id), answer(2, games(id), id)])
    }
    const current = new DexieLogSink(db)
    await current.begin(header('now', 3))
    await current.append([answer(1, games('now'), 'now')])
    expect(await db.logBlobs.count()).toBe(4)
    // Two sessions kept: 'old' goes, its own list with it; the shared list is still used by 'new'.
    await current.prune({ maxSessions: 2, maxRecords: 1000 }, 'now')
    expect((await db.logBlobs.toCollection().primaryKeys()).sort()).toEqual([hash(shared), hash(games('new')), hash(games('now'))].sort())
    // The record cap takes 'new' too: only the current session's blob is left.
    await current.prune({ maxSessions: 5, maxRecords: 1 }, 'now')
    expect(await db.logBlobs.toCollection().primaryKeys()).toEqual([hash(games('now'))])
    expect(await current.read('now')).toEqual([answer(1, games('now'), 'now')])
    db.close()
  })

  it('the current session keeps the blobs it wrote when its own oldest chunks go, and refers to them again', async () => {
    const db = new LobbyDb(`t-${Math.random()}`)
    const sink = new DexieLogSink(db)
    const body = games('mine')
    await sink.begin(header('now', 1))
    await sink.append([answer(1, body, 'now')])
    await sink.append([answer(2, games('x'), 'now'), answer(3, games('y'), 'now')])
    await sink.prune({ maxSessions: 5, maxRecords: 2 }, 'now')
    expect((await sink.read('now')).map((r) => r.seq)).toEqual([2, 3])
    await sink.append([answer(4, body, 'now')])
    expect((await sink.read('now')).map((r) => [r.seq, r.event['data']])).toEqual([
      [2, games('x')],
      [3, games('y')],
      [4, body],
    ])
    db.close()
  })

  it('a log stored before version 3 (whole records, no blob table) reads back after the upgrade, and new records use blobs', async () => {
    const name = `t-${Math.random()}`
    const v2 = new Dexie(name)
    v2.version(1).stores({ logSessions: 'id, startedAt', logChunks: '[session+firstSeq], session', prefs: 'key' })
    v2.version(2).stores({ logChunks: '[session+firstSeq], session, [session+count]' })
    const body = games('stored')
    const old = [answer(1, body, 'old'), answer(2, body, 'old')]
    await v2.table('logSessions').bulkAdd([{ id: 'old', startedAt: 1, header: header('old', 1) }])
    await v2.table('logChunks').add({ session: 'old', firstSeq: 1, lastSeq: 2, count: 2, records: old })
    v2.close()
    const db = new LobbyDb(name)
    const sink = new DexieLogSink(db)
    expect(await sink.read('old')).toEqual(old)
    await sink.begin(header('new', 2))
    await sink.append([answer(1, body, 'new'), answer(2, body, 'new')])
    expect(await db.logBlobs.count()).toBe(1)
    expect(await sink.read('new')).toEqual([answer(1, body, 'new'), answer(2, body, 'new')])
    await sink.prune({ maxSessions: 1, maxRecords: 1000 }, 'new')
    expect((await sink.sessions()).map((h) => h.session)).toEqual(['new'])
    expect(await db.logBlobs.count()).toBe(1)
    db.close()
  })
})
