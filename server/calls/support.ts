/**
 * The netstat logger (/v1/netstat/player/logger), where the lobby's 'send diagnostics' entry
 * uploads the player's log session in chunks (schemas/events/diagnostics.ts), and where a site
 * with trace reports on sends its script errors and slow resources (a trace report or a batch of
 * them; server/trace.ts keeps them). Any other payload is the spec's silent network-statistics
 * beacon: accepted and dropped. Storage and the console that reads the uploads are in server/support.
 */
import { Exit, Schema } from 'effect'
import { DiagnosticsChunk, type DiagnosticsReceipt } from '../../schemas/events/diagnostics'
import { netstatLogger } from '../../schemas/hall/calls'
import { receiveChunk, UploadRefused } from '../support/store'
import { receiveTraces } from '../trace'
import { ServiceError, implement } from './types'
import type { Implementation } from './types'

/** Service code of a refused diagnostics chunk (the hall's own, see docs/hall.md). */
export const DIAGNOSTICS_REFUSED = 5301

const decodeChunk = Schema.decodeUnknownExit(DiagnosticsChunk)
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** The netstat logger call. */
export const supportCalls: ReadonlyArray<Implementation> = [
  implement(netstatLogger, async (ctx, params): Promise<DiagnosticsReceipt | null> => {
    const traces = 'traces' in params ? params.traces : 'event' in params ? [params] : null
    if (traces !== null) {
      const s = ctx.session
      const playerId = s !== undefined && s.endedAt === null && s.expiresAt.getTime() > ctx.now ? s.playerId : null
      await receiveTraces(ctx.db, { siteCode: ctx.site.code, playerId, ip: ctx.ip, device: ctx.fingerprint }, traces, ctx.now)
      return null
    }
    if (!('kind' in params) || params.kind !== 'diagnostics') return null
    const chunk = decodeChunk(params)
    if (Exit.isFailure(chunk)) throw new ServiceError(DIAGNOSTICS_REFUSED, 'not a diagnostics chunk')
    const c = chunk.value
    if (!BASE64.test(c.data)) throw new ServiceError(DIAGNOSTICS_REFUSED, 'chunk data is not base64')
    const data = Buffer.from(c.data, 'base64')
    if (data.length > 512 * 1024) throw new ServiceError(DIAGNOSTICS_REFUSED, 'chunk too large')
    // Filed under the player of a live session the request's token names, else as anonymous.
    const s = ctx.session
    const playerId = s !== undefined && s.endedAt === null && s.expiresAt.getTime() > ctx.now ? s.playerId : undefined
    try {
      return await receiveChunk(ctx.db, {
        upload: c.upload,
        index: c.index,
        count: c.count,
        data,
        siteCode: ctx.site.code,
        playerId,
        address: ctx.ip,
      }, ctx.now)
    } catch (e) {
      if (e instanceof UploadRefused) throw new ServiceError(DIAGNOSTICS_REFUSED, e.message)
      throw e
    }
  }),
]
