/**
 * Diagnostics uploads for the support tests: a log sent to the hall's netstat logger call in
 * chunks, as the lobby's 'send diagnostics' does, through the independent test client.
 */
import { randomUUID } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { netstatLogger } from '../../schemas/hall/calls'
import { callHall, type Caller } from './support'

/** A small log of one session in which `username` signed in, and a failed call (service code -1). */
export const sessionLog = (username: string, at = 1_800_000_000_000): string => {
  const session = randomUUID()
  const header = { format: 'lobby-log', formatVersion: 1, appVersion: '0.1.0', session, siteCode: '001', language: 'en_US', viewport: { width: 390, height: 844 }, startedAt: at }
  const records = [
    { seq: 1, at, session, kind: 'notice', event: { type: 'session.loggedIn', mode: 'normal', username, accountType: 0, real: true, mustChangePassword: false }, source: 'session' },
    { seq: 2, at: at + 1000, session, kind: 'fact', event: { type: 'hall.failed', requestId: 'session-3', call: 'getUserInfo', error: { _tag: 'ServiceCode', code: -1, msg: 'token expired' } }, source: 'hall' },
  ]
  return [header, ...records].map((l) => JSON.stringify(l)).join('\n') + '\n'
}

/** How to send an upload. */
export interface UploadOptions {
  /** Chunks to cut the gzip into (default 1). */
  readonly count?: number
  /** Indexes of the chunks to send (default all): fewer leaves the upload unfinished. */
  readonly send?: ReadonlyArray<number>
  /** The request timestamp (the hall's clock, when a test moves it). */
  readonly timestamp?: number
  /** More request headers (a proxy's X-Forwarded-For naming the sender). */
  readonly headers?: Readonly<Record<string, string>>
}

/** Sends a log as an upload; returns its reference number (every chunk's answer names it). */
export const uploadLog = async (hallUrl: string, caller: Caller, text: string, o: UploadOptions = {}): Promise<string> => {
  const gz = gzipSync(Buffer.from(text, 'utf8'))
  const count = o.count ?? 1
  const size = Math.ceil(gz.length / count)
  const upload = `up-${randomUUID()}`
  let reference = ''
  for (const index of o.send ?? [...Array(count).keys()]) {
    const data = gz.subarray(index * size, (index + 1) * size).toString('base64')
    const r = await callHall(hallUrl, caller, 'POST', netstatLogger.path, { kind: 'diagnostics', upload, index, count, data }, {
      ...(o.timestamp === undefined ? {} : { timestamp: o.timestamp }),
      ...(o.headers === undefined ? {} : { headers: o.headers }),
    })
    if (r.envelope.code !== 1) throw new Error(`chunk ${index} refused: ${r.envelope.code} ${r.envelope.msg}`)
    reference = (r.envelope.data as { reference: string }).reference
  }
  return reference
}
