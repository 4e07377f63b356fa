import { Effect, Schedule } from 'effect'
import type { Subscription } from 'rxjs'
import type { EventOfType, LobbyEvent } from '../../schemas/events'
import { DIAGNOSTICS_CHUNK_BYTES, DiagnosticsReceipt, type DiagnosticsChunk } from '../../schemas/events/diagnostics'
import { netstatLogger } from '../../schemas/hall/calls/site'
import { Schema } from 'effect'
import type { Bus } from '../bus/bus'
import { callHall, type CallOptions, type HallClientError, type HallContext } from './hall'
import { deviceHeader, hallOrigin } from './hall-runner'

/**
 * The diagnostics runner: on `diagnostics.sendRequested` it takes the current log session as
 * NDJSON (already redacted: the recorder redacts before it stores), gzips it (CompressionStream
 * in the browser and in Node), cuts the compressed bytes into chunks and sends each one with the
 * netstatLogger call (/v1/netstat/player/logger), through the hall client like any call, so the
 * hall protocol's signature and encryption apply. Each chunk is retried on transient failures;
 * chunks are idempotent on the hall side, so a retry never duplicates. Progress and the reference
 * number the hall gives come back as facts.
 *
 * The upload does not go through `hall.requested`: that would put the whole log, compressed,
 * into the log itself. It signs with the same context the hall runner keeps, followed here from
 * the same events.
 */

/** Retry of one chunk: up to 4 more tries, 0.5 s then doubling. */
export const chunkRetry = Schedule.max([Schedule.exponential('500 millis'), Schedule.recurs(4)])

/** Failures worth another try: the request got no (readable) answer. A service code is final. */
export const isTransient = (e: HallClientError): boolean => e._tag === 'Network' || e._tag === 'Timeout' || e._tag === 'NotJson'

/** The gzip of a text, with the platform's CompressionStream. */
export const gzipText = async (text: string): Promise<Uint8Array> => {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/** Cuts bytes into pieces of at most `size` (at least one piece, possibly empty). */
export const cutChunks = (bytes: Uint8Array, size: number = DIAGNOSTICS_CHUNK_BYTES): Uint8Array[] => {
  const out: Uint8Array[] = []
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, Math.min(bytes.length, i + size)))
  return out.length === 0 ? [bytes] : out
}

/** Base64 of bytes, built in slices so a large chunk does not overflow the argument list. */
export const toBase64 = (bytes: Uint8Array): string => {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** What the runner needs besides the bus. */
export interface DiagnosticsEnv {
  /** The current log session as NDJSON (the recorder's export, after a flush). */
  readonly exportLog: () => Promise<string>
  readonly domain: string
  readonly timezone: string
  readonly fingerprint: string
  readonly options?: CallOptions
  /** A fresh upload id (default: crypto.randomUUID). */
  readonly newUploadId?: () => string
  /** Retry policy of a chunk (tests use an immediate one). */
  readonly retry?: Schedule.Schedule<unknown, HallClientError>
}

const decodeReceipt = Schema.decodeUnknownExit(DiagnosticsReceipt)

/** The hall context followed from the bus, as the hall runner does, plus the session's credentials (the trace runner follows it too). */
export const followContext = () => {
  let ctx: Omit<HallContext, 'domain' | 'timezone' | 'fingerprint'> | null = null
  return {
    get: () => ctx,
    update: (event: LobbyEvent): void => {
      if (event.type === 'app.started') {
        ctx = {
          baseUrl: hallOrigin(event.site.configApiBaseUrl),
          siteCode: event.site.siteCode,
          language: event.site.languageCode,
          currency: '',
          device: deviceHeader(event.device),
          token: '',
          keyMaterial: event.site.siteKey,
        }
      } else if (ctx === null) {
        return
      } else if (event.type === 'site.ready') {
        ctx = { ...ctx, language: event.language, currency: event.currency }
      } else if (event.type === 'hall.responded' && event.call === 'getSysInfo') {
        const token = (event.data as { token?: unknown } | null)?.token
        if (typeof token === 'string' && ctx.token === '') ctx = { ...ctx, token }
      } else if (event.type === 'session.credentialsChanged') {
        ctx = { ...ctx, token: event.token, keyMaterial: event.keyMaterial, currency: event.currency }
      }
    },
  }
}

/** Starts the runner; the subscription ends it. */
export const startDiagnosticsRunner = (bus: Bus, env: DiagnosticsEnv): Subscription => {
  const context = followContext()
  const publish = (fact: LobbyEvent) => bus.publish(fact, 'runner', 'diagnostics')
  let busy = false

  const upload = async (): Promise<void> => {
    const upload = env.newUploadId?.() ?? globalThis.crypto.randomUUID()
    const base = context.get()
    if (base === null) return publish({ type: 'diagnostics.failed', upload, reason: 'the site configuration is not known yet' })
    const ctx: HallContext = { ...base, domain: env.domain, timezone: env.timezone, fingerprint: env.fingerprint }
    let chunks: Uint8Array[]
    try {
      chunks = cutChunks(await gzipText(await env.exportLog()))
    } catch (error) {
      return publish({ type: 'diagnostics.failed', upload, reason: `the log could not be read: ${String(error)}` })
    }
    const bytes = chunks.reduce((n, c) => n + c.length, 0)
    publish({ type: 'diagnostics.started', upload, bytes, chunks: chunks.length })
    const policy = env.retry ?? chunkRetry
    let reference = ''
    let complete = false
    for (const [index, piece] of chunks.entries()) {
      const payload: DiagnosticsChunk = { kind: 'diagnostics', upload, index, count: chunks.length, data: toBase64(piece) }
      const answer = await Effect.runPromise(
        callHall(netstatLogger, payload, ctx, env.options ?? {}).pipe(
          Effect.retry({ schedule: policy, while: isTransient }),
          Effect.match({ onSuccess: (data) => ({ ok: true as const, data }), onFailure: (error) => ({ ok: false as const, error }) }),
        ),
      )
      if (!answer.ok) {
        const e = answer.error
        const reason = e._tag === 'ServiceCode' ? `the hall answered ${e.code}: ${e.msg}` : e._tag === 'Network' || e._tag === 'Decode' ? `${e._tag}: ${e.message}` : e._tag
        return publish({ type: 'diagnostics.failed', upload, reason })
      }
      const receipt = decodeReceipt(answer.data)
      if (receipt._tag === 'Failure') return publish({ type: 'diagnostics.failed', upload, reason: 'the hall did not acknowledge the chunk' })
      reference = receipt.value.reference
      complete = receipt.value.complete
      publish({ type: 'diagnostics.progressed', upload, sent: index + 1, chunks: chunks.length })
    }
    if (!complete) return publish({ type: 'diagnostics.failed', upload, reason: 'the hall did not receive every chunk' })
    publish({ type: 'diagnostics.sent', upload, reference })
  }

  return bus.records$.subscribe((record) => {
    context.update(record.event)
    if (record.event.type === 'diagnostics.sendRequested' && !busy) {
      busy = true
      void upload()
        .catch((error: unknown) => publish({ type: 'diagnostics.failed', upload: 'unknown', reason: String(error) }))
        .finally(() => {
          busy = false
        })
    }
  })
}

/** The intent, typed, for callers outside views (tests, the page hook). */
export type DiagnosticsRequest = EventOfType<'diagnostics.sendRequested'>
